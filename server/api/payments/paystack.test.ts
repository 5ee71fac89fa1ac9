import { createHmac } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { orderEvents, orders } from '../../../db/schema/orders';
import { paymentTransactions, refunds } from '../../../db/schema/payments';
import { saveShopSettings } from '../../../core/settings/shop-settings';
import {
  startFlutterwaveStandIn,
  type FlutterwaveStandIn,
} from '../../../tests/fixtures/flutterwave-stand-in';
import {
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackStandIn,
} from '../../../tests/fixtures/paystack-stand-in';
import { auth, signInSeededAdmin } from '../../../tests/fixtures/admin-api';
import { allowManyUnpaidOrders } from '../../../tests/fixtures/orders';
import { setProductStock } from '../../../tests/fixtures/stock';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

/**
 * Card payments with Paystack through the app (PAYSTACK_* pointing at a local stand-in, Flutterwave's
 * keys set too, the owner's card provider Paystack): the attempt opened with an access code, the
 * browser's verify after the popup, the signed webhook, and switching providers with orders open.
 */

const FLW_PUBLIC_KEY = 'FLWPUBK_TEST-standin0public0key-X';

let paystack: PaystackStandIn;
let flutterwave: FlutterwaveStandIn;
let test: TestApp;
let productId: number;
let placed = 0;

beforeAll(async () => {
  paystack = await startPaystackStandIn();
  flutterwave = await startFlutterwaveStandIn();
  test = await createTestApp({
    seed: true,
    env: {
      FLW_PUBLIC_KEY,
      FLW_SECRET_KEY: flutterwave.secretKey,
      FLW_API_BASE: flutterwave.url,
      FLW_WEBHOOK_HASH: 'rossy-webhook-secret-2026',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_PUBLIC_KEY: paystack.publicKey,
      PAYSTACK_API_BASE: paystack.url,
    },
  });
  await allowManyUnpaidOrders(test.database.db);
  await saveShopSettings(test.database.db, { cardProvider: 'paystack' });
  const [row] = await test.database.db
    .select({ id: products.id })
    .from(products)
    .where(sql`cardinality(${products.sizes}) = 1`)
    .orderBy(products.id)
    .limit(1);
  productId = row!.id;
  await setProductStock(test.database.db, productId, 1000);
});
afterAll(async () => {
  await test?.close();
  await paystack?.close();
  await flutterwave?.close();
});
beforeEach(() => {
  paystack.behaviour = 'answer';
});

interface Placed {
  order: { id: string; total: number };
  accessToken: string;
  email: string;
}

interface Attempt {
  provider: string;
  txRef: string;
  accessCode: string | null;
  amount: number;
  publicKey: string;
  scriptUrl: string;
}

async function placeOrder(paymentMethod = 'paystack'): Promise<Placed> {
  placed += 1;
  const email = `paystack-shopper-${placed}@example.ng`;
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 1 }],
      shippingMethod: 'standard',
      paymentMethod,
      email,
      phone: '+234 802 000 0000',
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Okafor',
        address: '3 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        zipCode: '100271',
        country: 'Nigeria',
      },
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ order: Placed['order']; accessToken: string }>();
  return { ...body, email };
}

async function startAttempt(placedOrder: Placed): Promise<Attempt> {
  const start = await test.app.inject({
    method: 'POST',
    url: `/api/orders/${placedOrder.order.id}/payments`,
    payload: { key: placedOrder.accessToken },
  });
  expect(start.statusCode, start.body).toBe(201);
  return start.json();
}

/** An order with a Paystack attempt, paid in the popup with `card`. */
async function orderPaidWith(card = PAYSTACK_TEST_CARD) {
  const placedOrder = await placeOrder();
  const attempt = await startAttempt(placedOrder);
  paystack.pay(attempt.accessCode!, card);
  return { ...placedOrder, attempt };
}

function verify(placedOrder: Placed, reference: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/verify',
    payload: { orderId: placedOrder.order.id, reference, key: placedOrder.accessToken },
  });
}

/** Sends bytes to the webhook: signed by the stand-in unless a signature is given (null: none). */
function webhook(body: string, signature: string | null) {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-paystack-signature': signature }),
    },
    payload: body,
  });
}

