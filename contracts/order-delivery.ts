// Browser-safe: the order pages and the confirmation e-mail say an order's promise in the same words.
import { formatDeliveryWindow } from './delivery-dates';

/** The statuses after which a promise of when the order comes says nothing more. */
const settled = new Set(['delivered', 'picked_up', 'cancelled']);

/**
 * The promise made when the order was placed, from its stored dates: "Arrives Thu 27 – Fri 28 Nov",
 * or "Ready to collect Thu 27 Nov" for a pickup. Null for an order placed before dates were
 * promised, and once it has arrived, been collected or been cancelled.
 */
export function orderDeliveryPromise(order: {
  deliveryEarliest: string | null;
  deliveryLatest: string | null;
  status: string;
  shippingMethodId?: string | null;
}): string | null {
  if (!order.deliveryEarliest || !order.deliveryLatest || settled.has(order.status)) return null;
  const window = formatDeliveryWindow(order.deliveryEarliest, order.deliveryLatest);
  return order.shippingMethodId === 'pickup' ? window.replace(/^Arrives/, 'Ready to collect') : window;
}
