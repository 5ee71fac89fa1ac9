import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../core/accounts/sessions';
import { listLocations } from '../../../core/inventory/locations';
import { getShopSettings } from '../../../core/settings/shop-settings';
import { createTestDatabase, type TestDatabase } from '../../../tests/fixtures/test-database';
import type { AdminActionResult } from './admin-texts';
import { pickupPoint, shownAddress, unitsLabel } from './settings-locations';
import { locationFieldMessages, readLocation, settingsActions } from './settings-tab.server';
import { locationMessages } from './settings-texts';

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe('a location as its row on Settings → Locations shows it', () => {
  it('counts its units', () => {
    expect(unitsLabel(0)).toBe('0 units');
    expect(unitsLabel(1)).toBe('1 unit');
    expect(unitsLabel(1240)).toBe('1,240 units');
  });

  it("shows the shop's address for the first location left blank, and only for that one", () => {
    expect(shownAddress({ address: '', isDefault: true }, '14 Admiralty Way')).toEqual({
      text: '14 Admiralty Way',
      fromShop: true,
    });
    expect(shownAddress({ address: 'Balogun Market', isDefault: true }, '14 Admiralty Way')).toEqual({
      text: 'Balogun Market',
      fromShop: false,
    });
    expect(shownAddress({ address: ' ', isDefault: false }, '14 Admiralty Way')).toEqual({
      text: '',
      fromShop: false,
    });
  });

  it('names the pickup location and says when its address is not the one shoppers are told', () => {
    const shop = { name: 'Shop', address: '', pickup: true, isDefault: true };
    const room = { name: 'Store room', address: '2 Oba Street', pickup: false, isDefault: false };
    expect(pickupPoint([shop, room], '14  admiralty way', '14 Admiralty Way')).toEqual({
      name: 'Shop',
      address: '14 Admiralty Way',
      differs: false,
    });
    expect(
      pickupPoint(
        [
          { ...shop, pickup: false },
          { ...room, pickup: true },
        ],
        '14 Admiralty Way',
        '',
      ),
    ).toEqual({ name: 'Store room', address: '2 Oba Street', differs: true });
    // A pickup location with no address offers nothing to copy.
    expect(pickupPoint([{ ...shop, address: '' }], 'Lekki', '')).toEqual({
      name: 'Shop',
      address: '',
      differs: false,
    });
    expect(pickupPoint([room], 'Lekki', '')).toBeNull();
  });
});

describe('a location as its form posts it', () => {
  it('reads the ticks, a blank order as "leave it", and a typed one as a number', () => {
    expect(
      readLocation(
        formOf([
          ['id', ''],
          ['name', 'Store room'],
          ['address', '2 Oba Street'],
          ['fulfilsOnline', 'on'],
          ['position', ''],
        ]),
      ),
    ).toEqual({
      id: null,
      input: { name: 'Store room', address: '2 Oba Street', fulfilsOnline: true, pickup: false },
    });
    const changed = readLocation(
      formOf([
        ['id', '7'],
        ['name', 'Shop'],
        ['pickup', 'on'],
        ['position', ' 2 '],
      ]),
    );
    expect(changed).toEqual({
      id: 7,
      input: { name: 'Shop', address: '', fulfilsOnline: false, pickup: true, position: 2 },
    });
    expect(readLocation(formOf([['position', 'first']])).input.position).toBeNaN();
  });

  it("puts zod's words for the order in the shop's, and keeps core's own", () => {
    expect(
      locationFieldMessages({
        position: 'Invalid input: expected int, received number',
        name: 'Name the location',
      }),
    ).toEqual({ position: 'Enter a whole number from 0 to 1000', name: 'Name the location' });
  });
});

describe('Settings → Locations saves through the settings intent', () => {
  let database: TestDatabase;
  const admin = {
    id: null,
    email: 'owner@rossy.test',
    name: 'Owner',
    role: 'owner',
  } as unknown as CurrentUser;
  const save = async (entries: [string, string][]) => {
    const answer = await settingsActions['settings-save']!({
      context: { services: { db: database.db } } as unknown as AppLoadContext,
      request: new Request('http://shop.test/admin?tab=settings', { method: 'POST' }),
      admin,
      form: formOf([['intent', 'settings-save'], ['section', 'locations'], ...entries]),
    });
    // A refusal comes as data(…, { status }), a success as the result itself.
    const wrapped = answer as { data?: AdminActionResult; init?: { status?: number } };
    return wrapped.data
      ? { status: wrapped.init?.status ?? 200, result: wrapped.data }
      : { status: 200, result: answer as AdminActionResult };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('adds a store room that does not sell online, last in the order', async () => {
    const answer = await save([
      ['name', 'Store room'],
      ['address', '2 Oba Street, Lagos Island'],
    ]);
    expect(answer).toEqual({
      status: 200,
      result: { ok: true, intent: 'settings-save', message: locationMessages.added('Store room') },
    });
    const room = (await listLocations(database.db)).find((location) => location.name === 'Store room');
    expect(room).toMatchObject({ fulfilsOnline: false, pickup: false, position: 1, units: 0 });
  });

  it("answers core's refusals field by field, with their status", async () => {
    const duplicate = await save([['name', ' store room ']]);
    expect(duplicate.status).toBe(409);
    expect(duplicate.result).toMatchObject({
      ok: false,
      error: locationMessages.invalid,
      fields: { name: 'A location has that name' },
    });

    const shop = (await listLocations(database.db)).find((location) => location.isDefault)!;
    const lastSeller = await save([
      ['id', String(shop.id)],
      ['name', shop.name],
      ['position', '0'],
    ]);
    expect(lastSeller.status).toBe(422);
    expect(lastSeller.result).toMatchObject({ ok: false, fields: { fulfilsOnline: expect.any(String) } });

    const order = await save([
      ['name', 'Second shop'],
      ['fulfilsOnline', 'on'],
      ['position', 'first'],
    ]);
    expect(order.status).toBe(400);
    expect(order.result).toMatchObject({ fields: { position: 'Enter a whole number from 0 to 1000' } });
    expect((await listLocations(database.db)).map((location) => location.name)).toEqual([
      'Shop',
      'Store room',
    ]);
  });

  it('moves the pickup point to a location that now sells online', async () => {
    const room = (await listLocations(database.db)).find((location) => location.name === 'Store room')!;
    const answer = await save([
      ['id', String(room.id)],
      ['name', 'Store room'],
      ['address', room.address],
      ['fulfilsOnline', 'on'],
      ['pickup', 'on'],
      ['position', '0'],
    ]);
    expect(answer.result).toEqual({
      ok: true,
      intent: 'settings-save',
      message: locationMessages.saved('Store room'),
    });
    const after = await listLocations(database.db);
    expect(after.filter((location) => location.pickup).map((location) => location.name)).toEqual([
      'Store room',
    ]);
  });

  it('leaves the shop settings alone: a form without the section is a settings save', async () => {
    const before = await getShopSettings(database.db);
    const answer = await settingsActions['settings-save']!({
      context: { services: { db: database.db } } as unknown as AppLoadContext,
      request: new Request('http://shop.test/admin?tab=settings', { method: 'POST' }),
      admin,
      form: formOf([
        ['intent', 'settings-save'],
        ['name', 'Store room'],
      ]),
    });
    // Not a location: the whole settings form is read, and a form this bare is refused field by field.
    expect((answer as { data?: AdminActionResult }).data?.ok).toBe(false);
    expect((await listLocations(database.db)).length).toBe(2);
    expect(await getShopSettings(database.db)).toEqual(before);
  });
});
