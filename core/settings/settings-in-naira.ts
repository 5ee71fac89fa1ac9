import { koboToNaira } from '../../contracts/money';
import type { ShopSettings } from './shop-settings';

/**
 * The shop keeps money in kobo; the admin's form and the REST API speak naira. One mapping for
 * both: the settings with their money in naira, and a kobo field's name as the naira side calls it.
 */
export type SettingsInNaira = Omit<ShopSettings, 'freeShippingThresholdKobo' | 'shippingMethods'> & {
  freeShippingThreshold: number;
  shippingMethods: (Omit<ShopSettings['shippingMethods'][number], 'priceKobo'> & { price: number })[];
};

export function settingsInNaira(settings: ShopSettings): SettingsInNaira {
  const { freeShippingThresholdKobo, shippingMethods, ...rest } = settings;
  return {
    ...rest,
    freeShippingThreshold: koboToNaira(freeShippingThresholdKobo),
    shippingMethods: shippingMethods.map(({ priceKobo, ...method }) => ({
      ...method,
      price: koboToNaira(priceKobo),
    })),
  };
}

/** 'freeShippingThresholdKobo' → 'freeShippingThreshold', 'shippingMethods.0.priceKobo' → '….price'. */
export const nairaFieldName = (name: string): string =>
  name.replace(/^freeShippingThresholdKobo$/, 'freeShippingThreshold').replace(/\.priceKobo$/, '.price');
