import { percentOf } from '../../contracts/money';
import type { CouponType } from '../../db/schema/orders';

/** What a coupon takes off and where, as checkout prices it (decision 0064). Money in kobo. */
export interface CouponTerms {
  type: CouponType;
  percent: number | null;
  amountKobo: number | null;
  minimumSpendKobo: number;
  categoryIds: readonly string[];
  productIds: readonly number[];
}

/** A coupon for chosen categories or products applies to those lines only. */
export function isRestricted(terms: Pick<CouponTerms, 'categoryIds' | 'productIds'>): boolean {
  return terms.categoryIds.length > 0 || terms.productIds.length > 0;
}

/**
 * Whether a line's product is one the coupon is for: every line for a coupon that names no category
 * and no product; else a product named, or one whose category is among `categories` (the chosen
 * categories and those below them).
 */
export function lineIsEligible(
  terms: Pick<CouponTerms, 'categoryIds' | 'productIds'>,
  categories: ReadonlySet<string>,
  line: { productId: number; categoryId: string | null },
): boolean {
  if (!isRestricted(terms)) return true;
  if (terms.productIds.includes(line.productId)) return true;
  return line.categoryId !== null && categories.has(line.categoryId);
}

/**
 * `totalKobo` split over `weights` in proportion, to the kobo: each share rounded down, then the kobo
 * left over given one each to the largest remainders (the earlier first on a tie). The shares add up
 * to `totalKobo` exactly (none when the weights are all 0), and none is more than its weight when
 * `totalKobo` is at most their sum.
 */
export function splitInProportion(totalKobo: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0);
  if (whole <= 0 || totalKobo <= 0) return weights.map(() => 0);
  // BigInt: a share's product (up to 2^31 × 2^31) is past what a double holds exactly.
  const total = BigInt(totalKobo);
  const sum = BigInt(whole);
  const parts = weights.map((weight, index) => {
    const exact = total * BigInt(weight);
    return { index, share: exact / sum, remainder: exact % sum };
  });
  let left = total - parts.reduce((given, part) => given + part.share, 0n);
  const byRemainder = [...parts].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const part of byRemainder) {
    if (left <= 0n) break;
    part.share += 1n;
    left -= 1n;
  }
  return parts.map((part) => Number(part.share));
}

/** A priced line as the coupon sees it. */
export interface CouponLine {
  lineTotalKobo: number;
  /** The shop sells the line as it stands (a line no longer sold adds nothing to the order). */
  counted: boolean;
  /** Its product is one the coupon is for (`lineIsEligible`). */
  eligible: boolean;
}

export interface CouponApplication {
  /** Indexes of the lines it applies to. */
  lines: number[];
  /** What those lines come to before the coupon: the minimum spend is counted on this. */
  eligibleKobo: number;
  /** What it takes off the goods: 0 for free delivery, and when it does not apply. */
  discountKobo: number;
  /** Each line's share of `discountKobo`, 0 for the lines it does not apply to. */
  shares: number[];
  /** It makes the chosen delivery free. */
  freeDelivery: boolean;
  /** Why it does not apply to this cart; null when it does. */
  problem: 'no-eligible-items' | 'minimum-spend' | null;
}

/**
 * What a coupon takes off a cart: a percentage of the eligible lines (rounded half up, as percent
 * coupons always were), or a fixed amount off them (never more than they come to), split over them
 * in proportion to the kobo; free delivery takes nothing off the goods. The minimum spend counts the
 * eligible lines only. A coupon for chosen categories or products with none of them in the cart does
 * not apply; a coupon on every line applies to whatever the cart holds.
 */
export function applyCoupon(terms: CouponTerms, lines: readonly CouponLine[]): CouponApplication {
  const applied = lines.flatMap((line, index) => (line.counted && line.eligible ? [index] : []));
  const eligibleKobo = applied.reduce((sum, index) => sum + lines[index]!.lineTotalKobo, 0);
  const none = (problem: CouponApplication['problem'], indexes: number[]): CouponApplication => ({
    lines: indexes,
    eligibleKobo,
    discountKobo: 0,
    shares: lines.map(() => 0),
    freeDelivery: false,
    problem,
  });
  if (applied.length === 0 && isRestricted(terms)) return none('no-eligible-items', []);
  if (eligibleKobo < terms.minimumSpendKobo) return none('minimum-spend', applied);
  if (terms.type === 'free_delivery') return { ...none(null, applied), freeDelivery: true };
  const discountKobo =
    terms.type === 'fixed'
      ? Math.min(terms.amountKobo ?? 0, eligibleKobo)
      : percentOf(eligibleKobo, terms.percent ?? 0);
  const split = splitInProportion(
    discountKobo,
    applied.map((index) => lines[index]!.lineTotalKobo),
  );
  const shares = lines.map(() => 0);
  applied.forEach((index, position) => {
    shares[index] = split[position]!;
  });
  return { lines: applied, eligibleKobo, discountKobo, shares, freeDelivery: false, problem: null };
}
