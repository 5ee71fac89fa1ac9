import { asc, eq, inArray, and, sql, type SQL } from 'drizzle-orm';
import type { ColorOption, ImageRef, ProductSummary } from '../../contracts/catalog';
import { discountPercent } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import { brands, categories, productImages, products } from '../../db/schema/catalog';
import { shownStock, stockStatus } from './stock-status';
import { priceFromKobo, variantPricesOf } from './variants';

/** Columns every product view selects; keeps list, detail and related queries in step. */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  categoryId: products.categoryId,
  categoryName: categories.name,
  brandName: brands.name,
  priceKobo: products.priceKobo,
  originalPriceKobo: products.originalPriceKobo,
  colors: products.colors,
  sizes: products.sizes,
  ratingAverage: products.ratingAverage,
  reviewCount: products.reviewCount,
  stock: products.stock,
  isNew: products.isNew,
  isHot: products.isHot,
  freeShipping: products.freeShipping,
  tag: products.tag,
};

export interface SummaryRow {
  id: number;
  name: string;
  categoryId: string;
  categoryName: string;
  brandName: string | null;
  priceKobo: number;
  originalPriceKobo: number | null;
  colors: ColorOption[];
  sizes: string[];
  ratingAverage: number;
  reviewCount: number;
  stock: number;
  isNew: boolean;
  isHot: boolean;
  freeShipping: boolean;
  tag: string | null;
}

export function toImageRef(row: typeof productImages.$inferSelect): ImageRef {
  return {
    key: row.key,
    widths: row.widths,
    width: row.width,
    height: row.height,
    alt: row.alt,
    colorName: row.colorName,
  };
}

export function toSummary(
  row: SummaryRow,
  image: ImageRef | null,
  variants: readonly { priceKobo: number | null; stock: number }[],
): ProductSummary {
  return {
    ...row,
    priceFromKobo: priceFromKobo(row.priceKobo, variants),
    stock: shownStock(row.stock),
    ratingAverage: Number(row.ratingAverage),
    discountPercent: discountPercent(row.priceKobo, row.originalPriceKobo),
    stockStatus: stockStatus(row.stock),
    image,
  };
}

/** One query for the lead image of many products, instead of one per product. */
export async function leadImages(db: DbOrTx, productIds: number[]): Promise<Map<number, ImageRef>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productImages)
    .where(and(inArray(productImages.productId, productIds), eq(productImages.position, 0)))
    .orderBy(asc(productImages.productId));
  return new Map(rows.map((row) => [row.productId, toImageRef(row)]));
}

/**
 * Summaries of the products `ids` names, in that order (ids not found are left out): their rows,
 * lead images and variant prices read side by side, one query each.
 */
export async function summariesByIds(db: DbOrTx, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const [rows, images, prices] = await Promise.all([
    summaryFrom(db).where(inArray(products.id, [...ids])),
    leadImages(db, [...ids]),
    variantPricesOf(db, [...ids]),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, images.get(id) ?? null, prices.get(id) ?? [])] : [];
  });
}

/** Products with their summary columns, and any `extra` columns a view needs beside them. */
export function summaryFrom<Extra extends SelectedFields = Record<never, never>>(db: DbOrTx, extra?: Extra) {
  return db
    .select({ ...summaryColumns, ...(extra as Extra) })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));
}

/**
 * Each category's picture: the lead picture of the first of its products in `order` among those
 * `where` admits (the best rated for the category tiles, the deepest cut for the sale's).
 */
export async function categoryLeadImages(
  db: DbOrTx,
  where: SQL | undefined,
  order: SQL,
): Promise<Map<string, ImageRef>> {
  const rows = await db
    .selectDistinctOn([products.categoryId], {
      categoryId: products.categoryId,
      key: productImages.key,
      widths: productImages.widths,
      width: productImages.width,
      height: productImages.height,
      alt: productImages.alt,
      colorName: productImages.colorName,
    })
    .from(products)
    .innerJoin(
      productImages,
      sql`${productImages.productId} = ${products.id} AND ${productImages.position} = 0`,
    )
    .where(where)
    .orderBy(products.categoryId, order, products.id);
  return new Map(rows.map(({ categoryId, ...image }) => [categoryId, image]));
}
