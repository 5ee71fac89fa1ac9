import { asc, eq, inArray, sql } from 'drizzle-orm';
import { productIdSchema, type ProductDetail, type ProductSummary } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { categories, productImages, products } from '../../db/schema/catalog';
import { AppError } from '../errors';
import { getFitAdvice } from './fit-advice';
import { toPublicVariant, variantsOf } from './variants';
import { summaryFrom, toImageRef, toSummary, withLeadImages } from './product-rows';

const RELATED_COUNT = 4;

export async function getProduct(db: DbOrTx, rawId: unknown): Promise<ProductDetail> {
  const parsed = productIdSchema.safeParse(rawId);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Product not found');
  const id = parsed.data;

  const [row] = await db
    .select({
      description: products.description,
      sizes: products.sizes,
      specs: products.specs,
      createdAt: products.createdAt,
      status: products.status,
      parentId: categories.parentId,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!row || row.status !== 'active') throw new AppError('NOT_FOUND', 'Product not found');

  const [[summaryRow], imageRows, department, variants, fitAdvice] = await Promise.all([
    summaryFrom(db).where(eq(products.id, id)),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    row.parentId
      ? db
          .select({ id: categories.id, name: categories.name })
          .from(categories)
          .where(eq(categories.id, row.parentId))
          .then((rows) => rows[0] ?? null)
      : Promise.resolve(null),
    variantsOf(db, [id]),
    getFitAdvice(db, { id, sizes: row.sizes }),
  ]);
  if (!summaryRow) throw new AppError('NOT_FOUND', 'Product not found');
  const images = imageRows.map(toImageRef);
  const rows = variants.get(id) ?? [];
  return {
    ...toSummary(summaryRow, images[0] ?? null, rows),
    description: row.description,
    fitAdvice,
    sizes: row.sizes,
    specs: row.specs,
    variants: rows.map((variant) => toPublicVariant(variant, summaryRow.priceKobo)),
    images,
    department,
    createdAt: row.createdAt.toISOString(),
  };
}

interface RelatedCandidate {
  id: number;
  category_id: string;
  brand_id: string | null;
  distance: number;
}

/**
 * 'You May Also Like': four pieces a shopper of this one might weigh against it, never four takes
 * on the same bag. Up to two come from its own category, of different brands; the rest each from
 * another category of its department; all as near to its price as can be. Each category is read
 * through its (category, price) index, nearest prices first, so the choice stays cheap at any size.
 */
export async function listRelatedProducts(
  db: DbOrTx,
  product: Pick<ProductDetail, 'id' | 'categoryId'>,
): Promise<ProductSummary[]> {
  const result = await db.execute(sql`
    WITH target AS (
      SELECT p.price_kobo, p.category_id, COALESCE(c.parent_id, c.id) AS department
      FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.id = ${product.id}
    )
    SELECT pick.id, pick.category_id, pick.brand_id, abs(pick.price_kobo - t.price_kobo)::int AS distance
    FROM target t
    JOIN categories c ON c.id = t.category_id OR c.parent_id = t.department
    CROSS JOIN LATERAL (
      (SELECT id, category_id, brand_id, price_kobo FROM products
        WHERE category_id = c.id AND status = 'active' AND id <> ${product.id} AND price_kobo >= t.price_kobo
        ORDER BY price_kobo LIMIT ${RELATED_COUNT})
      UNION ALL
      (SELECT id, category_id, brand_id, price_kobo FROM products
        WHERE category_id = c.id AND status = 'active' AND id <> ${product.id} AND price_kobo < t.price_kobo
        ORDER BY price_kobo DESC LIMIT ${RELATED_COUNT})
    ) pick
    ORDER BY distance, pick.id`);
  const candidates = (result as unknown as { rows: RelatedCandidate[] }).rows;
  const ids = chooseRelated(candidates, product.categoryId);
  if (ids.length === 0) return [];
  const rows = await summaryFrom(db).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return withLeadImages(
    db,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** Nearest in price first: two of the own category (brands differ), then one per other category, then whatever is left. */
export function chooseRelated(candidates: readonly RelatedCandidate[], categoryId: string): number[] {
  const chosen: RelatedCandidate[] = [];
  const own = candidates.filter((candidate) => candidate.category_id === categoryId);
  for (const candidate of own) {
    if (chosen.length === 2) break;
    if (chosen.some((picked) => picked.brand_id !== null && picked.brand_id === candidate.brand_id)) continue;
    chosen.push(candidate);
  }
  const seenCategories = new Set([categoryId]);
  for (const candidate of candidates) {
    if (chosen.length === RELATED_COUNT) break;
    if (seenCategories.has(candidate.category_id)) continue;
    seenCategories.add(candidate.category_id);
    chosen.push(candidate);
  }
  for (const candidate of candidates) {
    if (chosen.length === RELATED_COUNT) break;
    if (!chosen.includes(candidate)) chosen.push(candidate);
  }
  return chosen.map((candidate) => Number(candidate.id));
}
