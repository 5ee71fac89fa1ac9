import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasSizeChoice, reviewInputSchema, type Review, type ReviewPage } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { products, reviews } from '../../db/schema/catalog';
import { reviewFits } from '../../db/schema/returns';
import { AppError } from '../errors';
import type { RateLimiter } from '../rate-limits';
import { parseInput } from '../validation';

export const REVIEW_FIELDS_MISSING = 'Please fill in all review fields.';
const REVIEWS_PER_PAGE = 10;
const reviewRateLimit = { name: 'review-user', limit: 10, windowMs: 60 * 60 * 1000 };
const pageSchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });

function toReview(row: typeof reviews.$inferSelect): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    comment: row.comment,
    author: row.authorName,
    date: row.createdAt.toISOString(),
  };
}

async function activeProduct(db: DbOrTx, raw: unknown): Promise<{ id: number; sizes: string[] }> {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
    throw new AppError('NOT_FOUND', 'Product not found');
  const [row] = await db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(and(eq(products.id, id), eq(products.status, 'active')));
  if (!row) throw new AppError('NOT_FOUND', 'Product not found');
  return row;
}

export async function listReviews(db: DbOrTx, productIdRaw: unknown, raw: unknown = {}): Promise<ReviewPage> {
  const { id: productId } = await activeProduct(db, productIdRaw);
  return reviewsOf(db, productId, raw);
}

/**
 * A page of a product's reviews, read without asking whether it is on sale: for a caller that reads
 * the product beside it and answers 404 itself when it is not (the product page).
 */
export async function reviewsOf(db: DbOrTx, productId: number, raw: unknown = {}): Promise<ReviewPage> {
  const { page } = parseInput(pageSchema, raw);
  const [rows, stars] = await Promise.all([
    db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PER_PAGE)
      .offset((page - 1) * REVIEWS_PER_PAGE),
    db
      .select({ rating: reviews.rating, total: count() })
      .from(reviews)
      .where(eq(reviews.productId, productId))
      .groupBy(reviews.rating),
  ]);
  const distribution: ReviewPage['distribution'] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const row of stars) distribution[row.rating as 1 | 2 | 3 | 4 | 5] = row.total;
  const total = stars.reduce((sum, row) => sum + row.total, 0);
  return { reviews: rows.map(toReview), total, page, pageSize: REVIEWS_PER_PAGE, distribution };
}

/**
 * A signed-in shopper's review, one per product each, under their own name. The product's rating
 * and review count are recomputed from the stored reviews in the same transaction, and her answer to
 * "How did it fit?" (a piece with sizes only) is kept beside it for the fit advice.
 */
export async function addReview(
  deps: { db: DbOrTx; rateLimiter: RateLimiter },
  author: { id: string; name: string },
  productIdRaw: unknown,
  raw: unknown,
): Promise<Review> {
  const input = parseInput(reviewInputSchema, raw);
  const title = input.title.trim();
  const comment = input.comment.trim();
  if (input.rating < 1 || !title || !comment) {
    throw new AppError('BAD_REQUEST', REVIEW_FIELDS_MISSING, {
      ...(input.rating < 1 ? { rating: 'Choose from 1 to 5 stars' } : {}),
      ...(title ? {} : { title: 'A title is required' }),
      ...(comment ? {} : { comment: 'A review is required' }),
    });
  }
  const product = await activeProduct(deps.db, productIdRaw);
  const productId = product.id;
  if (input.fit && !hasSizeChoice(product.sizes)) {
    throw new AppError('BAD_REQUEST', 'This piece comes in one size: there is no fit to tell.', {
      fit: 'This piece comes in one size',
    });
  }
  await deps.rateLimiter.hit(reviewRateLimit, author.id);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({ productId, userId: author.id, authorName: author.name, rating: input.rating, title, comment })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning();
    if (!row) throw new AppError('CONFLICT', 'You have already reviewed this product.');
    if (input.fit) await tx.insert(reviewFits).values({ reviewId: row.id, productId, fit: input.fit });
    await tx.execute(sql`
      UPDATE products SET
        rating_average = (SELECT ROUND(AVG(rating)::numeric, 2) FROM reviews WHERE product_id = ${productId}),
        review_count = (SELECT COUNT(*)::int FROM reviews WHERE product_id = ${productId}),
        updated_at = now()
      WHERE id = ${productId}`);
    return toReview(row);
  });
}
