import { useCallback, useEffect, useMemo } from 'react';
import { useFetcher } from 'react-router';
import type { CartQuote } from '../../../core/orders/quote';
import { useOnline } from '../../lib/connection';
import type { CartLine } from '../../lib/shop-stores';

import { CART_QUOTE_ACTION } from '../../lib/cart-quote-revalidation';

export interface QuoteRequest {
  cart: CartLine[];
  couponCode?: string | undefined;
  shippingMethod?: string | undefined;
  country?: string | undefined;
  /** The Nigerian state delivery is priced for; none yet: the quote gives "from" prices. */
  state?: string | undefined;
  email?: string | undefined;
}

interface QuoteAnswer {
  ok: boolean;
  quote?: CartQuote;
  error?: string;
  /** A refusal's fields, as the server names them ('shippingAddress.state', 'shippingMethod'). */
  fields?: Record<string, string>;
}

/** What the bag says of its total while the phone has no connection and it was never priced. */
export const OFFLINE_QUOTE = "You're offline: your total is worked out as soon as the connection is back.";

/**
 * Prices the cart on the server whenever what is priced changes (after a short pause while the
 * shopper is still typing). Only ids, quantities and options are sent: never prices. Offline it asks
 * nothing (a failed request would take the page down to its error boundary) and prices the cart
 * when the connection is back.
 */
export function useCartQuote(request: QuoteRequest | null, delayMs = 200) {
  const fetcher = useFetcher<QuoteAnswer>({ key: 'cart-quote' });
  const online = useOnline();
  const body = useMemo(() => {
    if (!request || request.cart.length === 0) return null;
    return JSON.stringify({
      items: request.cart.map((line) => ({
        id: line.id,
        quantity: line.quantity,
        selectedColor: line.selectedColor,
        selectedSize: line.selectedSize,
      })),
      couponCode: request.couponCode || undefined,
      shippingMethod: request.shippingMethod || undefined,
      country: request.country || undefined,
      // Delivery is priced by the address's zone: a state in Nigeria, the country abroad.
      shippingAddress: request.country
        ? { country: request.country, ...(request.state ? { state: request.state } : {}) }
        : undefined,
      email: request.email || undefined,
    });
  }, [request]);

  const { submit } = fetcher;
  const requote = useCallback(() => {
    if (!body || !navigator.onLine) return;
    void submit(body, { method: 'post', action: CART_QUOTE_ACTION, encType: 'application/json' });
  }, [body, submit]);
  useEffect(() => {
    if (!body || !online) return;
    const timer = setTimeout(requote, delayMs);
    return () => clearTimeout(timer);
  }, [body, requote, delayMs, online]);

  const answer = fetcher.data;
  return {
    quote: answer?.ok ? (answer.quote ?? null) : null,
    error:
      answer && !answer.ok
        ? (answer.error ?? 'Your cart could not be priced.')
        : !answer && body !== null && !online
          ? OFFLINE_QUOTE
          : null,
    /** What the refusal says of each field: the state no zone covers, a method not offered there. */
    fields: answer && !answer.ok ? (answer.fields ?? {}) : {},
    pending: fetcher.state !== 'idle' || (body !== null && !answer && online),
    /** Prices the same cart again now: the shop said its prices changed. */
    requote,
  };
}
