/**
 * Locations, transfers and stocktakes (decision 0068): what sells online is the sum of the locations
 * that fulfil online orders; a transfer is two rows in one transaction; a stocktake shows its
 * differences, then applies them against the stock at the count's moment; a pickup order takes from
 * the pickup location; and sales, adjustments, transfers and a stocktake racing on one size lose no unit.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder, type PlaceOrderDeps } from '../../../core/orders/place-order';
import { requestReturn } from '../../../core/returns/request';
import type { Mailer } from '../../../core/mail/mailer';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import { allowManyUnpaidOrders, testShippingAddress } from '../../../tests/fixtures/orders';
import type { TestApp } from '../../../tests/fixtures/test-app';
import { createGridProduct, gridOf } from '../../../tests/fixtures/variant-grid';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
let deps: PlaceOrderDeps;
let shop: number;
let storeRoom: number;
let product: { id: number; name: string };
let m: { id: number; sku: string };
let l: { id: number; sku: string };

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await test.database.db.execute(query)) as { rows: Row[] }).rows;
}

const post = (url: string, payload: unknown, token = adminToken) =>
  test.app.inject({ method: 'POST', url, payload: payload as object, headers: auth(token) });

const levels = async (variantId: number) =>
  Object.fromEntries(
    (
      await rows<{ location_id: number; stock: number }>(
        sql`SELECT location_id, stock FROM inventory_levels WHERE variant_id = ${variantId}`,
      )
    ).map((row) => [row.location_id, row.stock]),
  ) as Record<number, number>;

const online = async (variantId: number) =>
  (await rows<{ stock: number }>(sql`SELECT stock FROM product_variants WHERE id = ${variantId}`))[0]!.stock;

/** Every variant whose online stock is not the sum of its selling levels, or a level not the sum of its rows. */
async function unbalanced() {
  return rows(sql`
    SELECT v.id FROM product_variants v
     WHERE v.stock <> (SELECT coalesce(sum(l.stock), 0) FROM inventory_levels l
                         JOIN stock_locations s ON s.id = l.location_id WHERE l.variant_id = v.id AND s.fulfils_online)
    UNION
    SELECT l.variant_id FROM inventory_levels l
     WHERE l.stock <> (SELECT coalesce(sum(quantity), 0) FROM inventory_movements m
                        WHERE m.variant_id = l.variant_id AND m.location_id = l.location_id)`);
}

let shoppers = 0;
const order = (size: string, quantity = 1, shippingMethod = 'standard') =>
  placeOrder(deps, {
    items: [{ id: product.id, quantity, selectedSize: size, selectedColor: 'Black' }],
    shippingMethod,
    paymentMethod: 'bank-transfer',
    email: `places-${++shoppers}@example.ng`,
    phone: '+234 803 555 0166',
    shippingAddress: { ...testShippingAddress },
  });

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
  await allowManyUnpaidOrders(test.database.db);
  const mailer: Mailer = { send: async () => {}, deliver: async () => {} };
  deps = { db: test.database.db, mailer, publicUrl: 'https://rossy.test' };
  product = await createGridProduct(test.database.db, {
    name: 'Places Oxford Shirt',
    sizes: ['M', 'L'],
    colors: ['Black'],
    stock: 10,
  });
  const grid = await gridOf(test.database.db, product.id);
  m = grid.find((cell) => cell.size === 'M')!;
  l = grid.find((cell) => cell.size === 'L')!;
  shop = (await rows<{ id: number }>(sql`SELECT id FROM stock_locations WHERE is_default`))[0]!.id;
}, 120_000);
afterAll(async () => {
  await test?.close();
});

