import type { ApiErrorReply } from '../../../contracts/api-error';
import type { PlaceOrderInput } from '../../../contracts/checkout';
import { checkoutMessages } from '../../../contracts/checkout-texts';
import type { PlacedOrderRef } from './checkout-summary';

export type OrderSubmission =
  { ok: true; placed: PlacedOrderRef } | { ok: false; fields: Record<string, string>; message: string };

/**
 * Sends the order to POST /api/orders with the attempt's Idempotency-Key, so a double click or a
 * retried request gives back the same order. The server prices and checks everything again; its
 * refusal comes back with the fields at fault, named as the form names them. A connection that
 * fails throws.
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
  };
  if (response.ok && body.order)
    return { ok: true, placed: { number: body.order.id, key: body.accessToken ?? null } };
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
