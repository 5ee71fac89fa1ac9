/**
 * Migration 0016 (every transfer recorded) on a shop seeded and run under migration 0015: nothing is
 * lost, and what the books already held is said as the shop now says it (an overpayment owes the
 * difference, money paid into a cancelled order is owed back, a confirmed short transfer records its
 * shortfall, an order under review gets a bounded hold).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTransactions } from '../core/payments/transactions';
import { seedCatalog } from '../seed/seed-catalog';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import type { DatabaseHandle } from './client';
import { users } from './schema/accounts';
import { products } from './schema/catalog';
import { orders } from './schema/orders';

const DAY_MS = 86_400_000;
let shop: PreviousShop;
let handle: DatabaseHandle;

interface Seeded {
  review: string;
  overpaid: string;
  cancelledPaid: string;
  acceptedShort: string;
  plain: string;
  totalKobo: number;
}
let seeded: Seeded;
let before: { payments: number; orders: number };

beforeAll(async () => {
  shop = await openShopMigratedTo('0015_transfer_accounts');
  handle = shop.handle;
  const db = handle.db;
  await seedCatalog(db, { uploadDir: '/nonexistent', images: false });
  // The administrator as 0015 kept one (raw SQL: today's users table has columns of later migrations).
  await db.execute(sql`
    INSERT INTO users (name, email, password_hash, role, email_verified_at)
    VALUES ('Shop Admin', 'owner@rossy.test', 'not-a-hash', 'admin', now())`);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'owner@rossy.test'));
  const [product] = await db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(products.id)
    .limit(1);
  await db.update(products).set({ stock: 100 }).where(eq(products.id, product!.id));
  // Orders as 0015's checkout recorded them (raw SQL: today's checkout needs the tables of later migrations).
  let placed = 0;
  const place = async (email: string, paymentMethod: 'bank-transfer' | 'flutterwave') => {
    placed += 1;
    const number = `ORD-${20000 + placed}`;
    await db.execute(sql`
      WITH priced AS (SELECT price_kobo FROM products WHERE id = ${product!.id}),
      placed AS (
        INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                            payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                            tax_kobo, total_kobo, tax_rate_percent, access_token_hash, stock_held_until)
        SELECT ${number}, ${email}, '08031234567',
               ${JSON.stringify({ firstName: 'Ngozi', lastName: 'Eze', address: '12 Admiralty Way', city: 'Lekki', state: 'Lagos', country: 'Nigeria' })}::jsonb,
               'standard', 'Standard Delivery (3-5 business days)', ${paymentMethod}, 'pending', 'awaiting_payment',
               price_kobo, 0, 150000, 0, price_kobo + 150000, 0, ${`hash-${number}`}, now() + interval '2 days'
          FROM priced
        RETURNING id
      )
      INSERT INTO order_lines (order_id, product_id, name, unit_price_kobo, quantity, size)
      SELECT placed.id, ${product!.id}, 'A piece', priced.price_kobo, 1, ${product!.sizes[0] ?? null}
        FROM placed, priced`);
    const [order] = await db
      .select({ number: orders.number, totalKobo: orders.totalKobo })
      .from(orders)
      .where(eq(orders.number, number));
    return order!;
  };
  const review = await place('review@example.com', 'bank-transfer');
  const overpaid = await place('overpaid@example.com', 'bank-transfer');
  const cancelledPaid = await place('cancelled@example.com', 'flutterwave');
  const acceptedShort = await place('accepted@example.com', 'bank-transfer');
  const plain = await place('plain@example.com', 'flutterwave');
  const total = review.totalKobo;
  seeded = {
    review: review.number,
    overpaid: overpaid.number,
    cancelledPaid: cancelledPaid.number,
    acceptedShort: acceptedShort.number,
    plain: plain.number,
    totalKobo: total,
  };
  // The books as 0015's code wrote them (raw SQL: the columns of 0016 do not exist yet).
  const row = (number: string, values: string) =>
    db.execute(
      sql.raw(`INSERT INTO payment_transactions (order_id, provider, tx_ref, provider_transaction_id, amount_kobo,
        status, customer_name, customer_email, verified, verified_by, message, received_kobo)
        SELECT id, ${values} FROM orders WHERE number = '${number}'`),
    );
  await row(
    review.number,
    `'flutterwave', '${review.number}-r', '9001', total_kobo, 'review', 'Ngozi Eze', email, false, NULL,
     'Received less', total_kobo - 100000`,
  );
  await db.execute(sql`UPDATE orders SET stock_held_until = NULL WHERE number = ${review.number}`);
  await row(
    overpaid.number,
    `'flutterwave', '${overpaid.number}-o', '9002', total_kobo, 'successful', 'Ngozi Eze', email, true, NULL,
     'Overpaid by ₦500.00: refund the difference.', total_kobo + 50000`,
  );
  await db.execute(
    sql`UPDATE orders SET status = 'processing', payment_status = 'paid', paid_at = now(), stock_held_until = NULL WHERE number = ${overpaid.number}`,
  );
  await row(
    cancelledPaid.number,
    `'flutterwave', '${cancelledPaid.number}-c', '9003', total_kobo, 'successful', 'Ngozi Eze', email, true, NULL,
     'Paid after the order was cancelled and its stock released: refund the shopper or restore the order.', total_kobo`,
  );
  await db.execute(
    sql`UPDATE orders SET status = 'cancelled', stock_released_at = now() WHERE number = ${cancelledPaid.number}`,
  );
  await row(
    acceptedShort.number,
    `'flutterwave', '${acceptedShort.number}-a', '9004', total_kobo, 'successful', 'Ngozi Eze', email, true,
     '${owner!.id}', 'Received less Accepted by the shop.', total_kobo - 100000`,
  );
  await db.execute(
    sql`UPDATE orders SET status = 'processing', payment_status = 'paid', paid_at = now(), stock_held_until = NULL WHERE number = ${acceptedShort.number}`,
  );
  await row(
    plain.number,
    `'flutterwave', '${plain.number}-p', '9005', total_kobo, 'successful', 'Ngozi Eze', email, true, NULL,
     'Approved', total_kobo`,
  );
  const count = async (table: string) =>
    Number(
      (
        (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))) as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );
  before = { payments: await count('payment_transactions'), orders: await count('orders') };

  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0016 on a shop of 0015', () => {
  const transactionOf = async (number: string) =>
    (await listTransactions(handle.db, { q: number, from: '2000-01-01' })).filter(
      (row) => row.orderNumber === number,
    );

  it('keeps every order and every payment row', async () => {
    const rows = await handle.db.execute(
      sql`SELECT (SELECT count(*)::int FROM payment_transactions) AS payments, (SELECT count(*)::int FROM orders) AS orders`,
    );
    const [counts] = (rows as { rows: { payments: number; orders: number }[] }).rows;
    expect({ payments: Number(counts!.payments), orders: Number(counts!.orders) }).toEqual(before);
    const [plain] = await transactionOf(seeded.plain);
    expect(plain).toMatchObject({
      status: 'successful',
      receivedKobo: seeded.totalKobo,
      shortfallKobo: null,
      refundDueKobo: null,
      message: 'Approved',
    });
  });

  it('says what the books held as the shop now says it', async () => {
    const [overpaid] = await transactionOf(seeded.overpaid);
    expect(overpaid).toMatchObject({ status: 'successful', refundDueKobo: 50_000 });
    const [cancelled] = await transactionOf(seeded.cancelledPaid);
    expect(cancelled).toMatchObject({
      status: 'refund_due',
      refundDueKobo: seeded.totalKobo,
      verified: false,
    });
    const [accepted] = await transactionOf(seeded.acceptedShort);
    expect(accepted).toMatchObject({
      status: 'successful',
      receivedKobo: seeded.totalKobo - 100_000,
      shortfallKobo: 100_000,
      acceptedBy: 'owner@rossy.test',
    });
    const owed = await listTransactions(handle.db, { status: 'refund_due', from: '2000-01-01' });
    expect(owed.map((row) => row.orderNumber).sort()).toEqual([seeded.overpaid, seeded.cancelledPaid].sort());
  });

  it('gives an order under review a bounded hold instead of none', async () => {
    const [review] = await handle.db.select().from(orders).where(eq(orders.number, seeded.review));
    expect(review!.status).toBe('awaiting_payment');
    const heldFor = review!.stockHeldUntil!.getTime() - Date.now();
    expect(heldFor).toBeGreaterThan(6.9 * DAY_MS);
    expect(heldFor).toBeLessThanOrEqual(7 * DAY_MS);
    const [transfer] = await transactionOf(seeded.review);
    expect(transfer).toMatchObject({ status: 'review', receivedKobo: seeded.totalKobo - 100_000 });
  });
});
