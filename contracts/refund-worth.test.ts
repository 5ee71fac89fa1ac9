import { describe, expect, it } from 'vitest';
import { lineRefundKobo } from './refund-worth';

// ₦30,000 of goods, a ₦3,000 coupon and ₦2,700 of tax: the order took ₦29,700 for its goods.
const order = { subtotalKobo: 3_000_000, discountKobo: 300_000, taxKobo: 270_000, taxIncluded: false };

describe('what a refund of a line gives back', () => {
  it('counts the line’s share of the coupon and the tax', () => {
    expect(lineRefundKobo(order, { unitPriceKobo: 1_000_000, refundedQuantity: 0 }, 1)).toBe(990_000);
  });

  it('gives back unit by unit exactly what it gives back at once', () => {
    const odd = { subtotalKobo: 300_001, discountKobo: 7, taxKobo: 13, taxIncluded: false };
    const line = { unitPriceKobo: 100_000 };
    const atOnce = lineRefundKobo(odd, { ...line, refundedQuantity: 0 }, 3);
    const oneByOne = [0, 1, 2].reduce(
      (sum, refunded) => sum + lineRefundKobo(odd, { ...line, refundedQuantity: refunded }, 1),
      0,
    );
    expect(oneByOne).toBe(atOnce);
  });

  it('gives nothing for no units, or for an order with no goods', () => {
    expect(lineRefundKobo(order, { unitPriceKobo: 1_000_000, refundedQuantity: 0 }, 0)).toBe(0);
    expect(
      lineRefundKobo(
        { subtotalKobo: 0, discountKobo: 0, taxKobo: 0, taxIncluded: false },
        { unitPriceKobo: 0, refundedQuantity: 0 },
        1,
      ),
    ).toBe(0);
  });

  it('counts the share of the discount the line recorded when it has one (a coupon for some lines only)', () => {
    // ₦30,000 bag and ₦10,000 shirt; ₦5,000 off the bag only; 10% tax on the ₦35,000 left: ₦3,500.
    const split = { subtotalKobo: 4_000_000, discountKobo: 500_000, taxKobo: 350_000, taxIncluded: false };
    const shirt = { unitPriceKobo: 1_000_000, quantity: 1, discountKobo: 0, refundedQuantity: 0 };
    const bag = { unitPriceKobo: 3_000_000, quantity: 1, discountKobo: 500_000, refundedQuantity: 0 };
    expect(lineRefundKobo(split, shirt, 1)).toBe(1_100_000);
    expect(lineRefundKobo(split, bag, 1)).toBe(2_750_000);
    // Unit by unit, a line with a share gives back what it gives back at once.
    const pair = { unitPriceKobo: 100_001, quantity: 3, discountKobo: 7 };
    const odd = { subtotalKobo: 300_003, discountKobo: 7, taxKobo: 13, taxIncluded: false };
    const oneByOne = [0, 1, 2].reduce(
      (sum, refunded) => sum + lineRefundKobo(odd, { ...pair, refundedQuantity: refunded }, 1),
      0,
    );
    expect(oneByOne).toBe(lineRefundKobo(odd, { ...pair, refundedQuantity: 0 }, 3));
    expect(oneByOne).toBeLessThanOrEqual(300_003 - 7 + 13);
  });

  it('spreads the discount over the subtotal, as before, for a line without a recorded share', () => {
    const line = { unitPriceKobo: 1_000_000, quantity: 1, discountKobo: null, refundedQuantity: 0 };
    expect(lineRefundKobo(order, line, 1)).toBe(990_000);
  });

  it('gives back what the shopper paid for the line when the VAT was inside the price, never the VAT again', () => {
    // A ₦65,000 kaftan and a ₦35,000 shirt, ₦6,976.74 VAT inside the ₦100,000 they cost.
    const included = { subtotalKobo: 10_000_000, discountKobo: 0, taxKobo: 697_674, taxIncluded: true };
    expect(lineRefundKobo(included, { unitPriceKobo: 6_500_000, refundedQuantity: 0 }, 1)).toBe(6_500_000);
    // With ₦10,000 off the order, the kaftan's share of what was paid: 65 % of ₦90,000.
    const off = { subtotalKobo: 10_000_000, discountKobo: 1_000_000, taxKobo: 627_907, taxIncluded: true };
    expect(lineRefundKobo(off, { unitPriceKobo: 6_500_000, refundedQuantity: 0 }, 1)).toBe(5_850_000);
  });
});