describe('locations', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    await expectAdminOnly('GET', '/api/admin/locations');
    await expectAdminOnly('POST', '/api/admin/inventory/stocktakes');
    await expectAdminOnly('POST', '/api/admin/inventory/transfers');
  });

  it('starts with the shop, selling online and handing over pickups; a store room is added', async () => {
    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/admin/locations',
      headers: auth(adminToken),
    });
    expect(listed.json().items).toEqual([
      expect.objectContaining({ id: shop, name: 'Shop', fulfilsOnline: true, pickup: true, isDefault: true }),
    ]);
    const added = await post('/api/admin/locations', { name: 'Store room', fulfilsOnline: false });
    expect(added.statusCode).toBe(201);
    storeRoom = added.json().id;
    expect(added.json()).toMatchObject({ name: 'Store room', fulfilsOnline: false, pickup: false, units: 0 });
    expect((await post('/api/admin/locations', { name: ' store room ' })).statusCode).toBe(409);
    expect(
      (await post('/api/admin/locations', { name: 'Back', pickup: true, fulfilsOnline: false })).statusCode,
    ).toBe(422);
    const lastSelling = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/locations/${shop}`,
      payload: { fulfilsOnline: false, pickup: false },
      headers: auth(adminToken),
    });
    expect(lastSelling.statusCode).toBe(422);
  });
});

describe('transfers', () => {
  it('moves units to the store room: two rows, and what sells online drops with them', async () => {
    const moved = await post('/api/admin/inventory/transfers', {
      variantId: m.id,
      from: shop,
      to: storeRoom,
      quantity: 4,
    });
    expect(moved.statusCode).toBe(201);
    expect(moved.json()).toMatchObject({ from: { stock: 6 }, to: { stock: 4 }, stock: 6 });
    expect(await levels(m.id)).toEqual({ [shop]: 6, [storeRoom]: 4 });
    const [toRoom, fromShop] = await rows<{
      location_id: number;
      quantity: number;
      reason: string;
      note: string;
    }>(
      sql`SELECT location_id, quantity, reason, note FROM inventory_movements WHERE variant_id = ${m.id} ORDER BY id DESC LIMIT 2`,
    );
    expect(fromShop).toMatchObject({
      location_id: shop,
      quantity: -4,
      reason: 'transfer',
      note: 'To Store room',
    });
    expect(toRoom).toMatchObject({
      location_id: storeRoom,
      quantity: 4,
      reason: 'transfer',
      note: 'From Shop',
    });
    expect(await unbalanced()).toEqual([]);
  });

  it('refuses the same location, zero units, more than is there, and an unknown location', async () => {
    expect(
      (await post('/api/admin/inventory/transfers', { variantId: m.id, from: shop, to: shop, quantity: 1 }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await post('/api/admin/inventory/transfers', {
          variantId: m.id,
          from: shop,
          to: storeRoom,
          quantity: 0,
        })
      ).statusCode,
    ).toBe(400);
    const tooMany = await post('/api/admin/inventory/transfers', {
      variantId: m.id,
      from: storeRoom,
      to: shop,
      quantity: 5,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toContain(`${m.sku} has 4 at Store room`);
    expect(
      (await post('/api/admin/inventory/transfers', { variantId: m.id, from: 99_999, to: shop, quantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await levels(m.id)).toEqual({ [shop]: 6, [storeRoom]: 4 });
  });

  it('counts the store room online when it starts fulfilling online orders, moving no unit', async () => {
    const before = (
      await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM inventory_movements`)
    )[0]!.count;
    const patch = (fulfilsOnline: boolean) =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/admin/locations/${storeRoom}`,
        payload: { fulfilsOnline },
        headers: auth(adminToken),
      });
    expect((await patch(true)).statusCode).toBe(200);
    expect(await online(m.id)).toBe(10);
    expect((await patch(false)).statusCode).toBe(200);
    expect(await online(m.id)).toBe(6);
    const after = (
      await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM inventory_movements`)
    )[0]!.count;
    expect(after).toBe(before);
    expect(await unbalanced()).toEqual([]);
  });
});