function chargeSuccess(reference: string) {
  const event = paystack.chargeEvent(reference);
  return paystack.signedWebhook(event.event, event.data);
}

async function orderState(placedOrder: Placed) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/orders/${placedOrder.order.id}?key=${placedOrder.accessToken}`,
  });
  expect(response.statusCode).toBe(200);
  const view = response.json();
  return { paymentStatus: view.paymentStatus as string, status: view.status as string };
}

async function paidEvents(placedOrder: Placed): Promise<number> {
  const db = test.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.number, placedOrder.order.id));
  const [row] = await db
    .select({ n: count() })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.status, 'processing')));
  return row!.n;
}

async function attemptRows(reference: string) {
  return test.database.db.select().from(paymentTransactions).where(eq(paymentTransactions.txRef, reference));
}

async function transactionCount(): Promise<number> {
  const [row] = await test.database.db.select({ n: count() }).from(paymentTransactions);
  return row!.n;
}

const UNPAID = { paymentStatus: 'pending', status: 'awaiting_payment' };
const PAID = { paymentStatus: 'paid', status: 'processing' };

describe('a card order opens its attempt with Paystack', () => {
  it('answers provider paystack with an access code and a fresh reference per attempt, in kobo at Paystack', async () => {
    const placedOrder = await placeOrder();
    const first = await startAttempt(placedOrder);
    const second = await startAttempt(placedOrder);
    for (const attempt of [first, second]) {
      expect(attempt).toMatchObject({
        provider: 'paystack',
        publicKey: paystack.publicKey,
        scriptUrl: 'https://js.paystack.co/v2/inline.js',
        amount: placedOrder.order.total,
      });
      expect(attempt.accessCode).toBe(paystack.transaction(attempt.txRef).access_code);
      expect(paystack.transaction(attempt.txRef)).toMatchObject({
        amount: Math.round(placedOrder.order.total * 100),
        currency: 'NGN',
        customer: { email: placedOrder.email },
      });
      expect((await attemptRows(attempt.txRef))[0]).toMatchObject({
        provider: 'paystack',
        status: 'pending',
      });
    }
    expect(second.txRef).not.toBe(first.txRef);
    expect(second.accessCode).not.toBe(first.accessCode);
    const initialize = paystack.requests.findLast((request) => request.path === '/transaction/initialize');
    expect(initialize?.authorization).toBe(`Bearer ${paystack.secretKey}`);
  });

  it('a card-only order offers the card channel alone', async () => {
    const placedOrder = await placeOrder('credit-card');
    const attempt = await startAttempt(placedOrder);
    expect(attempt.provider).toBe('paystack');
    expect(paystack.transaction(attempt.txRef).channels).toEqual(['card']);
  });

  it('when Paystack does not answer, the attempt is closed and the shopper may try again', async () => {
    const placedOrder = await placeOrder();
    paystack.initializeBehaviour = 'server-error';
    const failed = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${placedOrder.order.id}/payments`,
      payload: { key: placedOrder.accessToken },
    });
    paystack.initializeBehaviour = 'answer';
    expect(failed.statusCode).toBe(503);
    expect((await startAttempt(placedOrder)).accessCode).toMatch(/^ac_/);
  });
});

