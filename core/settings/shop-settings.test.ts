import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { auditLog } from '../../db/schema/admin';
import { settings } from '../../db/schema/settings';
import { defaultShopSettings, getShopSettings, saveShopSettings } from './shop-settings';

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

  it('merges a group value by value and records only what changed', async () => {
    const saved = await saveShopSettings(database.db, { taxRates: { eu: 19 }, name: 'Rossy Abuja' }, actor);
    expect(saved.taxRates).toEqual({ us: 7, eu: 19, asia: 15, other: 10 });
    const [entry] = await entries();
    expect(entry).toMatchObject({
      actorEmail: 'owner@rossy.ng',
      summary: 'Settings changed: taxRates',
      before: { taxRates: { us: 7, eu: 20, asia: 15, other: 10 } },
      after: { taxRates: { us: 7, eu: 19, asia: 15, other: 10 } },
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
    const saved = await saveShopSettings(database.db, { hacked: true } as Record<string, unknown>, actor);
    expect(saved).not.toHaveProperty('hacked');
  });
});
