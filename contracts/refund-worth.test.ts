import { describe, expect, it } from 'vitest';
import { lineRefundKobo } from './refund-worth';

// ₦30,000 of goods, a ₦3,000 coupon and ₦2,700 of tax: the order took ₦29,700 for its goods.
const order = { subtotalKobo: 3_000_000, discountKobo: 300_000, taxKobo: 270_000 };

describe('what a refund of a line gives back', () => {
  it('counts the line’s share of the coupon and the tax', () => {
    expect(lineRefundKobo(order, { unitPriceKobo: 1_000_000, refundedQuantity: 0 }, 1)).toBe(990_000);
  });

  it('gives back unit by unit exactly what it gives back at once', () => {
    const odd = { subtotalKobo: 300_001, discountKobo: 7, taxKobo: 13 };
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
        { subtotalKobo: 0, discountKobo: 0, taxKobo: 0 },
        { unitPriceKobo: 0, refundedQuantity: 0 },
        1,
      ),
    ).toBe(0);
  });
});
