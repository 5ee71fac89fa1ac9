import { sql } from 'drizzle-orm';
import { hasSizeChoice, type FitAdvice } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';

/*
 * Fit advice: what a piece's returns for size and its reviewers' "How did it fit?" agree on, said
 * beside the size picker. The thresholds and why they are these: docs/decisions/0043-fit-advice.md.
 */

/** At least this many fit signals (returns for size, plus reviews that answered the fit question). */
export const MIN_FIT_SIGNALS = 5;
/** At least this share of them pointing the same way (3 in 5). */
export const FIT_AGREEMENT = { numerator: 3, denominator: 5 } as const;
/** Returns count only when the units returned for size are at least this share of the units sold (1 in 20). */
export const FIT_RETURN_RATE = { numerator: 1, denominator: 20 } as const;

/** What one piece's returns and reviews say about its fit, as read from the database. */
export interface FitEvidence {
  /**
   * The piece's units paid for up to its latest return for size. Not the running sold count: a sale
   * does not move the catalogue version, so advice read from it would go stale in the cache, while
   * this figure changes only with a return for size, which does.
   */
  unitsSold: number;
  /** Return lines (one shopper's judgement each) with reason Too small / Too big, and their units. */
  returns: { small: number; large: number; smallUnits: number; largeUnits: number };
  /** Reviews by their fit answer. */
  reviews: { small: number; true: number; large: number };
}

export const noFitEvidence: FitEvidence = {
  unitsSold: 0,
  returns: { small: 0, large: 0, smallUnits: 0, largeUnits: 0 },
  reviews: { small: 0, true: 0, large: 0 },
};

/**
 * Whether the returns for size say something about the fit: a few among many sales say rather that
 * the piece fits most people, so below the rate they are left out and only the reviews speak.
 */
export function returnsCount(evidence: FitEvidence): boolean {
  const units = evidence.returns.smallUnits + evidence.returns.largeUnits;
  if (units === 0) return false;
  return units * FIT_RETURN_RATE.denominator >= evidence.unitsSold * FIT_RETURN_RATE.numerator;
}

/** The signals the advice weighs: the returns (when they count) and every review that answered. */
export function fitSignals(evidence: FitEvidence): number {
  const returns = returnsCount(evidence) ? evidence.returns.small + evidence.returns.large : 0;
  return returns + evidence.reviews.small + evidence.reviews.true + evidence.reviews.large;
}

const MESSAGES = {
  small: {
    returns: 'Runs small: most people who returned it needed one size up',
    reviews: 'Runs small: most reviewers say to take one size up.',
  },
  large: {
    returns: 'Runs large: most people who returned it needed one size down',
    reviews: 'Runs large: most reviewers say to take one size down.',
  },
} as const;

/**
 * The advice the evidence supports, or null below the threshold. A reviewer who found it true to
 * size counts against either lean; the message names the sources whose own majority agrees.
 */
