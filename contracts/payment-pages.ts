/**
 * The pages that open a payment: the checkout, the order's success page, the shopper's list of
 * orders and an order's own page (signed in, or the guest's link with its key), each of which may
 * show Pay now. Only these documents' Content-Security-Policy lets the card provider's script, frame
 * and API in; every other page, and every API answer, keeps them out. The browser asks the same
 * question of the document it runs in before it loads a provider's script.
 */
const PAYMENT_PAGE = /^\/(?:checkout|order-success|orders|orders\/[^/]+|orderdetails\/[^/]+)\/?$/;

/** Whether the document at this path (no query) opens a payment. An order's return page does not, nor a page's data request (`.data`). */
export function isPaymentPage(pathname: string): boolean {
  return PAYMENT_PAGE.test(pathname) && !pathname.endsWith('.data');
}
