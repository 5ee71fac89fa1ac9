import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartQuote } from '../../core/orders/quote';

/** Where the shop's pages price a bag (app/routes/cart-quote.ts, a resource route): asking writes nothing. */
export const CART_QUOTE_PATH = '/cart/quote';

/** What the quote route answers. */
export interface QuoteAnswer {
  ok: boolean;
  quote?: CartQuote;
  error?: string;
  /** A refusal's fields, as the server names them ('shippingAddress.state', 'shippingMethod'). */
  fields?: Record<string, string>;
}

const UNPRICED = 'Your cart could not be priced. Please try again.';
const NO_CONNECTION = 'Your cart could not be priced: check your connection and try again.';

/**
 * Asks the quote route with a plain request, not a React Router fetcher (decision 0056): a quote
 * changes nothing a route loaded, and a fetcher's submission runs the router's navigation machinery
 * and redraws every part of the page that follows the router, three times per quote, on a phone's
 * main thread. A refusal comes back as the route wrote it; an answer that is not one (a proxy's
 * error page) or no answer at all is a refusal in words. Rejects only when `signal` aborts.
 */
export async function askCartQuote(body: string, signal?: AbortSignal): Promise<QuoteAnswer> {
  let response: Response;
  try {
    response = await fetch(CART_QUOTE_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body,
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, error: NO_CONNECTION };
  }
  const answer = (await response.json().catch(() => null)) as QuoteAnswer | null;
  if (signal?.aborted) throw new DOMException('The quote was replaced', 'AbortError');
  if (answer && typeof answer === 'object' && typeof answer.ok === 'boolean') return answer;
  return { ok: false, error: UNPRICED };
}

/**
 * The last answer each quote key was given in this tab, with the question it answered: a page opened
 * again on the very same question shows it at once. Written only in the browser (after a request).
 */
const lastAnswers = new Map<string, { body: string; answer: QuoteAnswer }>();

const remembered = (key: string, body: string | null): QuoteAnswer | null => {
  const kept = lastAnswers.get(key);
  return kept && body !== null && kept.body === body ? kept.answer : null;
};

/**
 * A page's quote under `key` (the bag, one product's delivery line) for the question `body` it is
 * about to ask: `ask(body)` prices it, replacing any question still out; `answer` is the last answer
 * (kept while the next is asked), `loading` whether a question is out. A page opens on a kept answer
 * only when it was for the very same question: the cart's total (no delivery) is never the
 * checkout's, and one product's delivery line never another's. Only the component using it redraws
 * when the answer comes.
 */
export function useCartQuoteAnswer(key: string, body: string | null) {
  const [state, setState] = useState<{ key: string; answer: QuoteAnswer | null; loading: boolean }>(() => ({
    key,
    answer: remembered(key, body),
    loading: false,
  }));
  const current = useRef<AbortController | null>(null);
  let shown = state;
  if (state.key !== key) {
    // Another product on the same page component: its own answer, or none yet. A question still
    // out for the other one is aborted when this one asks, and its answer is kept under its own key.
    shown = { key, answer: remembered(key, body), loading: false };
    setState(shown);
  }
  const ask = useCallback(
    (question: string) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState((previous) => (previous.loading ? previous : { ...previous, loading: true }));
      askCartQuote(question, controller.signal).then(
        (answer) => {
          if (current.current !== controller) return;
          lastAnswers.set(key, { body: question, answer });
          setState({ key, answer, loading: false });
        },
        () => undefined,
      );
    },
    [key],
  );
  useEffect(() => () => current.current?.abort(), []);
  return { answer: shown.answer, loading: shown.loading, ask };
}
