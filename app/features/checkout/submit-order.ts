import type { ApiErrorReply } from '../../../contracts/api-error';
import type { PlaceOrderInput } from '../../../contracts/checkout';
import { checkoutMessages } from '../../../contracts/checkout-texts';

/** An order just placed: its number, and the key that opens it for a guest. */
export interface PlacedOrderRef {
  number: string;
  key: string | null;
}

/**
 * The cart as the server prices it now, as a 409 TOTAL_CHANGED carries it (the answer of
 * POST /api/cart/quote, in naira): what the checkout reads of it to say what changed.
 */
export interface RepricedCart {
  lines: {
    productId: number;
    name: string;
    price: number;
    selectedColor: string | null;
    selectedSize: string | null;
  }[];
  discount: number;
  shipping: number;
  tax: number;
  total: number;
}

export type OrderSubmission =
  | { ok: true; placed: PlacedOrderRef }
  | { ok: false; fields: Record<string, string>; message: string }
  /** Nothing was placed: the total is no longer the one the shopper saw. The same key may be sent again. */
  | { ok: false; totalChanged: RepricedCart; message: string };

/**
 * Sends the order to POST /api/orders with the attempt's Idempotency-Key, so a double click or a
 * retried request gives back the same order. The server prices and checks everything again; its
 * refusal comes back with the fields at fault, named as the form names them, or, when the total is
 * no longer the one the shopper saw (`expectedTotal`), with the cart as it is priced now. A
 * connection that fails throws.
 */
export async function submitOrder(order: PlaceOrderInput, idempotencyKey: string): Promise<OrderSubmission> {
  const response = await fetch('/api/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify(order),
  });
  const body = (await response.json()) as ApiErrorReply & {
    order?: { id: string };
    accessToken?: string | null;
    quote?: RepricedCart;
  };
  if (response.ok && body.order)
    return { ok: true, placed: { number: body.order.id, key: body.accessToken ?? null } };
  if (response.status === 409 && body.error?.code === 'TOTAL_CHANGED' && body.quote)
    return {
      ok: false,
      totalChanged: body.quote,
      message: body.error.message ?? checkoutMessages.orderProblem,
    };
  return {
    ok: false,
    // 'shippingAddress.city' is the form's 'city'.
    fields: Object.fromEntries(
      Object.entries(body.error?.fields ?? {}).map(([name, message]) => [
        name.split('.').pop() ?? name,
        message,
      ]),
    ),
    message: body.error?.message ?? checkoutMessages.orderProblem,
  };
}
