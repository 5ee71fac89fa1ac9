/**
 * An attacker's probes of Paystack card payments and refunds over HTTP, Paystack and Flutterwave both
 * with keys (each played by its local stand-in) and the owner taking cards with Paystack: paying one
 * order with another's reference or access code, short, foreign-currency or unfinished payments, an
 * order the caller may not see, a reference of another shop on the same Paystack account, an attempt
 * of one provider reported by the other, an attempt whose provider's keys are gone, the secret key in
 * answers and log lines, and the refund routes as a shopper or dispatcher, twice at once, beyond what
 * was paid, and with refund events that lie. Each answers with a refusal or changes nothing: only a
 * payment its own provider reports successful, for that attempt's reference, in NGN and for at least
 * the total, ever pays an order.
 */
import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, count, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions, refunds } from '../../db/schema/payments';
import { saveShopSettings } from '../../core/settings/shop-settings';
import { buildApp } from '../../server/app';
import { auth, signInSeededAdmin, signUpAccount, stockedOneSizeProduct } from '../fixtures/admin-api';
import { startFlutterwaveStandIn, type FlutterwaveStandIn } from '../fixtures/flutterwave-stand-in';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';
import {
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackStandIn,
} from '../fixtures/paystack-stand-in';
import { testConfig } from '../fixtures/test-config';
import { createTestApp, type TestApp } from '../fixtures/test-app';

const FLW_PUBLIC_KEY = 'FLWPUBK_TEST-probe0public0key-X';
const FLW_WEBHOOK_HASH = 'rossy-probe-webhook-secret';

let paystack: PaystackStandIn;
let flutterwave: FlutterwaveStandIn;
let test: TestApp;
let productId: number;
let adminToken: string;
let shoppers = 0;
const logLines: string[] = [];

function envOf(withPaystack: boolean): Record<string, string> {
  return {
    FLW_PUBLIC_KEY,
    FLW_SECRET_KEY: flutterwave.secretKey,
    FLW_API_BASE: flutterwave.url,
    FLW_WEBHOOK_HASH,
    ...(withPaystack
      ? {
          PAYSTACK_SECRET_KEY: paystack.secretKey,
          PAYSTACK_PUBLIC_KEY: paystack.publicKey,
          PAYSTACK_API_BASE: paystack.url,
        }
      : {}),
  };
}

beforeAll(async () => {
  paystack = await startPaystackStandIn();
  flutterwave = await startFlutterwaveStandIn();
  test = await createTestApp({ seed: true, env: envOf(true) });
  // The same shop with a logger that keeps every line, to look for the secret key in them.
  await test.app.close();
  const logger = pino(
    { level: 'trace' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    }),
  );
  const app = await buildApp({ config: testConfig(envOf(true)), database: test.database, logger });
  await app.ready();
  test = { ...test, app, close: async () => (await app.close(), await test.database.destroy()) };
  await allowManyUnpaidOrders(test.database.db);
  await saveShopSettings(test.database.db, { cardProvider: 'paystack' });
  productId = await stockedOneSizeProduct(test, 1000);
  adminToken = (await signInSeededAdmin(test)).token;
});
afterAll(async () => {
  await test?.close();
  await paystack?.close();
  await flutterwave?.close();
});
beforeEach(() => {
  paystack.behaviour = 'answer';
  paystack.initializeBehaviour = 'answer';
  paystack.refundFollowBehaviour = 'answer';
});

interface Placed {
  number: string;
  key: string;
  totalKobo: number;
  token?: string;
}

interface Attempt {
  provider: string;
  txRef: string;
  accessCode: string | null;
  amount: number;
  publicKey: string;
}

async function place(options: { method?: string; quantity?: number; token?: string } = {}): Promise<Placed> {
  shoppers += 1;
  const answer = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    ...(options.token ? { headers: auth(options.token) } : {}),
    payload: testOrderBody(
      { id: productId },
      {
        paymentMethod: (options.method ?? 'paystack') as 'paystack',
        email: `paystack-probe-${shoppers}@example.ng`,
        quantity: options.quantity ?? 1,
      },
    ),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const { order, accessToken } = answer.json<{
    order: { id: string; total: number };
    accessToken: string;
  }>();
  return {
    number: order.id,
    key: accessToken,
    totalKobo: Math.round(order.total * 100),
    ...(options.token ? { token: options.token } : {}),
  };
}

