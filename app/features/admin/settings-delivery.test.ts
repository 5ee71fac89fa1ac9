import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../core/errors';
import { settingsInNaira } from '../../../core/settings/settings-in-naira';
import { defaultShopSettings, getShopSettings, saveShopSettings } from '../../../core/settings/shop-settings';
import { createTestDatabase, type TestDatabase } from '../../../tests/fixtures/test-database';
import { readDeliveryZones } from './settings-tab.server';

const deliveryZonesFrom = (form: FormData) =>
  readDeliveryZones(form, defaultShopSettings.deliveryZones).zones;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const methodIds = [...defaultShopSettings.shippingMethods.map((method) => method.id), 'pickup'];

/** The Delivery panel's form as the owner posts it: every zone, every method row, ticked states. */
function panelForm(zones: ReturnType<typeof settingsInNaira>['deliveryZones']): FormData {
  const form = new FormData();
  form.set('deliveryZones.shown', '1');
  zones.forEach((zone, index) => {
    const prefix = `deliveryZones.${index}`;
    form.set(`${prefix}.id`, zone.id);
    form.set(`${prefix}.name`, zone.name);
    form.set(
      `${prefix}.freeShippingThreshold`,
      zone.freeShippingThreshold === null ? '' : String(zone.freeShippingThreshold),
    );
    for (const state of zone.states) form.append(`${prefix}.states`, state);
    for (const country of zone.countries) form.append(`${prefix}.countries`, country);
    methodIds.forEach((id, at) => {
      const offered = zone.methods.find((method) => method.id === id);
      const row = `${prefix}.methods.${at}`;
      form.set(`${row}.id`, id);
      form.set(`${row}.price`, String(offered?.price ?? 0));
      form.set(`${row}.minDays`, String(offered?.minDays ?? 0));
      form.set(`${row}.maxDays`, String(offered?.maxDays ?? 0));
      if (offered?.enabled) form.set(`${row}.enabled`, 'on');
    });
  });
  return form;
}

const savedZones = () => settingsInNaira(defaultShopSettings).deliveryZones;

describe('Settings → Delivery', () => {
  it('reads the zones as posted, in naira, and saves a state moved to another zone', async () => {
    const zones = savedZones().map((zone) =>
      zone.id === 'lagos'
        ? { ...zone, states: [...zone.states, 'Ogun' as const], freeShippingThreshold: 50_000 }
        : { ...zone, states: zone.states.filter((state) => state !== 'Ogun') },
    );
    const read = deliveryZonesFrom(panelForm(zones));
    const lagos = read.find((zone) => zone.id === 'lagos')!;
    expect(lagos.states).toEqual(['Lagos', 'Ogun']);
    expect(lagos.freeShippingThresholdKobo).toBe(5_000_000);
    expect(lagos.methods.find((method) => method.id === 'standard')).toEqual({
      id: 'standard',
      priceKobo: 200_000,
      minDays: 1,
      maxDays: 2,
      enabled: true,
    });
    // An unticked row adds nothing to a zone that never listed the method; one it listed stays, off.
    expect(read.find((zone) => zone.id === 'south-west')!.methods.map((method) => method.id)).toEqual([
      'standard',
      'express',
    ]);
    expect(lagos.methods.map((method) => method.id)).toContain('pickup');

    const saved = await saveShopSettings(database.db, { deliveryZones: read });
    expect(saved.deliveryZones.find((zone) => zone.id === 'lagos')!.states).toEqual(['Lagos', 'Ogun']);
    expect(saved.deliveryZones.find((zone) => zone.id === 'south-west')!.states).not.toContain('Ogun');
  });

  it('refuses a layout that leaves a state out, naming it, and changes nothing', async () => {
    const before = await getShopSettings(database.db);
    const zones = settingsInNaira(before).deliveryZones.map((zone) => ({
      ...zone,
      states: zone.states.filter((state) => state !== 'Kano'),
    }));
    const refusal = await saveShopSettings(database.db, {
      deliveryZones: deliveryZonesFrom(panelForm(zones)),
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isAppError(refusal)).toBe(true);
    expect(isAppError(refusal) && refusal.status).toBeGreaterThanOrEqual(400);
    expect(isAppError(refusal) && refusal.fields?.deliveryZones).toBe('Kano is in no delivery zone.');
    expect(await getShopSettings(database.db)).toEqual(before);
  });
});
