import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { orders } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/payments';
import { allowManyUnpaidOrders, testOrderBody } from '../../../tests/fixtures/orders';
import { setProductStock } from '../../../tests/fixtures/stock';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

/*
 * The shopper's order (GET /api/orders/{id}) says what money came back, and when: only what the
 * provider (or the shop, by hand) actually gave back reads as refunded.
 */
let test: TestApp;
let productId: number;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await allowManyUnpaidOrders(test.database.db);
  const [row] = await test.database.db
    .select({ id: products.id })
    .from(products)
    .where(sql`cardinality(${products.sizes}) = 1`)
    .orderBy(products.id)
    .limit(1);
  productId = row!.id;
  await setProductStock(test.database.db, productId, 50);
});
afterAll(async () => {
  await test?.close();
});

async function paidOrder(paymentMethod: 'bank-transfer' | 'flutterwave' = 'flutterwave') {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: testOrderBody({ id: productId }, { paymentMethod, email: 'refunds@example.ng' }),
  });
  expect(placed.statusCode).toBe(201);
  const { order, accessToken } = placed.json<{ order: { id: string }; accessToken: string }>();
  const [row] = await test.database.db
    .update(orders)
    .set({ status: 'processing', paymentStatus: 'partially_refunded', paidAt: new Date() })
    .where(eq(orders.number, order.id))
    .returning({ id: orders.id });
  return { number: order.id, key: accessToken, id: row!.id };
}

const read = (number: string, key?: string) =>
  test.app.inject({
    method: 'GET',
    url: `/api/orders/${number}${key ? `?key=${encodeURIComponent(key)}` : ''}`,
  });

describe('GET /api/orders/{id} refunds', () => {
  it('lists each refund oldest first, in words that never promise money that has not come back', async () => {
    const order = await paidOrder();
    const base = { orderId: order.id, createdByEmail: 'staff@example.ng' };
    await test.database.db.insert(refunds).values([
      {
        ...base,
        provider: 'flutterwave',
        amountKobo: 1_000_000,
        status: 'completed',
        reason: 'Too small',
        completedAt: new Date('2026-11-20T10:00:00Z'),
        createdAt: new Date('2026-11-19T10:00:00Z'),
      },
      {
        ...base,
        provider: 'flutterwave',
        amountKobo: 250_050,
        status: 'pending',
        reason: 'Delivery charge',
        createdAt: new Date('2026-11-21T10:00:00Z'),
      },
      {
        ...base,
        provider: 'flutterwave',
        amountKobo: 50_000,
        status: 'failed',
        reason: 'Goodwill',
        failureReason: 'Insufficient balance',
        createdAt: new Date('2026-11-22T10:00:00Z'),
      },
      {
        ...base,
        purpose: 'owed',
        provider: 'manual',
        amountKobo: 300_000,
        status: 'completed',
        reason: 'Overpaid transfer',
        bankDetails: { accountName: 'Kemi Bello', accountNumber: '0123451234', bankName: 'GTBank' },
        providerReference: 'TRF-991',
        completedAt: new Date('2026-11-23T10:00:00Z'),
        createdAt: new Date('2026-11-23T09:00:00Z'),
      },
    ]);

    const response = await read(order.number, order.key);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.paymentStatus).toBe('partially_refunded');
    expect(body.refunds).toEqual([
      {
        amount: 10_000,
        amountKobo: 1_000_000,
        status: 'completed',
        reason: 'Too small',
        date: '2026-11-19T10:00:00.000Z',
        completedAt: '2026-11-20T10:00:00.000Z',
        note: 'Refunded on 20 Nov 2026.',
      },
      {
        amount: 2500.5,
        amountKobo: 250_050,
        status: 'pending',
        reason: 'Delivery charge',
        date: '2026-11-21T10:00:00.000Z',
        completedAt: null,
        note: 'On its way: usually 5–10 working days to your card.',
      },
      {
        // A failed attempt is the shop's to retry: she reads it as being processed, never as failed or done.
        amount: 500,
        amountKobo: 50_000,
        status: 'pending',
        reason: 'Goodwill',
        date: '2026-11-22T10:00:00.000Z',
        completedAt: null,
        note: 'We are processing this refund.',
      },
      {
        amount: 3000,
        amountKobo: 300_000,
        status: 'completed',
        reason: 'Overpaid transfer',
        date: '2026-11-23T09:00:00.000Z',
        completedAt: '2026-11-23T10:00:00.000Z',
        note: 'Sent to your bank account •••• 1234 on 23 Nov 2026.',
      },
    ]);
    // Nothing of the shop's side leaks: no failure reason, no bank details, no staff.
    expect(JSON.stringify(body.refunds)).not.toMatch(/Insufficient|0123451234|staff@|TRF-991/);
  });

  it('gives an order paid by transfer its own words, and an order with no refund an empty list', async () => {
    const order = await paidOrder('bank-transfer');
    expect((await read(order.number, order.key)).json().refunds).toEqual([]);
    await test.database.db.insert(refunds).values({
      orderId: order.id,
      provider: 'flutterwave',
      amountKobo: 100_000,
      status: 'pending',
      reason: 'Changed my mind',
    });
    const [refund] = (await read(order.number, order.key)).json().refunds;
    expect(refund.note).toBe('On its way: usually 5–10 working days to the account you paid from.');
  });

  it('shows refunds to no one but the order’s owner or key holder', async () => {
    const order = await paidOrder();
    expect((await read(order.number)).statusCode).toBe(404);
    expect((await read(order.number, 'guess')).statusCode).toBe(404);
  });
});
