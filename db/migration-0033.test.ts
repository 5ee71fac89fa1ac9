/**
 * Migration 0033 (pickup codes kept as a proof and a sealed copy) on a shop run under migration 0032,
 * whose orders kept their codes in plain: the migration adds the columns and keeps the codes; the
 * start-up step (protectPlainPickupCodes) proves and seals each with the shop key and empties the
 * plain column, once however often it runs; every code already sent still collects its order and
 * still shows to its shopper, and none is left in plain.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../core/errors';
import { createMailer } from '../core/mail/mailer';
import { changeOrderStatus } from '../core/orders/manage-orders';
import { pickupCodeProof, protectPlainPickupCodes } from '../core/orders/pickup-code';
import { hashSecret } from '../core/orders/place-order';
import { getOrderForViewer } from '../core/orders/read-orders';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import type { DatabaseHandle } from './client';

const SHOP_KEY = 'migration-0033-shop-key';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

/** Orders of 0032: one waiting at the shop, one collected, one shipped (no code). */
const waiting = { number: 'ORD-33001', code: 'K7MQ3A', key: 'key-of-the-waiting-order-0123456789' };
const collected = { number: 'ORD-33002', code: 'ACD34F', key: 'key-of-the-collected-order-0123456789' };
const shipped = { number: 'ORD-33003', code: null, key: 'key-of-the-shipped-order-0123456789' };

type Snapshot = Record<string, unknown>[];
let before: Snapshot;

/** Everything an order held before, but its code. */
const snapshot = () =>
  rows<Record<string, unknown>>(sql`
    SELECT number, status, payment_status, shipping_method, total_kobo, ready_for_pickup_at, picked_up_at,
           delivered_at, access_token_hash
      FROM orders ORDER BY number`);

const plainCodes = async () =>
  (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders WHERE pickup_code IS NOT NULL`))[0]!.n;

beforeAll(async () => {
  shop = await openShopMigratedTo('0032_list_indexes_cover');
  handle = shop.handle;
  const place = async (
    order: { number: string; code: string | null; key: string },
    status: string,
    method: 'pickup' | 'standard',
  ) => {
    await handle.db.execute(sql`
      INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                          payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                          tax_kobo, total_kobo, tax_rate_percent, access_token_hash, pickup_code,
                          ready_for_pickup_at, picked_up_at, delivered_at, created_at)
      VALUES (${order.number}, 'old-collector@example.ng', '+2348031234567',
              ${JSON.stringify({ firstName: 'Ngozi', lastName: 'Eze', address: '', city: '', state: 'Lagos', zipCode: '', country: 'Nigeria' })}::jsonb,
              ${method}, ${method === 'pickup' ? 'Pickup at the shop' : 'Standard'}, 'bank-transfer', 'paid', ${status},
              2500000, 0, 0, 0, 2500000, 0, ${hashSecret(order.key)}, ${order.code},
              ${order.code ? '2026-11-20T10:00:00Z' : null}::timestamptz,
              ${status === 'picked_up' ? '2026-11-21T10:00:00Z' : null}::timestamptz,
              ${status === 'picked_up' ? '2026-11-21T10:00:00Z' : null}::timestamptz,
              '2026-11-19T09:00:00Z')`);
  };
  await place(waiting, 'ready_for_pickup', 'pickup');
  await place(collected, 'picked_up', 'pickup');
  await place(shipped, 'shipped', 'standard');
  before = await snapshot();
  expect(before).toHaveLength(3);
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0033 on a shop of 0032', () => {
  it('adds the proof and the sealed copy, and keeps the plain codes for start-up to protect', async () => {
    const columns = await rows<{ column_name: string }>(sql`
      SELECT column_name FROM information_schema.columns
       WHERE table_name = 'orders' AND column_name LIKE 'pickup_code%' ORDER BY column_name`);
    expect(columns.map((column) => column.column_name)).toEqual([
      'pickup_code',
      'pickup_code_hash',
      'pickup_code_sealed',
    ]);
    expect(await snapshot()).toEqual(before);
    expect(await plainCodes()).toBe(2);
  });

  it('start-up proves and seals every plain code and empties it, once however often it runs', async () => {
    const [first, second] = await Promise.all([
      protectPlainPickupCodes(handle.db, SHOP_KEY),
      protectPlainPickupCodes(handle.db, SHOP_KEY),
    ]);
    expect(first + second).toBe(2);
    expect(await protectPlainPickupCodes(handle.db, SHOP_KEY)).toBe(0);
    expect(await plainCodes()).toBe(0);
    expect(await snapshot()).toEqual(before);
    const kept = await rows<{
      number: string;
      pickup_code_hash: string | null;
      pickup_code_sealed: string | null;
    }>(sql`SELECT number, pickup_code_hash, pickup_code_sealed FROM orders ORDER BY number`);
    expect(kept).toEqual([
      {
        number: waiting.number,
        pickup_code_hash: pickupCodeProof(SHOP_KEY, waiting.number, waiting.code),
        pickup_code_sealed: expect.stringMatching(/^v1\./),
      },
      {
        number: collected.number,
        pickup_code_hash: pickupCodeProof(SHOP_KEY, collected.number, collected.code),
        pickup_code_sealed: expect.stringMatching(/^v1\./),
      },
      { number: shipped.number, pickup_code_hash: null, pickup_code_sealed: null },
    ]);
    const everything = JSON.stringify(await rows(sql`SELECT row_to_json(o)::text FROM orders o`));
    for (const code of [waiting.code, collected.code]) expect(everything).not.toContain(code);
  });

  it('the code already sent still shows to its shopper, and still collects the order; a wrong one does not', async () => {
    const reading = { db: handle.db, shopKey: SHOP_KEY };
    const own = await getOrderForViewer(reading, waiting.number, { user: null, key: waiting.key });
    expect(own.pickupCode).toBe(waiting.code);
    const doneOwn = await getOrderForViewer(reading, collected.number, { user: null, key: collected.key });
    expect(doneOwn.pickupCode).toBeNull();

    const deps = {
      db: handle.db,
      mailer: createMailer({ db: handle.db, from: 'Rossy <orders@rossy.test>' }),
      publicUrl: 'https://rossy.test',
      shopKey: SHOP_KEY,
    };
    const wrong = await changeOrderStatus(deps, waiting.number, {
      status: 'picked_up',
      pickupCode: 'ACDEFG',
    }).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(AppError);
    expect((wrong as AppError).code).toBe('BAD_REQUEST');
    const picked = await changeOrderStatus(deps, waiting.number, {
      status: 'picked_up',
      pickupCode: 'k7m q3a',
    });
    expect(picked).toMatchObject({ status: 'picked_up', pickupCode: null });
  });
});