/** `key` null: none sent; `token` '' : not signed in. */
function start(order: Placed, key: string | null = order.key, token = order.token) {
  return test.app.inject({
    method: 'POST',
    url: `/api/orders/${order.number}/payments`,
    ...(token ? { headers: auth(token) } : {}),
    payload: key === null ? {} : { key },
  });
}

/** A Flutterwave order, placed while the owner took cards with Flutterwave. */
async function placeForFlutterwave(): Promise<Placed> {
  await saveShopSettings(test.database.db, { cardProvider: 'flutterwave' });
  try {
    return await place({ method: 'flutterwave' });
  } finally {
    await saveShopSettings(test.database.db, { cardProvider: 'paystack' });
  }
}

async function attemptOf(order: Placed): Promise<Attempt> {
  const answer = await start(order);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<Attempt>();
}

function verify(order: Placed, reference: string, key: string | null = order.key, token = order.token) {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/verify',
    ...(token ? { headers: auth(token) } : {}),
    payload: { orderId: order.number, reference, ...(key === null ? {} : { key }) },
  });
}

function paystackWebhook(event: string, data: unknown) {
  const { body, signature } = paystack.signedWebhook(event, data);
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/paystack/webhook',
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    payload: body,
  });
}

async function state(order: Placed) {
  const [row] = await test.database.db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.number, order.number));
  return row!;
}

const UNPAID = { status: 'awaiting_payment', paymentStatus: 'pending' };

async function attemptRow(txRef: string) {
  const [row] = await test.database.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.txRef, txRef), isNull(paymentTransactions.attemptId)));
  return row!;
}

/** An order paid with Paystack's test card and verified. */
async function paidOrder(quantity = 1) {
  const order = await place({ quantity });
  const attempt = await attemptOf(order);
  paystack.pay(attempt.accessCode!, PAYSTACK_TEST_CARD);
  const answer = await verify(order, attempt.txRef);
  expect(answer.statusCode, answer.body).toBe(200);
  return { order, attempt };
}

describe('paying one order with what belongs to another', () => {
  it("order A with order B's paid reference or B's access code: 404 at the verify route, Paystack not asked", async () => {
    const a = await place({ quantity: 3 });
    await attemptOf(a);
    const b = await paidOrder();
    const calls = paystack.requests.length;
    expect((await verify(a, b.attempt.txRef)).statusCode).toBe(404);
    expect((await verify(a, b.attempt.accessCode!)).statusCode).toBe(404);
    // A's number with B's key, B's reference: B's key opens B only.
    expect((await verify(a, b.attempt.txRef, b.order.key)).statusCode).toBe(404);
    expect(paystack.requests.length).toBe(calls);
    expect(await state(a)).toEqual(UNPAID);
  });

  it("a webhook for B's paid transaction dressed with A's reference, or A's access code: A stays unpaid", async () => {
    const a = await place({ quantity: 3 });
    const attemptA = await attemptOf(a);
    const b = await paidOrder();
    const paidB = paystack.chargeEvent(b.attempt.txRef).data;
    const asA = await paystackWebhook('charge.success', {
      ...paidB,
      reference: attemptA.txRef,
      amount: a.totalKobo,
    });
    expect(asA.statusCode).toBe(200);
    const byCode = await paystackWebhook('charge.success', { ...paidB, reference: attemptA.accessCode });
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json()).toEqual({ received: false });
    expect(await state(a)).toEqual(UNPAID);
  });
});

