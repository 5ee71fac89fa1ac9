import type { ShopSettings } from '../settings/shop-settings';
import { taxRegionOf, type CheckoutCountry } from '../../contracts/checkout-texts';
import { shipsFree } from '../../contracts/delivery';

export interface ShippingOption {
  id: string;
  name: string;
  description: string;
  /** What this order would pay for it: 0 when it is free. */
  priceKobo: number;
  /** Its price before the free-shipping threshold applies. */
  basePriceKobo: number;
  free: boolean;
}

export interface Totals {
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  taxKobo: number;
  totalKobo: number;
  taxRatePercent: number;
}

/** A coupon's share of the goods, rounded to the kobo. */
export function couponDiscount(subtotalKobo: number, percent: number): number {
  return Math.round((subtotalKobo * percent) / 100);
}

/**
 * The shipping methods an order can use, priced for it. A method that is free over the threshold
 * is free when the goods, after any coupon, reach it, or when every piece in the order ships free
 * (the product's "free shipping" flag): the one rule checkout charges by and every label reads.
 */
export function shippingOptions(
  settings: Pick<ShopSettings, 'shippingMethods' | 'freeShippingThresholdKobo'>,
  goodsKobo: number,
  order: { everyPieceShipsFree?: boolean } = {},
): ShippingOption[] {
  return settings.shippingMethods
    .filter((method) => method.enabled)
    .map((method) => {
      const free = shipsFree(method, {
        goodsKobo,
        thresholdKobo: settings.freeShippingThresholdKobo,
        everyPieceShipsFree: Boolean(order.everyPieceShipsFree),
      });
      return {
        id: method.id,
        name: method.name,
        description: method.description,
        priceKobo: free ? 0 : method.priceKobo,
        basePriceKobo: method.priceKobo,
        free,
      };
    });
}

export function taxRateFor(settings: Pick<ShopSettings, 'taxRates'>, country: CheckoutCountry): number {
  return settings.taxRates[taxRegionOf[country]];
}

/**
 * Subtotal, coupon discount, shipping, tax and total of an order, all in kobo.
 * Tax is charged on the goods after the discount; shipping is not taxed.
 */
export function computeTotals(input: {
  subtotalKobo: number;
  couponPercent: number | null;
  shipping: ShippingOption | null;
  taxRatePercent: number;
}): Totals {
  const discountKobo = input.couponPercent ? couponDiscount(input.subtotalKobo, input.couponPercent) : 0;
  const goodsKobo = input.subtotalKobo - discountKobo;
  const shippingKobo = input.shipping?.priceKobo ?? 0;
  const taxKobo = Math.round((goodsKobo * input.taxRatePercent) / 100);
  return {
    subtotalKobo: input.subtotalKobo,
    discountKobo,
    shippingKobo,
    taxKobo,
    totalKobo: goodsKobo + shippingKobo + taxKobo,
    taxRatePercent: input.taxRatePercent,
  };
}
