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

/** The last answer each quote key was given in this tab: a page opened again shows it at once. */
const lastAnswers = new Map<string, QuoteAnswer>();

/**
 * A page's quote: `ask(body)` prices a bag, replacing any question still out; `answer` is the last
 * answer (kept while the next is asked, and across pages under the same `key`), `loading` whether a
 * question is out. Only the component using it redraws when the answer comes.
 */
export function useCartQuoteAnswer(key: string) {
  const [state, setState] = useState<{ answer: QuoteAnswer | null; loading: boolean }>(() => ({
    answer: lastAnswers.get(key) ?? null,
    loading: false,
  }));
  const current = useRef<AbortController | null>(null);
  const ask = useCallback(
    (body: string) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setState((previous) => (previous.loading ? previous : { ...previous, loading: true }));
      askCartQuote(body, controller.signal).then(
        (answer) => {
          lastAnswers.set(key, answer);
          setState({ answer, loading: false });
        },
        () => undefined,
      );
    },
    [key],
  );
  useEffect(() => () => current.current?.abort(), []);
  return { answer: state.answer, loading: state.loading, ask };
}
