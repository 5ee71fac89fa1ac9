import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { reviewFits } from '../../db/schema/returns';
import * as seed from '../../seed/catalog-data';
import { recordFitReturns, recordFitReviews } from '../../tests/fixtures/fit-evidence';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import type { RateLimiter } from '../rate-limits';
import {
  adviseFit,
  fitNote,
  fitAdviceFor,
  noFitEvidence,
  readFitEvidence,
  type FitEvidence,
} from './fit-advice';
import { getProduct } from './get-product';
import { addReview } from './reviews';

const evidence = (
  returns: Partial<FitEvidence['returns']> = {},
  reviews: Partial<FitEvidence['reviews']> = {},
  unitsSold = 0,
): FitEvidence => {
  const small = returns.small ?? 0;
  const large = returns.large ?? 0;
  return {
    unitsSold,
    returns: {
      small,
      large,
      smallUnits: returns.smallUnits ?? small,
      largeUnits: returns.largeUnits ?? large,
    },
    reviews: { ...noFitEvidence.reviews, ...reviews },
  };
};

describe('adviseFit', () => {
  it('says nothing below five fit signals, however much they agree', () => {
    expect(adviseFit(noFitEvidence)).toBeNull();
    expect(adviseFit(evidence({ small: 4 }))).toBeNull();
    expect(adviseFit(evidence({ small: 2 }, { small: 2 }))).toBeNull();
  });

  it('says it runs small when most returns for size say Too small', () => {
    expect(adviseFit(evidence({ small: 5 }))).toEqual({
      direction: 'small',
      message: 'Runs small: most people who returned it needed one size up.',
      basis: { returns: 5, reviews: 0 },
    });
  });

  it('adds that reviewers agree when most of their fit answers lean the same way', () => {
    expect(adviseFit(evidence({ small: 7, large: 1 }, { small: 2, true: 1 }))).toEqual({
      direction: 'small',
      message: 'Runs small: most people who returned it needed one size up, and reviewers agree.',
      basis: { returns: 7, reviews: 2 },
    });
  });

  it('speaks from the reviews alone when there are no returns for size', () => {
    expect(adviseFit(evidence({}, { large: 4, true: 1 }))).toEqual({
      direction: 'large',
      message: 'Runs large: most reviewers say to take one size down.',
      basis: { returns: 0, reviews: 4 },
    });
  });

  it('says nothing when under three in five point the same way (true to size counts against)', () => {
    // 5 of 9 lean small: 56%.
    expect(adviseFit(evidence({ small: 3 }, { small: 2, true: 4 }))).toBeNull();
    // 3 of 5 exactly: 60% is enough.
    expect(adviseFit(evidence({ small: 3 }, { true: 2 }))?.direction).toBe('small');
    // Split both ways.
    expect(adviseFit(evidence({ small: 3, large: 3 }))).toBeNull();
  });

  it('leaves the returns out when they are under one in twenty of the units sold', () => {
    // 6 returns Too small among 200 sold (3%): the piece fits most people.
    expect(adviseFit(evidence({ small: 6 }, {}, 200))).toBeNull();
    // Then only the reviews speak, and they say true to size.
    expect(adviseFit(evidence({ small: 6 }, { true: 5 }, 200))).toBeNull();
    // 10 of 200 (5%): they count.
    expect(adviseFit(evidence({ small: 10 }, {}, 200))?.basis).toEqual({ returns: 10, reviews: 0 });
    // The rate is of units: one return of three units is three units.
    expect(adviseFit(evidence({ small: 5, smallUnits: 10 }, {}, 200))?.direction).toBe('small');
  });
});

describe('fitNote (the admin editor)', () => {
  it('names the lean and what it rests on, or why there is none', () => {
    expect(fitNote(evidence({ small: 7 }, { small: 2 }))).toBe(
      'Fit: runs small (7 returns Too small, 2 reviews)',
    );
    expect(fitNote(evidence({ large: 1 }, { large: 4 }))).toBe(
      'Fit: runs large (1 return Too big, 4 reviews)',
    );
    expect(fitNote(evidence({}, { small: 5 }))).toBe('Fit: runs small (5 reviews)');
    expect(fitNote(evidence({ small: 2 }))).toBe('Not enough returns or reviews yet');
    expect(fitNote(evidence({ small: 6 }, { small: 1 }, 200))).toBe(
      'Not enough returns or reviews yet (6 returns for size among 200 sold)',
    );
    expect(fitNote(evidence({ small: 3, large: 3 }))).toBe(
      'Fit: no clear lean yet (6 returns for size, 0 reviews)',
    );
  });
});