describe('adjustments at a location', () => {
  it('counts units received into the store room without selling them online, and takes damaged ones from there alone', async () => {
    const before = await levels(m.id);
    const received = await post('/api/admin/inventory/adjustments', {
      variantId: m.id,
      locationId: storeRoom,
      quantity: 2,
      reason: 'received',
    });
    expect(received.statusCode).toBe(201);
    expect(received.json()).toMatchObject({ locationId: storeRoom, stock: before[storeRoom]! + 2 });
    expect(await online(m.id)).toBe(6);
    // More damaged than the store room holds is refused, though the shop holds more.
    const tooMany = await post('/api/admin/inventory/adjustments', {
      variantId: m.id,
      locationId: storeRoom,
      quantity: -(before[storeRoom]! + 3),
      reason: 'damaged',
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toContain(`has ${before[storeRoom]! + 2} in stock at Store room`);
    const damaged = await post('/api/admin/inventory/adjustments', {
      variantId: m.id,
      locationId: storeRoom,
      quantity: -2,
      reason: 'damaged',
    });
    expect(damaged.statusCode).toBe(201);
    expect(await levels(m.id)).toEqual(before);
    expect(await unbalanced()).toEqual([]);
  });
});

describe('stocktakes', () => {
  it('refuses the whole count with each wrong row listed, and applies nothing', async () => {
    const response = await post('/api/admin/inventory/stocktakes', {
      counts: [
        { sku: m.sku, counted: 7 },
        { sku: 'NO-SUCH-SKU', counted: 2 },
        { variantId: l.id, counted: -1 },
      ],
    });
    expect(response.statusCode).toBe(422);
    const body = response.json().error as { fields: Record<string, string> };
    expect(body.fields['row 2']).toContain('NO-SUCH-SKU');
    expect(body.fields['row 3']).toContain('below 0');
    expect(await online(m.id)).toBe(6);
  });

  it('shows each difference, then applies it against the count’s moment: a sale in between is not lost', async () => {
    // The shelf holds 8 M (the books say 6) and 10 L; the CSV says so.
    const preview = await post('/api/admin/inventory/stocktakes/preview', {
      csv: `sku,counted\n${m.sku},8\n${l.sku.toLowerCase()},10\n`,
    });
    expect(preview.statusCode).toBe(200);
    const seen = preview.json<{
      asOf: number;
      lines: { sku: string; book: number; counted: number; difference: number }[];
    }>();
    expect(seen.lines).toEqual([
      expect.objectContaining({ sku: m.sku, book: 6, counted: 8, difference: 2, size: 'M' }),
      expect.objectContaining({ sku: l.sku, book: 10, counted: 10, difference: 0 }),
    ]);
    // An M sells online after the count, before it is applied.
    await order('M');
    const applied = await post('/api/admin/inventory/stocktakes', {
      csv: `${m.sku},8\n${l.sku},10`,
      asOf: seen.asOf,
      note: 'Saturday close',
    });
    expect(applied.statusCode).toBe(201);
    expect(applied.json().lines[0]).toMatchObject({ sku: m.sku, book: 5, counted: 8, difference: 2 });
    expect(await online(m.id)).toBe(7);
    const [row] = await rows<{ reason: string; quantity: number; note: string; stocktake_id: number }>(
      sql`SELECT reason, quantity, note, stocktake_id FROM inventory_movements WHERE variant_id = ${m.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toMatchObject({ reason: 'stocktake', quantity: 2, stocktake_id: applied.json().id });
    expect(row!.note).toContain('Saturday close');
    // A second count of the same shelf at the same moment agrees instead of adding its difference again.
    const again = await post('/api/admin/inventory/stocktakes', {
      counts: [{ sku: m.sku, counted: 8 }],
      asOf: seen.asOf,
    });
    expect(again.json().lines[0]).toMatchObject({ difference: 0 });
    expect(await online(m.id)).toBe(7);
    expect(await unbalanced()).toEqual([]);
  });

  it('counts a store room without touching what sells online', async () => {
    const applied = await post('/api/admin/inventory/stocktakes', {
      locationId: storeRoom,
      counts: [{ variantId: m.id, counted: 3 }],
    });
    expect(applied.statusCode).toBe(201);
    expect(await levels(m.id)).toMatchObject({ [storeRoom]: 3 });
    expect(await online(m.id)).toBe(7);
    expect(await unbalanced()).toEqual([]);
  });
});

describe('online orders across locations', () => {
  it('takes from the selling locations in the owner’s order, and a pickup order from the pickup location first', async () => {
    const second = await post('/api/admin/locations', {
      name: 'Ikeja shop',
      fulfilsOnline: true,
      position: 5,
    });
    const ikeja = second.json().id as number;
    await post('/api/admin/inventory/transfers', { variantId: l.id, from: shop, to: ikeja, quantity: 6 });
    expect(await levels(l.id)).toMatchObject({ [shop]: 4, [ikeja]: 6 });
    expect(await online(l.id)).toBe(10);
    // Shop comes first: a delivery order of 5 takes its 4 and one from Ikeja.
    await order('L', 5);
    expect(await levels(l.id)).toMatchObject({ [shop]: 0, [ikeja]: 5 });
    // Ikeja hands over pickups now: a pickup order takes from it.
    await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/locations/${ikeja}`,
      payload: { pickup: true },
      headers: auth(adminToken),
    });
    await post('/api/admin/inventory/transfers', { variantId: l.id, from: ikeja, to: shop, quantity: 2 });
    await order('L', 1, 'pickup');
    expect(await levels(l.id)).toMatchObject({ [shop]: 2, [ikeja]: 2 });
    expect(await unbalanced()).toEqual([]);
  });

  it('20 orders, 10 adjustments, 5 exchange reservations, 5 transfers and a stocktake racing on one size: no deadlock, no 5xx, no unit lost', async () => {
    await post('/api/admin/inventory/adjustments', { variantId: m.id, quantity: 60, reason: 'received' });
    await post('/api/admin/inventory/adjustments', { variantId: l.id, quantity: 5, reason: 'received' });
    // Five delivered orders of the L, each returned for the M instead: the exchange sets an M aside.
    const exchanges = [];
    for (let index = 0; index < 5; index++) {
      const placed = await order('L');
      await test.database.db.execute(
        sql`UPDATE orders SET status = 'delivered', delivered_at = now() WHERE number = ${placed.order.number}`,
      );
      exchanges.push(() =>
        requestReturn(
          deps,
          placed.order.number,
          {
            key: placed.accessToken!,
            items: [
              {
                productId: product.id,
                selectedSize: 'L',
                selectedColor: 'Black',
                quantity: 1,
                reason: 'too_big',
              },
            ],
            resolution: 'exchange',
            exchangeFor: [{ productId: product.id, selectedSize: 'M', selectedColor: 'Black' }],
          },
          { user: null },
        ),
      );
    }
    const start = (
      await post('/api/admin/inventory/stocktakes/preview', { counts: [{ variantId: m.id, counted: 0 }] })
    ).json();
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, () => order('M')),
      ...Array.from({ length: 10 }, (_, index) =>
        post('/api/admin/inventory/adjustments', {
          variantId: m.id,
          quantity: index % 2 ? -1 : 2,
          reason: index % 2 ? 'damaged' : 'found',
        }),
      ),
      ...Array.from({ length: 5 }, () =>
        post('/api/admin/inventory/transfers', { variantId: m.id, from: shop, to: storeRoom, quantity: 1 }),
      ),
      ...exchanges.map((ask) => ask()),
      post('/api/admin/inventory/stocktakes', {
        locationId: storeRoom,
        counts: [{ variantId: m.id, counted: 3 }],
        asOf: start.asOf,
      }),
    ]);
    const failed = results.filter((result) => result.status === 'rejected');
    expect(failed).toEqual([]);
    const statuses = results.flatMap((result) =>
      result.status === 'fulfilled' && 'statusCode' in (result.value as object)
        ? [(result.value as { statusCode: number }).statusCode]
        : [],
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status >= 400)).toEqual([]);
    expect(await unbalanced()).toEqual([]);
    // The store room: counted 3 at the start, then 5 transferred in.
    expect(await levels(m.id)).toMatchObject({ [storeRoom]: 8 });
    // Each exchange set its M aside, once.
    expect(
      await rows<{ count: number }>(
        sql`SELECT count(*)::int AS count FROM inventory_movements WHERE variant_id = ${m.id} AND reason = 'exchange_out'`,
      ),
    ).toEqual([{ count: 5 }]);
  });
});
