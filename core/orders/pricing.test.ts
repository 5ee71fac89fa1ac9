import { describe, expect, it } from 'vitest';
import { checkoutCountries, type CheckoutCountry } from '../../contracts/checkout-texts';
import { defaultShopSettings } from '../settings/shop-settings';
import {
  computeTotals,
  couponDiscount,
  shippingOptions,
  taxFor,
  taxRateFor,
  type DeliverySettings,
  type Destination,
} from './pricing';

const settings = defaultShopSettings;
const threshold = settings.freeShippingThresholdKobo;

const lagos = { country: 'Nigeria', state: 'Lagos' } as const;
const kano = { country: 'Nigeria', state: 'Kano' } as const;
const now = new Date('2026-11-26T10:00:00+01:00');

function method(
  goodsKobo: number,
  id: string,
  from: DeliverySettings = settings,
  destination: Destination = lagos,
) {
  const option = shippingOptions(from, goodsKobo, { destination, now }).options.find(
    (candidate) => candidate.id === id,
  );
  if (!option) throw new Error(`no shipping method ${id}`);
  return option;
}

describe('shipping methods by zone', () => {
  it('offers Standard ₦2,000, Express ₦3,500 and pickup at ₦0 in Lagos, not the switched-off Overnight', () => {
    const { zone, options } = shippingOptions(settings, 500_000, { destination: lagos, now });
    expect(zone).toEqual({ id: 'lagos', name: 'Lagos' });
    expect(options.map((option) => [option.id, option.priceKobo, option.free])).toEqual([
      ['standard', 200_000, false],
      ['express', 350_000, false],
      ['pickup', 0, true],
    ]);
  });

  it('prices every method higher in Kano than in Lagos, with later dates', () => {
    for (const id of ['standard', 'express']) {
      const inLagos = method(500_000, id, settings, lagos);
      const inKano = method(500_000, id, settings, kano);
      expect(inKano.priceKobo).toBeGreaterThan(inLagos.priceKobo);
      expect(inKano.deliveryDates.latest > inLagos.deliveryDates.latest).toBe(true);
    }
    expect(method(500_000, 'standard', settings, kano)).toMatchObject({
      priceKobo: 500_000,
      minDays: 3,
      maxDays: 7,
      description: '3–7 business days',
      deliveryDates: { earliest: '2026-11-30', latest: '2026-12-04' },
    });
    expect(method(500_000, 'express', settings, lagos)).toMatchObject({
      description: 'Same or next business day',
      deliveryDates: { earliest: '2026-11-26', latest: '2026-11-27' },
    });
  });

  it('answers "from" prices and needsState for Nigeria without a state', () => {
    const quote = shippingOptions(settings, 500_000, {
      destination: { country: 'Nigeria', state: null },
      now,
    });
    expect(quote).toMatchObject({ zone: null, needsState: true });
    expect(quote.options.find((option) => option.id === 'standard')).toMatchObject({
      priceKobo: 200_000,
      priceRangeKobo: { min: 200_000, max: 500_000 },
      minDays: 1,
      maxDays: 7,
    });
  });

  it('refuses a country no zone covers with a 422 naming it, never a default price', () => {
    const abroadless = {
      ...settings,
      deliveryZones: settings.deliveryZones.filter((zone) => zone.id !== 'international'),
    };
    expect(() => shippingOptions(abroadless, 1, { destination: { country: 'UK', state: null } })).toThrow(
      /United Kingdom/,
    );
  });

  it('makes Standard free exactly at the threshold, not one kobo below', () => {
    expect(threshold).toBe(1_500_000);
    expect(method(threshold, 'standard')).toMatchObject({ priceKobo: 0, basePriceKobo: 200_000, free: true });
    expect(method(threshold - 1, 'standard')).toMatchObject({ priceKobo: 200_000, free: false });
    expect(method(threshold + 1, 'standard').priceKobo).toBe(0);
  });

  it('never makes Express free, however large the order', () => {
    expect(method(threshold * 10, 'express')).toMatchObject({ priceKobo: 350_000, free: false });
  });

  it("follows a zone's own threshold where it has one, the shop's elsewhere", () => {
    const custom: DeliverySettings = {
      ...settings,
      deliveryZones: settings.deliveryZones.map((zone) =>
        zone.id === 'other-states' ? { ...zone, freeShippingThresholdKobo: 5_000_000 } : zone,
      ),
    };
    expect(method(threshold, 'standard', custom, kano)).toMatchObject({ priceKobo: 500_000, free: false });
    expect(method(5_000_000, 'standard', custom, kano)).toMatchObject({ priceKobo: 0, free: true });
    expect(method(threshold, 'standard', custom, lagos).free).toBe(true);
  });

  it('offers pickup at ₦0 where its zone turns it on, naming where to collect', () => {
    const custom: DeliverySettings = {
      ...settings,
      deliveryZones: settings.deliveryZones.map((zone) =>
        zone.id === 'lagos'
          ? { ...zone, methods: zone.methods.map((entry) => ({ ...entry, enabled: true })) }
          : zone,
      ),
    };
    expect(method(100, 'pickup', custom)).toMatchObject({
      priceKobo: 0,
      free: true,
      name: 'Pickup at the shop',
      description: `Collect at ${settings.pickup.address} (${settings.pickup.hours})`,
      deliveryDates: { earliest: '2026-11-26', latest: '2026-11-26' },
    });
    expect(() => method(100, 'pickup', custom, kano)).toThrow(/no shipping method pickup/);
  });
});

