/**
 * An attacker's probes of Paystack's webhook (POST /api/payments/paystack/webhook) over HTTP: forged,
 * unsigned, empty and uppercase signatures, a replay, a huge body, the wrong content type, and a
 * correctly signed event that names another order's reference with a bigger amount. Each answers
 * 401 or another 4xx, or changes nothing: only a payment Paystack itself reports as successful, for
 * that attempt's own reference and at least its total, ever pays an order. The shop runs Paystack's
 * client against a local stand-in.
 */
import { createHmac } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions } from '../../db/schema/payments';
import { saveShopSettings } from '../../core/settings/shop-settings';
import { stockedOneSizeProduct } from '../fixtures/admin-api';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';
import {
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackStandIn,
} from '../fixtures/paystack-stand-in';
import { createTestApp, type TestApp } from '../fixtures/test-app';

let paystack: PaystackStandIn;
let test: TestApp;
let productId: number;
let shoppers = 0;

beforeAll(async () => {
  paystack = await startPaystackStandIn();
  test = await createTestApp({
    seed: true,
    env: {
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_PUBLIC_KEY: paystack.publicKey,
      PAYSTACK_API_BASE: paystack.url,
    },
  });
  await allowManyUnpaidOrders(test.database.db);
  await saveShopSettings(test.database.db, { cardProvider: 'paystack' });
  productId = await stockedOneSizeProduct(test, 500);
});
afterAll(async () => {
  await test?.close();
  await paystack?.close();
});

interface Opened {
  number: string;
  key: string;
  reference: string;
  accessCode: string;
  totalKobo: number;
}

