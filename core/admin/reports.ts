import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gte,
  isNotNull,
  lt,
  lte,
  ne,
  sql,
  type AnyColumn,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import { orderStatusNames, paymentMethodNames } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { auditLog, pageViews, signIns } from '../../db/schema/admin';
import { products, reviews } from '../../db/schema/catalog';
import { newsletterSubscribers } from '../../db/schema/content';
import { orderEvents, orderLines, orders, type OrderStatus } from '../../db/schema/orders';
import { LOW_STOCK_THRESHOLD } from '../catalog/stock-status';
import { AppError } from '../errors';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { LAGOS_TIME_ZONE, lagosDay, lagosMidnight } from '../../contracts/lagos-time';

/*
 * The admin's reports. Every figure is one query on the shop's own rows, for a range of Lagos days
 * (from and to included). Money is integer kobo; the edges (pages, API) format it. Results are plain
 * JSON (ISO strings, numbers), so a page can hand them to the browser as they are.
 */

const DAY_MS = 86_400_000;
export const MAX_REPORT_DAYS = 366;
export const REPORT_PRESETS = [7, 30, 90] as const;

/** Today's date in Lagos: yyyy-mm-dd. */
export const lagosToday = (now = new Date()) => lagosDay(now);

/** A yyyy-mm-dd date moved by whole days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export { lagosMidnight };

/** A range of Lagos days, from and to included; `start` ≤ t < `end` in instants. */
export interface ReportRange {
  from: string;
  to: string;
  days: number;
  start: Date;
  end: Date;
}

export function lagosRange(from: string, to: string): ReportRange {
  return {
    from,
    to,
    days: Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1,
    start: lagosMidnight(from),
    end: lagosMidnight(addDays(to, 1)),
  };
}

/** The last `days` Lagos days, today included. */
export const lastDays = (days: number, now = new Date()) =>
  lagosRange(addDays(lagosToday(now), -(days - 1)), lagosToday(now));

const day = z.iso.date({ error: 'Enter a date as yyyy-mm-dd' });
export const reportRangeSchema = z.object({
  from: day.optional().or(z.literal('').transform(() => undefined)),
  to: day.optional().or(z.literal('').transform(() => undefined)),
});
export type ReportRangeInput = z.input<typeof reportRangeSchema>;

/**
 * The range a report asks for: from and to (Lagos days, both included); the last 30 days when
 * neither is given, 30 days up to `to` or from `from` when only one is.
 */
export function resolveReportRange(raw: unknown, now = new Date()): ReportRange {
  const input = parseInput(reportRangeSchema, raw ?? {});
  const to = input.to ?? (input.from ? minDay(addDays(input.from, 29), lagosToday(now)) : lagosToday(now));
  const from = input.from ?? addDays(to, -29);
  if (from > to)
    throw new AppError('BAD_REQUEST', 'The start date must be on or before the end date.', {
      from: 'Must be on or before the end date',
    });
  const range = lagosRange(from, to);
  if (range.days > MAX_REPORT_DAYS)
    throw new AppError('BAD_REQUEST', `A report covers at most ${MAX_REPORT_DAYS} days.`, {
      from: `At most ${MAX_REPORT_DAYS} days before the end date`,
    });
  return range;
}

const minDay = (a: string, b: string) => (a < b ? a : b);

/** Every day of a range, in order. */
export function daysOf(range: Pick<ReportRange, 'from' | 'days'>): string[] {
  return Array.from({ length: range.days }, (_, index) => addDays(range.from, index));
}

/** Sum of a kobo column as a number (bigint in SQL, so large totals do not overflow). */
const sumOf = (value: SQL) => sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number);

