import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { productIdSchema, type ProductDetail, type ProductSummary } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { categories, productImages, products } from '../../db/schema/catalog';
import { AppError } from '../errors';
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

  const [[summaryRow], imageRows, department] = await Promise.all([
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
  ]);
  if (!summaryRow) throw new AppError('NOT_FOUND', 'Product not found');
  const images = imageRows.map(toImageRef);
  return {
    ...toSummary(summaryRow, images[0] ?? null),
    description: row.description,
    sizes: row.sizes,
    specs: row.specs,
    images,
    department,
    createdAt: row.createdAt.toISOString(),
  };
}

/** 'You May Also Like': up to four others from the same category, best rated first. */
export async function listRelatedProducts(
  db: DbOrTx,
  product: Pick<ProductDetail, 'id' | 'categoryId'>,
): Promise<ProductSummary[]> {
  const rows = await summaryFrom(db)
    .where(
      and(
        eq(products.categoryId, product.categoryId),
        ne(products.id, product.id),
        eq(products.status, 'active'),
      ),
    )
    .orderBy(desc(products.ratingAverage), asc(products.id))
    .limit(RELATED_COUNT);
  return withLeadImages(db, rows);
}
