import { countryNames, taxRegionOf, type CheckoutCountry } from '../../contracts/checkout-texts';
import { deliveryZoneFor, shipsFree, zoneThresholdKobo } from '../../contracts/delivery';
import { taxOfGoods } from '../../contracts/tax';
import { percentOf } from '../../contracts/money';
import { deliveryDates, formatDeliveryDays, type DeliveryDates } from '../../contracts/delivery-dates';
import type { NigerianState } from '../../contracts/nigeria';
import { AppError } from '../errors';
import { PICKUP_METHOD_ID, type DeliveryZone, type ShopSettings } from '../settings/shop-settings';

export interface ShippingOption {
  id: string;
  name: string;
  /** Its time in the zone ('1–2 business days'), or where a pickup is collected. */
  description: string;
  /** What this order would pay for it: 0 when it is free. With no state yet, the lowest across Nigeria's zones. */
  priceKobo: number;
  /** Its price before the free-shipping threshold applies. */
  basePriceKobo: number;
  free: boolean;
  /** Business days after the ship day. */
  minDays: number;
  maxDays: number;
  /** 'YYYY-MM-DD', Lagos: when an order placed now arrives (for pickup: when it can be collected). */
  deliveryDates: DeliveryDates;
  /**
   * With no state yet: the lowest and highest the method costs across Nigeria's zones ("from
   * ₦2,000"); null once the address's zone is known and the price is the price.
   */
  priceRangeKobo: { min: number; max: number } | null;
}

/** Where an order goes, as far as its delivery price goes. */
export interface Destination {
  country: CheckoutCountry;
  /** A Nigerian state, once the shopper has chosen one; null abroad or before. */
  state: NigerianState | null;
}

export type DeliverySettings = Pick<
  ShopSettings,
  | 'shippingMethods'
  | 'freeShippingThresholdKobo'
  | 'deliveryZones'
  | 'dispatchCutoff'
  | 'publicHolidays'
  | 'pickup'
>;

export interface DeliveryOptions {
  /** The address's zone; null while a Nigerian address names no state. */
  zone: Pick<DeliveryZone, 'id' | 'name'> | null;
  /** A Nigerian address without a state: the prices are "from" prices, and no order can be placed yet. */
  needsState: boolean;
  /** The free-delivery threshold that applies: the zone's own, or the shop's. */
  freeShippingThresholdKobo: number;
  options: ShippingOption[];
}

const PICKUP_NAME = 'Pickup at the shop';

/** A method's name for the shopper, whether or not the shop has it. */
export function shippingMethodName(settings: Pick<ShopSettings, 'shippingMethods'>, id: string): string {
  if (id === PICKUP_METHOD_ID) return PICKUP_NAME;
  return settings.shippingMethods.find((method) => method.id === id)?.name ?? id;
}

/** The address in the words of a refusal: the state, or the country abroad. */
export const destinationName = (destination: Destination): string =>
  destination.country === 'Nigeria' && destination.state
    ? destination.state
    : countryNames[destination.country];

/** The methods one zone offers, priced for this order, in the shop's order of methods and pickup last. */
function zoneOptions(
  settings: DeliverySettings,
  zone: DeliveryZone,
  goodsKobo: number,
  order: { everyPieceShipsFree: boolean; now: Date },
): ShippingOption[] {
  const calendar = { cutoff: settings.dispatchCutoff, holidays: settings.publicHolidays };
  const thresholdKobo = zoneThresholdKobo(zone, settings.freeShippingThresholdKobo);
  const known = [
    ...settings.shippingMethods.filter((method) => method.enabled),
    {
      id: PICKUP_METHOD_ID,
      name: PICKUP_NAME,
      description: '',
      priceKobo: 0,
      freeOverThreshold: false,
      enabled: true,
    },
  ];
  return known.flatMap((method) => {
    const offered = zone.methods.find((candidate) => candidate.id === method.id && candidate.enabled);
    if (!offered) return [];
    const free = shipsFree(
      { priceKobo: offered.priceKobo, freeOverThreshold: method.freeOverThreshold },
      { goodsKobo, thresholdKobo, everyPieceShipsFree: order.everyPieceShipsFree },
    );
    const days = { minDays: offered.minDays, maxDays: offered.maxDays };
    return [
      {
        id: method.id,
        name: method.name,
        description:
          method.id === PICKUP_METHOD_ID
            ? `Collect at ${settings.pickup.address} (${settings.pickup.hours})`
            : formatDeliveryDays(days),
        priceKobo: free ? 0 : offered.priceKobo,
        basePriceKobo: offered.priceKobo,
        free,
        ...days,
        deliveryDates: deliveryDates(order.now, days, calendar),
        priceRangeKobo: null,
      },
    ];
  });
}

