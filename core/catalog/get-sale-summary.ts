import { and, count, eq, gt, isNotNull, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';

export interface SaleSummary {
  count: number;
  /** The deepest discount on sale now, as the badge rounds it. */
  maxDiscountPercent: number;
}

/** A product is on sale when it is for sale and its original price is above its price. */
export const onSale = and(
  eq(products.status, 'active'),
  isNotNull(products.originalPriceKobo),
  gt(products.originalPriceKobo, products.priceKobo),
);

/**
 * A sale product's discount in percent before rounding, computed in the same floating-point steps as
 * the badge's `discountPercent` (contracts/money.ts), so `Math.round` of it is what the badge shows.
 * Rounding once after `max` rather than per row keeps the sale's figures an index-only scan.
 */
export const discountPercentSql = sql<number>`(${products.originalPriceKobo} - ${products.priceKobo})::float8 / ${products.originalPriceKobo} * 100`;

/** How many pieces are reduced and by how much at most: the figures the sale banners quote. */
export async function getSaleSummary(db: DbOrTx): Promise<SaleSummary> {
  const [row] = await db
    .select({ total: count(), deepest: max(discountPercentSql) })
    .from(products)
    .where(onSale);
  return { count: row?.total ?? 0, maxDiscountPercent: Math.round(Number(row?.deepest ?? 0)) };
}
