import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  productIdSchema,
  type ProductDetail,
  type ProductSummary,
  type ReviewPage,
} from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { categories, productImages, products } from '../../db/schema/catalog';
import { AppError } from '../errors';
import { fitAdviceFor, readFitEvidence } from './fit-advice';
import { reviewsOf } from './reviews';
import { toPublicVariant, variantsOf } from './variants';
import { summariesByIds, summaryFrom, toImageRef, toSummary } from './product-rows';

const RELATED_COUNT = 4;

function productId(rawId: unknown): number {
  const parsed = productIdSchema.safeParse(rawId);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Product not found');
  return parsed.data;
}

const department = alias(categories, 'department');

/**
 * A product as its page shows it. Everything is read side by side, one round trip to the database
 * (the row with its department, the pictures, the variants, the fit evidence): a product page's
 * first read waits on its slowest query, not on their sum.
 */
export async function getProduct(db: DbOrTx, rawId: unknown): Promise<ProductDetail> {
  const id = productId(rawId);
  const [[row], imageRows, variants, fitEvidence] = await Promise.all([
    summaryFrom(db, {
      description: products.description,
      specs: products.specs,
      createdAt: products.createdAt,
      status: products.status,
      departmentId: department.id,
      departmentName: department.name,
    })
      .leftJoin(department, eq(department.id, categories.parentId))
      .where(eq(products.id, id)),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position)),
    variantsOf(db, [id]),
    readFitEvidence(db, id),
  ]);
  if (!row || row.status !== 'active') throw new AppError('NOT_FOUND', 'Product not found');
  const images = imageRows.map(toImageRef);
  const rows = variants.get(id) ?? [];
  const { description, specs, createdAt, status: _status, departmentId, departmentName, ...summaryRow } = row;
  return {
    ...toSummary(summaryRow, images[0] ?? null, rows),
    description,
    fitAdvice: fitAdviceFor(summaryRow.sizes, fitEvidence),
    sizes: summaryRow.sizes,
    specs,
    variants: rows.map((variant) => toPublicVariant(variant, summaryRow.priceKobo)),
    images,
    department: departmentId && departmentName ? { id: departmentId, name: departmentName } : null,
    createdAt: createdAt.toISOString(),
  };
}

/**
 * The product page's three reads side by side: the product, the pieces related to it and the first
 * page of its reviews. A product not on sale is a 404 (what was read beside it is dropped).
 */
export async function getProductPage(
  db: DbOrTx,
  rawId: unknown,
): Promise<{ product: ProductDetail; related: ProductSummary[]; reviews: ReviewPage }> {
  const id = productId(rawId);
  const [product, related, reviews] = await Promise.all([
    getProduct(db, id),
    listRelatedProducts(db, id),
    reviewsOf(db, id),
  ]);
  return { product, related, reviews };
}

interface RelatedCandidate {
  id: number;
  category_id: string;
  /** The product's own category, on every row. */
  own_category: string;
  brand_id: string | null;
  distance: number;
}

/**
 * 'You May Also Like': four pieces a shopper of this one might weigh against it, never four takes
 * on the same bag. Up to two come from its own category, of different brands; the rest each from
 * another category of its department; all as near to its price as can be. Each category is read
 * through its (category, price) index, nearest prices first, so the choice stays cheap at any size.
 */
export async function listRelatedProducts(db: DbOrTx, rawId: unknown): Promise<ProductSummary[]> {
  const id = productId(rawId);
  const result = await db.execute(sql`
    WITH target AS (
      SELECT p.price_kobo, p.category_id, COALESCE(c.parent_id, c.id) AS department
      FROM products p JOIN categories c ON c.id = p.category_id
      WHERE p.id = ${id}
    )
    SELECT pick.id, pick.category_id, t.category_id AS own_category, pick.brand_id,
           abs(pick.price_kobo - t.price_kobo)::int AS distance
    FROM target t
    JOIN categories c ON c.id = t.category_id OR c.parent_id = t.department
    CROSS JOIN LATERAL (
      (SELECT id, category_id, brand_id, price_kobo FROM products
        WHERE category_id = c.id AND status = 'active' AND id <> ${id} AND price_kobo >= t.price_kobo
        ORDER BY price_kobo LIMIT ${RELATED_COUNT})
      UNION ALL
      (SELECT id, category_id, brand_id, price_kobo FROM products
        WHERE category_id = c.id AND status = 'active' AND id <> ${id} AND price_kobo < t.price_kobo
        ORDER BY price_kobo DESC LIMIT ${RELATED_COUNT})
    ) pick
    ORDER BY distance, pick.id`);
  const candidates = (result as { rows: RelatedCandidate[] }).rows;
  if (candidates.length === 0) return [];
  return summariesByIds(db, chooseRelated(candidates, candidates[0]!.own_category));
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