describe("what Paystack reports of an order's own reference", () => {
  it.each([
    ['1 kobo less than the total', { reportedAmount: -1 }],
    ['a tenth of the total', { reportedAmount: 0.1 }],
    ['success, but in USD', { reportedCurrency: 'USD' }],
    ['abandoned', { status: 'abandoned' as const }],
    ['ongoing', { status: 'ongoing' as const }],
    ['failed', { status: 'failed' as const }],
  ])('%s: 422 at the verify route, the webhook pays nothing either', async (_name, patch) => {
    const order = await place();
    const attempt = await attemptOf(order);
    paystack.pay(attempt.accessCode!, PAYSTACK_TEST_CARD);
    const { reportedAmount, ...rest } = patch as { reportedAmount?: number } & Record<string, unknown>;
    paystack.script(attempt.txRef, {
      ...rest,
      ...(reportedAmount === undefined
        ? {}
        : {
            reportedAmount:
              reportedAmount < 0
                ? order.totalKobo + reportedAmount
                : Math.round(order.totalKobo * reportedAmount),
          }),
    });
    const answer = await verify(order, attempt.txRef);
    expect(answer.statusCode, answer.body).toBe(422);
    // The body of a signed event says it is all there: Paystack's API is what counts.
    const event = paystack.chargeEvent(attempt.txRef).data;
    const hook = await paystackWebhook('charge.success', {
      ...event,
      status: 'success',
      currency: 'NGN',
      amount: order.totalKobo * 1000,
    });
    expect(hook.statusCode).toBe(200);
    expect(await state(order)).toEqual(UNPAID);
    expect((await attemptRow(attempt.txRef)).verified).toBe(false);
  });

  it('a reference of another shop on the same Paystack account, paid in full: 404, and the webhook ignores it', async () => {
    const order = await place();
    await attemptOf(order);
    const foreign = paystack.add({
      reference: `RS-${Date.now()}-another-shop`,
      amount: order.totalKobo,
      status: 'success',
    });
    const calls = paystack.requests.length;
    expect((await verify(order, foreign.reference)).statusCode).toBe(404);
    const hook = await paystackWebhook('charge.success', paystack.chargeEvent(foreign.reference).data);
    expect(hook.json()).toEqual({ received: false });
    expect(paystack.requests.length).toBe(calls);
    const [rows] = await test.database.db
      .select({ n: count() })
      .from(paymentTransactions)
      .where(eq(paymentTransactions.txRef, foreign.reference));
    expect(rows!.n).toBe(0);
    expect(await state(order)).toEqual(UNPAID);
  });
});

describe('paying one order twice', () => {
  it('two attempts both paid, reported at once by the browser and the webhook: paid once, the second owed back in full', async () => {
    const order = await place();
    const first = await attemptOf(order);
    const second = await attemptOf(order);
    paystack.pay(first.accessCode!, PAYSTACK_TEST_CARD);
    paystack.pay(second.accessCode!, PAYSTACK_TEST_CARD);
    const answers = await Promise.all([
      verify(order, first.txRef),
      paystackWebhook('charge.success', paystack.chargeEvent(second.txRef).data),
      verify(order, second.txRef),
      paystackWebhook('charge.success', paystack.chargeEvent(first.txRef).data),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(await state(order)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const rows = [await attemptRow(first.txRef), await attemptRow(second.txRef)];
    expect(rows.map((row) => row.status).sort()).toEqual(['refund_due', 'successful']);
    const owed = rows.find((row) => row.status === 'refund_due')!;
    expect(owed.refundDueKobo).toBe(order.totalKobo);
    const [paidEvents] = await test.database.db
      .select({ n: count() })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(eq(orders.number, order.number), eq(orderEvents.status, 'processing')));
    expect(paidEvents!.n).toBe(1);
  });

  it('the window closed while Paystack says abandoned, then paid after all: the order stays cancelled and the money is owed back, never lost', async () => {
    const order = await place();
    const attempt = await attemptOf(order);
    const ongoing = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.number}/cancel`,
      payload: { key: order.key, reason: 'closed' },
    });
    // Still ongoing at Paystack (a transfer under way): the order keeps its hold.
    expect(ongoing.json()).toMatchObject({ cancelled: false });
    paystack.script(attempt.txRef, { status: 'abandoned' });
    const closed = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.number}/cancel`,
      payload: { key: order.key, reason: 'closed' },
    });
    expect(closed.json()).toMatchObject({ cancelled: true });
    paystack.script(attempt.txRef, { status: 'ongoing' });
    paystack.pay(attempt.accessCode!, PAYSTACK_TEST_CARD);
    const hook = await paystackWebhook('charge.success', paystack.chargeEvent(attempt.txRef).data);
    expect(hook.statusCode).toBe(200);
    expect(await state(order)).toMatchObject({ status: 'cancelled' });
    expect(await attemptRow(attempt.txRef)).toMatchObject({
      status: 'refund_due',
      refundDueKobo: order.totalKobo,
    });
    expect((await verify(order, attempt.txRef)).statusCode).toBe(422);
  });

  it("Flutterwave's verify route given another order's paid Paystack transaction id for this attempt: 422, unpaid", async () => {
    const a = await place({ quantity: 3 });
    const attemptA = await attemptOf(a);
    const b = await paidOrder();
    const idB = paystack.transaction(b.attempt.txRef).id;
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: { orderId: a.number, transactionId: idB, txRef: attemptA.txRef, key: a.key },
    });
    expect(answer.statusCode).toBe(422);
    expect(await state(a)).toEqual(UNPAID);
    expect(await attemptRow(attemptA.txRef)).toMatchObject({
      status: 'pending',
      providerTransactionId: null,
    });
    expect((await attemptRow(b.attempt.txRef)).status).toBe('successful');
  });
});

