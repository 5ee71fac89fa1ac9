/**
 * Migration 0026 (a second payment provider) on a shop seeded and run under migration 0025: its
 * refunds, payments and settings are kept as they were, and from then on a refund may go through
 * Paystack and wait for the shopper's bank account; nothing else is let in.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { getShopSettings } from '../core/settings/shop-settings';
import type { DatabaseHandle } from './client';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

const refundRows = () =>
  rows<Record<string, unknown>>(sql`
    SELECT id, order_id, provider, status, amount_kobo, reason, provider_refund_id FROM refunds ORDER BY id`);
const paymentRows = () =>
  rows<Record<string, unknown>>(sql`
    SELECT id, order_id, provider, tx_ref, status, amount_kobo FROM payment_transactions ORDER BY id`);

let refundsBefore: Record<string, unknown>[];
let paymentsBefore: Record<string, unknown>[];
let orderId: number;

beforeAll(async () => {
  shop = await openShopMigratedTo('0025_staff_roles');
  handle = shop.handle;
  const db = handle.db;
  await db.execute(sql`
    INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                        payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                        tax_kobo, total_kobo, tax_rate_percent, access_token_hash)
    VALUES ('ORD-26001', 'ada@example.ng', '+2348031234567',
            ${JSON.stringify({ firstName: 'Ada', lastName: 'Obi', address: '1 Broad St', city: 'Lagos', state: 'Lagos', zipCode: '', country: 'Nigeria' })}::jsonb,
            'standard', 'Standard', 'flutterwave', 'partially_refunded', 'delivered', 5000000, 0, 200000, 0, 5200000, 0, 'hash-26001')`);
  const [order] = await rows<{ id: number }>(sql`SELECT id FROM orders WHERE number = 'ORD-26001'`);
  orderId = order!.id;
  await db.execute(sql`
    INSERT INTO payment_transactions (order_id, provider, tx_ref, provider_transaction_id, amount_kobo,
                                      status, customer_name, customer_email, verified)
    VALUES (${orderId}, 'flutterwave', 'ORD-26001-a1b2c3d4e5', '4411223', 5200000, 'successful', 'Ada Obi',
            'ada@example.ng', true)`);
  await db.execute(sql`
    INSERT INTO refunds (order_id, payment_transaction_id, provider, amount_kobo, status, reason, provider_refund_id)
    SELECT ${orderId}::int, id, 'flutterwave', 1000000, 'completed', 'Wrong size', '9001' FROM payment_transactions
    UNION ALL
    SELECT ${orderId}::int, id, 'flutterwave', 500000, 'failed', 'Late delivery', NULL FROM payment_transactions`);
  await db.execute(sql`
    INSERT INTO settings (key, value) VALUES ('shop', ${JSON.stringify({ name: 'Rossy Lekki', transferAccountPerOrder: false })}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  refundsBefore = await refundRows();
  paymentsBefore = await paymentRows();
  expect(refundsBefore).toHaveLength(2);

  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0026 on a shop of 0025', () => {
  it('keeps every refund and payment as it was', async () => {
    expect(await refundRows()).toEqual(refundsBefore);
    expect(await paymentRows()).toEqual(paymentsBefore);
  });

  it('keeps the settings, and cards stay with Flutterwave until the owner chooses', async () => {
    const settings = await getShopSettings(handle.db);
    expect(settings).toMatchObject({
      name: 'Rossy Lekki',
      transferAccountPerOrder: false,
      cardProvider: 'flutterwave',
    });
  });

  it('takes a Paystack refund waiting for the bank account, and still refuses an unknown state or provider', async () => {
    await handle.db.execute(sql`
      INSERT INTO refunds (order_id, provider, amount_kobo, status, reason, provider_refund_id)
      VALUES (${orderId}, 'paystack', 200000, 'needs_attention', 'Card closed', '3018284')`);
    await expect(
      handle.db.execute(sql`
        INSERT INTO refunds (order_id, provider, amount_kobo, status, reason)
        VALUES (${orderId}, 'paystack', 200000, 'lost', 'No such state')`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`
        INSERT INTO refunds (order_id, provider, amount_kobo, status, reason)
        VALUES (${orderId}, 'stripe', 200000, 'pending', 'No such provider')`),
    ).rejects.toThrow();
    expect(await refundRows()).toHaveLength(3);
  });
});
