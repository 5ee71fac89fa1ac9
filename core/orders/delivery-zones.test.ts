/**
 * Delivery priced by where it goes: the same bag costs more to Kano than to Lagos, the order charges
 * exactly what the quote said and keeps the promised dates, and a state, method or country the
 * zones do not cover is a 422 naming it (decision 0030) that places nothing.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { koboToNaira } from '../../contracts/money';
import { products } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { createMailer } from '../mail/mailer';
import { defaultShopSettings, saveShopSettings } from '../settings/shop-settings';
import { placeOrder, type PlaceOrderDeps } from './place-order';
import { quoteCart } from './quote';

let database: TestDatabase;
let deps: PlaceOrderDeps;
let bag: { id: number; sizes: string[] };
/** Thursday 26 November 2026, 10:00 in Lagos: before the cut-off. */
const now = new Date('2026-11-26T10:00:00+01:00');

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await allowManyUnpaidOrders(database.db);
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.freeShipping, false))
    .orderBy(asc(products.id))
    .limit(1);
  bag = row!;
  // The bag stays below the shop's free-delivery threshold: every zone charges for it.
  await saveShopSettings(database.db, { freeShippingThresholdKobo: 9_000_000_000 });
  await setProductStock(database.db, bag.id, 50);
});
afterAll(async () => {
  await database?.destroy();
});

const items = () => [{ id: bag.id, quantity: 1, selectedSize: bag.sizes[0] }];
const quoteFor = (state: string | undefined, shippingMethod = 'standard') =>
  quoteCart(
    database.db,
    { items: items(), shippingMethod, shippingAddress: { country: 'Nigeria', state } },
    {},
    { now },
  );

function orderBody(state: string, shippingMethod = 'standard', expectedTotal?: number) {
  return {
    items: items(),
    shippingMethod,
    paymentMethod: 'bank-transfer',
    email: 'musa@example.ng',
    phone: '0803 000 1111',
    shippingAddress: {
      firstName: 'Musa',
      lastName: 'Bello',
      address: '3 Zoo Road',
      city: 'Kano',
      state,
      zipCode: '',
      country: 'Nigeria',
    },
    expectedTotal,
  };
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const orderCount = async () =>
  (await database.db.select({ count: sql<number>`count(*)::int` }).from(orders))[0]!.count;

describe('delivery by zone', () => {
  it('prices the same bag higher to Kano than to Lagos, with later dates', async () => {
    const lagos = await quoteFor('Lagos');
    const kano = await quoteFor('kano state');
    expect(lagos.deliveryZone).toEqual({ id: 'lagos', name: 'Lagos' });
    expect(kano).toMatchObject({ deliveryZone: { name: 'Other states' }, state: 'Kano', needsState: false });
    expect(lagos.shippingKobo).toBe(200_000);
    expect(kano.shippingKobo).toBe(500_000);
    expect(kano.totalKobo - lagos.totalKobo).toBe(300_000);
    expect(lagos.shippingMethod?.deliveryDates).toEqual({ earliest: '2026-11-27', latest: '2026-11-28' });
    expect(kano.shippingMethod?.deliveryDates).toEqual({ earliest: '2026-11-30', latest: '2026-12-04' });
  });

  it('charges the order exactly what the quote said for the address, and keeps its zone and dates', async () => {
    const quote = await quoteFor('Kano', 'express');
    const placed = await placeOrder(deps, orderBody('Kano', 'express', koboToNaira(quote.totalKobo)), {
      now,
    });
    expect(placed.order.totalKobo).toBe(quote.totalKobo);
    expect(placed.order.shippingKobo).toBe(800_000);
    const [row] = await database.db
      .select({
        zone: orders.deliveryZone,
        earliest: orders.deliveryEarliest,
        latest: orders.deliveryLatest,
        shippingKobo: orders.shippingKobo,
      })
      .from(orders)
      .where(eq(orders.number, placed.order.number));
    expect(row).toEqual({
      zone: 'Other states',
      earliest: quote.shippingMethod!.deliveryDates.earliest,
      latest: quote.shippingMethod!.deliveryDates.latest,
      shippingKobo: 800_000,
    });
  });

  it('refuses a Kano order that expects the Lagos total, placing nothing', async () => {
    const lagos = await quoteFor('Lagos');
    const count = await orderCount();
    const error = await refusal(
      placeOrder(deps, orderBody('Kano', 'standard', koboToNaira(lagos.totalKobo)), { now }),
    );
    expect(error.code).toBe('TOTAL_CHANGED');
    expect(await orderCount()).toBe(count);
  });

  it('answers "from" prices and needsState without a state, and refuses an order without one', async () => {
    const quote = await quoteFor(undefined);
    expect(quote).toMatchObject({ needsState: true, deliveryZone: null, state: null });
    expect(quote.shippingMethods.find((method) => method.id === 'standard')?.priceRangeKobo).toEqual({
      min: 200_000,
      max: 500_000,
    });
    const count = await orderCount();
    const error = await refusal(placeOrder(deps, orderBody(''), { now }));
    expect(error.status).toBe(400);
    expect(await orderCount()).toBe(count);
  });

  it('refuses a state that is not Nigerian with a 422 naming it', async () => {
    const error = await refusal(quoteFor('Gotham'));
    expect(error.status).toBe(422);
    expect(error.message).toContain('Gotham');
  });

  it('refuses a method the zone does not offer with a 422 naming it, in the quote and at Place Order', async () => {
    const zones = defaultShopSettings.deliveryZones.map((zone) =>
      zone.id === 'other-states'
        ? { ...zone, methods: zone.methods.filter((method) => method.id !== 'express') }
        : zone,
    );
    await saveShopSettings(database.db, { deliveryZones: zones });
    try {
      const quoted = await refusal(quoteFor('Kano', 'express'));
      expect(quoted.status).toBe(422);
      expect(quoted.message).toBe('Express is not offered in Kano.');
      const count = await orderCount();
      const placing = await refusal(placeOrder(deps, orderBody('Kano', 'express'), { now }));
      expect(placing.status).toBe(422);
      expect(placing.message).toBe('Express is not offered in Kano.');
      expect(await orderCount()).toBe(count);
      const pickup = await refusal(placeOrder(deps, orderBody('Kano', 'pickup'), { now }));
      expect(pickup.message).toBe('Pickup at the shop is not offered in Kano.');
      // Lagos still offers it.
      expect((await quoteFor('Lagos', 'express')).shippingMethod?.id).toBe('express');
    } finally {
      await saveShopSettings(database.db, { deliveryZones: defaultShopSettings.deliveryZones });
    }
  });

  it("ships free over the zone's own threshold", async () => {
    const zones = defaultShopSettings.deliveryZones.map((zone) =>
      zone.id === 'other-states' ? { ...zone, freeShippingThresholdKobo: 1 } : zone,
    );
    await saveShopSettings(database.db, { deliveryZones: zones });
    try {
      const kano = await quoteFor('Kano');
      expect(kano).toMatchObject({ shippingKobo: 0, freeShippingThresholdKobo: 1 });
      expect((await quoteFor('Lagos')).shippingKobo).toBe(200_000);
    } finally {
      await saveShopSettings(database.db, { deliveryZones: defaultShopSettings.deliveryZones });
    }
  });
});