describe('tax regions', () => {
  const expected: Record<CheckoutCountry, number> = {
    Nigeria: 7.5,
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
      taxIncluded: false,
    });
    expect(totals).toEqual({
      subtotalKobo: 1_000_000,
      discountKobo: 100_000,
      shippingKobo: 350_000,
      taxKobo: 90_000,
      totalKobo: 900_000 + 350_000 + 90_000,
      taxRatePercent: 10,
      taxIncluded: false,
    });
  });

  it('adds Standard shipping below the threshold and none at it', () => {
    const below = computeTotals({
      subtotalKobo: threshold - 1,
      couponPercent: null,
      shipping: method(threshold - 1, 'standard'),
      taxRatePercent: 10,
      taxIncluded: false,
    });
    expect(below.shippingKobo).toBe(200_000);
    expect(below.totalKobo).toBe(threshold - 1 + 200_000 + Math.round((threshold - 1) / 10));

    const at = computeTotals({
      subtotalKobo: threshold,
      couponPercent: null,
      shipping: method(threshold, 'standard'),
      taxRatePercent: 10,
      taxIncluded: false,
    });
    expect(at.shippingKobo).toBe(0);
    expect(at.totalKobo).toBe(threshold + 150_000); // its 10% tax
  });

  it('rounds discount and tax to the kobo (half up)', () => {
    // 10% of 12,345 kobo is 1,234.5 → 1,235; 7% of the remaining 11,110 is 777.7 → 778.
    expect(couponDiscount(12_345, 10)).toBe(1_235);
    const totals = computeTotals({
      subtotalKobo: 12_345,
      couponPercent: 10,
      shipping: method(11_110, 'standard'),
      taxRatePercent: 7,
      taxIncluded: false,
    });
    expect(totals).toMatchObject({ discountKobo: 1_235, taxKobo: 778, shippingKobo: 200_000 });
    expect(totals.totalKobo).toBe(11_110 + 200_000 + 778);
    // 15% of 33,333 is 4,999.95 → 5,000; 20% of 28,333 is 5,666.6 → 5,667.
    const other = computeTotals({
      subtotalKobo: 33_333,
      couponPercent: 15,
      shipping: null,
      taxRatePercent: 20,
      taxIncluded: false,
    });
    expect(other).toMatchObject({ discountKobo: 5_000, taxKobo: 5_667, totalKobo: 28_333 + 5_667 });
  });

  it('always gives whole kobo that add up', () => {
    for (const subtotalKobo of [1, 99, 1_001, 123_457, 2_499_999, 9_999_999]) {
      for (const couponPercent of [null, 10, 15, 33]) {
        for (const taxRatePercent of [7, 10, 15, 20]) {
          const totals = computeTotals({
            subtotalKobo,
            couponPercent,
            shipping: null,
            taxRatePercent,
            taxIncluded: false,
          });
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
    const rates = { Nigeria: 7.5, USA: 7, UK: 20, GER: 20, FRA: 20, AUS: 15 } as const;
    for (const [country, rate] of Object.entries(rates)) {
      const totals = computeTotals({
        subtotalKobo: 2_000_000,
        couponPercent: null,
        shipping: method(2_000_000, 'standard'),
        taxRatePercent: taxRateFor(settings, country as CheckoutCountry),
        taxIncluded: false,
      });
      expect(totals.taxKobo).toBe(20_000 * rate);
      expect(totals.taxRatePercent).toBe(rate);
      expect(totals.totalKobo).toBe(2_000_000 + 20_000 * rate);
    }
  });
});

describe('VAT inside the tag price', () => {
  it('charges a Nigerian order 7.5 % VAT inside the prices by default', () => {
    expect(taxFor(settings, 'Nigeria')).toEqual({ taxRatePercent: 7.5, taxIncluded: true });
    // Other regions keep their rates; the shop's one choice says whether prices hold them.
    expect(taxFor(settings, 'UK')).toEqual({ taxRatePercent: 20, taxIncluded: true });
    expect(taxFor({ ...settings, pricesIncludeTax: false }, 'Nigeria')).toEqual({
      taxRatePercent: 7.5,
      taxIncluded: false,
    });
  });

  it('makes a ₦65,000 kaftan cost ₦65,000 plus delivery, ₦4,534.88 of it VAT', () => {
    const shipping = method(6_500_000, 'express');
    const totals = computeTotals({
      subtotalKobo: 6_500_000,
      couponPercent: null,
      shipping,
      ...taxFor(settings, 'Nigeria'),
    });
    expect(totals).toMatchObject({ taxKobo: 453_488, taxIncluded: true, taxRatePercent: 7.5 });
    expect(totals.totalKobo).toBe(6_500_000 + shipping.priceKobo);
  });

  it('counts the VAT inside what is left after a coupon, never the delivery', () => {
    const totals = computeTotals({
      subtotalKobo: 6_500_000,
      discountKobo: 500_000,
      shipping: method(6_500_000, 'express'),
      taxRatePercent: 7.5,
      taxIncluded: true,
    });
    // ₦60,000 paid for the goods holds ₦4,186.05 of VAT.
    expect(totals.taxKobo).toBe(418_605);
    expect(totals.totalKobo).toBe(6_000_000 + totals.shippingKobo);
  });

  it('adds the same 7.5 % on top when the shop switches prices to before VAT', () => {
    const totals = computeTotals({
      subtotalKobo: 6_500_000,
      couponPercent: null,
      shipping: null,
      ...taxFor({ ...settings, pricesIncludeTax: false }, 'Nigeria'),
    });
    expect(totals).toMatchObject({ taxKobo: 487_500, totalKobo: 6_987_500, taxIncluded: false });
  });
});
