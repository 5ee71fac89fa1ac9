import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { auditLog } from '../../db/schema/admin';
import { settings } from '../../db/schema/settings';
import { AppError } from '../errors';
import {
  defaultShopSettings,
  getShopSettings,
  saveShopSettings,
  validShopSettingsSchema,
} from './shop-settings';

let database: TestDatabase;
const actor = { id: null, email: 'owner@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

const entries = () => database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));

describe('shop settings', () => {
  it('reads an old row without the newer settings over the defaults', async () => {
    const { notifications: _notifications, currencyRates: _rates, ...old } = defaultShopSettings;
    await database.db.insert(settings).values({ key: 'shop', value: { ...old, name: 'Rossy Abuja' } });
    const read = await getShopSettings(database.db);
    expect(read.name).toBe('Rossy Abuja');
    expect(read.notifications).toEqual({ emailAlerts: true, smsAlerts: false, alertEmail: '' });
    expect(read.currencyRates).toEqual({ USD: 1550, EUR: 1700, GBP: 1950 });
  });

  it('reads a shop saved before Nigeria had its own VAT: its own rates and name kept, VAT included at 7.5 %', async () => {
    const { pricesIncludeTax: _included, ...before } = defaultShopSettings;
    const stored = { ...before, name: 'Rossy Abuja', taxRates: { us: 8, eu: 19, asia: 15, other: 12 } };
    await database.db.update(settings).set({ value: stored }).where(eq(settings.key, 'shop'));
    const read = await getShopSettings(database.db);
    // A group missing one value once made the whole row fall back to the defaults.
    expect(read.name).toBe('Rossy Abuja');
    expect(read.taxRates).toEqual({ ng: 7.5, us: 8, eu: 19, asia: 15, other: 12 });
    expect(read.pricesIncludeTax).toBe(true);
    await database.db
      .update(settings)
      .set({ value: { ...defaultShopSettings, name: 'Rossy Abuja' } })
      .where(eq(settings.key, 'shop'));
  });

  it('switches VAT from inside the prices to on top, and keeps a Nigerian rate of 7.5', async () => {
    const saved = await saveShopSettings(database.db, { pricesIncludeTax: false, taxRates: { ng: 7.5 } });
    expect(saved).toMatchObject({ pricesIncludeTax: false, taxRates: { ng: 7.5 } });
    await expect(saveShopSettings(database.db, { pricesIncludeTax: 'yes' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { pricesIncludeTax: expect.any(String) },
    });
    await saveShopSettings(database.db, { pricesIncludeTax: true });
  });

  it('merges a group value by value and records only what changed', async () => {
    const saved = await saveShopSettings(database.db, { taxRates: { eu: 19 }, name: 'Rossy Abuja' }, actor);
    expect(saved.taxRates).toEqual({ ng: 7.5, us: 7, eu: 19, asia: 15, other: 10 });
    const [entry] = await entries();
    expect(entry).toMatchObject({
      actorEmail: 'owner@rossy.ng',
      summary: 'Settings changed: taxRates',
      before: { taxRates: { ng: 7.5, us: 7, eu: 20, asia: 15, other: 10 } },
      after: { taxRates: { ng: 7.5, us: 7, eu: 19, asia: 15, other: 10 } },
    });
  });

  it('keeps everything when one value is invalid, and records nothing', async () => {
    await expect(
      saveShopSettings(database.db, { taxRates: { us: 8, eu: 101 }, name: 'Changed' }, actor),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', fields: { 'taxRates.eu': 'Enter a rate from 0 to 100' } });
    const read = await getShopSettings(database.db);
    expect(read.taxRates.us).toBe(7);
    expect(read.name).toBe('Rossy Abuja');
    expect(await entries()).toHaveLength(1);
  });

  it('records nothing when nothing changed, or when the shop itself saves (no actor)', async () => {
    await saveShopSettings(database.db, { returnsDays: 30 }, actor);
    await saveShopSettings(database.db, { returnsDays: 21 });
    expect((await getShopSettings(database.db)).returnsDays).toBe(21);
    expect(await entries()).toHaveLength(1);
  });

  it('applies two saves at once one after the other: neither change is lost', async () => {
    await Promise.all([
      saveShopSettings(database.db, { taxRates: { us: 8 } }, actor),
      saveShopSettings(database.db, { taxRates: { asia: 16 } }, actor),
    ]);
    const { taxRates } = await getShopSettings(database.db);
    expect(taxRates).toMatchObject({ us: 8, asia: 16 });
  });

  it('ignores unknown keys', async () => {
    const saved = await saveShopSettings(database.db, { hacked: true }, actor);
    expect(saved).not.toHaveProperty('hacked');
  });

  it('keeps a shop-wide low-stock line, 5 by default, in whole units from 0 to 10,000', async () => {
    expect(defaultShopSettings.lowStockThreshold).toBe(5);
    // A shop saved before the setting existed reads the default.
    const { lowStockThreshold: _threshold, ...old } = await getShopSettings(database.db);
    await database.db.update(settings).set({ value: old }).where(eq(settings.key, 'shop'));
    expect((await getShopSettings(database.db)).lowStockThreshold).toBe(5);

    const saved = await saveShopSettings(database.db, { lowStockThreshold: 12 }, actor);
    expect(saved.lowStockThreshold).toBe(12);
    for (const refused of [-1, 2.5, 10_001])
      await expect(
        saveShopSettings(database.db, { lowStockThreshold: refused }, actor),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        fields: { lowStockThreshold: expect.stringMatching(/whole number|0 to 10000 units/) },
      });
    expect((await getShopSettings(database.db)).lowStockThreshold).toBe(12);
    await saveShopSettings(database.db, { lowStockThreshold: 5 });
  });
});

describe('delivery zones', () => {
  const zones = defaultShopSettings.deliveryZones;
  const withZones = (deliveryZones: typeof zones) => saveShopSettings(database.db, { deliveryZones }, actor);
  const refusal = async (deliveryZones: typeof zones) => {
    const before = await getShopSettings(database.db);
    const error = await withZones(deliveryZones).then(
      () => null,
      (caught: unknown) => caught as AppError,
    );
    expect(error).toBeInstanceOf(AppError);
    // A rule the API's document cannot state: 422 (decision 0030), naming the state.
    expect(error!.status).toBe(422);
    // Nothing changes.
    expect(await getShopSettings(database.db)).toEqual(before);
    return error!.message;
  };

  it('keeps every state in exactly one zone by default, with the seed prices', () => {
    expect(validShopSettingsSchema.safeParse(defaultShopSettings).success).toBe(true);
    const lagos = zones.find((zone) => zone.id === 'lagos')!;
    const other = zones.find((zone) => zone.id === 'other-states')!;
    expect(other.states).toContain('Kano');
    expect(other.states).toHaveLength(37 - 6);
    expect(lagos.methods.find((method) => method.id === 'standard')).toMatchObject({
      priceKobo: 200_000,
      minDays: 1,
      maxDays: 2,
    });
    expect(lagos.methods.find((method) => method.id === 'express')).toMatchObject({
      priceKobo: 350_000,
      minDays: 0,
      maxDays: 1,
    });
    expect(defaultShopSettings.publicHolidays).toEqual(
      expect.arrayContaining(['2026-01-01', '2026-06-12', '2027-10-01', '2027-12-26']),
    );
  });

  it('refuses a layout that leaves a state out, naming it, and changes nothing', async () => {
    const message = await refusal(
      zones.map((zone) =>
        zone.id === 'other-states'
          ? { ...zone, states: zone.states.filter((state) => state !== 'Kano') }
          : zone,
      ),
    );
    expect(message).toContain('Kano is in no delivery zone.');
  });

  it('refuses a state in two zones, naming both', async () => {
    const message = await refusal(
      zones.map((zone) => (zone.id === 'south-west' ? { ...zone, states: [...zone.states, 'Lagos'] } : zone)),
    );
    expect(message).toContain('Lagos is in two zones: Lagos and South-West.');
  });

  it('refuses a country in two zones, a method the shop does not have, and fewer most days than fewest', async () => {
    const twice = [...zones, { ...zones[3]!, id: 'uk', name: 'UK', countries: ['UK' as const] }];
    expect(await refusal(twice)).toContain('UK is in two zones: International and UK.');
    const unknown = zones.map((zone) =>
      zone.id === 'lagos'
        ? { ...zone, methods: [...zone.methods, { ...zone.methods[0]!, id: 'drone' }] }
        : zone,
    );
    expect(await refusal(unknown)).toContain('there is no shipping method drone');
    const backwards = zones.map((zone) =>
      zone.id === 'lagos' ? { ...zone, methods: [{ ...zone.methods[0]!, minDays: 3, maxDays: 1 }] } : zone,
    );
    expect(await refusal(backwards)).toContain('the most days cannot be fewer than the fewest');
  });

  it('takes a valid new layout and a zone threshold', async () => {
    const saved = await withZones(
      zones.map((zone) => (zone.id === 'lagos' ? { ...zone, freeShippingThresholdKobo: 2_500_000 } : zone)),
    );
    expect(saved.deliveryZones[0]!.freeShippingThresholdKobo).toBe(2_500_000);
  });

  it('reads the default zones for a stored shop saved before zones existed', async () => {
    const {
      deliveryZones: _zones,
      dispatchCutoff: _cutoff,
      publicHolidays: _holidays,
      pickup: _pickup,
      ...old
    } = defaultShopSettings;
    await database.db.update(settings).set({ value: old }).where(eq(settings.key, 'shop'));
    const read = await getShopSettings(database.db);
    expect(read.deliveryZones).toEqual(defaultShopSettings.deliveryZones);
    expect(read.dispatchCutoff).toBe('14:00');
    expect(read.pickup).toEqual(defaultShopSettings.pickup);
  });
});