describe('the verify route for an order the caller may not see', () => {
  it("another shopper's order, a guest order without its key or with another order's key: 404, Paystack not asked", async () => {
    const owner = await signUpAccount(test, `owner-${Date.now()}@example.ng`, 'Ngozi Owner');
    const thief = await signUpAccount(test, `thief-${Date.now()}@example.ng`, 'Tunde Thief');
    const mine = await place({ token: owner.token });
    const attempt = await attemptOf(mine);
    paystack.pay(attempt.accessCode!, PAYSTACK_TEST_CARD);
    const guest = await place();
    const guestAttempt = await attemptOf(guest);
    paystack.pay(guestAttempt.accessCode!, PAYSTACK_TEST_CARD);
    const other = await place();
    const calls = paystack.requests.length;
    expect((await verify(mine, attempt.txRef, null, thief.token)).statusCode).toBe(404);
    expect((await verify(mine, attempt.txRef, null, '')).statusCode).toBe(404);
    expect((await verify(guest, guestAttempt.txRef, null)).statusCode).toBe(404);
    expect((await verify(guest, guestAttempt.txRef, other.key)).statusCode).toBe(404);
    expect((await verify(guest, guestAttempt.txRef, `${guest.key}x`)).statusCode).toBe(404);
    expect((await verify(guest, guestAttempt.txRef, null, thief.token)).statusCode).toBe(404);
    expect(paystack.requests.length).toBe(calls);
    expect(await state(mine)).toEqual(UNPAID);
    expect(await state(guest)).toEqual(UNPAID);
  });

  it('the payment start of an order the caller may not see: 404, no attempt, Paystack not asked, no access code', async () => {
    const owner = await signUpAccount(test, `owner2-${Date.now()}@example.ng`, 'Ngozi Owner');
    const thief = await signUpAccount(test, `thief2-${Date.now()}@example.ng`, 'Tunde Thief');
    const mine = await place({ token: owner.token });
    const guest = await place();
    const calls = paystack.requests.length;
    for (const answer of [
      await start(mine, null, thief.token),
      await start(mine, null, ''),
      await start(guest, null, ''),
      await start(guest, 'not-the-key', ''),
      await start(guest, null, thief.token),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('accessCode');
    }
    expect(paystack.requests.length).toBe(calls);
    const rows = await test.database.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
      .where(eq(orders.number, guest.number));
    expect(rows).toHaveLength(0);
  });
});

describe('one provider never pays for the other', () => {
  it("a Flutterwave attempt verified through Paystack's route: Flutterwave is asked, Paystack's success under its reference pays nothing", async () => {
    const order = await placeForFlutterwave();
    const attempt = await attemptOf(order);
    expect(attempt.provider).toBe('flutterwave');
    // Someone opened a Paystack transaction under the Flutterwave attempt's reference and paid it.
    paystack.add({ reference: attempt.txRef, amount: order.totalKobo, status: 'success' });
    const calls = paystack.requests.length;
    const answer = await verify(order, attempt.txRef);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    const hook = await paystackWebhook('charge.success', paystack.chargeEvent(attempt.txRef).data);
    expect(hook.json()).toEqual({ received: false });
    expect(paystack.requests.length).toBe(calls);
    expect(await state(order)).toEqual(UNPAID);
  });

  it("a Paystack attempt reported by Flutterwave's route or webhook: Flutterwave's money under its reference pays nothing", async () => {
    const order = await place();
    const attempt = await attemptOf(order);
    expect(attempt.provider).toBe('paystack');
    // A Flutterwave charge, in full, made under the Paystack attempt's reference.
    const charge = flutterwave.add({ tx_ref: attempt.txRef, amount: order.totalKobo / 100 });
    const byRoute = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: { orderId: order.number, transactionId: charge.id, txRef: attempt.txRef, key: order.key },
    });
    expect(byRoute.statusCode).toBeGreaterThanOrEqual(400);
    expect(await state(order)).toEqual(UNPAID);
    const byHook = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/webhook',
      headers: { 'verif-hash': FLW_WEBHOOK_HASH },
      payload: { event: 'charge.completed', data: { id: charge.id, tx_ref: attempt.txRef } },
    });
    expect(byHook.statusCode).toBe(200);
    expect(byHook.json()).toEqual({ received: false });
    expect(await state(order)).toEqual(UNPAID);
    const row = await attemptRow(attempt.txRef);
    expect(row).toMatchObject({ provider: 'paystack', status: 'pending', providerTransactionId: null });
  });

  it('an attempt of Paystack once its keys are gone: 503 at the verify route, the webhook refused, nothing decided', async () => {
    const order = await place();
    const attempt = await attemptOf(order);
    paystack.pay(attempt.accessCode!, PAYSTACK_TEST_CARD);
    const withoutPaystack = await buildApp({
      config: testConfig(envOf(false)),
      database: test.database,
      logger: false,
    });
    await withoutPaystack.ready();
    try {
      const answer = await withoutPaystack.inject({
        method: 'POST',
        url: '/api/payments/paystack/verify',
        payload: { orderId: order.number, reference: attempt.txRef, key: order.key },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.body).not.toContain(paystack.secretKey);
      const { body, signature } = paystack.signedWebhook(
        'charge.success',
        paystack.chargeEvent(attempt.txRef).data,
      );
      const hook = await withoutPaystack.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        payload: body,
      });
      expect(hook.statusCode).toBe(401);
      expect(await state(order)).toEqual(UNPAID);
      expect((await attemptRow(attempt.txRef)).status).toBe('pending');
      // The next attempt goes to Flutterwave, the provider that still has keys.
      const next = await withoutPaystack.inject({
        method: 'POST',
        url: `/api/orders/${order.number}/payments`,
        payload: { key: order.key },
      });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json()).toMatchObject({ provider: 'flutterwave', accessCode: null });
    } finally {
      await withoutPaystack.close();
    }
    // With the keys back, Paystack's word pays it.
    expect((await verify(order, attempt.txRef)).statusCode).toBe(200);
  });
});

