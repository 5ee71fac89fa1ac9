import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, reviews } from '../../db/schema/catalog';
import { within, percentOf, type ReportRange } from './range';

/** The Feedback card: reviews written in the range. */
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
