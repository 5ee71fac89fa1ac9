/**
 * Migration 0024 (delivery zones, dates, pickup, tracking links) on a shop seeded and run under
 * migration 0023: every order stays as it was, the new columns read null on each, a stored shop
 * setting without zones reads the default zones, and the status check takes the pickup moves.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrderByNumber } from '../core/orders/read-orders';
import { getShopSettings } from '../core/settings/shop-settings';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import type { DatabaseHandle } from './client';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

const shipped = 'ORD-24001';
const cancelled = 'ORD-24002';

type Snapshot = Record<string, unknown>[];
let before: Snapshot;

const snapshot = () =>
  rows<Record<string, unknown>>(sql`
    SELECT number, status, payment_status, shipping_method, shipping_kobo, total_kobo, carrier, tracking_number,
           shipping_address, delivered_at
      FROM orders ORDER BY number`);

beforeAll(async () => {
  shop = await openShopMigratedTo('0023_refunds_and_returns');
  handle = shop.handle;
  const db = handle.db;
  const place = async (number: string, status: string, tracking: string | null) => {
    await db.execute(sql`
      INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                          payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                          tax_kobo, total_kobo, tax_rate_percent, access_token_hash, carrier, tracking_number,
                          created_at)
      VALUES (${number}, 'old-shopper@example.ng', '+2348031234567',
              ${JSON.stringify({ firstName: 'Musa', lastName: 'Bello', address: '3 Zoo Road', city: 'Kano', state: 'Kano', zipCode: '', country: 'Nigeria' })}::jsonb,
              'standard', 'Standard (Delivery in 3-5 business days)', 'flutterwave', 'paid', ${status},
              8900000, 0, 150000, 0, 9050000, 0, ${`hash-${number}`}, ${tracking ? 'GIG Logistics' : null},
              ${tracking}, '2026-10-01T09:00:00Z')`);
  };
  await place(shipped, 'shipped', 'GIG-123456');
  await place(cancelled, 'cancelled', null);
  // The shop's settings as 0023's admin saved them: no zones, no cut-off, no holidays, no pickup.
  await db.execute(sql`
    INSERT INTO settings (key, value) VALUES ('shop', ${JSON.stringify({ name: 'Rossy', returnsDays: 14 })}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
  before = await snapshot();
  expect(before).toHaveLength(2);

  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0024 on a shop of 0023', () => {
  it('keeps every order as it was, with no delivery promise, pickup or tracking link', async () => {
    expect(await snapshot()).toEqual(before);
    const order = (await findOrderByNumber(handle.db, shipped))!;
    expect(order).toMatchObject({
      deliveryZone: null,
      deliveryEarliest: null,
      deliveryLatest: null,
      pickupCode: null,
      readyForPickupAt: null,
      pickedUpAt: null,
      trackingUrl: null,
      trackingNumber: 'GIG-123456',
    });
  });

  it('reads the default zones, cut-off, holidays and pickup for a shop saved before them', async () => {
    const settings = await getShopSettings(handle.db);
    expect(settings.returnsDays).toBe(14);
    expect(settings.deliveryZones.map((zone) => zone.name)).toEqual([
      'Lagos',
      'South-West',
      'Other states',
      'International',
    ]);
    expect(settings.dispatchCutoff).toBe('14:00');
    expect(settings.publicHolidays).toContain('2026-12-25');
    expect(settings.pickup.address).toBe(settings.address);
  });

  it('lets an order be ready for pickup and picked up, and still refuses a status it does not know', async () => {
    await handle.db.execute(sql`
      UPDATE orders SET status = 'ready_for_pickup', pickup_code = 'K7PX', ready_for_pickup_at = now(),
                        delivery_zone = 'Lagos', delivery_earliest = '2026-11-27', delivery_latest = '2026-11-28'
       WHERE number = ${cancelled}`);
    await handle.db.execute(
      sql`UPDATE orders SET status = 'picked_up', picked_up_at = now() WHERE number = ${cancelled}`,
    );
    const [row] = await rows<{ status: string; delivery_earliest: string }>(
      sql`SELECT status, delivery_earliest::text FROM orders WHERE number = ${cancelled}`,
    );
    expect(row).toEqual({ status: 'picked_up', delivery_earliest: '2026-11-27' });
    await expect(
      handle.db.execute(sql`UPDATE orders SET status = 'lost' WHERE number = ${shipped}`),
    ).rejects.toThrow();
  });
});
