import { and, asc, count, eq, sql } from 'drizzle-orm';
import { orderStatusNames } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders, type OrderStatus } from '../../db/schema/orders';
import { getShopSettings } from '../settings/shop-settings';
import { within, type ReportRange, addDays, lagosToday } from './range';

/** The Orders card: orders placed in the range, by status and payment method, and those still on the road. */
export interface InTransitOrder {
  number: string;
  carrier: string | null;
  trackingNumber: string | null;
  shippingMethod: string;
  shippedAt: string | null;
  /** The latest delivery day the shipping method promises, counted in business days from shipping. */
  expectedBy: string | null;
}

export interface OrdersReport {
  placed: number;
  byStatus: { status: OrderStatus; label: string; orders: number }[];
  /** Delivered. */
  completed: number;
  /** Awaiting payment or processing. */
  pending: number;
  cancelled: number;
  /** Shipped, not yet delivered. */
  inTransit: number;
  refunded: number;
  inTransitOrders: InTransitOrder[];
}

/** The last number of business days a method promises ('Delivery in 3-5 business days' → 5; 'Next-day' → 1). */
export function promisedBusinessDays(description: string): number | null {
  if (/next[- ]day/i.test(description)) return 1;
  const match = /(\d+)(?:\s*-\s*(\d+))?\s*(business\s+)?days?/i.exec(description);
  if (!match) return null;
  return Number(match[2] ?? match[1]);
}

/** A Lagos day plus business days (Saturday and Sunday skipped). */
export function addBusinessDays(from: string, days: number): string {
  let current = from;
  let left = days;
  while (left > 0) {
    current = addDays(current, 1);
    const weekday = new Date(`${current}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return current;
}

export async function ordersReport(
  db: DbOrTx,
  range: ReportRange,
  options: { top?: number } = {},
): Promise<OrdersReport> {
  // Test orders (paid in TEST MODE) are left out of the shop's figures.
  const placedWithin = and(within(orders.createdAt, range), eq(orders.isTest, false));
  // When each order was marked shipped (its latest 'shipped' event), as ISO text.
  const shipped = db
    .select({
      orderId: orderEvents.orderId,
      shippedAt:
        sql<string>`to_char(max(${orderEvents.createdAt}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
          'shipped_at',
        ),
    })
    .from(orderEvents)
    .where(eq(orderEvents.status, 'shipped'))
    .groupBy(orderEvents.orderId)
    .as('shipped');
  const [statuses, [refunds], transit, settings] = await Promise.all([
    db
      .select({ status: orders.status, orders: count() })
      .from(orders)
      .where(placedWithin)
      .groupBy(orders.status),
    db
      .select({ refunded: count() })
      .from(orders)
      .where(and(placedWithin, eq(orders.paymentStatus, 'refunded'))),
    db
      .select({
        number: orders.number,
        carrier: orders.carrier,
        trackingNumber: orders.trackingNumber,
        shippingMethod: orders.shippingMethod,
        shippingMethodLabel: orders.shippingMethodLabel,
        shippedAt: shipped.shippedAt,
      })
      .from(orders)
      .leftJoin(shipped, eq(shipped.orderId, orders.id))
      .where(and(placedWithin, eq(orders.status, 'shipped')))
      .orderBy(asc(orders.createdAt))
      .limit(options.top ?? 20),
    getShopSettings(db),
  ]);
  const counts = new Map(statuses.map((row) => [row.status, row.orders]));
  const of = (status: OrderStatus) => counts.get(status) ?? 0;
  const promised = new Map(
    settings.shippingMethods.map((method) => [method.id, promisedBusinessDays(method.description)]),
  );
  return {
    placed: statuses.reduce((total, row) => total + row.orders, 0),
    byStatus: (Object.keys(orderStatusNames) as OrderStatus[]).map((status) => ({
      status,
      label: orderStatusNames[status],
      orders: of(status),
    })),
    // A collected pickup order is as complete as a delivered one; one waiting at the shop is still pending.
    completed: of('delivered') + of('picked_up'),
    pending: of('awaiting_payment') + of('processing') + of('ready_for_pickup'),
    cancelled: of('cancelled'),
    inTransit: of('shipped'),
    refunded: refunds?.refunded ?? 0,
    inTransitOrders: transit.map((row) => {
      const days = promised.get(row.shippingMethod) ?? null;
      const shippedDay = row.shippedAt ? lagosToday(new Date(row.shippedAt)) : null;
      return {
        number: row.number,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        shippingMethod: row.shippingMethodLabel,
        shippedAt: row.shippedAt,
        expectedBy: shippedDay && days ? addBusinessDays(shippedDay, days) : null,
      };
    }),
  };
}
