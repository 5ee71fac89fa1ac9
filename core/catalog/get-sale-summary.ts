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

/** A sale product's discount in whole percent, rounded as the badge rounds it. */
export const discountPercentSql = sql<number>`ROUND((${products.originalPriceKobo} - ${products.priceKobo})::numeric * 100 / ${products.originalPriceKobo})`;

/** How many pieces are reduced and by how much at most: the figures the sale banners quote. */
export async function getSaleSummary(db: DbOrTx): Promise<SaleSummary> {
  const [row] = await db
    .select({ total: count(), deepest: max(discountPercentSql) })
    .from(products)
    .where(onSale);
  return { count: row?.total ?? 0, maxDiscountPercent: Number(row?.deepest ?? 0) };
}
