/**
 * Probes of the refund routes over HTTP: who may refund, what a refund request may carry, and that a
 * refused one writes nothing. The shop runs its own TEST MODE sandbox.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyProviderTransaction, startPayment } from '../../core/payments/payments';
import { chargeSandboxCard } from '../../core/payments/sandbox';
import { orders } from '../../db/schema/orders';
import { paymentTransactions, refunds } from '../../db/schema/payments';
import { auth, createAdminTestApp, stockedOneSizeProduct, type AdminTestApp } from '../fixtures/admin-api';
import { testOrderBody } from '../fixtures/orders';

let shop: AdminTestApp;
let productId: number;

beforeAll(async () => {
  shop = await createAdminTestApp({ customerEmail: 'kemi.bello@example.ng' });
  productId = await stockedOneSizeProduct(shop.test, 100);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

/** A card order placed by the signed-in customer, paid with a TEST MODE card; its number and link key. */
async function paidOrder() {
  const placed = await shop.test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth(shop.customerToken),
    payload: testOrderBody({ id: productId }, { paymentMethod: 'credit-card' }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const number = placed.json().order.id as string;
  const deps = shop.test.app.services.payments;
  const start = await startPayment(deps, number, {
    user: { id: 'probe', email: 'admin@rossy.ng', emailVerified: true, role: 'owner' },
  });
  const charge = await chargeSandboxCard(deps.db, {
    txRef: start.txRef,
    amount: start.amount,
    currency: 'NGN',
    cardNumber: '5531886652142950',
    expiry: '09/32',
    cvv: '564',
    customer: { email: 'kemi.bello@example.ng', name: 'Kemi Bello' },
  });
  await applyProviderTransaction(deps, await deps.providers.sandbox!.verifyById(charge.transactionId!));
  return { number, key: placed.json().accessToken as string | null };
}

async function refundsOf(number: string) {
  const [order] = await shop.test.database.db.select().from(orders).where(eq(orders.number, number));
  return shop.test.database.db.select().from(refunds).where(eq(refunds.orderId, order!.id));
}

describe('refund probes', () => {
  it('the order’s own shopper, signed in or with her link, cannot refund it', async () => {
    const { number, key } = await paidOrder();
    const asShopper = await shop.test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/refunds`,
      headers: auth(shop.customerToken),
      payload: { amount: 100, reason: 'Mine' },
    });
    expect(asShopper.statusCode).toBe(403);
    const withKey = await shop.test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/refunds${key ? `?key=${key}` : ''}`,
      payload: { amount: 100, reason: 'Mine' },
    });
    expect(withKey.statusCode).toBe(401);
    expect(await refundsOf(number)).toHaveLength(0);
  });

  it.each([
    { amount: 'NaN', reason: 'x' },
    { amount: 1e308, reason: 'x' },
    { amount: 0.001, reason: 'x' },
    { amount: -0.01, reason: 'x' },
    { amount: 1, reason: 'x', lines: [{ orderLineId: 1.5, quantity: 1 }] },
    { lines: [{ orderLineId: 1, quantity: 0 }], reason: 'x' },
    { lines: [{ orderLineId: 1, quantity: -3 }], reason: 'x' },
    { lines: [], reason: 'x' },
    {
      amount: 1,
      reason: 'x',
      manual: { accountName: 'A', accountNumber: '12345678901', bankName: 'B', reference: 'R' },
    },
    { amount: 1, reason: 'x', testOutcome: 'completed-twice' },
    { amount: 1, reason: 'x', purpose: 'everything' },
  ])('refuses %j with 400 and writes nothing', async (payload) => {
    const { number } = await paidOrder();
    const response = await shop.test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/refunds`,
      headers: auth(shop.adminToken),
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
    expect(await refundsOf(number)).toHaveLength(0);
  });

  it('money owed back on another order’s payment is not found, and nothing is written', async () => {
    const first = await paidOrder();
    const second = await paidOrder();
    const [order] = await shop.test.database.db.select().from(orders).where(eq(orders.number, second.number));
    const [payment] = await shop.test.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order!.id));
    const response = await shop.test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${first.number}/refunds`,
      headers: auth(shop.adminToken),
      payload: { purpose: 'owed', paymentTransactionId: payment!.id, reason: 'Not yours' },
    });
    expect(response.statusCode).toBe(404);
    expect(await refundsOf(first.number)).toHaveLength(0);
  });
});
