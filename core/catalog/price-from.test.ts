import { describe, expect, it } from 'vitest';
import { priceFromKobo } from './variants';

describe('"from ₦X"', () => {
  const product = 2_000_000;
  it('is the lowest price among the sizes in stock when they do not all cost the product’s price', () => {
    expect(
      priceFromKobo(product, [
        { priceKobo: null, stock: 3 },
        { priceKobo: 1_800_000, stock: 1 },
        { priceKobo: 2_350_000, stock: 2 },
      ]),
    ).toBe(1_800_000);
    // Only dearer sizes differ: "from" the product's own price.
    expect(
      priceFromKobo(product, [
        { priceKobo: null, stock: 3 },
        { priceKobo: 2_350_000, stock: 2 },
      ]),
    ).toBe(product);
  });

  it('is null when every size in stock costs the product’s price, a cheaper sold-out one included', () => {
    expect(priceFromKobo(product, [{ priceKobo: null, stock: 3 }])).toBeNull();
    expect(
      priceFromKobo(product, [
        { priceKobo: null, stock: 3 },
        { priceKobo: 1_500_000, stock: 0 },
      ]),
    ).toBeNull();
    expect(priceFromKobo(product, [])).toBeNull();
  });

  it('reads every size when none is in stock', () => {
    expect(
      priceFromKobo(product, [
        { priceKobo: null, stock: 0 },
        { priceKobo: 1_500_000, stock: 0 },
      ]),
    ).toBe(1_500_000);
  });
});
