import { describe, expect, it } from 'vitest';
import { parseProductListQuery } from '../../contracts/catalog';
import { priceBandLabel } from '../../contracts/price-bands';
import * as seed from '../../seed/catalog-data';
import { choosePriceBands, PRICE_EDGES_KOBO, type PriceBucket } from './price-bands';

/** The histogram list-facets.ts counts in SQL (width_bucket over the edges), counted here from prices in naira. */
function histogram(pricesNaira: number[]): PriceBucket[] {
  const counts = new Map<number, number>();
  for (const naira of pricesNaira) {
    const kobo = Math.round(naira * 100);
    const bucket = PRICE_EDGES_KOBO.filter((edge) => edge <= kobo).length;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  return [...counts].map(([bucket, count]) => ({ bucket, count }));
}

const inBand = (naira: number, band: { fromKobo: number | null; belowKobo: number | null }) =>
  (band.fromKobo === null || naira * 100 >= band.fromKobo) &&
  (band.belowKobo === null || naira * 100 < band.belowKobo);

describe('choosePriceBands', () => {
  it("shares the shop's 76 products (₦15,000 to ₦350,000) over five bands at round naira, none holding half", () => {
    const prices = seed.products.map((product) => product.priceNaira);
    const bands = choosePriceBands(histogram(prices));
    expect(bands.map((band) => priceBandLabel(band))).toEqual([
      'Under ₦25,000',
      '₦25,000 – ₦35,000',
      '₦35,000 – ₦50,000',
      '₦50,000 – ₦100,000',
      '₦100,000 and over',
    ]);
    expect(bands.map((band) => band.id)).toEqual([
      'under-25000',
      '25000-35000',
      '35000-50000',
      '50000-100000',
      'over-100000',
    ]);
    for (const band of bands) {
      expect(band.count, band.id).toBe(prices.filter((price) => inBand(price, band)).length);
      // A fair share is 76 / 5 = 15.2; the old "Over ₦40,000" held 38.
      expect(band.count, band.id).toBeGreaterThanOrEqual(10);
      expect(band.count, band.id).toBeLessThanOrEqual(20);
    }
    expect(bands.reduce((sum, band) => sum + band.count, 0)).toBe(prices.length);
  });

  it('follows the prices of the list it is given', () => {
    const bags = seed.products
      .filter(
        (product) =>
          seed.categories.find((c) => c.slug === product.categorySlug)?.parentSlug === 'womens-bags',
      )
      .map((product) => product.priceNaira);
    const bands = choosePriceBands(histogram(bags));
    expect(bands.length).toBeGreaterThanOrEqual(4);
    expect(bands.reduce((sum, band) => sum + band.count, 0)).toBe(bags.length);
    for (const band of bands) expect(band.count, band.id).toBeLessThanOrEqual(Math.ceil(bags.length * 0.35));

    // Dear pieces only: the bands move up with them.
    const dear = [120_000, 135_000, 150_000, 180_000, 210_000, 260_000, 300_000, 420_000, 480_000, 900_000];
    const dearBands = choosePriceBands(histogram(dear));
    expect(dearBands[0]!.belowKobo).toBeGreaterThanOrEqual(13_500_000);
    expect(dearBands.reduce((sum, band) => sum + band.count, 0)).toBe(dear.length);
    for (const band of dearBands) expect(band.count).toBeGreaterThan(0);
  });

  it('puts every edge at round naira and never splits one price over two bands', () => {
    const prices = Array.from({ length: 200 }, (_, index) => 15_000 + ((index * 7919) % 335_000));
    const bands = choosePriceBands(histogram(prices));
    expect(bands).toHaveLength(5);
    for (const band of bands.slice(1)) {
      const naira = band.fromKobo! / 100;
      const figures = naira / 10 ** Math.floor(Math.log10(naira));
      expect([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 7.5, 8, 9], `${naira}`).toContain(figures);
    }
    for (const price of prices)
      expect(
        bands.filter((band) => inBand(price, band)),
        `${price}`,
      ).toHaveLength(1);
  });

  it('offers no bands for one price, and no more bands than there are prices', () => {
    expect(choosePriceBands([])).toEqual([]);
    expect(choosePriceBands(histogram([45_000, 45_000, 45_000]))).toEqual([]);
    // Two prices between the same round edges cannot be told apart by a band.
    expect(choosePriceBands(histogram([45_100, 45_900]))).toEqual([]);
    const two = choosePriceBands(histogram([20_000, 90_000]));
    expect(two.map((band) => band.count)).toEqual([1, 1]);
    expect(
      choosePriceBands(histogram([10_000, 20_000, 40_000, 80_000, 160_000, 320_000, 640_000])),
    ).toHaveLength(5);
  });
});

describe('a price band in an address', () => {
  it('means from its lower edge to below its upper one, so that bands never share a price', () => {
    expect(parseProductListQuery(new URLSearchParams('price=25000-35000'))).toMatchObject({
      minPrice: 25_000,
      maxPrice: 34_999.99,
    });
    const under = parseProductListQuery(new URLSearchParams('price=under-25000'));
    expect(under).toMatchObject({ maxPrice: 24_999.99 });
    expect(under.minPrice).toBeUndefined();
    const over = parseProductListQuery(new URLSearchParams('price=over-100000'));
    expect(over).toMatchObject({ minPrice: 100_000 });
    expect(over.maxPrice).toBeUndefined();
    const nonsense = parseProductListQuery(new URLSearchParams('price=cheap&minPrice=5000'));
    expect(nonsense.minPrice).toBe(5000);
    expect(nonsense.maxPrice).toBeUndefined();
  });
});