/** A timestamp's Lagos day, as yyyy-mm-dd text. */
export const lagosDayOf = (column: AnyColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE ${sql.raw(`'${LAGOS_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

const within = (column: AnyColumn, range: Pick<ReportRange, 'start' | 'end'>) =>
  and(gte(column, range.start), lt(column, range.end));

/**
 * What counts as a sale: an order paid within the range (by when it was paid) that is still paid
 * (not refunded), not cancelled, and not a TEST MODE order (paid with a test card: no money moved).
 */
export const paidWithin = (range: Pick<ReportRange, 'start' | 'end'>): SQL =>
  and(
    isNotNull(orders.paidAt),
    gte(orders.paidAt, range.start),
    lt(orders.paidAt, range.end),
    eq(orders.paymentStatus, 'paid'),
    ne(orders.status, 'cancelled'),
    eq(orders.isTest, false),
  ) ?? sql`false`;

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

// ---------------------------------------------------------------------------------------------
// Users

export interface UsersReport {
  /** Customer accounts created in the range. */
  signUps: number;
  /** Successful sign-ins in the range (sign_ins rows), and how many people they were. */
  signIns: number;
  peopleSignedIn: number;
  /** Customers who came back in the range: signed in, or placed an order that was not their first. */
  returningCustomers: number;
  /** Customer accounts that existed by the end of the range. */
  customers: number;
  /** Of those, seen in the range (signed in or ordered), and not seen. */
  activeInRange: number;
  inactiveInRange: number;
  /** Accounts an admin has deactivated (now). */
  deactivatedAccounts: number;
  dailySignUps: { day: string; signUps: number }[];
}

export async function usersReport(db: DbOrTx, range: ReportRange): Promise<UsersReport> {
  const signedInWithin = sql`exists (select 1 from ${signIns} where ${signIns.userId} = ${users.id}
    and ${signIns.createdAt} >= ${range.start} and ${signIns.createdAt} < ${range.end})`;
  const orderedWithin = sql`exists (select 1 from ${orders} where ${orders.userId} = ${users.id}
    and ${orders.createdAt} >= ${range.start} and ${orders.createdAt} < ${range.end})`;
  const reorderedWithin = sql`exists (select 1 from ${orders} o where o.user_id = ${users.id}
    and o.created_at >= ${range.start} and o.created_at < ${range.end}
    and exists (select 1 from ${orders} earlier where earlier.user_id = ${users.id}
      and (earlier.created_at < o.created_at or (earlier.created_at = o.created_at and earlier.id < o.id))))`;
  const customer = eq(users.role, 'customer');
  const [[people], [logins], daily] = await Promise.all([
    db
      .select({
        signUps: sql<number>`count(*) filter (where ${users.createdAt} >= ${range.start})`.mapWith(Number),
        customers: count(),
        active: sql<number>`count(*) filter (where ${signedInWithin} or ${orderedWithin})`.mapWith(Number),
        returning: sql<number>`count(*) filter (where ${signedInWithin} or ${reorderedWithin})`.mapWith(
          Number,
        ),
        deactivated: sql<number>`count(*) filter (where ${users.status} = 'inactive')`.mapWith(Number),
      })
      .from(users)
      .where(and(customer, lt(users.createdAt, range.end))),
    db
      .select({ signIns: count(), people: countDistinct(signIns.userId) })
      .from(signIns)
      .where(within(signIns.createdAt, range)),
    db
      .select({ day: lagosDayOf(users.createdAt), signUps: count() })
      .from(users)
      .where(and(customer, within(users.createdAt, range)))
      .groupBy(lagosDayOf(users.createdAt)),
  ]);
  const byDay = new Map(daily.map((row) => [row.day, row.signUps]));
  const customers = people?.customers ?? 0;
  const activeInRange = people?.active ?? 0;
  return {
    signUps: people?.signUps ?? 0,
    signIns: logins?.signIns ?? 0,
    peopleSignedIn: logins?.people ?? 0,
    returningCustomers: people?.returning ?? 0,
    customers,
    activeInRange,
    inactiveInRange: customers - activeInRange,
    deactivatedAccounts: people?.deactivated ?? 0,
    dailySignUps: daysOf(range).map((day) => ({ day, signUps: byDay.get(day) ?? 0 })),
  };
}

// ---------------------------------------------------------------------------------------------
// Sales

export interface ProductUnits {
  productId: number;
  name: string;
  unitsSold: number;
  revenueKobo: number;
  stock: number;
}

export interface SalesReport {
  /** Paid, not cancelled or refunded, by when it was paid. */
  revenueKobo: number;
  orders: number;
  averageOrderKobo: number;
  unitsSold: number;
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
  const [[totals], [units], daily, bestsellers, slowMovers, methods] = await Promise.all([
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
  ]);
  const orderCount = totals?.orders ?? 0;
  const revenueKobo = totals?.revenueKobo ?? 0;
  const byDay = new Map(daily.map((row) => [row.day, row]));
  return {
    revenueKobo,
    orders: orderCount,
    averageOrderKobo: orderCount > 0 ? Math.round(revenueKobo / orderCount) : 0,
    unitsSold: units?.units ?? 0,
    daily: daysOf(range).map((day) => ({
      day,
      revenueKobo: byDay.get(day)?.revenueKobo ?? 0,
      orders: byDay.get(day)?.orders ?? 0,
    })),
    bestsellers,
    slowMovers,
    paymentMethods: methods.map((row) => ({
      method: row.method,
      label: paymentMethodNames[row.method],
      orders: row.orders,
      revenueKobo: row.revenueKobo,
      percent: percentOf(row.orders, orderCount),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Inventory (as it stands now)

export interface InventoryReport {
  /** Products on sale (not archived). */
  products: number;
  units: number;
  outOfStock: number;
  /** In stock but below the low-stock threshold. */
  lowStock: number;
  lowStockThreshold: number;
  /** Units on hand at the selling price: the catalog keeps no cost price. */
  stockValueKobo: number;
  stockValueBasis: 'retail';
  lowest: { productId: number; name: string; stock: number; priceKobo: number }[];
}

export async function inventoryReport(db: DbOrTx, options: { top?: number } = {}): Promise<InventoryReport> {
  const onSale = eq(products.status, 'active');
  const [[totals], lowest] = await Promise.all([
    db
      .select({
        products: count(),
        units: sumOf(sql`${products.stock}`),
        outOfStock: sql<number>`count(*) filter (where ${products.stock} <= 0)`.mapWith(Number),
        lowStock:
          sql<number>`count(*) filter (where ${products.stock} > 0 and ${products.stock} < ${LOW_STOCK_THRESHOLD})`.mapWith(
            Number,
          ),
        stockValueKobo: sumOf(sql`${products.stock}::bigint * ${products.priceKobo}`),
      })
      .from(products)
      .where(onSale),
    db
      .select({
        productId: products.id,
        name: products.name,
        stock: products.stock,
        priceKobo: products.priceKobo,
      })
      .from(products)
      .where(onSale)
      .orderBy(asc(products.stock), asc(products.name))
      .limit(options.top ?? 10),
  ]);
  return {
    products: totals?.products ?? 0,
    units: totals?.units ?? 0,
    outOfStock: totals?.outOfStock ?? 0,
    lowStock: totals?.lowStock ?? 0,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
    stockValueKobo: totals?.stockValueKobo ?? 0,
    stockValueBasis: 'retail',
    lowest,
  };
}

// ---------------------------------------------------------------------------------------------
// Orders (placed in the range)

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
    completed: of('delivered'),
    pending: of('awaiting_payment') + of('processing'),
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

// ---------------------------------------------------------------------------------------------
// Traffic (first-party page views)

export interface TrafficReport {
  views: number;
  /** Orders placed in the range per 100 page views. */
  conversionPercent: number;
  ordersPlaced: number;
  sources: { source: string; views: number; percent: number }[];
  topPages: { path: string; views: number }[];
  daily: { day: string; views: number }[];
}

export async function trafficReport(
  db: DbOrTx,
  range: ReportRange,
  options: { top?: number } = {},
): Promise<TrafficReport> {
  const inRange = and(gte(pageViews.day, range.from), lte(pageViews.day, range.to));
  const views = sumOf(sql`${pageViews.views}`);
  const [[totals], [placed], sources, pages, daily] = await Promise.all([
    db.select({ views }).from(pageViews).where(inRange),
    db
      .select({ orders: count() })
      .from(orders)
      .where(and(within(orders.createdAt, range), eq(orders.isTest, false))),
    db
      .select({ source: pageViews.source, views })
      .from(pageViews)
      .where(inRange)
      .groupBy(pageViews.source)
      .orderBy(desc(views), asc(pageViews.source)),
    db
      .select({ path: pageViews.path, views })
      .from(pageViews)
      .where(inRange)
      .groupBy(pageViews.path)
      .orderBy(desc(views), asc(pageViews.path))
      .limit(options.top ?? 10),
    db
      .select({ day: sql<string>`${pageViews.day}::text`, views })
      .from(pageViews)
      .where(inRange)
      .groupBy(pageViews.day),
  ]);
  const total = totals?.views ?? 0;
  const ordersPlaced = placed?.orders ?? 0;
  const byDay = new Map(daily.map((row) => [row.day, row.views]));
  return {
    views: total,
    ordersPlaced,
    conversionPercent: total > 0 ? Math.round((ordersPlaced / total) * 10_000) / 100 : 0,
    sources: sources.map((row) => ({ ...row, percent: percentOf(row.views, total) })),
    topPages: pages,
    daily: daysOf(range).map((day) => ({ day, views: byDay.get(day) ?? 0 })),
  };
}

// ---------------------------------------------------------------------------------------------
// Feedback (reviews written in the range)

export interface FeedbackReport {
  reviews: number;
  /** Two decimals; 0 when there are none. */
  averageRating: number;
  distribution: { rating: number; reviews: number; percent: number }[];
  lowestRated: { productId: number; name: string; averageRating: number; reviews: number }[];
}

export async function feedbackReport(
  db: DbOrTx,
  range: ReportRange,
  options: { top?: number } = {},
): Promise<FeedbackReport> {
  const inRange = within(reviews.createdAt, range);
  const average = sql<number>`round(avg(${reviews.rating})::numeric, 2)`.mapWith(Number);
  const [[totals], ratings, lowest] = await Promise.all([
    db
      .select({
        reviews: count(),
        averageRating: sql<number>`coalesce(round(avg(${reviews.rating})::numeric, 2), 0)`.mapWith(Number),
      })
      .from(reviews)
      .where(inRange),
    db
      .select({ rating: reviews.rating, reviews: count() })
      .from(reviews)
      .where(inRange)
      .groupBy(reviews.rating),
    db
      .select({ productId: products.id, name: products.name, averageRating: average, reviews: count() })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .where(inRange)
      .groupBy(products.id, products.name)
      .orderBy(average, desc(count()), asc(products.name))
      .limit(options.top ?? 5),
  ]);
  const total = totals?.reviews ?? 0;
  const byRating = new Map(ratings.map((row) => [row.rating, row.reviews]));
  return {
    reviews: total,
    averageRating: totals?.averageRating ?? 0,
    distribution: [5, 4, 3, 2, 1].map((rating) => ({
      rating,
      reviews: byRating.get(rating) ?? 0,
      percent: percentOf(byRating.get(rating) ?? 0, total),
    })),
    lowestRated: lowest,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin actions (the audit log)

export interface AdminActionsReport {
  actions: number;
  byAction: { action: string; count: number }[];
  latest: { id: number; action: string; actorEmail: string; summary: string; createdAt: string }[];
}

export async function adminActionsReport(
  db: DbOrTx,
  range: ReportRange,
  options: { latest?: number } = {},
): Promise<AdminActionsReport> {
  const inRange = within(auditLog.createdAt, range);
  const [byAction, latest] = await Promise.all([
    db
      .select({ action: auditLog.action, count: count() })
      .from(auditLog)
      .where(inRange)
      .groupBy(auditLog.action)
      .orderBy(desc(count()), asc(auditLog.action)),
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorEmail: auditLog.actorEmail,
        summary: auditLog.summary,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(inRange)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(options.latest ?? 8),
  ]);
  return {
    actions: byAction.reduce((total, row) => total + row.count, 0),
    byAction,
    latest: latest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

// ---------------------------------------------------------------------------------------------
// Marketing (coupons and the newsletter)

export interface MarketingReport {
  /** Coupons used on orders placed in the range, cancelled orders left out (their use is given back). */
  coupons: { code: string; uses: number; discountKobo: number; revenueKobo: number }[];
  couponUses: number;
  discountKobo: number;
  newsletter: { subscribed: number; unsubscribed: number; subscribers: number };
}

export async function marketingReport(db: DbOrTx, range: ReportRange): Promise<MarketingReport> {
  const [coupons, [newsletter]] = await Promise.all([
    db
      .select({
        code: orders.couponCode,
        uses: count(),
        discountKobo: sumOf(sql`${orders.discountKobo}`),
        revenueKobo: sumOf(sql`${orders.totalKobo}`),
      })
      .from(orders)
      .where(
        and(
          within(orders.createdAt, range),
          isNotNull(orders.couponCode),
          ne(orders.status, 'cancelled'),
          eq(orders.isTest, false),
        ),
      )
      .groupBy(orders.couponCode)
      .orderBy(desc(count()), asc(orders.couponCode)),
    db
      .select({
        subscribed:
          sql<number>`count(*) filter (where ${newsletterSubscribers.createdAt} >= ${range.start} and ${newsletterSubscribers.createdAt} < ${range.end})`.mapWith(
            Number,
          ),
        unsubscribed:
          sql<number>`count(*) filter (where ${newsletterSubscribers.unsubscribedAt} >= ${range.start} and ${newsletterSubscribers.unsubscribedAt} < ${range.end})`.mapWith(
            Number,
          ),
        subscribers:
          sql<number>`count(*) filter (where ${newsletterSubscribers.unsubscribedAt} is null)`.mapWith(
            Number,
          ),
      })
      .from(newsletterSubscribers),
  ]);
  const rows = coupons.map((row) => ({ ...row, code: row.code ?? '' }));
  return {
    coupons: rows,
    couponUses: rows.reduce((total, row) => total + row.uses, 0),
    discountKobo: rows.reduce((total, row) => total + row.discountKobo, 0),
    newsletter: {
      subscribed: newsletter?.subscribed ?? 0,
      unsubscribed: newsletter?.unsubscribed ?? 0,
      subscribers: newsletter?.subscribers ?? 0,
    },
  };
}

// ---------------------------------------------------------------------------------------------

export interface ShopReport {
  range: { from: string; to: string; days: number };
  generatedAt: string;
  users: UsersReport;
  sales: SalesReport;
  inventory: InventoryReport;
  orders: OrdersReport;
  traffic: TrafficReport;
  feedback: FeedbackReport;
  admin: AdminActionsReport;
  marketing: MarketingReport;
}

/** Every report card for a range of Lagos days (see resolveReportRange for the input). */
export async function buildShopReport(db: DbOrTx, rawRange: unknown, now = new Date()): Promise<ShopReport> {
  const range = resolveReportRange(rawRange, now);
  const [usersPart, sales, inventory, ordersPart, traffic, feedback, admin, marketing] = await Promise.all([
    usersReport(db, range),
    salesReport(db, range),
    inventoryReport(db),
    ordersReport(db, range),
    trafficReport(db, range),
    feedbackReport(db, range),
    adminActionsReport(db, range),
    marketingReport(db, range),
  ]);
  return {
    range: { from: range.from, to: range.to, days: range.days },
    generatedAt: now.toISOString(),
    users: usersPart,
    sales,
    inventory,
    orders: ordersPart,
    traffic,
    feedback,
    admin,
    marketing,
  };
}
