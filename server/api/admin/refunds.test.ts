import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema/orders';
import { refunds } from '../../../db/schema/payments';
import { applyProviderTransaction, startPayment } from '../../../core/payments/payments';
import { chargeSandboxCard } from '../../../core/payments/sandbox';
import {
  auth,
  createAdminTestApp,
  stockedOneSizeProduct,
  type AdminTestApp,
} from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';
import { testShippingAddress } from '../../../tests/fixtures/orders';

let test: TestApp;
let productId: number;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
  productId = await stockedOneSizeProduct(test, 50);
});
afterAll(async () => {
  await test?.close();
});

async function placed(paymentMethod: 'credit-card' | 'bank-transfer') {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 2 }],
      shippingMethod: 'standard',
      paymentMethod,
      email: 'funmi@example.ng',
      phone: '+234 809 000 1234',
      shippingAddress: { ...testShippingAddress },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().order as { id: string; total: number };
}

/** A card order paid with a TEST MODE card. */
async function paidOrder() {
  const order = await placed('credit-card');
  const deps = test.app.services.payments;
  const start = await startPayment(deps, order.id, {
    user: { id: 'x', email: 'admin@rossy.ng', emailVerified: true, role: 'owner' },
  });
  const charge = await chargeSandboxCard(deps.db, {
    txRef: start.txRef,
    amount: start.amount,
    currency: 'NGN',
    cardNumber: '5531886652142950',
    expiry: '09/32',
    cvv: '564',
    customer: { email: 'funmi@example.ng', name: 'Funmi Ade' },
  });
  await applyProviderTransaction(deps, await deps.providers.sandbox!.verifyById(charge.transactionId!));
  return order;
}

const refund = (id: string, payload: object) =>
  test.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/refunds`,
    headers: auth(adminToken),
    payload,
  });

async function refundRows(number: string) {
  const [order] = await test.database.db.select().from(orders).where(eq(orders.number, number));
  return test.database.db.select().from(refunds).where(eq(refunds.orderId, order!.id));
}

describe('admin refunds', () => {
  it('answers 401 to a guest and 403 to a customer on every refund route', async () => {
    await expectAdminOnly('POST', '/api/admin/orders/ORD-1/refunds', { amount: 1, reason: 'x' });
    await expectAdminOnly('GET', '/api/admin/orders/ORD-1/refunds');
    await expectAdminOnly('GET', '/api/admin/refunds');
    await expectAdminOnly('POST', '/api/admin/refunds/1/retry');
  });

  it('refunds part of a paid order: 201 with the amount in naira, then listed with what remains', async () => {
    const order = await paidOrder();
    const made = await refund(order.id, { amount: 1500.25, reason: 'Arrived late' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ amount: 1500.25, status: 'completed' });
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: auth(adminToken),
    });
    expect(read.statusCode, read.body).toBe(200);
    const body = read.json();
    expect(body.refunds).toEqual([
      expect.objectContaining({
        amount: 1500.25,
        status: 'completed',
        reason: 'Arrived late',
        provider: 'sandbox',
        isTest: true,
        createdBy: 'admin@rossy.ng',
        createdByName: 'Bisi Ola',
      }),
    ]);
    expect(body.refundable.remaining).toBeCloseTo(order.total - 1500.25, 2);
    const orderRead = await test.app.inject({
      method: 'GET',
      url: `/api/admin/refunds?q=${order.id}`,
      headers: auth(adminToken),
    });
    expect(orderRead.json().refunds).toHaveLength(1);
  });

  it.each([
    [{ amount: 10.001, reason: 'x' }],
    [{ amount: -1, reason: 'x' }],
    [{ amount: 0, reason: 'x' }],
    [{ amount: 10 }],
    [{ amount: '10', reason: 'x' }],
    [{ amount: 12.345, reason: 'x' }],
  ])('refuses %j with 400 and writes nothing', async (payload) => {
    const order = await paidOrder();
    const response = await refund(order.id, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
    expect(await refundRows(order.id)).toHaveLength(0);
  });

  it('422 for a shape the rules refuse (an amount and lines together), writing nothing', async () => {
    const order = await paidOrder();
    const response = await refund(order.id, { amount: 10, includeShipping: true, reason: 'x' });
    expect(response.statusCode).toBe(422);
    expect(await refundRows(order.id)).toHaveLength(0);
  });

  it('404 for an unknown order, 409 for an unpaid one or more than remains', async () => {
    expect((await refund('ORD-99999999', { amount: 1, reason: 'x' })).statusCode).toBe(404);
    const unpaid = await placed('credit-card');
    const notPaid = await refund(unpaid.id, { amount: 1, reason: 'x' });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json().error.message).toBe('This order has not been paid.');
    const order = await paidOrder();
    const tooMuch = await refund(order.id, { amount: order.total + 1, reason: 'x' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toMatch(/^Only ₦[\d,.]+ remains to refund on ORD-/);
  });

  it('retries only a failed refund: 200 then 409; 404 for none', async () => {
    const order = await paidOrder();
    const failed = await refund(order.id, { amount: 100, reason: 'x', testOutcome: 'failed' });
    expect(failed.statusCode).toBe(201);
    expect(failed.json()).toMatchObject({
      status: 'failed',
      failureReason: expect.stringMatching(/Insufficient balance/),
    });
    const retry = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/admin/refunds/${failed.json().id}/retry`,
        headers: auth(adminToken),
      });
    const first = await retry();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().status).toBe('completed');
    expect((await retry()).statusCode).toBe(409);
    const none = await test.app.inject({
      method: 'POST',
      url: '/api/admin/refunds/999999/retry',
      headers: auth(adminToken),
    });
    expect(none.statusCode).toBe(404);
  });

  it('cancels a paid order with its full refund in the same request', async () => {
    const order = await paidOrder();
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      headers: auth(adminToken),
      payload: { status: 'cancelled', refund: true, reason: 'Sold out at the warehouse' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: 'completed', reason: 'Sold out at the warehouse' });
  });

  it('a cancel with a refund of an order paid into the shop’s own account is refused, and the order stays as it was', async () => {
    const order = await placed('bank-transfer');
    await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm-transfer`,
      headers: auth(adminToken),
    });
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      headers: auth(adminToken),
      payload: { status: 'cancelled', refund: true },
    });
    expect(response.statusCode).toBe(409);
    const [row] = await test.database.db.select().from(orders).where(eq(orders.number, order.id));
    expect(row).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
  });
});
