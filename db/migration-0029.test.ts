/**
 * Migration 0029 (money a provider's test keys took) on a shop seeded and run under migration 0028:
 * every payment is kept as it was; those the TEST MODE sandbox took are marked as moving no money,
 * and the others stay live, as they were counted.
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

const paymentRows = () =>
  rows<Record<string, unknown>>(sql`
    SELECT id, order_id, provider, tx_ref, status, amount_kobo, verified FROM payment_transactions ORDER BY id`);

let paymentsBefore: Record<string, unknown>[];

beforeAll(async () => {
  shop = await openShopMigratedTo('0028_newest_products');
  handle = shop.handle;
  const db = handle.db;
  await db.execute(sql`
    INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                        payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                        tax_kobo, total_kobo, tax_rate_percent, access_token_hash, is_test)
    VALUES ('ORD-29001', 'ada@example.ng', '+2348031234567',
            ${JSON.stringify({ firstName: 'Ada', lastName: 'Obi', address: '1 Broad St', city: 'Lagos', state: 'Lagos', zipCode: '', country: 'Nigeria' })}::jsonb,
            'standard', 'Standard', 'flutterwave', 'paid', 'processing', 5000000, 0, 200000, 0, 5200000, 0, 'hash-29001', false),
           ('ORD-29002', 'bola@example.ng', '+2348031234568',
            ${JSON.stringify({ firstName: 'Bola', lastName: 'Ade', address: '2 Broad St', city: 'Lagos', state: 'Lagos', zipCode: '', country: 'Nigeria' })}::jsonb,
            'standard', 'Standard', 'credit-card', 'paid', 'processing', 3000000, 0, 200000, 0, 3200000, 0, 'hash-29002', true)`);
  await db.execute(sql`
    INSERT INTO payment_transactions (order_id, provider, tx_ref, provider_transaction_id, amount_kobo,
                                      status, customer_name, customer_email, verified)
    SELECT id, 'flutterwave', 'ORD-29001-a1b2c3d4e5', '4411223', 5200000, 'successful', 'Ada Obi', 'ada@example.ng', true
      FROM orders WHERE number = 'ORD-29001'
    UNION ALL
    SELECT id, 'sandbox', 'ORD-29002-f6a7b8c9d0', '8801', 3200000, 'successful', 'Bola Ade', 'bola@example.ng', true
      FROM orders WHERE number = 'ORD-29002'`);
  paymentsBefore = await paymentRows();
  expect(paymentsBefore).toHaveLength(2);

  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0029 on a shop of 0028', () => {
  it('keeps every payment as it was', async () => {
    expect(await paymentRows()).toEqual(paymentsBefore);
  });

  it("marks the sandbox's payments as moving no money, and leaves the provider's live", async () => {
    expect(await rows(sql`SELECT tx_ref, test_money FROM payment_transactions ORDER BY tx_ref`)).toEqual([
      { tx_ref: 'ORD-29001-a1b2c3d4e5', test_money: false },
      { tx_ref: 'ORD-29002-f6a7b8c9d0', test_money: true },
    ]);
  });

  it('a payment recorded from then on is live unless said otherwise', async () => {
    const [order] = await rows<{ id: number }>(sql`SELECT id FROM orders WHERE number = 'ORD-29001'`);
    await handle.db.execute(sql`
      INSERT INTO payment_transactions (order_id, provider, tx_ref, amount_kobo, customer_name, customer_email)
      VALUES (${order!.id}, 'paystack', 'ORD-29001-0a0b0c0d0e', 5200000, 'Ada Obi', 'ada@example.ng')`);
    const [row] = await rows<{ test_money: boolean }>(
      sql`SELECT test_money FROM payment_transactions WHERE tx_ref = 'ORD-29001-0a0b0c0d0e'`,
    );
    expect(row!.test_money).toBe(false);
  });
});
