import { formatWholeNaira } from './money';

/** A shipping method as far as its price goes: the shop's settings (core/settings/shop-settings.ts). */
export interface DeliveryMethod {
  /** Matches a zone's method; a method without one is priced by the shop-wide settings only. */
  id?: string;
  name: string;
  priceKobo: number;
  /** Free when the goods reach the threshold, or when every piece ships free. */
  freeOverThreshold: boolean;
  enabled: boolean;
}

/**
 * Whether a method costs an order nothing: it is free anyway, or it is free over the threshold and
 * the goods (after any coupon) reach it or every piece in the order ships free (a product's "free
 * shipping" flag). Checkout charges by this (core/orders/pricing.ts) and every label reads it.
 */
export function shipsFree(
  method: Pick<DeliveryMethod, 'priceKobo' | 'freeOverThreshold'>,
  order: { goodsKobo: number; thresholdKobo: number; everyPieceShipsFree: boolean },
): boolean {
  if (method.priceKobo === 0) return true;
  return method.freeOverThreshold && (order.goodsKobo >= order.thresholdKobo || order.everyPieceShipsFree);
}

/**
 * What a shopper is promised about delivery, by the rule of shipsFree: which methods can be free
 * ("standard delivery" when only Standard can), and whether a piece ships free or only over the
 * threshold. Null when no method is ever free.
 */
export function deliveryPromise(
  product: { freeShipping: boolean },
  settings: { shippingMethods: DeliveryMethod[]; freeShippingThresholdKobo: number },
  /** The shopper's zone, when known: its methods, its prices and its threshold. */
  zone?: Pick<DeliveryZoneRule, 'methods' | 'freeShippingThresholdKobo'> | null,
): string | null {
  const offered = zone
    ? settings.shippingMethods.flatMap((method) => {
        const there = zone.methods.find((candidate) => candidate.id === method.id);
        return there
          ? [{ ...method, priceKobo: there.priceKobo, enabled: method.enabled && there.enabled }]
          : [];
      })
    : settings.shippingMethods;
  const thresholdKobo = zoneThresholdKobo(zone ?? null, settings.freeShippingThresholdKobo);
  const enabled = offered.filter((method) => method.enabled);
  const freeable = enabled.filter((method) => method.priceKobo === 0 || method.freeOverThreshold);
  if (freeable.length === 0) return null;
  const what =
    freeable.length === enabled.length
      ? 'delivery'
      : `${freeable.map((method) => method.name.toLowerCase()).join(' or ')} delivery`;
  if (product.freeShipping || freeable.some((method) => method.priceKobo === 0)) return `Free ${what}`;
  return `Free ${what} over ${formatWholeNaira(thresholdKobo)}`;
}

/** A method as a delivery zone offers it: its price and time there (core/settings/shop-settings.ts). */
export interface ZoneMethod {
  id: string;
  priceKobo: number;
  minDays: number;
  maxDays: number;
  enabled: boolean;
}

export interface DeliveryZoneRule {
  id: string;
  name: string;
  states: readonly string[];
  countries: readonly string[];
  methods: readonly ZoneMethod[];
  /** The zone's own threshold; null follows the shop's. */
  freeShippingThresholdKobo: number | null;
}

/**
 * The zone an address lies in: a Nigerian address by its state, one abroad by its country. Null when
 * no zone covers it, or when a Nigerian address names no state yet.
 */
export function deliveryZoneFor<Zone extends DeliveryZoneRule>(
  zones: readonly Zone[],
  destination: { country: string; state?: string | null },
): Zone | null {
  if (destination.country === 'Nigeria') {
    const state = destination.state;
    return state ? (zones.find((zone) => zone.states.includes(state)) ?? null) : null;
  }
  return zones.find((zone) => zone.countries.includes(destination.country)) ?? null;
}

/** The free-delivery threshold in a zone: its own when it has one, else the shop's. */
export function zoneThresholdKobo(
  zone: Pick<DeliveryZoneRule, 'freeShippingThresholdKobo'> | null,
  shopThresholdKobo: number,
): number {
  return zone?.freeShippingThresholdKobo ?? shopThresholdKobo;
}
