import { and, eq, ne, sql } from 'drizzle-orm';
import { returnReasonIds, type ReturnReasonId, type ReturnResolutionId } from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { orderReturns, returnItems } from '../../db/schema/returns';
import { paidWithin, percentOf, within, type ReportRange } from './range';

/*
 * The Returns card: how many of the units sold came back, and why, per product and per size.
 *
 * Units sold are those of the range's sales (the sales card's rule: paid in the range, not cancelled,
 * not TEST MODE). Units returned are those of returns asked in the range, whenever their order was
 * sold: a month's rate reads "this month's returns against this month's sales", the measure shops
 * compare month to month. A declined return brought nothing back and does not count; neither does a
 * TEST MODE order's. A piece sold before the range and returned in it can lift a size above 100 %;
 * where nothing was sold in the range there is no rate at all.
 */

export type ReasonCounts = Record<ReturnReasonId, number>;

export interface ReturnsReportRow {
  productId: number | null;
  name: string;
  /** null on the per-product rows, and for a piece with no sizes. */
  size: string | null;
  unitsSold: number;
  unitsReturned: number;
  /** Units returned per 100 sold; null when none were sold in the range. */
  ratePercent: number | null;
  /** Units returned for each reason. */
  reasons: ReasonCounts;
}

export interface ReturnsReport {
  /** Returns asked in the range (not declined). */
  returns: number;
  byResolution: Record<ReturnResolutionId, number>;
  unitsSold: number;
  unitsReturned: number;
  ratePercent: number | null;
  reasons: ReasonCounts;
  /** Products with a return in the range, the most units returned first. */
  products: ReturnsReportRow[];
  /** Each returned size of those products, the most units returned first. */
  sizes: ReturnsReportRow[];
}

const noReasons = (): ReasonCounts =>
  Object.fromEntries(returnReasonIds.map((reason) => [reason, 0])) as ReasonCounts;

const rateOf = (returned: number, sold: number) => (sold > 0 ? percentOf(returned, sold) : null);

/** Which returns count: asked in the range, not declined, not of a TEST MODE order. */
const countedReturns = (range: Pick<ReportRange, 'start' | 'end'>) =>
  and(within(orderReturns.createdAt, range), ne(orderReturns.status, 'declined'), eq(orders.isTest, false));

export async function returnsReport(
  db: DbOrTx,
  range: ReportRange,
  options: { top?: number } = {},
): Promise<ReturnsReport> {
  const top = options.top ?? 20;
  const [returned, sold, resolutions] = await Promise.all([
    // Units returned per product, size and reason; the name as the shop now calls the piece, or as
    // it was sold when the product is gone.
    db
      .select({
        productId: returnItems.productId,
        size: returnItems.size,
        reason: returnItems.reason,
        name: sql<string>`coalesce(max(${products.name}), max(${orderLines.name}))`,
        units: sql<number>`sum(${returnItems.quantity})::int`.mapWith(Number),
      })
      .from(returnItems)
      .innerJoin(orderReturns, eq(orderReturns.id, returnItems.returnId))
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .innerJoin(orderLines, eq(orderLines.id, returnItems.orderLineId))
      .leftJoin(products, eq(products.id, returnItems.productId))
      .where(countedReturns(range))
      .groupBy(returnItems.productId, returnItems.size, returnItems.reason),
    db
      .select({
        productId: orderLines.productId,
        size: orderLines.size,
        units: sql<number>`sum(${orderLines.quantity})::int`.mapWith(Number),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(paidWithin(range))
      .groupBy(orderLines.productId, orderLines.size),
    db
      .select({
        resolution: orderReturns.resolution,
        count: sql<number>`count(distinct ${orderReturns.id})::int`.mapWith(Number),
      })
      .from(orderReturns)
      .innerJoin(orders, eq(orders.id, orderReturns.orderId))
      .where(countedReturns(range))
      .groupBy(orderReturns.resolution),
  ]);

  const soldBySize = new Map<string, number>();
  const soldByProduct = new Map<string, number>();
  let unitsSold = 0;
  for (const row of sold) {
    soldBySize.set(sizeKey(row.productId, row.size), row.units);
    const product = productKey(row.productId);
    soldByProduct.set(product, (soldByProduct.get(product) ?? 0) + row.units);
    unitsSold += row.units;
  }

  const reasons = noReasons();
  const perProduct = new Map<string, ReturnsReportRow>();
  const perSize = new Map<string, ReturnsReportRow>();
  const rowFor = (rows: Map<string, ReturnsReportRow>, key: string, make: () => ReturnsReportRow) => {
    const found = rows.get(key) ?? make();
    rows.set(key, found);
    return found;
  };
  let unitsReturned = 0;
  for (const row of returned) {
    unitsReturned += row.units;
    reasons[row.reason] += row.units;
    const product = rowFor(perProduct, productKey(row.productId), () => ({
      productId: row.productId,
      name: row.name,
      size: null,
      unitsSold: soldByProduct.get(productKey(row.productId)) ?? 0,
      unitsReturned: 0,
      ratePercent: null,
      reasons: noReasons(),
    }));
    const key = sizeKey(row.productId, row.size);
    const size = rowFor(perSize, key, () => ({
      productId: row.productId,
      name: row.name,
      size: row.size,
      unitsSold: soldBySize.get(key) ?? 0,
      unitsReturned: 0,
      ratePercent: null,
      reasons: noReasons(),
    }));
    for (const target of [product, size]) {
      target.unitsReturned += row.units;
      target.reasons[row.reason] += row.units;
    }
  }

  const ranked = (rows: Iterable<ReturnsReportRow>) =>
    [...rows]
      .map((row) => ({ ...row, ratePercent: rateOf(row.unitsReturned, row.unitsSold) }))
      .sort(
        (a, b) =>
          b.unitsReturned - a.unitsReturned ||
          (b.ratePercent ?? 0) - (a.ratePercent ?? 0) ||
          a.name.localeCompare(b.name) ||
          (a.size ?? '').localeCompare(b.size ?? ''),
      )
      .slice(0, top);

  const byResolution: Record<ReturnResolutionId, number> = { refund: 0, exchange: 0 };
  for (const row of resolutions) byResolution[row.resolution] = row.count;

  return {
    returns: byResolution.refund + byResolution.exchange,
    byResolution,
    unitsSold,
    unitsReturned,
    ratePercent: rateOf(unitsReturned, unitsSold),
    reasons,
    products: ranked(perProduct.values()),
    sizes: ranked(perSize.values()),
  };
}

const productKey = (productId: number | null) => String(productId ?? '');
const sizeKey = (productId: number | null, size: string | null) =>
  `${productKey(productId)}\u0000${size ?? ''}`;
