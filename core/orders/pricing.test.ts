import { describe, expect, it } from 'vitest';
import { checkoutCountries, type CheckoutCountry } from '../../contracts/checkout-texts';
import { defaultShopSettings, type ShopSettings } from '../settings/shop-settings';
import { computeTotals, couponDiscount, shippingOptions, taxRateFor } from './pricing';

const settings = defaultShopSettings;
const threshold = settings.freeShippingThresholdKobo;

function method(
  goodsKobo: number,
  id: string,
  from: Pick<ShopSettings, 'shippingMethods' | 'freeShippingThresholdKobo'> = settings,
) {
  const option = shippingOptions(from, goodsKobo).find((candidate) => candidate.id === id);
  if (!option) throw new Error(`no shipping method ${id}`);
  return option;
}

describe('shipping methods', () => {
  it('offers Standard ₦1,500 and Express ₦3,000, not the disabled Overnight', () => {
    const options = shippingOptions(settings, 500_000);
    expect(options.map((option) => [option.id, option.priceKobo, option.free])).toEqual([
      ['standard', 150_000, false],
      ['express', 300_000, false],
    ]);
  });

  it('makes Standard free exactly at the threshold, not one kobo below', () => {
    expect(threshold).toBe(1_500_000);
    expect(method(threshold, 'standard')).toMatchObject({ priceKobo: 0, basePriceKobo: 150_000, free: true });
    expect(method(threshold - 1, 'standard')).toMatchObject({ priceKobo: 150_000, free: false });
    expect(method(threshold + 1, 'standard').priceKobo).toBe(0);
  });

  it('never makes Express free, however large the order', () => {
    expect(method(threshold * 10, 'express')).toMatchObject({ priceKobo: 300_000, free: false });
  });

  it('treats a method priced at zero as free, and follows a changed threshold', () => {
    const custom = {
      freeShippingThresholdKobo: 2_000_000,
      shippingMethods: [
        { ...settings.shippingMethods[0]!, id: 'pickup', priceKobo: 0, freeOverThreshold: false },
        settings.shippingMethods[0]!,
      ],
    };
    expect(method(100, 'pickup', custom)).toMatchObject({ priceKobo: 0, free: true });
    expect(method(1_999_999, 'standard', custom).priceKobo).toBe(150_000);
    expect(method(2_000_000, 'standard', custom).priceKobo).toBe(0);
  });
});

describe('tax regions', () => {
  const expected: Record<CheckoutCountry, number> = {
    Nigeria: 10,
    USA: 7,
    CAN: 10,
    UK: 20,
    GER: 20,
    FRA: 20,
    AUS: 15,
  };

  it.each(Object.entries(expected))('charges %s %i%%', (country, rate) => {
    expect(taxRateFor(settings, country as CheckoutCountry)).toBe(rate);
  });

  it('has a rate for every country the shop delivers to', () => {
    for (const country of checkoutCountries) expect(typeof taxRateFor(settings, country)).toBe('number');
  });
});

describe('computeTotals', () => {
  it('charges tax on the goods after the coupon, not on shipping', () => {
    const totals = computeTotals({
      subtotalKobo: 1_000_000,
      couponPercent: 10,
      shipping: method(900_000, 'express'),
      taxRatePercent: 10,
    });
    expect(totals).toEqual({
      subtotalKobo: 1_000_000,
      discountKobo: 100_000,
      shippingKobo: 300_000,
      taxKobo: 90_000,
      totalKobo: 900_000 + 300_000 + 90_000,
      taxRatePercent: 10,
    });
  });

  it('adds Standard shipping below the threshold and none at it', () => {
    const below = computeTotals({
      subtotalKobo: threshold - 1,
      couponPercent: null,
      shipping: method(threshold - 1, 'standard'),
      taxRatePercent: 10,
    });
    expect(below.shippingKobo).toBe(150_000);
    expect(below.totalKobo).toBe(threshold - 1 + 150_000 + Math.round((threshold - 1) / 10));

    const at = computeTotals({
      subtotalKobo: threshold,
      couponPercent: null,
      shipping: method(threshold, 'standard'),
      taxRatePercent: 10,
    });
    expect(at.shippingKobo).toBe(0);
    expect(at.totalKobo).toBe(threshold + 150_000);
  });

  it('rounds discount and tax to the kobo (half up)', () => {
    // 10% of 12,345 kobo is 1,234.5 → 1,235; 7% of the remaining 11,110 is 777.7 → 778.
    expect(couponDiscount(12_345, 10)).toBe(1_235);
    const totals = computeTotals({
      subtotalKobo: 12_345,
      couponPercent: 10,
      shipping: method(11_110, 'standard'),
      taxRatePercent: 7,
    });
    expect(totals).toMatchObject({ discountKobo: 1_235, taxKobo: 778, shippingKobo: 150_000 });
    expect(totals.totalKobo).toBe(11_110 + 150_000 + 778);
    // 15% of 33,333 is 4,999.95 → 5,000; 20% of 28,333 is 5,666.6 → 5,667.
    const other = computeTotals({
      subtotalKobo: 33_333,
      couponPercent: 15,
      shipping: null,
      taxRatePercent: 20,
    });
    expect(other).toMatchObject({ discountKobo: 5_000, taxKobo: 5_667, totalKobo: 28_333 + 5_667 });
  });

  it('always gives whole kobo that add up', () => {
    for (const subtotalKobo of [1, 99, 1_001, 123_457, 2_499_999, 9_999_999]) {
      for (const couponPercent of [null, 10, 15, 33]) {
        for (const taxRatePercent of [7, 10, 15, 20]) {
          const totals = computeTotals({ subtotalKobo, couponPercent, shipping: null, taxRatePercent });
          for (const value of [totals.discountKobo, totals.taxKobo, totals.totalKobo])
            expect(Number.isInteger(value)).toBe(true);
          expect(totals.totalKobo).toBe(
            totals.subtotalKobo - totals.discountKobo + totals.shippingKobo + totals.taxKobo,
          );
        }
      }
    }
  });

  it('charges each region its own rate on the same cart', () => {
    const rates = { Nigeria: 10, USA: 7, UK: 20, GER: 20, FRA: 20, AUS: 15 } as const;
    for (const [country, rate] of Object.entries(rates)) {
      const totals = computeTotals({
        subtotalKobo: 2_000_000,
        couponPercent: null,
        shipping: method(2_000_000, 'standard'),
        taxRatePercent: taxRateFor(settings, country as CheckoutCountry),
      });
      expect(totals.taxKobo).toBe(20_000 * rate);
      expect(totals.taxRatePercent).toBe(rate);
      expect(totals.totalKobo).toBe(2_000_000 + 20_000 * rate);
    }
  });
});