/** A guest's Paystack order with its attempt opened (paid in the popup when `card` is given). */
async function openOrder(options: { quantity?: number; card?: string } = {}): Promise<Opened> {
  shoppers += 1;
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: testOrderBody(
      { id: productId },
      {
        paymentMethod: 'paystack',
        email: `probe-${shoppers}@example.ng`,
        quantity: options.quantity ?? 1,
      },
    ),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { order, accessToken } = placed.json<{
    order: { id: string; total: number };
    accessToken: string;
  }>();
  const start = await test.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/payments`,
    payload: { key: accessToken },
  });
  expect(start.statusCode, start.body).toBe(201);
  const attempt = start.json<{ txRef: string; accessCode: string }>();
  if (options.card) paystack.pay(attempt.accessCode, options.card);
  return {
    number: order.id,
    key: accessToken,
    reference: attempt.txRef,
    accessCode: attempt.accessCode,
    totalKobo: Math.round(order.total * 100),
  };
}

function post(body: string | Buffer, headers: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
}

function sign(body: string | Buffer, key = paystack.secretKey): string {
  return createHmac('sha512', key).update(body).digest('hex');
}

/** What the books hold: every payment row and every order's status, to compare before and after. */
async function books() {
  const db = test.database.db;
  const rows = await db.select().from(paymentTransactions).orderBy(paymentTransactions.id);
  const states = await db
    .select({ number: orders.number, status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .orderBy(orders.id);
  const [events] = await db.select({ n: count() }).from(orderEvents);
  return { rows, states, events: events!.n };
}

async function paymentStatus(order: Opened): Promise<string> {
  const [row] = await test.database.db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.number, order.number));
  return row!.paymentStatus;
}

describe("probes of Paystack's webhook", () => {
  it('a forged signature: 401, Paystack not asked, nothing changes', async () => {
    const order = await openOrder({ card: PAYSTACK_TEST_CARD });
    const event = paystack.chargeEvent(order.reference);
    const { body, signature } = paystack.signedWebhook(event.event, event.data);
    const before = await books();
    const calls = paystack.requests.length;
    for (const forged of [
      (signature[0] === 'f' ? '0' : 'f') + signature.slice(1),
      '0'.repeat(128),
      sign(body, 'sk_test_an0attackers0own0key'),
      createHmac('sha256', paystack.secretKey).update(body).digest('hex'),
      createHmac('sha512', paystack.publicKey).update(body).digest('hex'),
      `sha512=${signature}`,
      signature.slice(0, 127),
    ]) {
      const answer = await post(body, { 'x-paystack-signature': forged });
      expect(answer.statusCode, forged).toBe(401);
    }
    expect(paystack.requests.length).toBe(calls);
    expect(await books()).toEqual(before);
  });

  it('unsigned or with an empty signature: 401, nothing changes', async () => {
    const order = await openOrder({ card: PAYSTACK_TEST_CARD });
    const event = paystack.chargeEvent(order.reference);
    const { body } = paystack.signedWebhook(event.event, event.data);
    const before = await books();
    expect((await post(body, {})).statusCode).toBe(401);
    expect((await post(body, { 'x-paystack-signature': '' })).statusCode).toBe(401);
    expect((await post(body, { 'x-paystack-signature': ' '.repeat(128) })).statusCode).toBe(401);
    expect(await books()).toEqual(before);
    expect(await paymentStatus(order)).toBe('pending');
  });

  it('a replayed event changes nothing after it paid the order once', async () => {
    const order = await openOrder({ card: PAYSTACK_TEST_CARD });
    const event = paystack.chargeEvent(order.reference);
    const { body, signature } = paystack.signedWebhook(event.event, event.data);
    expect((await post(body, { 'x-paystack-signature': signature })).statusCode).toBe(200);
    expect(await paymentStatus(order)).toBe('paid');
    const before = await books();
    for (let i = 0; i < 5; i += 1)
      expect((await post(body, { 'x-paystack-signature': signature })).statusCode).toBe(200);
    expect(await books()).toEqual(before);
  });

  it('a huge body is refused before it is read (413), even correctly signed', async () => {
    const order = await openOrder({ card: PAYSTACK_TEST_CARD });
    const event = paystack.chargeEvent(order.reference);
    const body = JSON.stringify({ ...event, padding: 'x'.repeat(300 * 1024) });
    const before = await books();
    const answer = await post(body, { 'x-paystack-signature': sign(body) });
    expect(answer.statusCode).toBe(413);
    expect(await books()).toEqual(before);
  });

  it('the wrong content type: refused, nothing changes', async () => {
    const order = await openOrder({ card: PAYSTACK_TEST_CARD });
    const event = paystack.chargeEvent(order.reference);
    const { body, signature } = paystack.signedWebhook(event.event, event.data);
    const before = await books();
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const answer = await post(body, { 'content-type': type, 'x-paystack-signature': signature });
      expect(answer.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, type).toBeLessThan(500);
    }
    expect(await books()).toEqual(before);
  });

  it('a signature in uppercase hex is the same signature: the event is still verified through the API', async () => {
    const unpaid = await openOrder();
    const claimed = {
      ...paystack.chargeEvent(unpaid.reference).data,
      status: 'success',
      amount: unpaid.totalKobo,
    };
    const { body, signature } = paystack.signedWebhook('charge.success', claimed);
    const before = await books();
    const forgedUpper = ((signature[0] === 'f' ? '0' : 'f') + signature.slice(1)).toUpperCase();
    expect((await post(body, { 'x-paystack-signature': forgedUpper })).statusCode).toBe(401);
    const answer = await post(body, { 'x-paystack-signature': signature.toUpperCase() });
    expect(answer.statusCode).toBeLessThan(500);
    // Paystack says the transaction is still ongoing: the body's "success" pays nothing.
    expect(await paymentStatus(unpaid)).toBe('pending');
    const after = await books();
    expect(after.states).toEqual(before.states);
    expect(after.events).toBe(before.events);
  });

  it("a correctly signed event naming another order's reference with a bigger amount pays nothing", async () => {
    const cheap = await openOrder({ card: PAYSTACK_TEST_CARD });
    const dear = await openOrder({ quantity: 3 });
    expect(dear.totalKobo).toBeGreaterThan(cheap.totalKobo);
    const real = paystack.chargeEvent(cheap.reference).data;
    const before = await books();

    // The dear order's reference, with its amount and "success": Paystack reports it ongoing.
    const named = paystack.signedWebhook('charge.success', {
      ...real,
      reference: dear.reference,
      amount: dear.totalKobo * 10,
      status: 'success',
    });
    const answer = await post(named.body, { 'x-paystack-signature': named.signature });
    expect(answer.statusCode).toBe(200);
    expect(await paymentStatus(dear)).toBe('pending');
    expect((await books()).states).toEqual(before.states);

    // The cheap order's paid reference dressed up as the dear order's: only the cheap one is paid.
    const dressed = paystack.signedWebhook('charge.success', {
      ...real,
      amount: dear.totalKobo,
      metadata: { order_number: dear.number },
    });
    expect((await post(dressed.body, { 'x-paystack-signature': dressed.signature })).statusCode).toBe(200);
    expect(await paymentStatus(dear)).toBe('pending');
    expect(await paymentStatus(cheap)).toBe('paid');
    const [row] = await test.database.db
      .select({ receivedKobo: paymentTransactions.receivedKobo })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.txRef, cheap.reference));
    expect(row!.receivedKobo).toBe(cheap.totalKobo);
  });

  it('a body that is not JSON, correctly signed: acknowledged, nothing changes', async () => {
    const body = '{"event":"charge.success","data":';
    const before = await books();
    const answer = await post(body, { 'x-paystack-signature': sign(body) });
    expect(answer.statusCode).toBeLessThan(500);
    expect(await books()).toEqual(before);
  });
});