describe('opening payment attempts', () => {
  it('each of many attempts is fresh: its own reference and access code, the total in kobo at Paystack, recorded first', async () => {
    const order = await place({ quantity: 2 });
    const attempts: Attempt[] = [];
    for (let i = 0; i < 6; i += 1) attempts.push(await attemptOf(order));
    attempts.push(...(await Promise.all([1, 2, 3].map(() => attemptOf(order)))));
    expect(new Set(attempts.map((a) => a.txRef)).size).toBe(attempts.length);
    expect(new Set(attempts.map((a) => a.accessCode)).size).toBe(attempts.length);
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ provider: 'paystack', publicKey: paystack.publicKey });
      expect(Math.round(attempt.amount * 100)).toBe(order.totalKobo);
      expect(paystack.transaction(attempt.txRef)).toMatchObject({ amount: order.totalKobo, currency: 'NGN' });
      expect(await attemptRow(attempt.txRef)).toMatchObject({
        provider: 'paystack',
        amountKobo: order.totalKobo,
        status: 'pending',
      });
    }
    // Paying the first one pays the order; the others pay nothing more.
    paystack.pay(attempts[0]!.accessCode!, PAYSTACK_TEST_CARD);
    expect((await verify(order, attempts[0]!.txRef)).statusCode).toBe(200);
    const again = await verify(order, attempts[1]!.txRef);
    expect(again.json()).toMatchObject({ paid: true });
    expect((await attemptRow(attempts[1]!.txRef)).status).not.toBe('successful');
    const successful = await test.database.db
      .select({ id: paymentTransactions.id })
      .from(paymentTransactions)
      .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
      .where(and(eq(orders.number, order.number), eq(paymentTransactions.status, 'successful')));
    expect(successful).toHaveLength(1);
  });

  it("one order's attempts opened over and over: refused with 429 after 20 in an hour, Paystack no longer asked", async () => {
    const order = await place();
    const opened = await Promise.all(Array.from({ length: 20 }, () => start(order)));
    for (const answer of opened) expect(answer.statusCode, answer.body).toBe(201);
    const initialized = () => paystack.requests.filter((r) => r.path === '/transaction/initialize').length;
    const calls = initialized();
    for (let i = 0; i < 5; i += 1) {
      const answer = await start(order);
      expect(answer.statusCode).toBe(429);
      expect(answer.body).not.toContain('accessCode');
    }
    expect(initialized()).toBe(calls);
    const [rows] = await test.database.db
      .select({ n: count() })
      .from(paymentTransactions)
      .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
      .where(eq(orders.number, order.number));
    expect(rows!.n).toBe(20);
    // Another order of the same shopper still opens its own attempts.
    expect((await start(await place())).statusCode).toBe(201);
  });

  it('a paid order, a cancelled order and a bank-transfer order: 409, Paystack not asked', async () => {
    const { order: paid } = await paidOrder();
    const cancelled = await place();
    const cancel = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${cancelled.number}/cancel`,
      payload: { key: cancelled.key },
    });
    expect(cancel.json()).toMatchObject({ cancelled: true });
    const transfer = await place({ method: 'bank-transfer' });
    const calls = paystack.requests.length;
    for (const order of [paid, cancelled, transfer]) {
      const answer = await start(order);
      expect(answer.statusCode, order.number).toBe(409);
      expect(answer.body).not.toContain('accessCode');
    }
    expect(paystack.requests.length).toBe(calls);
  });
});

describe("the secret key stays the shop's", () => {
  it('never in the payment start answer, the order, errors or log lines; the public key is what the browser gets', async () => {
    const order = await place();
    const attempt = await start(order);
    expect(attempt.body).toContain(paystack.publicKey);
    const answers = [attempt.body];
    answers.push(
      (await test.app.inject({ method: 'GET', url: `/api/orders/${order.number}?key=${order.key}` })).body,
    );
    paystack.initializeBehaviour = 'server-error';
    answers.push((await start(order)).body);
    paystack.initializeBehaviour = 'network-error';
    answers.push((await start(order)).body);
    paystack.initializeBehaviour = 'answer';
    const txRef = attempt.json<Attempt>().txRef;
    paystack.script(txRef, { behaviour: 'server-error' });
    answers.push((await verify(order, txRef)).body);
    paystack.script(txRef, { behaviour: 'network-error' });
    answers.push((await verify(order, txRef)).body);
    paystack.script(txRef, { behaviour: 'answer' });
    answers.push(
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/payments/paystack/webhook',
          headers: { 'content-type': 'application/json', 'x-paystack-signature': 'f'.repeat(128) },
          payload: '{}',
        })
      ).body,
    );
    answers.push((await test.app.inject({ method: 'GET', url: '/api/docs/json' })).body);
    for (const body of answers) expect(body).not.toContain(paystack.secretKey);
    // The failures above were logged (503s), and not one line holds the key.
    expect(logLines.some((line) => line.includes('"statusCode":503'))).toBe(true);
    for (const line of logLines) expect(line).not.toContain(paystack.secretKey);
    expect(logLines.join('\n')).not.toContain(flutterwave.secretKey);
  });
});

describe('refunds of Paystack payments', () => {
  async function staff(role: 'dispatch' | 'support', email: string) {
    const account = await signUpAccount(test, email, `Probe ${role}`);
    await test.database.db.update(users).set({ role }).where(eq(users.id, account.id));
    return account.token;
  }

  async function refund(order: Placed, amount: number, then?: 'processed' | 'failed' | 'needs-attention') {
    if (then) paystack.refundScripts.push({ then });
    return test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.number}/refunds`,
      headers: auth(adminToken),
      payload: { amount, reason: 'Probe refund' },
    });
  }

  async function refundRow(id: number) {
    const [row] = await test.database.db.select().from(refunds).where(eq(refunds.id, id));
    return row!;
  }

  /** A refund Paystack could not send to the card: waiting for the shopper's account. */
  async function needingAttention() {
    const { order } = await paidOrder();
    const made = await refund(order, 500, 'needs-attention');
    expect(made.statusCode, made.body).toBe(201);
    const row = await refundRow(made.json().id);
    const event = paystack.refundEvent(row.providerRefundId!);
    expect((await paystackWebhook(event.event, event.data)).statusCode).toBe(200);
    expect((await refundRow(row.id)).status).toBe('needs_attention');
    return { order, id: row.id, providerRefundId: row.providerRefundId! };
  }

  it('a guest, a shopper, a dispatcher or support calling the bank routes: 401/403, nothing sent', async () => {
    const waiting = await needingAttention();
    const shopper = await signUpAccount(test, `refund-shopper-${Date.now()}@example.ng`, 'Ada Shopper');
    const dispatch = await staff('dispatch', `refund-dispatch-${Date.now()}@example.ng`);
    const support = await staff('support', `refund-support-${Date.now()}@example.ng`);
    const calls = paystack.requests.length;
    const account = { accountNumber: '0123456789', bankId: '9' };
    for (const [who, headers, expected] of [
      ['guest', {}, 401],
      ['shopper', auth(shopper.token), 403],
      ['dispatch', auth(dispatch), 403],
      ['support', auth(support), 403],
    ] as const) {
      const banks = await test.app.inject({
        method: 'GET',
        url: `/api/admin/refunds/${waiting.id}/banks`,
        headers,
      });
      expect(banks.statusCode, who).toBe(expected);
      const send = await test.app.inject({
        method: 'POST',
        url: `/api/admin/refunds/${waiting.id}/bank-account`,
        headers,
        payload: account,
      });
      expect(send.statusCode, who).toBe(expected);
    }
    expect(paystack.requests.length).toBe(calls);
    expect(await refundRow(waiting.id)).toMatchObject({ status: 'needs_attention', bankDetails: null });
  });

  it("sent to the shopper's account twice at once: sent once, Paystack asked once", async () => {
    const waiting = await needingAttention();
    const account = { accountNumber: '0123456789', bankId: '9' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        test.app.inject({
          method: 'POST',
          url: `/api/admin/refunds/${waiting.id}/bank-account`,
          headers: auth(adminToken),
          payload: account,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(3);
    const retries = paystack.requests.filter(
      (request) => request.path === `/refund/retry_with_customer_details/${waiting.providerRefundId}`,
    );
    expect(retries).toHaveLength(1);
  });

  it('more than was paid, or another refund while one waits for an account: 409, Paystack not asked', async () => {
    const { order } = await paidOrder();
    const calls = paystack.requests.length;
    expect((await refund(order, order.totalKobo / 100 + 0.01)).statusCode).toBe(409);
    expect(paystack.requests.length).toBe(calls);
    const waiting = await needingAttention();
    const more = waiting.order.totalKobo / 100 - 500 + 0.01;
    const after = paystack.requests.length;
    expect((await refund(waiting.order, more)).statusCode).toBe(409);
    expect(paystack.requests.length).toBe(after);
  });

  it('two refunds at once that together exceed what was paid: one is made, Paystack asked once', async () => {
    const { order } = await paidOrder(2);
    const share = Math.round(order.totalKobo * 0.6) / 100;
    const calls = paystack.requests.filter((request) => request.path === '/refund').length;
    const answers = await Promise.all([refund(order, share), refund(order, share)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(paystack.requests.filter((request) => request.path === '/refund').length).toBe(calls + 1);
  });

  it("a refund event naming another provider's refund id: not handled, that refund untouched, Paystack not asked", async () => {
    const order = await placeForFlutterwave();
    const attempt = await attemptOf(order);
    const charge = flutterwave.add({ tx_ref: attempt.txRef, amount: order.totalKobo / 100 });
    const paid = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: { orderId: order.number, transactionId: charge.id, txRef: attempt.txRef, key: order.key },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    flutterwave.refundScripts.push({ status: 'pending' });
    const made = await refund(order, 500);
    expect(made.statusCode, made.body).toBe(201);
    const before = await refundRow(made.json().id);
    expect(before.provider).toBe('flutterwave');
    expect(before.providerRefundId).toBeTruthy();
    const calls = paystack.requests.length;
    for (const status of ['processed', 'failed', 'needs-attention']) {
      const hook = await paystackWebhook(`refund.${status}`, {
        id: Number(before.providerRefundId),
        status,
      });
      expect(hook.json()).toEqual({ received: false });
    }
    expect(paystack.requests.length).toBe(calls);
    expect(await refundRow(before.id)).toEqual(before);
  });

  it("a refund event claiming processed while Paystack's API says failed: the API wins", async () => {
    const { order } = await paidOrder();
    const made = await refund(order, 500, 'failed');
    const row = await refundRow(made.json().id);
    expect(row.status).toBe('pending');
    const hook = await paystackWebhook('refund.processed', {
      id: Number(row.providerRefundId),
      status: 'processed',
      amount: 50_000,
      currency: 'NGN',
      refund_reference: 'FAKE-REF',
    });
    expect(hook.statusCode).toBe(200);
    const after = await refundRow(row.id);
    expect(after.status).toBe('failed');
    expect(after.providerReference).not.toBe('FAKE-REF');
    expect(await state(order)).toMatchObject({ paymentStatus: 'paid' });
    const [refunded] = await test.database.db
      .select({ n: count() })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(eq(orders.number, order.number));
    expect(refunded!.n).toBeGreaterThan(0);
  });
});

describe("Paystack's webhook bodies", () => {
  it('JSON with duplicate keys: whichever reference is read, only what Paystack verifies for it counts', async () => {
    const unpaid = await place({ quantity: 2 });
    const unpaidAttempt = await attemptOf(unpaid);
    const { order: paid, attempt: paidAttempt } = await paidOrder();
    const data = JSON.stringify(paystack.chargeEvent(paidAttempt.txRef).data).slice(1, -1);
    for (const body of [
      `{"event":"charge.success","data":{${data},"reference":"${unpaidAttempt.txRef}","amount":${unpaid.totalKobo}}}`,
      `{"event":"charge.success","data":{"reference":"${unpaidAttempt.txRef}","status":"success"},"data":{${data}}}`,
      `{"event":"refund.processed","event":"charge.success","data":{"reference":"${unpaidAttempt.txRef}","status":"success","amount":${unpaid.totalKobo}}}`,
    ]) {
      const signature = createHmac('sha512', paystack.secretKey).update(body).digest('hex');
      const answer = await test.app.inject({
        method: 'POST',
        url: '/api/payments/paystack/webhook',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        payload: body,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect(await state(unpaid)).toEqual(UNPAID);
    expect(await state(paid)).toMatchObject({ paymentStatus: 'paid' });
  });
});