describe('the fit evidence in the database', () => {
  let database: TestDatabase;
  const noLimits: RateLimiter = { hit: async () => {}, check: async () => {} };
  const idOf = (index: number) => 1001 + index;
  // Pieces the demo gives no fit answers, so each test starts from nothing.
  const sized = seed.products
    .map((product, index) => ({ product, id: idOf(index) }))
    .filter(({ product }) => product.sizes.length > 1 && product.reviews.every((review) => !review.fit));
  const unsized = seed.products.findIndex((product) => product.sizes.length === 1);

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  async function shopper(email: string) {
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Zainab Y.', email, passwordHash: 'not-a-real-hash', emailVerifiedAt: new Date() })
      .returning();
    return { id: row!.id, name: row!.name };
  }

  it('reads returns for size and reviews by their answer, leaving other reasons out', async () => {
    const id = sized[0]!.id;
    await recordFitReturns(database.db, id, 'too_small', 3);
    await recordFitReturns(database.db, id, 'too_big', 1);
    await recordFitReturns(database.db, id, 'changed_mind', 4);
    await recordFitReviews(database.db, id, 'small', 2);
    await recordFitReviews(database.db, id, 'true', 1);
    expect(await readFitEvidence(database.db, id)).toEqual({
      // The units paid for up to the latest return for size: the 3 + 1 returned, not the 4 after.
      unitsSold: 4,
      returns: { small: 3, large: 1, smallUnits: 3, largeUnits: 1 },
      reviews: { small: 2, true: 1, large: 0 },
    });
    expect((await getProduct(database.db, id)).fitAdvice).toEqual({
      direction: 'small',
      message: 'Runs small: most people who returned it needed one size up, and reviewers agree.',
      basis: { returns: 3, reviews: 2 },
    });
  });

  it('keeps its advice through later sales, which no cached page would see', async () => {
    const id = sized[4]!.id;
    await recordFitReturns(database.db, id, 'too_big', 5);
    const before = await readFitEvidence(database.db, id);
    expect(before.unitsSold).toBe(5);
    // Forty more sold after the last return for size: the advice was read from what came before it.
    await recordFitReturns(database.db, id, 'changed_mind', 40);
    expect(await readFitEvidence(database.db, id)).toEqual(before);
    expect((await getProduct(database.db, id)).fitAdvice?.direction).toBe('large');
  });

  it('shows the demo shop\u2019s advice on the shirt its reviewers say runs small', async () => {
    const index = seed.products.findIndex((product) => product.name === 'Obi & Sons Poplin Dress Shirt');
    expect((await getProduct(database.db, idOf(index))).fitAdvice).toEqual({
      direction: 'small',
      message: 'Runs small: most reviewers say to take one size up.',
      basis: { returns: 0, reviews: 4 },
    });
  });

  it('gives a piece with no evidence, or sold in one size, no advice', async () => {
    expect((await getProduct(database.db, sized[1]!.id)).fitAdvice).toBeNull();
    const id = idOf(unsized);
    await recordFitReviews(database.db, id, 'small', 6);
    // Evidence enough, and still no advice: there is no other size to take.
    expect(fitAdviceFor(seed.products[unsized]!.sizes, await readFitEvidence(database.db, id))).toBeNull();
    expect((await getProduct(database.db, id)).fitAdvice).toBeNull();
  });

  it('keeps a review\u2019s fit answer beside it, in the same step', async () => {
    const id = sized[2]!.id;
    const author = await shopper('fit.small@example.ng');
    const review = await addReview({ db: database.db, rateLimiter: noLimits }, author, id, {
      rating: 4,
      title: 'Snug across the shoulders',
      comment: 'Lovely cloth but I needed the next size up.',
      fit: 'small',
    });
    const rows = await database.db.select().from(reviewFits).where(eq(reviewFits.reviewId, review.id));
    expect(rows).toEqual([{ reviewId: review.id, productId: id, fit: 'small' }]);

    // No answer: no row, and the review stands.
    const other = await shopper('fit.none@example.ng');
    const plain = await addReview({ db: database.db, rateLimiter: noLimits }, other, id, {
      rating: 5,
      title: 'Great',
      comment: 'Exactly as pictured.',
      fit: '',
    });
    expect(await database.db.select().from(reviewFits).where(eq(reviewFits.reviewId, plain.id))).toEqual([]);
  });

  it('refuses a fit answer it does not know, or for a piece sold in one size, and keeps nothing', async () => {
    const author = await shopper('fit.bad@example.ng');
    const deps = { db: database.db, rateLimiter: noLimits };
    const body = { rating: 4, title: 'Nice', comment: 'Nice piece.' };
    for (const [id, fit] of [
      [sized[3]!.id, 'tight'],
      [sized[3]!.id, 3],
      [idOf(unsized), 'small'],
    ] as const) {
      await expect(addReview(deps, author, id, { ...body, fit })).rejects.toSatisfy(
        (error) => error instanceof AppError && error.code === 'BAD_REQUEST' && Boolean(error.fields?.fit),
      );
    }
    const [count] = await database.db
      .select({ id: reviewFits.reviewId })
      .from(reviewFits)
      .where(eq(reviewFits.productId, sized[3]!.id));
    expect(count).toBeUndefined();
    expect((await getProduct(database.db, sized[3]!.id)).reviewCount).toBe(sized[3]!.product.reviews.length);
  });
});
