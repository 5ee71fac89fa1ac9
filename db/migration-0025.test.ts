/**
 * Migration 0025 (staff roles, the second factor, invitations, named timeline entries) on a shop seeded
 * and run under migration 0024: every administrator becomes an owner, customers stay customers,
 * sessions and orders are kept, and the new columns read null.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import type { DatabaseHandle } from './client';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

const people = () =>
  rows<{ email: string; role: string; status: string; password_hash: string }>(sql`
    SELECT email, role, status, password_hash FROM users ORDER BY email`);

let before: { email: string; role: string; status: string; password_hash: string }[];
let eventsBefore: Record<string, unknown>[];

beforeAll(async () => {
  shop = await openShopMigratedTo('0024_delivery_zones');
  handle = shop.handle;
  const db = handle.db;
  for (const [email, role, status] of [
    ['owner@rossy.test', 'admin', 'active'],
    ['partner@rossy.test', 'admin', 'inactive'],
    ['ada@example.ng', 'customer', 'active'],
  ] as const)
    await db.execute(sql`
      INSERT INTO users (name, email, password_hash, role, status, email_verified_at)
      VALUES (${email.split('@')[0]}, ${email}, ${`hash-of-${email}`}, ${role}, ${status}, now())`);
  await db.execute(sql`
    INSERT INTO sessions (user_id, expires_at)
    SELECT id, now() + interval '30 days' FROM users WHERE email = 'owner@rossy.test'`);
  await db.execute(sql`
    INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                        payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                        tax_kobo, total_kobo, tax_rate_percent, access_token_hash)
    VALUES ('ORD-25001', 'ada@example.ng', '+2348031234567',
            ${JSON.stringify({ firstName: 'Ada', lastName: 'Obi', address: '1 Broad St', city: 'Lagos', state: 'Lagos', zipCode: '', country: 'Nigeria' })}::jsonb,
            'standard', 'Standard', 'flutterwave', 'paid', 'shipped', 5000000, 0, 200000, 0, 5200000, 0, 'hash-25001')`);
  await db.execute(sql`
    INSERT INTO order_events (order_id, status, note)
    SELECT id, s.status, s.note FROM orders,
      (VALUES ('awaiting_payment', 'Order placed.'), ('processing', 'Paid.'), ('shipped', 'Shipped with GIG.')) AS s(status, note)
    WHERE number = 'ORD-25001'`);
  before = await people();
  eventsBefore = await rows(sql`SELECT id, order_id, status, note, created_at FROM order_events ORDER BY id`);
  expect(before).toHaveLength(3);

  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0025 on a shop of 0024', () => {
  it('makes every administrator an owner and leaves customers, statuses and passwords as they were', async () => {
    const after = await people();
    expect(after).toEqual(
      before.map((person) => ({ ...person, role: person.role === 'admin' ? 'owner' : person.role })),
    );
  });

  it('keeps sessions, and the second factor is off for everyone', async () => {
    const [sessions] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM sessions`);
    expect(sessions!.n).toBe(1);
    const factors = await rows<{ secret: string | null; on: string | null; step: number | null }>(sql`
      SELECT two_factor_secret AS secret, two_factor_enabled_at AS on, two_factor_last_step AS step FROM users`);
    expect(factors.every((row) => row.secret === null && row.on === null && row.step === null)).toBe(true);
  });

  it('keeps the timeline, with nobody named on entries older than names', async () => {
    const events = await rows<Record<string, unknown>>(sql`
      SELECT id, order_id, status, note, created_at, actor_id, actor_name FROM order_events ORDER BY id`);
    expect(events).toEqual(eventsBefore.map((event) => ({ ...event, actor_id: null, actor_name: null })));
  });

  it('refuses the old role name and any role that does not exist', async () => {
    for (const role of ['admin', 'superuser'])
      await expect(
        handle.db.execute(sql`UPDATE users SET role = ${role} WHERE email = 'ada@example.ng'`),
      ).rejects.toThrow();
    await handle.db.execute(sql`UPDATE users SET role = 'dispatch' WHERE email = 'ada@example.ng'`);
  });
});
