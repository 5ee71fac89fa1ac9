import { describe, expect, it } from 'vitest';
import { defaultShopSettings } from '../core/settings/shop-settings';
import { deliveryPromise, deliveryZoneFor, zoneThresholdKobo } from './delivery';

const zones = defaultShopSettings.deliveryZones;

describe('delivery zones in the browser', () => {
  it('finds a Nigerian address by its state and one abroad by its country', () => {
    expect(deliveryZoneFor(zones, { country: 'Nigeria', state: 'Kano' })?.id).toBe('other-states');
    expect(deliveryZoneFor(zones, { country: 'Nigeria', state: 'Oyo' })?.id).toBe('south-west');
    expect(deliveryZoneFor(zones, { country: 'UK' })?.id).toBe('international');
    expect(deliveryZoneFor(zones, { country: 'Nigeria', state: null })).toBeNull();
  });

  it("takes a zone's own threshold over the shop's, and the shop's when it has none", () => {
    expect(zoneThresholdKobo({ freeShippingThresholdKobo: 2_500_000 }, 1_500_000)).toBe(2_500_000);
    expect(zoneThresholdKobo({ freeShippingThresholdKobo: null }, 1_500_000)).toBe(1_500_000);
    expect(zoneThresholdKobo(null, 1_500_000)).toBe(1_500_000);
  });

  it("promises free delivery over the zone's threshold when a zone is known", () => {
    const kano = { ...zones[2]!, freeShippingThresholdKobo: 5_000_000 };
    expect(deliveryPromise({ freeShipping: false }, defaultShopSettings)).toBe(
      'Free standard delivery over ₦15,000',
    );
    expect(deliveryPromise({ freeShipping: false }, defaultShopSettings, kano)).toBe(
      'Free standard delivery over ₦50,000',
    );
  });
});
