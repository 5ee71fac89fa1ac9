import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyCoupon, lineIsEligible, splitInProportion, type CouponTerms } from './coupon-discount';

const terms = (values: Partial<CouponTerms>): CouponTerms => ({
  type: 'percent',
  percent: 10,
  amountKobo: null,
  minimumSpendKobo: 0,
  categoryIds: [],
  productIds: [],
  ...values,
});

const line = (lineTotalKobo: number, eligible = true, counted = true) => ({
  lineTotalKobo,
  eligible,
  counted,
});

describe('splitInProportion', () => {
  it('splits to the kobo, the kobo left over to the largest remainders, the earlier line first on a tie', () => {
    expect(splitInProportion(500_000, [1_000_000, 3_000_000])).toEqual([125_000, 375_000]);
    // 100 kobo over three equal lines: 33 each, the kobo left to the first.
    expect(splitInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    // 10 over 1:2: 3.33 and 6.67, the larger remainder takes the kobo.
    expect(splitInProportion(10, [1, 2])).toEqual([3, 7]);
    expect(splitInProportion(0, [5, 5])).toEqual([0, 0]);
    expect(splitInProportion(7, [0, 0])).toEqual([0, 0]);
  });

  it('always gives out exactly the amount, never more than a line is worth', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, part) => {
          const whole = weights.reduce((sum, weight) => sum + weight, 0);
          const amount = Math.floor(whole * part);
          const shares = splitInProportion(amount, weights);
          expect(shares.reduce((sum, share) => sum + share, 0)).toBe(whole === 0 ? 0 : amount);
          shares.forEach((share, index) => {
            expect(Number.isInteger(share)).toBe(true);
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(weights[index]!);
          });
        },
      ),
    );
  });
});

describe('lineIsEligible', () => {
  const chosen = new Set(['womens-bags', 'tote-bags']);
  it('takes every line when the coupon names no category and no product', () => {
    expect(lineIsEligible(terms({}), new Set(), { productId: 1, categoryId: 'mens-wear' })).toBe(true);
  });
  it('takes the lines of the chosen categories (with those below them) or the chosen products', () => {
    const coupon = terms({ categoryIds: ['womens-bags'], productIds: [7] });
    expect(lineIsEligible(coupon, chosen, { productId: 1, categoryId: 'tote-bags' })).toBe(true);
    expect(lineIsEligible(coupon, chosen, { productId: 7, categoryId: 'mens-wear' })).toBe(true);
    expect(lineIsEligible(coupon, chosen, { productId: 2, categoryId: 'mens-wear' })).toBe(false);
    expect(lineIsEligible(coupon, chosen, { productId: 2, categoryId: null })).toBe(false);
  });
});

describe('applyCoupon', () => {
  it('takes a percentage off the whole order exactly as before: rounded half up on the subtotal', () => {
    const applied = applyCoupon(terms({ percent: 10 }), [line(12_345)]);
    expect(applied).toMatchObject({ discountKobo: 1_235, lines: [0], shares: [1_235], problem: null });
  });

  it('takes a fixed amount off the eligible lines, split in proportion to the kobo', () => {
    const applied = applyCoupon(terms({ type: 'fixed', percent: null, amountKobo: 500_000 }), [
      line(1_000_000),
      line(2_000_000, false),
      line(3_000_000),
    ]);
    expect(applied).toMatchObject({
      eligibleKobo: 4_000_000,
      discountKobo: 500_000,
      lines: [0, 2],
      shares: [125_000, 0, 375_000],
      freeDelivery: false,
      problem: null,
    });
  });

  it('never takes more than the eligible lines are worth', () => {
    const applied = applyCoupon(terms({ type: 'fixed', percent: null, amountKobo: 500_000 }), [
      line(300_000),
      line(900_000, false),
    ]);
    expect(applied).toMatchObject({ discountKobo: 300_000, shares: [300_000, 0] });
  });

  it('takes a percentage of the eligible lines only', () => {
    const applied = applyCoupon(terms({ percent: 20, categoryIds: ['womens-bags'] }), [
      line(1_000_000),
      line(2_000_000, false),
    ]);
    expect(applied).toMatchObject({ discountKobo: 200_000, lines: [0], shares: [200_000, 0] });
  });

  it('makes delivery free and takes nothing off the goods', () => {
    const applied = applyCoupon(terms({ type: 'free_delivery', percent: null }), [line(1_000_000)]);
    expect(applied).toMatchObject({ discountKobo: 0, freeDelivery: true, lines: [0], shares: [0] });
  });

  it('counts the minimum spend on the eligible lines, and leaves out lines the shop no longer sells', () => {
    const coupon = terms({ type: 'fixed', percent: null, amountKobo: 500_000, minimumSpendKobo: 2_000_000 });
    const short = applyCoupon(coupon, [line(1_500_000), line(5_000_000, false), line(900_000, true, false)]);
    expect(short).toMatchObject({ problem: 'minimum-spend', discountKobo: 0, eligibleKobo: 1_500_000 });
    expect(short.shares).toEqual([0, 0, 0]);
    const enough = applyCoupon(coupon, [line(1_500_000), line(500_000)]);
    expect(enough).toMatchObject({ problem: null, discountKobo: 500_000, shares: [375_000, 125_000] });
  });

  it('says so when no line is eligible', () => {
    const applied = applyCoupon(terms({ productIds: [9] }), [line(1_000_000, false)]);
    expect(applied).toMatchObject({ problem: 'no-eligible-items', discountKobo: 0, lines: [] });
  });
});
