import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { orderStatusIds, orderStatusNames, type OrderStatusId } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { products, productVariants } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { shopLowStockLevel, variantIsLowSql } from '../inventory/low-stock';
import { productStockIs } from '../catalog/manage-products';
import { emptiestVariantsFirst, withStockStatus, type VariantStockRow } from './inventory';
import { lastDays, paidWithin, refundedWithin, testPaidWithin, type ReportRange } from './range';

/*
 * The dashboard's first figures. Revenue is what was paid in Lagos days (today, the last 7 and the
 * last 30 days, today included): orders by when they were paid, not cancelled, less the money given
 * back on orders in those days (refunds by the day they completed, as the reports count them). Each
 * figure is one query on the shop's rows.
 */

export interface RevenueFigure {
  /** 'today' | '7d' | '30d' */
  id: 'today' | '7d' | '30d';
  label: string;
  from: string;
  to: string;
  /** Net of refunds. */
  revenueKobo: number;
  /** Paid orders, those given money back since included. */
  orders: number;
  /** Money given back on orders in these days, and how many refunds. */
  refundsKobo: number;
  refunds: number;
  /** TEST MODE orders paid in these days (no money moved): never in the figures, said apart. */
  testOrders: number;
  testKobo: number;
}

export interface ShopOverview {
  today: string;
  revenue: RevenueFigure[];
  /** Every order by its status now. */
  ordersByStatus: { status: OrderStatusId; label: string; orders: number }[];
  newCustomers: { last7Days: number; last30Days: number };
  /**
   * Sizes and colours of products on sale below the low-stock threshold (sold out included), the
   * emptiest first (decision 0036).
   */
  lowStock: VariantStockRow[];
  /** How many sizes and colours are below the threshold, sold out included. */
  lowStockCount: number;
  /** Of those, how many have none left. */
  outOfStockCount: number;
  /**
   * Products as the Products tab's stock filter counts them: low, some size or colour below the
   * threshold while the product still sells; out, nothing left in any.
   */
  lowStockProducts: number;
  outOfStockProducts: number;
  lowStockThreshold: number;
}

const filterSum = (range: ReportRange) =>
  sql<number>`coalesce(sum(${orders.totalKobo}) filter (where ${paidWithin(range)}), 0)::bigint`.mapWith(
    Number,
  );
const filterCount = (range: ReportRange) =>
  sql<number>`count(*) filter (where ${paidWithin(range)})`.mapWith(Number);
const testSum = (range: ReportRange) =>
  sql<number>`coalesce(sum(${orders.totalKobo}) filter (where ${testPaidWithin(range)}), 0)::bigint`.mapWith(
    Number,
  );
const testCount = (range: ReportRange) =>
  sql<number>`count(*) filter (where ${testPaidWithin(range)})`.mapWith(Number);
const refundSum = (range: ReportRange) =>
  sql<number>`coalesce(sum(${refunds.amountKobo}) filter (where ${refundedWithin(range)}), 0)::bigint`.mapWith(
    Number,
  );
const refundCount = (range: ReportRange) =>
  sql<number>`count(*) filter (where ${refundedWithin(range)})`.mapWith(Number);