export function adviseFit(evidence: FitEvidence): FitAdvice | null {
  const total = fitSignals(evidence);
  if (total < MIN_FIT_SIGNALS) return null;
  const counted = returnsCount(evidence);
  const lean = (direction: 'small' | 'large') => ({
    direction,
    returns: counted ? evidence.returns[direction] : 0,
    reviews: evidence.reviews[direction],
  });
  const small = lean('small');
  const large = lean('large');
  const lead = small.returns + small.reviews >= large.returns + large.reviews ? small : large;
  const leading = lead.returns + lead.reviews;
  if (leading * FIT_AGREEMENT.denominator < total * FIT_AGREEMENT.numerator) return null;

  const returnTotal = counted ? evidence.returns.small + evidence.returns.large : 0;
  const reviewTotal = evidence.reviews.small + evidence.reviews.true + evidence.reviews.large;
  const returnsAgree = lead.returns * 2 > returnTotal;
  const reviewersAgree = lead.reviews * 2 > reviewTotal;
  const words = MESSAGES[lead.direction];
  const message = returnsAgree
    ? `${words.returns}${reviewersAgree ? ', and reviewers agree.' : '.'}`
    : words.reviews;
  return {
    direction: lead.direction,
    message,
    basis: { returns: lead.returns, reviews: lead.reviews },
  };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The admin's one line beside the sizes: "Fit: runs small (7 returns Too small, 2 reviews)", or why
 * there is no advice yet.
 */
export function fitNote(evidence: FitEvidence): string {
  const advice = adviseFit(evidence);
  if (advice) {
    const reason = advice.direction === 'small' ? 'Too small' : 'Too big';
    const parts = [
      advice.basis.returns > 0 ? `${plural(advice.basis.returns, 'return', 'returns')} ${reason}` : null,
      advice.basis.reviews > 0 ? plural(advice.basis.reviews, 'review', 'reviews') : null,
    ].filter(Boolean);
    return `Fit: runs ${advice.direction} (${parts.join(', ')})`;
  }
  const returns = evidence.returns.small + evidence.returns.large;
  if (fitSignals(evidence) < MIN_FIT_SIGNALS) {
    // Returns left out for their rate: say so, or the owner would wonder why they do not count.
    if (returns > 0 && !returnsCount(evidence))
      return `Not enough returns or reviews yet (${plural(returns, 'return', 'returns')} for size among ${evidence.unitsSold} sold)`;
    return 'Not enough returns or reviews yet';
  }
  const reviews = evidence.reviews.small + evidence.reviews.true + evidence.reviews.large;
  return `Fit: no clear lean yet (${plural(returns, 'return', 'returns')} for size, ${plural(reviews, 'review', 'reviews')})`;
}

interface EvidenceRow {
  sold: number | string | null;
  returns_small: number | string;
  returns_large: number | string;
  units_small: number | string;
  units_large: number | string;
  reviews_small: number | string;
  reviews_true: number | string;
  reviews_large: number | string;
}

/**
 * One piece's fit evidence in one statement: the returns through return_items_product_idx (product,
 * reason), the reviews through review_fits_product_idx. Every return counts, whatever staff decided:
 * its reason is the shopper's word on the fit. Either table's writes move the catalogue version
 * (migration 0023), and the units sold are counted up to the latest return for size (paid_at never
 * changes), so a cached product page never outlives the evidence it was made from.
 */
export async function readFitEvidence(db: DbOrTx, productId: number): Promise<FitEvidence> {
  const result = (await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(l.quantity), 0)
         FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = ${productId} AND o.paid_at IS NOT NULL
          AND o.paid_at <= (SELECT max(a.created_at)
                              FROM return_items i JOIN order_returns a ON a.id = i.return_id
                             WHERE i.product_id = ${productId} AND i.reason IN ('too_small', 'too_big'))) AS sold,
      r.returns_small, r.returns_large, r.units_small, r.units_large,
      f.reviews_small, f.reviews_true, f.reviews_large
    FROM (
      SELECT count(*) FILTER (WHERE reason = 'too_small') AS returns_small,
             count(*) FILTER (WHERE reason = 'too_big') AS returns_large,
             coalesce(sum(quantity) FILTER (WHERE reason = 'too_small'), 0) AS units_small,
             coalesce(sum(quantity) FILTER (WHERE reason = 'too_big'), 0) AS units_large
        FROM return_items
       WHERE product_id = ${productId} AND reason IN ('too_small', 'too_big')
    ) r, (
      SELECT count(*) FILTER (WHERE fit = 'small') AS reviews_small,
             count(*) FILTER (WHERE fit = 'true') AS reviews_true,
             count(*) FILTER (WHERE fit = 'large') AS reviews_large
        FROM review_fits
       WHERE product_id = ${productId}
    ) f`)) as { rows: EvidenceRow[] };
  const row = result.rows[0];
  if (!row) return noFitEvidence;
  return {
    unitsSold: Number(row.sold ?? 0),
    returns: {
      small: Number(row.returns_small),
      large: Number(row.returns_large),
      smallUnits: Number(row.units_small),
      largeUnits: Number(row.units_large),
    },
    reviews: {
      small: Number(row.reviews_small),
      true: Number(row.reviews_true),
      large: Number(row.reviews_large),
    },
  };
}

/** The advice for a piece in `sizes` from evidence read beside it: none for a piece sold in one size. */
export function fitAdviceFor(sizes: readonly string[], evidence: FitEvidence): FitAdvice | null {
  return hasSizeChoice(sizes) ? adviseFit(evidence) : null;
}

/** The admin editor's fit line for a piece, or null for one sold in one size (no fit to speak of). */
export async function describeFit(
  db: DbOrTx,
  product: { id: number; sizes: readonly string[] },
): Promise<string | null> {
  if (!hasSizeChoice(product.sizes)) return null;
  return fitNote(await readFitEvidence(db, product.id));
}
