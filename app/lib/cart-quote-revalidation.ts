import type { ShouldRevalidateFunctionArgs } from 'react-router';

/** Where the shop's pages price a bag (app/routes/cart-quote.ts): asking it writes nothing. */
export const CART_QUOTE_ACTION = '/cart/quote';

/**
 * A route's `shouldRevalidate` for pages that price a bag: a quote changes nothing any page loaded,
 * so it reloads no route's data (React Router reloads every route's after an action by default,
 * and on a phone that second load and redraw of the page came with each change to the bag).
 */
export function notAfterCartQuote({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction === CART_QUOTE_ACTION) return false;
  return defaultShouldRevalidate;
}
