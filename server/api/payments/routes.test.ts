import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { users } from '../../../db/schema/accounts';
import { allowManyUnpaidOrders } from '../../../tests/fixtures/orders';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { signInSeededAdmin } from '../../../tests/fixtures/admin-api';
import { setProductStock } from '../../../tests/fixtures/stock';

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
  await setProductStock(test.database.db, productId, 100);
});
afterAll(async () => {
  await test?.close();
});

const address = {
  firstName: 'Kemi',
  lastName: 'Adeyemi',
  address: '3 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  zipCode: '100271',
  country: 'Nigeria',
};

async function placeOrder(paymentMethod: string) {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 1 }],
      shippingMethod: 'standard',
      paymentMethod,
      email: 'kemi@example.ng',
      phone: '+234 802 000 0000',
      shippingAddress: address,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ order: { id: string; total: number }; accessToken: string }>();
}

async function pay(order: { id: string }, key: string, cardNumber: string, expiry = '09/32') {
  const start = await test.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/payments`,
    payload: { key },
  });
  expect(start.statusCode).toBe(201);
  const attempt = start.json();
  const charge = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/charges',
    payload: {
      txRef: attempt.txRef,
      amount: attempt.amount,
      currency: 'NGN',
      cardNumber,
      expiry,
      cvv: '564',
      customer: { email: attempt.customer.email, name: attempt.customer.name },
    },
  });
  expect(charge.statusCode).toBe(200);
  return { attempt, charge: charge.json() };
}

describe('card payments through the sandbox provider', () => {
  it('a successful test card pays the order once the server has verified it', async () => {
    const { order, accessToken } = await placeOrder('flutterwave');
    const { attempt, charge } = await pay(order, accessToken, '5531 8866 5214 2950');
    expect(attempt).toMatchObject({ mode: 'sandbox', currency: 'NGN', amount: order.total });
    const verify = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/payments/flutterwave/verify',
        payload: {
          orderId: order.id,
          transactionId: charge.transaction_id,
          txRef: attempt.txRef,
          key: accessToken,
        },
      });
    const [first, second] = await Promise.all([verify(), verify()]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(first.json().order).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
    const timeline = second.json().order.timeline as { status: string }[];
    expect(timeline.filter((event) => event.status === 'processing')).toHaveLength(1);
  });

  it('the expiry may be typed without its slash, but must be a real month', async () => {
    const { order, accessToken } = await placeOrder('flutterwave');
    const { charge } = await pay(order, accessToken, '5531 8866 5214 2950', '0932');
    expect(charge.status).toBe('successful');
    const start = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      payload: { key: accessToken },
    });
    const attempt = start.json();
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/sandbox/charges',
      payload: {
        txRef: attempt.txRef,
        amount: attempt.amount,
        currency: 'NGN',
        cardNumber: '5531 8866 5214 2950',
        expiry: '13/32',
        cvv: '564',
        customer: { email: attempt.customer.email, name: attempt.customer.name },
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toMatchObject({ expiry: 'MM/YY' });
  });

  it('a declined test card leaves the order unpaid and says why; a retry with a good card pays', async () => {
    const { order, accessToken } = await placeOrder('credit-card');
    const declined = await pay(order, accessToken, '5258585922666506');
    expect(declined.attempt.paymentOptions).toBe('card');
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: {
        orderId: order.id,
        transactionId: declined.charge.transaction_id,
        txRef: declined.attempt.txRef,
        key: accessToken,
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Payment failed: Insufficient funds');

    const retry = await pay(order, accessToken, '4187427415564246');
    const paid = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: {
        orderId: order.id,
        transactionId: retry.charge.transaction_id,
        txRef: retry.attempt.txRef,
        key: accessToken,
      },
    });
    expect(paid.json().order.paymentStatus).toBe('paid');
  });

  it("a transaction of another order's attempt never pays this order", async () => {
    const first = await placeOrder('flutterwave');
    const second = await placeOrder('flutterwave');
    const { charge } = await pay(first.order, first.accessToken, '5531886652142950');
    const start = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${second.order.id}/payments`,
      payload: { key: second.accessToken },
    });
    const spoof = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: {
        orderId: second.order.id,
        transactionId: charge.transaction_id,
        txRef: start.json().txRef,
        key: second.accessToken,
      },
    });
    expect(spoof.statusCode).toBe(422);
    const view = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${second.order.id}?key=${second.accessToken}`,
    });
    expect(view.json().paymentStatus).toBe('pending');
  });

  it('refuses webhooks without the shared secret', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/webhook',
      headers: { 'verif-hash': 'guess' },
      payload: { event: 'charge.completed', data: { id: 1, tx_ref: 'x', status: 'successful' } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('bank transfers', () => {
  it('takes a well-formed reference and an admin confirms the payment exactly once', async () => {
    const { order, accessToken } = await placeOrder('bank-transfer');
    const empty = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/bank-transfer`,
      payload: { key: accessToken, reference: ' ' },
    });
    expect(empty.json().error.message).toBe('Please enter your bank transfer reference number');
    const bad = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/bank-transfer`,
      payload: { key: accessToken, reference: 'ab-12' },
    });
    expect(bad.json().error.message).toBe(
      'Invalid reference format. Bank references are typically 8-20 characters long.',
    );
    const good = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/bank-transfer`,
      payload: { key: accessToken, reference: 'FBN 2026 1121 9987' },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().customerBankReference).toBe('FBN2026112199 87'.replace(' ', ''));

    const guest = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm-transfer`,
    });
    expect(guest.statusCode).toBe(401);

    const { token } = await signInSeededAdmin(test, 'Shop Owner');
    const confirm = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/confirm-transfer`,
        headers: { authorization: `Bearer ${token}` },
      });
    const results = await Promise.all([confirm(), confirm(), confirm()]);
    expect(results.map((result) => result.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((result) => result.json().changed)).toHaveLength(1);
    expect(results[0].json().order).toMatchObject({ paymentStatus: 'paid', status: 'processing' });

    const list = await test.app.inject({
      method: 'GET',
      url: `/api/admin/transactions?q=${order.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.json().transactions).toHaveLength(1);
    expect(list.json().transactions[0]).toMatchObject({
      provider: 'bank-transfer',
      status: 'successful',
      verified: true,
    });
    const [admin] = await test.database.db
      .select({ role: users.role })
      .from(users)
      .where(sql`${users.email} = 'admin@rossy.ng'`);
    expect(admin?.role).toBe('owner');
  });
});

describe('a transfer account for each order, over HTTP', () => {
  it('opens the account for the link holder only, and the TEST MODE bank pays it; the status follows', async () => {
    const { order, accessToken } = await placeOrder('bank-transfer');
    const stranger = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/transfer-account`,
      payload: { key: 'not-the-key' },
    });
    expect(stranger.statusCode).toBe(404);

    const opened = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/transfer-account`,
      payload: { key: accessToken },
    });
    expect(opened.statusCode).toBe(200);
    const account = opened.json();
    expect(account).toMatchObject({ amount: order.total, state: 'waiting', testMode: true });
    expect(account.accountNumber).toMatch(/^\d{10}$/);

    const badOutcome = await test.app.inject({
      method: 'POST',
      url: `/api/sandbox/transfers/${account.txRef}/simulate`,
      payload: { outcome: 'sideways' },
    });
    expect(badOutcome.statusCode).toBe(400);

    const sent = await test.app.inject({
      method: 'POST',
      url: `/api/sandbox/transfers/${account.txRef}/simulate`,
      payload: { outcome: 'full' },
    });
    expect(sent.json()).toMatchObject({ paid: true });
    // The TEST MODE bank can send again: the shop records it as money to give back.
    const twice = await test.app.inject({
      method: 'POST',
      url: `/api/sandbox/transfers/${account.txRef}/simulate`,
      payload: { outcome: 'full' },
    });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().message).toMatch(/arrived after ORD-\d+ was paid: refund it to the shopper\./);
    const nothingMissing = await test.app.inject({
      method: 'POST',
      url: `/api/sandbox/transfers/${account.txRef}/simulate`,
      payload: { outcome: 'rest' },
    });
    expect(nothingMissing.statusCode).toBe(409);

    const status = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}/transfer-account?key=${encodeURIComponent(accessToken)}`,
    });
    expect(status.json()).toMatchObject({ txRef: account.txRef, state: 'paid' });
    const shown = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?key=${encodeURIComponent(accessToken)}`,
    });
    expect(shown.json()).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
  });

  it('a card order has no transfer account', async () => {
    const { order, accessToken } = await placeOrder('flutterwave');
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/transfer-account`,
      payload: { key: accessToken },
    });
    expect(response.statusCode).toBe(409);
  });
});
