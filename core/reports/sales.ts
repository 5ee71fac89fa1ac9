import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { paymentMethodNames } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { sumOf, percentOf, daysOf, lagosDayOf, paidWithin, refundedWithin, type ReportRange } from './range';

/**
 * The Sales card: revenue net of refunds, orders, average order, refunds and the best sellers, in a
 * range of Lagos days.
 */
export interface ProductUnits {
  productId: number;
  name: string;
  unitsSold: number;
  revenueKobo: number;
  stock: number;
}

export interface SalesReport {
  /** Paid orders, not cancelled, by when they were paid, less refunds by when they completed. */
  revenueKobo: number;
  /** What the paid orders took, before refunds. */
  grossRevenueKobo: number;
  /** Money given back on orders, completed in the range (see `refundedWithin`). */
  refunds: { count: number; amountKobo: number };
  /** Paid orders, those given money back since included. */
  orders: number;
  /** Revenue (net of refunds) per order. */
  averageOrderKobo: number;
  unitsSold: number;
  /** Revenue net of the day's refunds: a day of refunds and no sales is below zero. */
  daily: { day: string; revenueKobo: number; orders: number }[];
  bestsellers: ProductUnits[];
  slowMovers: ProductUnits[];
  paymentMethods: { method: string; label: string; orders: number; revenueKobo: number; percent: number }[];
}

/** Units sold per product in the range: paid order lines, as a subquery. */
function unitsSoldWithin(db: DbOrTx, range: ReportRange) {
  return db
    .select({
      productId: orderLines.productId,
      units: sql<number>`sum(${orderLines.quantity})::int`.as('units'),
      revenue: sql<number>`sum(${orderLines.quantity} * ${orderLines.unitPriceKobo})::bigint`.as('revenue'),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(paidWithin(range))
    .groupBy(orderLines.productId)
    .as('sold');
}

export async function salesReport(
  db: DbOrTx,
  range: ReportRange,
  options: { top?: number } = {},
): Promise<SalesReport> {
  const top = options.top ?? 5;
  const sold = unitsSoldWithin(db, range);
  const productUnits = {
    productId: products.id,
    name: products.name,
    unitsSold: sql<number>`coalesce(${sold.units}, 0)`.mapWith(Number),
    revenueKobo: sql<number>`coalesce(${sold.revenue}, 0)`.mapWith(Number),
    stock: products.stock,
  };
  // Refunds completed in the range, with the day they completed and how the order was paid.
  const refunded = db
    .select({
      day: lagosDayOf(refunds.completedAt),
      method: orders.paymentMethod,
      count: count(),
      amountKobo: sumOf(sql`${refunds.amountKobo}`),
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(refundedWithin(range))
    .groupBy(lagosDayOf(refunds.completedAt), orders.paymentMethod);
  const [[totals], [units], daily, bestsellers, slowMovers, methods, refundRows] = await Promise.all([
    db
      .select({ orders: count(), revenueKobo: sumOf(sql`${orders.totalKobo}`) })
      .from(orders)
      .where(paidWithin(range)),
    db
      .select({ units: sumOf(sql`${orderLines.quantity}`) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(paidWithin(range)),
    db
      .select({
        day: lagosDayOf(orders.paidAt),
        revenueKobo: sumOf(sql`${orders.totalKobo}`),
        orders: count(),
      })
      .from(orders)
      .where(paidWithin(range))
      .groupBy(lagosDayOf(orders.paidAt)),
    db
      .select(productUnits)
      .from(products)
      .innerJoin(sold, eq(sold.productId, products.id))
      .orderBy(desc(sold.units), desc(sold.revenue), asc(products.name))
      .limit(top),
    // Slow movers: products on sale that sold least (none at all first), the fullest shelves first.
    db
      .select(productUnits)
      .from(products)
      .leftJoin(sold, eq(sold.productId, products.id))
      .where(eq(products.status, 'active'))
      .orderBy(sql`coalesce(${sold.units}, 0)`, desc(products.stock), asc(products.name))
      .limit(top),
    db
      .select({ method: orders.paymentMethod, orders: count(), revenueKobo: sumOf(sql`${orders.totalKobo}`) })
      .from(orders)
      .where(paidWithin(range))
      .groupBy(orders.paymentMethod)
      .orderBy(desc(count())),
    refunded,
  ]);
  const refundedKobo = (rows: typeof refundRows) => rows.reduce((sum, row) => sum + row.amountKobo, 0);
  const orderCount = totals?.orders ?? 0;
  const grossRevenueKobo = totals?.revenueKobo ?? 0;
  const refundsKobo = refundedKobo(refundRows);
  const revenueKobo = grossRevenueKobo - refundsKobo;
  const byDay = new Map(daily.map((row) => [row.day, row]));
  const refundsOn = (day: string) => refundedKobo(refundRows.filter((row) => row.day === day));
  const refundsBy = (method: string) => refundedKobo(refundRows.filter((row) => row.method === method));
  return {
    revenueKobo,
    grossRevenueKobo,
    refunds: { count: refundRows.reduce((sum, row) => sum + row.count, 0), amountKobo: refundsKobo },
    orders: orderCount,
    averageOrderKobo: orderCount > 0 ? Math.round(revenueKobo / orderCount) : 0,
    unitsSold: units?.units ?? 0,
    daily: daysOf(range).map((day) => ({
      day,
      revenueKobo: (byDay.get(day)?.revenueKobo ?? 0) - refundsOn(day),
      orders: byDay.get(day)?.orders ?? 0,
    })),
    bestsellers,
    slowMovers,
    paymentMethods: methods.map((row) => ({
      method: row.method,
      label: paymentMethodNames[row.method],
      orders: row.orders,
      // Net of refunds of orders paid that way (a way with refunds and no sale in the range is left out).
      revenueKobo: row.revenueKobo - refundsBy(row.method),
      percent: percentOf(row.orders, orderCount),
    })),
  };
}
