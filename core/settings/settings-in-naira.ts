import { koboToNaira, nairaToKobo } from '../../contracts/money';
import type { DeliveryZone, ShopSettings } from './shop-settings';

/** A delivery zone with its money in naira: each method's `price`, and the zone's `freeShippingThreshold`. */
export type DeliveryZoneInNaira = Omit<DeliveryZone, 'methods' | 'freeShippingThresholdKobo'> & {
  methods: (Omit<DeliveryZone['methods'][number], 'priceKobo'> & { price: number })[];
  freeShippingThreshold: number | null;
};

/**
 * The shop keeps money in kobo; the admin's form and the REST API speak naira. One mapping for
 * both: the settings with their money in naira, and a kobo field's name as the naira side calls it.
 */
export type SettingsInNaira = Omit<
  ShopSettings,
  'freeShippingThresholdKobo' | 'shippingMethods' | 'deliveryZones'
> & {
  freeShippingThreshold: number;
  shippingMethods: (Omit<ShopSettings['shippingMethods'][number], 'priceKobo'> & { price: number })[];
  deliveryZones: DeliveryZoneInNaira[];
};

export function deliveryZoneInNaira(zone: DeliveryZone): DeliveryZoneInNaira {
  const { methods, freeShippingThresholdKobo, ...rest } = zone;
  return {
    ...rest,
    methods: methods.map(({ priceKobo, ...method }) => ({ ...method, price: koboToNaira(priceKobo) })),
    freeShippingThreshold: freeShippingThresholdKobo === null ? null : koboToNaira(freeShippingThresholdKobo),
  };
}

/** A zone as the naira side sends it (states and countries may be left out), in kobo. */
export function deliveryZoneInKobo(
  zone: Omit<DeliveryZoneInNaira, 'states' | 'countries' | 'freeShippingThreshold'> &
    Partial<Pick<DeliveryZoneInNaira, 'states' | 'countries' | 'freeShippingThreshold'>>,
): DeliveryZone {
  const { methods, freeShippingThreshold, states, countries, ...rest } = zone;
  return {
    ...rest,
    states: states ?? [],
    countries: countries ?? [],
    methods: methods.map(({ price, ...method }) => ({ ...method, priceKobo: nairaToKobo(price) })),
    freeShippingThresholdKobo:
      freeShippingThreshold === null || freeShippingThreshold === undefined
        ? null
        : nairaToKobo(freeShippingThreshold),
  };
}

export function settingsInNaira(settings: ShopSettings): SettingsInNaira {
  const { freeShippingThresholdKobo, shippingMethods, deliveryZones, ...rest } = settings;
  return {
    ...rest,
    freeShippingThreshold: koboToNaira(freeShippingThresholdKobo),
    shippingMethods: shippingMethods.map(({ priceKobo, ...method }) => ({
      ...method,
      price: koboToNaira(priceKobo),
    })),
    deliveryZones: deliveryZones.map(deliveryZoneInNaira),
  };
}

/**
 * 'freeShippingThresholdKobo' → 'freeShippingThreshold', 'shippingMethods.0.priceKobo' → '….price',
 * 'deliveryZones.1.freeShippingThresholdKobo' → '….freeShippingThreshold'.
 */
export const nairaFieldName = (name: string): string =>
  name
    .replace(/(^|\.)freeShippingThresholdKobo$/, '$1freeShippingThreshold')
    .replace(/\.priceKobo$/, '.price');