describe('the browser verifies after the popup', () => {
  it('paid with the test card: verified with Paystack, paid, one paid event', async () => {
    const placedOrder = await orderPaidWith();
    const answer = await verify(placedOrder, placedOrder.attempt.txRef);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ paid: true, message: 'Payment verified.', order: PAID });
    expect(paystack.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/transaction/verify/${placedOrder.attempt.txRef}`,
      authorization: `Bearer ${paystack.secretKey}`,
    });
    expect((await verify(placedOrder, placedOrder.attempt.txRef)).statusCode).toBe(200);
    expect(await paidEvents(placedOrder)).toBe(1);
    const [row] = await attemptRows(placedOrder.attempt.txRef);
    expect(row).toMatchObject({
      provider: 'paystack',
      status: 'successful',
      verified: true,
      providerTransactionId: String(paystack.transaction(placedOrder.attempt.txRef).id),
      receivedKobo: Math.round(placedOrder.order.total * 100),
    });
  });

  it('a declined card: 422, still unpaid', async () => {
    const placedOrder = await orderPaidWith('4000 0000 0000 0002');
    const answer = await verify(placedOrder, placedOrder.attempt.txRef);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toMatch(/^Payment failed: /);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it('Paystack reporting less than the total: 422, unpaid', async () => {
    const placedOrder = await orderPaidWith();
    paystack.script(placedOrder.attempt.txRef, { reportedAmount: 100 });
    const answer = await verify(placedOrder, placedOrder.attempt.txRef);
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toMatch(/^Payment failed: /);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
    expect(await paidEvents(placedOrder)).toBe(0);
  });

  it('another currency: 422, unpaid', async () => {
    const placedOrder = await orderPaidWith();
    paystack.script(placedOrder.attempt.txRef, { reportedCurrency: 'USD' });
    const answer = await verify(placedOrder, placedOrder.attempt.txRef);
    expect(answer.statusCode).toBe(422);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it('an unknown reference: 404, and Paystack is not asked', async () => {
    const placedOrder = await placeOrder();
    await startAttempt(placedOrder);
    const before = paystack.requests.length;
    const answer = await verify(placedOrder, paystack.unknownReference());
    expect(answer.statusCode).toBe(404);
    expect(paystack.requests.length).toBe(before);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it("another order's paid reference never pays this one", async () => {
    const payer = await orderPaidWith();
    const other = await placeOrder();
    await startAttempt(other);
    expect((await verify(other, payer.attempt.txRef)).statusCode).toBe(404);
    expect(await orderState(other)).toEqual(UNPAID);
  });

  it('Paystack unreachable: 503, unpaid; verified once it answers', async () => {
    const placedOrder = await orderPaidWith();
    paystack.script(placedOrder.attempt.txRef, { behaviour: 'network-error' });
    expect((await verify(placedOrder, placedOrder.attempt.txRef)).statusCode).toBe(503);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
    paystack.script(placedOrder.attempt.txRef, { behaviour: 'answer' });
    expect((await verify(placedOrder, placedOrder.attempt.txRef)).statusCode).toBe(200);
  });
});

describe("Paystack's webhook", () => {
  it('charge.success pays once, sent 3 times in turn and 10 times at once', async () => {
    const placedOrder = await orderPaidWith();
    const { body, signature } = chargeSuccess(placedOrder.attempt.txRef);
    for (let i = 0; i < 3; i += 1) {
      const answer = await webhook(body, signature);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: true });
    }
    expect(await orderState(placedOrder)).toEqual(PAID);
    expect(await paidEvents(placedOrder)).toBe(1);

    const together = await orderPaidWith();
    const event = chargeSuccess(together.attempt.txRef);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => webhook(event.body, event.signature)),
      verify(together, together.attempt.txRef),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 11 }, () => 200));
    expect(await orderState(together)).toEqual(PAID);
    expect(await paidEvents(together)).toBe(1);
    const rows = await attemptRows(together.attempt.txRef);
    expect(rows.filter((row) => row.status === 'successful')).toHaveLength(1);
  });

  it('verifies through the API: a body claiming success for an unpaid transaction pays nothing', async () => {
    const placedOrder = await placeOrder();
    const attempt = await startAttempt(placedOrder);
    const data = {
      ...paystack.chargeEvent(attempt.txRef).data,
      status: 'success',
      gateway_response: 'Approved',
    };
    const { body, signature } = paystack.signedWebhook('charge.success', data);
    const answer = await webhook(body, signature);
    expect(answer.statusCode).toBe(200);
    expect(paystack.requests.at(-1)?.path).toBe(`/transaction/verify/${attempt.txRef}`);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it('forged, unsigned, signed over another body, or with another key: 401, nothing changes', async () => {
    const placedOrder = await orderPaidWith();
    const { body, signature } = chargeSuccess(placedOrder.attempt.txRef);
    const otherBody = chargeSuccess((await orderPaidWith()).attempt.txRef);
    const forged = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    const otherKey = createHmac('sha512', 'sk_test_someone0else0entirely').update(body).digest('hex');
    const before = paystack.requests.length;
    for (const attempt of [forged, null, otherBody.signature, otherKey, '']) {
      const answer = await webhook(body, attempt);
      expect(answer.statusCode).toBe(401);
    }
    expect(paystack.requests.length).toBe(before);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it('a replayed event after the order is paid changes nothing', async () => {
    const placedOrder = await orderPaidWith();
    const { body, signature } = chargeSuccess(placedOrder.attempt.txRef);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    const [before] = await attemptRows(placedOrder.attempt.txRef);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    const [after] = await attemptRows(placedOrder.attempt.txRef);
    expect(after).toEqual(before);
    expect(await paidEvents(placedOrder)).toBe(1);
  });

  it('a reference the shop never made: 200, not handled, nothing written, Paystack not asked', async () => {
    const stranger = paystack.add({
      reference: `elsewhere-${Date.now()}`,
      amount: 500_000,
      status: 'success',
    });
    const { body, signature } = chargeSuccess(stranger.reference);
    const rows = await transactionCount();
    const before = paystack.requests.length;
    const answer = await webhook(body, signature);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: false });
    expect(await transactionCount()).toBe(rows);
    expect(paystack.requests.length).toBe(before);
  });

  it('Paystack unreachable while verifying: 503 so it retries; the retry pays', async () => {
    const placedOrder = await orderPaidWith();
    const { body, signature } = chargeSuccess(placedOrder.attempt.txRef);
    paystack.script(placedOrder.attempt.txRef, { behaviour: 'server-error' });
    expect((await webhook(body, signature)).statusCode).toBe(503);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
    paystack.script(placedOrder.attempt.txRef, { behaviour: 'answer' });
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await orderState(placedOrder)).toEqual(PAID);
  });

  it('other events are acknowledged and ignored', async () => {
    const { body, signature } = paystack.signedWebhook('transfer.success', { id: 1, reference: 'x' });
    const answer = await webhook(body, signature);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: false });
  });

  it('the rest of the API keeps reading JSON', async () => {
    const placedOrder = await placeOrder();
    expect((await startAttempt(placedOrder)).provider).toBe('paystack');
  });
});

describe("Paystack's refund events", () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await signInSeededAdmin(test)).token;
  });

  /** A paid Paystack order with a ₦500 refund Paystack queued (pending), scripted to become `then`. */
  async function pendingRefund(then: 'processed' | 'failed' | 'needs-attention') {
    const placedOrder = await orderPaidWith();
    expect((await verify(placedOrder, placedOrder.attempt.txRef)).statusCode).toBe(200);
    paystack.refundScripts.push({ then });
    const made = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${placedOrder.order.id}/refunds`,
      headers: auth(adminToken),
      payload: { amount: 500, reason: 'Late delivery' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().status).toBe('pending');
    const [row] = await test.database.db.select().from(refunds).where(eq(refunds.id, made.json().id));
    expect(row).toMatchObject({ provider: 'paystack', status: 'pending' });
    return row!;
  }

  async function refundStatus(id: number) {
    const [row] = await test.database.db.select().from(refunds).where(eq(refunds.id, id));
    return row!.status;
  }

  it.each([
    ['processed', 'completed'],
    ['failed', 'failed'],
    ['needs-attention', 'needs_attention'],
  ] as const)('refund.%s: read again from Paystack and recorded as %s, once', async (then, recorded) => {
    const row = await pendingRefund(then);
    const event = paystack.refundEvent(row.providerRefundId!);
    expect(event.event).toBe(`refund.${then}`);
    const { body, signature } = paystack.signedWebhook(event.event, event.data);
    const answer = await webhook(body, signature);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    expect(paystack.requests.at(-1)?.path).toBe(`/refund/${row.providerRefundId}`);
    expect(await refundStatus(row.id)).toBe(recorded);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await refundStatus(row.id)).toBe(recorded);
  });

  it("a refund event's own status is never taken: Paystack still says pending, so it stays pending", async () => {
    const row = await pendingRefund('processed');
    const { body, signature } = paystack.signedWebhook('refund.processed', {
      id: Number(row.providerRefundId),
      status: 'processed',
      amount: 50_000,
      currency: 'NGN',
    });
    paystack.refunds.get(Number(row.providerRefundId))!.status = 'processing';
    delete paystack.refunds.get(Number(row.providerRefundId))!.then;
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await refundStatus(row.id)).toBe('pending');
  });

  it('a refund the shop never made: 200, not handled', async () => {
    const { body, signature } = paystack.signedWebhook('refund.processed', {
      id: 987_654_321,
      status: 'processed',
    });
    const answer = await webhook(body, signature);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: false });
  });

  it('Paystack unreachable while reading the refund: 503 so it retries', async () => {
    const row = await pendingRefund('processed');
    const event = paystack.refundEvent(row.providerRefundId!);
    const { body, signature } = paystack.signedWebhook(event.event, event.data);
    paystack.refundFollowBehaviour = 'server-error';
    try {
      expect((await webhook(body, signature)).statusCode).toBe(503);
      expect(await refundStatus(row.id)).toBe('pending');
    } finally {
      paystack.refundFollowBehaviour = 'answer';
    }
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await refundStatus(row.id)).toBe('completed');
  });
});

