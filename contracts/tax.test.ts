import { describe, expect, it } from 'vitest';
import { goodsPaidKobo, taxLineLabel, taxOfGoods } from './tax';

describe('the tax in a price', () => {
  it('finds the VAT inside a tag price: a ₦65,000 kaftan at 7.5 % holds ₦4,534.88', () => {
    expect(taxOfGoods(6_500_000, 7.5, true)).toBe(453_488);
    // The rest is the price before VAT, and the two make the tag price again.
    expect(6_500_000 - 453_488).toBe(6_046_512);
  });

  it('adds the tax on top when the shop says prices are before tax', () => {
    expect(taxOfGoods(6_500_000, 7.5, false)).toBe(487_500);
    expect(taxOfGoods(6_500_000, 10, false)).toBe(650_000);
  });

  it('has no tax on no goods or at a rate of 0', () => {
    expect(taxOfGoods(0, 7.5, true)).toBe(0);
    expect(taxOfGoods(6_500_000, 0, true)).toBe(0);
    expect(taxOfGoods(-100, 7.5, false)).toBe(0);
  });

  it('counts what the goods cost the shopper: the tag price less the discount when the tax is inside it', () => {
    const figures = { subtotalKobo: 6_500_000, discountKobo: 500_000, taxKobo: 418_605 };
    expect(goodsPaidKobo({ ...figures, taxIncluded: true })).toBe(6_000_000);
    expect(goodsPaidKobo({ ...figures, taxIncluded: false })).toBe(6_418_605);
  });

  it('names the line as the shopper reads it', () => {
    expect(taxLineLabel({ taxIncluded: true, taxRatePercent: 7.5 })).toBe('incl. VAT (7.5%)');
    expect(taxLineLabel({ taxIncluded: false, taxRatePercent: 10 })).toBe('Tax (10%)');
  });
});
