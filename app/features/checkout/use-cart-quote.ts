import { useCallback, useEffect, useMemo } from 'react';
import { useCartQuoteAnswer } from '../../lib/cart-quote-client';
import { useOnline } from '../../lib/connection';
import type { CartLine } from '../../lib/shop-stores';

export interface QuoteRequest {
  cart: CartLine[];
  couponCode?: string | undefined;
  shippingMethod?: string | undefined;
  country?: string | undefined;
  /** The Nigerian state delivery is priced for; none yet: the quote gives "from" prices. */
  state?: string | undefined;
  email?: string | undefined;
}

/** What the bag says of its total while the phone has no connection and it was never priced. */
export const OFFLINE_QUOTE = "You're offline: your total is worked out as soon as the connection is back.";

/**
 * Prices the cart on the server whenever what is priced changes (after a short pause while the
 * shopper is still typing). Only ids, quantities and options are sent: never prices. Offline it asks
 * nothing and prices the cart when the connection is back. A page opened again on the same bag and
 * details shows its last total at once while it asks again.
 */
export function useCartQuote(request: QuoteRequest | null, delayMs = 200) {
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
  const { answer, loading, ask } = useCartQuoteAnswer('bag', body);

  const requote = useCallback(() => {
    if (!body || !navigator.onLine) return;
    ask(body);
  }, [body, ask]);
  useEffect(() => {
    if (!body || !online) return;
    const timer = setTimeout(requote, delayMs);
    return () => clearTimeout(timer);
  }, [body, requote, delayMs, online]);

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
    pending: loading || (body !== null && !answer && online),
    /** Prices the same cart again now: the shop said its prices changed. */
    requote,
  };
}