describe('switching the card provider with orders open', () => {
  it('an attempt opened with Flutterwave is still verified by Flutterwave; the next checkout opens with Paystack', async () => {
    const db = test.database.db;
    await saveShopSettings(db, { cardProvider: 'flutterwave' });
    try {
      const open = await placeOrder('flutterwave');
      const openAttempt = await startAttempt(open);
      expect(openAttempt).toMatchObject({
        provider: 'flutterwave',
        publicKey: FLW_PUBLIC_KEY,
        accessCode: null,
      });
      const paidBefore = await placeOrder('flutterwave');
      const paidAttempt = await startAttempt(paidBefore);
      const paidTx = flutterwave.add({ tx_ref: paidAttempt.txRef, amount: paidAttempt.amount });
      const paidAnswer = await test.app.inject({
        method: 'POST',
        url: '/api/payments/flutterwave/verify',
        payload: {
          orderId: paidBefore.order.id,
          key: paidBefore.accessToken,
          transactionId: paidTx.id,
          txRef: paidAttempt.txRef,
        },
      });
      expect(paidAnswer.statusCode).toBe(200);

      await saveShopSettings(db, { cardProvider: 'paystack' });
      const paystackCalls = paystack.requests.length;
      const openTx = flutterwave.add({ tx_ref: openAttempt.txRef, amount: openAttempt.amount });
      // Through Paystack's verify route too: the attempt's own provider answers.
      const answer = await verify(open, openAttempt.txRef);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ paid: true, order: PAID });
      expect(flutterwave.requests.at(-1)?.path).toBe(
        `/v3/transactions/verify_by_reference?tx_ref=${openAttempt.txRef}`,
      );
      expect(paystack.requests.length).toBe(paystackCalls);
      expect((await attemptRows(openAttempt.txRef))[0]).toMatchObject({
        provider: 'flutterwave',
        providerTransactionId: String(openTx.id),
      });

      // A charge.success naming Flutterwave's reference is not Paystack's to settle.
      const signed = paystack.signedWebhook('charge.success', { id: 1, reference: paidAttempt.txRef });
      expect((await webhook(signed.body, signed.signature)).json()).toEqual({ received: false });

      const next = await placeOrder('paystack');
      expect((await startAttempt(next)).provider).toBe('paystack');
      const cardOnly = await placeOrder('credit-card');
      expect((await startAttempt(cardOnly)).provider).toBe('paystack');

      expect(await orderState(paidBefore)).toEqual(PAID);
      expect(await paidEvents(paidBefore)).toBe(1);
      const again = await test.app.inject({
        method: 'POST',
        url: `/api/orders/${paidBefore.order.id}/payments`,
        payload: { key: paidBefore.accessToken },
      });
      expect(again.statusCode).toBe(409);
    } finally {
      await saveShopSettings(db, { cardProvider: 'paystack' });
    }
  });
});