/** One option standing for a method across zones: its lowest price and its widest time. */
function acrossZones(settings: DeliverySettings, candidates: ShippingOption[], now: Date): ShippingOption {
  const first = candidates[0]!;
  const prices = candidates.map((option) => option.priceKobo);
  const days = {
    minDays: Math.min(...candidates.map((option) => option.minDays)),
    maxDays: Math.max(...candidates.map((option) => option.maxDays)),
  };
  return {
    ...first,
    description: first.id === PICKUP_METHOD_ID ? first.description : formatDeliveryDays(days),
    priceKobo: Math.min(...prices),
    basePriceKobo: Math.min(...candidates.map((option) => option.basePriceKobo)),
    free: candidates.every((option) => option.free),
    ...days,
    deliveryDates: deliveryDates(now, days, {
      cutoff: settings.dispatchCutoff,
      holidays: settings.publicHolidays,
    }),
    priceRangeKobo: { min: Math.min(...prices), max: Math.max(...prices) },
  };
}

/**
 * The delivery methods an order can use, priced by the zone its address lies in. A method that is
 * free over the threshold (the zone's, else the shop's) is free when the goods, after any coupon,
 * reach it, or when every piece in the order ships free (the product's "free shipping" flag): the
 * one rule checkout charges by and every label reads. A Nigerian address without a state gets each
 * method's "from" price across the zones and `needsState`; an address no zone covers is a 422
 * naming it, never a default price.
 */
export function shippingOptions(
  settings: DeliverySettings,
  goodsKobo: number,
  order: { everyPieceShipsFree?: boolean; destination?: Destination; now?: Date } = {},
): DeliveryOptions {
  const destination = order.destination ?? { country: 'Nigeria', state: null };
  const context = { everyPieceShipsFree: Boolean(order.everyPieceShipsFree), now: order.now ?? new Date() };
  if (destination.country === 'Nigeria' && !destination.state) {
    const perZone = settings.deliveryZones
      .filter((zone) => zone.states.length > 0)
      .map((zone) => zoneOptions(settings, zone, goodsKobo, context));
    const ids = [...new Set(perZone.flat().map((option) => option.id))];
    return {
      zone: null,
      needsState: true,
      freeShippingThresholdKobo: settings.freeShippingThresholdKobo,
      options: ids.map((id) =>
        acrossZones(
          settings,
          perZone.flat().filter((option) => option.id === id),
          context.now,
        ),
      ),
    };
  }
  const zone = deliveryZoneFor(settings.deliveryZones, destination);
  if (!zone)
    throw new AppError(
      'UNPROCESSABLE',
      destination.country === 'Nigeria'
        ? `${destinationName(destination)} is in no delivery zone: the shop cannot deliver there yet.`
        : `The shop does not deliver to ${destinationName(destination)} yet.`,
      { 'shippingAddress.state': `${destinationName(destination)} is in no delivery zone.` },
    );
  return {
    zone: { id: zone.id, name: zone.name },
    needsState: false,
    freeShippingThresholdKobo: zoneThresholdKobo(zone, settings.freeShippingThresholdKobo),
    options: zoneOptions(settings, zone, goodsKobo, context),
  };
}

export interface Totals {
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  taxKobo: number;
  totalKobo: number;
  taxRatePercent: number;
  /** The tax is inside the prices (VAT included): the total is the goods plus delivery. */
  taxIncluded: boolean;
}

/** A coupon's share of the goods, rounded to the kobo. */
export function couponDiscount(subtotalKobo: number, percent: number): number {
  return percentOf(subtotalKobo, percent);
}

export function taxRateFor(settings: Pick<ShopSettings, 'taxRates'>, country: CheckoutCountry): number {
  return settings.taxRates[taxRegionOf[country]];
}

/** The tax an order to `country` is charged: its region's rate, inside the prices or on top as the shop says. */
export function taxFor(
  settings: Pick<ShopSettings, 'taxRates' | 'pricesIncludeTax'>,
  country: CheckoutCountry,
): { taxRatePercent: number; taxIncluded: boolean } {
  return { taxRatePercent: taxRateFor(settings, country), taxIncluded: settings.pricesIncludeTax };
}

/**
 * Subtotal, coupon discount, shipping, tax and total of an order, all in kobo. The discount is a
 * percent coupon's share of the subtotal (`couponPercent`), or what a coupon takes off the goods as
 * core/orders/coupon-discount.ts works it out (`discountKobo`). Tax is counted on the goods after the
 * discount; shipping is not taxed. With `taxIncluded` the tax is the part of those goods' price that
 * is tax and the total is the goods plus shipping; otherwise it is added on top.
 */
export function computeTotals(input: {
  subtotalKobo: number;
  couponPercent?: number | null;
  discountKobo?: number;
  shipping: ShippingOption | null;
  taxRatePercent: number;
  taxIncluded: boolean;
}): Totals {
  const discountKobo =
    input.discountKobo ?? (input.couponPercent ? couponDiscount(input.subtotalKobo, input.couponPercent) : 0);
  const goodsKobo = input.subtotalKobo - discountKobo;
  const shippingKobo = input.shipping?.priceKobo ?? 0;
  const taxKobo = taxOfGoods(goodsKobo, input.taxRatePercent, input.taxIncluded);
  return {
    subtotalKobo: input.subtotalKobo,
    discountKobo,
    shippingKobo,
    taxKobo,
    totalKobo: goodsKobo + shippingKobo + (input.taxIncluded ? 0 : taxKobo),
    taxRatePercent: input.taxRatePercent,
    taxIncluded: input.taxIncluded,
  };
}
