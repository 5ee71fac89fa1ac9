import { useState } from 'react';
import type { CartQuote } from '../../../core/orders/quote';

/** What the checkout says when the method chosen is not offered where the order now goes. */
export function methodFallbackMessage(lost: string, where: string, chosen: string | null): string {
  return chosen
    ? `${lost} is not offered in ${where}, so ${chosen} is chosen instead.`
    : `${lost} is not offered in ${where}.`;
}

/**
 * Follows the shopper's chosen method as the address changes: when the new address's zone does not
 * offer it (the quote leaves it out, or refuses it by name), the choice goes back to the first
 * method offered there and the words to say so are returned until she chooses again.
 */
export function useMethodFallback(
  quote: CartQuote | null,
  chosen: string | undefined,
  refusal: Record<string, string>,
  choose: (id: string | undefined) => void,
  where: string,
): string | null {
  // Names of every method seen, so a method gone from the new quote can still be named.
  const [seen, setSeen] = useState<{ quote: CartQuote | null; names: Record<string, string> }>({
    quote: null,
    names: {},
  });
  if (quote && quote !== seen.quote)
    setSeen({
      quote,
      names: { ...seen.names, ...Object.fromEntries(quote.shippingMethods.map((m) => [m.id, m.name])) },
    });
  const [lost, setLost] = useState<{ name: string; where: string } | null>(null);

  // Adjusted while rendering (the checkout's own state), so the choice and its notice change together.
  if (lost && chosen) setLost(null);
  const refused = Boolean(refusal.shippingMethod);
  const missing = Boolean(quote && chosen && !quote.shippingMethods.some((method) => method.id === chosen));
  if (chosen && (refused || missing)) {
    const name = quote?.shippingMethods.find((m) => m.id === chosen)?.name ?? seen.names[chosen] ?? chosen;
    setLost({ name, where });
    choose(undefined);
  }

  if (!lost) return null;
  return methodFallbackMessage(lost.name, lost.where, quote?.shippingMethod?.name ?? null);
}