export async function shopOverview(
  db: DbOrTx,
  now = new Date(),
  options: { lowStock?: number } = {},
): Promise<ShopOverview> {
  const ranges = { today: lastDays(1, now), '7d': lastDays(7, now), '30d': lastDays(30, now) };
  const labels = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' } as const;
  const onSale = eq(products.status, 'active');
  const shopLevel = await shopLowStockLevel(db);
  const belowThreshold = and(onSale, variantIsLowSql(shopLevel));
  const [[revenue], [refunded], statuses, [customers], lowStock, [lowStockTotal], [productTotals]] =
    await Promise.all([
      db
        .select({
          today: filterSum(ranges.today),
          todayOrders: filterCount(ranges.today),
          week: filterSum(ranges['7d']),
          weekOrders: filterCount(ranges['7d']),
          month: filterSum(ranges['30d']),
          monthOrders: filterCount(ranges['30d']),
          todayTest: testSum(ranges.today),
          todayTestOrders: testCount(ranges.today),
          weekTest: testSum(ranges['7d']),
          weekTestOrders: testCount(ranges['7d']),
          monthTest: testSum(ranges['30d']),
          monthTestOrders: testCount(ranges['30d']),
        })
        .from(orders)
        .where(gte(orders.paidAt, ranges['30d'].start)),
      db
        .select({
          today: refundSum(ranges.today),
          todayCount: refundCount(ranges.today),
          week: refundSum(ranges['7d']),
          weekCount: refundCount(ranges['7d']),
          month: refundSum(ranges['30d']),
          monthCount: refundCount(ranges['30d']),
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(gte(refunds.completedAt, ranges['30d'].start)),
      db.select({ status: orders.status, orders: count() }).from(orders).groupBy(orders.status),
      db
        .select({
          last7Days: sql<number>`count(*) filter (where ${users.createdAt} >= ${ranges['7d'].start})`.mapWith(
            Number,
          ),
          last30Days: count(),
        })
        .from(users)
        .where(
          and(
            eq(users.role, 'customer'),
            gte(users.createdAt, ranges['30d'].start),
            lt(users.createdAt, ranges['30d'].end),
          ),
        ),
      db
        .select({
          productId: products.id,
          name: products.name,
          variantId: productVariants.id,
          sku: productVariants.sku,
          size: productVariants.size,
          color: productVariants.color,
          stock: productVariants.stock,
          lowStockThreshold: productVariants.lowStockThreshold,
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(belowThreshold)
        .orderBy(...emptiestVariantsFirst)
        .limit(options.lowStock ?? 6),
      db
        .select({
          total: count(),
          outOfStock: sql<number>`count(*) filter (where ${productVariants.stock} <= 0)`.mapWith(Number),
        })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(belowThreshold),
      db
        .select({
          low: sql<number>`count(*) filter (where ${productStockIs('low_stock', shopLevel)})`.mapWith(Number),
          out: sql<number>`count(*) filter (where ${productStockIs('out_of_stock', shopLevel)})`.mapWith(
            Number,
          ),
        })
        .from(products)
        .where(onSale),
    ]);
  const byStatus = new Map(statuses.map((row) => [row.status, row.orders]));
  const keys = { today: 'today', '7d': 'week', '30d': 'month' } as const;
  const figure = (id: RevenueFigure['id']): RevenueFigure => {
    const key = keys[id];
    const paidKobo = revenue?.[key] ?? 0;
    const refundsKobo = refunded?.[key] ?? 0;
    return {
      id,
      label: labels[id],
      from: ranges[id].from,
      to: ranges[id].to,
      revenueKobo: paidKobo - refundsKobo,
      orders: revenue?.[`${key}Orders`] ?? 0,
      refundsKobo,
      refunds: refunded?.[`${key}Count`] ?? 0,
      testOrders: revenue?.[`${key}TestOrders`] ?? 0,
      testKobo: revenue?.[`${key}Test`] ?? 0,
    };
  };
  return {
    today: ranges.today.to,
    revenue: [figure('today'), figure('7d'), figure('30d')],
    ordersByStatus: orderStatusIds.map((status) => ({
      status,
      label: orderStatusNames[status],
      orders: byStatus.get(status) ?? 0,
    })),
    newCustomers: { last7Days: customers?.last7Days ?? 0, last30Days: customers?.last30Days ?? 0 },
    lowStock: lowStock.map((row) => withStockStatus(row, shopLevel)),
    lowStockCount: lowStockTotal?.total ?? 0,
    outOfStockCount: lowStockTotal?.outOfStock ?? 0,
    lowStockProducts: productTotals?.low ?? 0,
    outOfStockProducts: productTotals?.out ?? 0,
    lowStockThreshold: shopLevel,
  };
}
