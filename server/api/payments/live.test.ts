import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFlutterwaveProvider } from '../../../core/payments/flutterwave';
import { users } from '../../../db/schema/accounts';
import { products } from '../../../db/schema/catalog';
import { outbox } from '../../../db/schema/mail';
import { orderEvents, orders } from '../../../db/schema/orders';
import { paymentTransactions } from '../../../db/schema/payments';
import {
  startFlutterwaveStandIn,
  type FlutterwaveStandIn,
  type NewStandInTransaction,
} from '../../../tests/fixtures/flutterwave-stand-in';
import { allowManyUnpaidOrders } from '../../../tests/fixtures/orders';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { paidAfterCancel } from '../../../core/payments/payments';
import { signInSeededAdmin, signUpAs } from '../../../tests/fixtures/admin-api';
import { setProductStock } from '../../../tests/fixtures/stock';

/**
 * The live Flutterwave code path (FLW keys set), with FLW_API_BASE pointing at a local stand-in:
 * the browser's callback, the webhook and the admin's Payments tab.
 */

const WEBHOOK_HASH = 'rossy-webhook-secret-2026';

let standIn: FlutterwaveStandIn;
let test: TestApp;
let productId: number;
let placed = 0;

beforeAll(async () => {
  standIn = await startFlutterwaveStandIn();
  test = await createTestApp({
    seed: true,
    env: {
      FLW_PUBLIC_KEY: 'FLWPUBK_TEST-standin0public0key-X',
      FLW_SECRET_KEY: standIn.secretKey,
      FLW_API_BASE: standIn.url,
      FLW_WEBHOOK_HASH: WEBHOOK_HASH,
    },
  });
  await allowManyUnpaidOrders(test.database.db);
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
  await standIn?.close();
});
beforeEach(() => {
  standIn.behaviour = 'answer';
});

interface Placed {
  order: { id: string; total: number };
  accessToken: string;
  email: string;
}

async function placeOrder(
  options: { firstName?: string; lastName?: string; paymentMethod?: string } = {},
): Promise<Placed> {
  placed += 1;
  const email = `live-shopper-${placed}@example.ng`;
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 1 }],
      shippingMethod: 'standard',
      paymentMethod: options.paymentMethod ?? 'flutterwave',
      email,
      phone: '+234 802 000 0000',
      shippingAddress: {
        firstName: options.firstName ?? 'Kemi',
        lastName: options.lastName ?? 'Adeyemi',
        address: '3 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        zipCode: '100271',
        country: 'Nigeria',
      },
    },
  });
  expect(response.statusCode).toBe(201);
  const body = response.json<{ order: Placed['order']; accessToken: string }>();
  return { ...body, email };
}

async function startAttempt(placedOrder: Placed): Promise<{ txRef: string; amount: number }> {
  const start = await test.app.inject({
    method: 'POST',
    url: `/api/orders/${placedOrder.order.id}/payments`,
    payload: { key: placedOrder.accessToken },
  });
  expect(start.statusCode).toBe(201);
  const attempt = start.json();
  expect(attempt).toMatchObject({
    mode: 'live',
    publicKey: 'FLWPUBK_TEST-standin0public0key-X',
    scriptUrl: 'https://checkout.flutterwave.com/v3.js',
    amount: placedOrder.order.total,
    currency: 'NGN',
  });
  return attempt;
}

/** An order with a payment attempt, and the transaction the stand-in reports for it (successful unless told). */
async function orderPaidAtProvider(transaction: Partial<NewStandInTransaction> = {}) {
  const placedOrder = await placeOrder();
  const attempt = await startAttempt(placedOrder);
  const scripted = standIn.add({
    tx_ref: attempt.txRef,
    amount: attempt.amount,
    customer: { id: 1, email: placedOrder.email, name: 'Kemi Adeyemi', phone_number: null },
    ...transaction,
  });
  return { ...placedOrder, attempt, scripted };
}

function callback(placedOrder: Placed, body: { transactionId?: number | string | undefined; txRef: string }) {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/flutterwave/verify',
    payload: { orderId: placedOrder.order.id, key: placedOrder.accessToken, ...body },
  });
}

/** `null`: no verif-hash header at all. */
function webhook(body: unknown, hash: string | null = WEBHOOK_HASH) {
  return test.app.inject({
    method: 'POST',
    url: '/api/payments/flutterwave/webhook',
    headers: hash === null ? {} : { 'verif-hash': hash },
    payload: body as Record<string, unknown>,
  });
}

function chargeCompleted(transaction: { id: number; tx_ref: string; amount: number; status: string }) {
  return {
    event: 'charge.completed',
    data: {
      id: transaction.id,
      tx_ref: transaction.tx_ref,
      flw_ref: `FLW-MOCK-${transaction.id}`,
      amount: transaction.amount,
      currency: 'NGN',
      status: transaction.status,
      payment_type: 'card',
      customer: { email: 'shopper@example.ng', name: 'Test Shopper' },
    },
  };
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

const UNPAID = { paymentStatus: 'pending', status: 'awaiting_payment' };
const PAID = { paymentStatus: 'paid', status: 'processing' };

describe('browser callback, verified with Flutterwave (live client against the stand-in)', () => {
  it('pays for a successful transaction with our tx_ref, in NGN, for the total (by id and by tx_ref)', async () => {
    const byId = await orderPaidAtProvider();
    const answer = await callback(byId, { transactionId: byId.scripted.id, txRef: byId.attempt.txRef });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ paid: true, message: 'Payment verified.', order: PAID });
    expect(standIn.requests.at(-1)).toEqual({
      path: `/v3/transactions/${byId.scripted.id}/verify`,
      authorization: `Bearer ${standIn.secretKey}`,
    });

    const byReference = await orderPaidAtProvider();
    const second = await callback(byReference, { txRef: byReference.attempt.txRef });
    expect(second.statusCode).toBe(200);
    expect(await orderState(byReference)).toEqual(PAID);
    expect(standIn.requests.at(-1)?.path).toBe(
      `/v3/transactions/verify_by_reference?tx_ref=${byReference.attempt.txRef}`,
    );

    const [row] = await test.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.txRef, byId.attempt.txRef));
    expect(row).toMatchObject({
      provider: 'flutterwave',
      providerTransactionId: String(byId.scripted.id),
      status: 'successful',
      verified: true,
    });
  });

  it('pays when the amount is more than the total', async () => {
    const more = await orderPaidAtProvider();
    standIn.update(more.scripted.id, { amount: more.attempt.amount + 500 });
    expect(
      (await callback(more, { transactionId: more.scripted.id, txRef: more.attempt.txRef })).statusCode,
    ).toBe(200);
    expect(await orderState(more)).toEqual(PAID);
  });

  const refusals: [
    string,
    Partial<NewStandInTransaction> | ((amount: number) => Partial<NewStandInTransaction>),
    string,
  ][] = [
    [
      'failed',
      { status: 'failed', processor_response: 'Insufficient funds' },
      'Payment failed: Insufficient funds',
    ],
    ['pending', { status: 'pending', processor_response: '' }, 'Payment failed: the payment is pending'],
    [
      "'completed' (only 'successful' gives value)",
      { status: 'completed', processor_response: '' },
      'Payment failed: the payment is completed',
    ],
    [
      'wrong amount',
      (amount) => ({ amount: amount - 0.01 }),
      'Payment failed: the amount paid is less than the order total',
    ],
    ['wrong currency', { currency: 'USD' }, 'Payment failed: the payment was made in USD, not NGN'],
    [
      'wrong tx_ref',
      { tx_ref: 'RS-99999-someoneelse' },
      'Payment failed: the payment reference does not match this order',
    ],
  ];
  it.each(refusals)('%s: 422 and the order stays unpaid', async (_case, transaction, message) => {
    const placedOrder = await placeOrder();
    const attempt = await startAttempt(placedOrder);
    const scripted = standIn.add({
      tx_ref: attempt.txRef,
      amount: attempt.amount,
      ...(typeof transaction === 'function' ? transaction(attempt.amount) : transaction),
    });
    const answer = await callback(placedOrder, { transactionId: scripted.id, txRef: attempt.txRef });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toBe(message);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it('unknown transaction id: 422 with the provider’s words, order unpaid', async () => {
    const placedOrder = await placeOrder();
    const attempt = await startAttempt(placedOrder);
    const answer = await callback(placedOrder, { transactionId: standIn.unknownId(), txRef: attempt.txRef });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toBe('Payment failed: No transaction was found for this id');
    const byReference = await callback(placedOrder, { txRef: attempt.txRef });
    expect(byReference.statusCode).toBe(422);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it('network error: 503, order unpaid; it pays once the provider answers again', async () => {
    const placedOrder = await orderPaidAtProvider({ behaviour: 'network-error' });
    const body = { transactionId: placedOrder.scripted.id, txRef: placedOrder.attempt.txRef };
    const answer = await callback(placedOrder, body);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.message).toBe(
      'The payment provider did not answer. Please try again in a moment.',
    );
    expect(await orderState(placedOrder)).toEqual(UNPAID);
    standIn.update(placedOrder.scripted.id, { behaviour: 'answer' });
    expect((await callback(placedOrder, body)).statusCode).toBe(200);
    expect(await orderState(placedOrder)).toEqual(PAID);
  });

  it('slow answer beyond the client timeout: 503, order unpaid', async () => {
    // The app's client waits 10 s by default; the same client with a short timeout keeps the test quick.
    const payments = test.app.services.payments;
    const configured = payments.providers.flutterwave;
    payments.providers.flutterwave = createFlutterwaveProvider({
      ...test.app.config.flutterwave!,
      timeoutMs: 300,
    });
    try {
      const placedOrder = await orderPaidAtProvider({ behaviour: 'slow' });
      const answer = await callback(placedOrder, {
        transactionId: placedOrder.scripted.id,
        txRef: placedOrder.attempt.txRef,
      });
      expect(answer.statusCode).toBe(503);
      expect(await orderState(placedOrder)).toEqual(UNPAID);
    } finally {
      payments.providers.flutterwave = configured;
    }
  });

  it("another order's successful transaction never pays this order", async () => {
    const other = await orderPaidAtProvider();
    const victim = await placeOrder();
    const attempt = await startAttempt(victim);
    const answer = await callback(victim, { transactionId: other.scripted.id, txRef: attempt.txRef });
    expect(answer.statusCode).toBe(422);
    expect(await orderState(victim)).toEqual(UNPAID);
  });
});

describe('webhook', () => {
  it('refuses a missing, wrong or truncated verif-hash with 401 and changes nothing', async () => {
    const placedOrder = await orderPaidAtProvider();
    const body = chargeCompleted(placedOrder.scripted);
    for (const hash of [null, '', 'guess', WEBHOOK_HASH.slice(0, -1), `${WEBHOOK_HASH}x`]) {
      const answer = await webhook(body, hash);
      expect(answer.statusCode, `verif-hash ${String(hash)}`).toBe(401);
    }
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it('a real hash with a forged body never marks paid: the stand-in says failed', async () => {
    const placedOrder = await orderPaidAtProvider({ status: 'failed', processor_response: 'Declined' });
    const forged = chargeCompleted({ ...placedOrder.scripted, status: 'successful' });
    const answer = await webhook(forged);
    expect(answer.statusCode).toBe(200);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
    const [row] = await test.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.txRef, placedOrder.attempt.txRef));
    expect(row).toMatchObject({ status: 'failed', verified: false });
  });

  it('a real hash with an id the stand-in does not know never marks paid', async () => {
    const placedOrder = await placeOrder();
    const attempt = await startAttempt(placedOrder);
    const forged = chargeCompleted({
      id: standIn.unknownId(),
      tx_ref: attempt.txRef,
      amount: attempt.amount,
      status: 'successful',
    });
    const answer = await webhook(forged);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: false });
    expect(await orderState(placedOrder)).toEqual(UNPAID);
  });

  it("a real hash with another order's tx_ref in the body pays only the order the provider names", async () => {
    const paying = await orderPaidAtProvider();
    const victim = await placeOrder();
    const victimAttempt = await startAttempt(victim);
    const forged = chargeCompleted({ ...paying.scripted, tx_ref: victimAttempt.txRef });
    expect((await webhook(forged)).statusCode).toBe(200);
    expect(await orderState(victim)).toEqual(UNPAID);
    expect(await orderState(paying)).toEqual(PAID);
  });

  it('a body without a usable id is acknowledged and ignored', async () => {
    for (const body of [{}, { event: 'charge.completed', data: {} }, { data: { id: '../../etc' } }, []]) {
      const answer = await webhook(body);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ received: false });
    }
  });

  it('the nested body shape pays a successful transaction', async () => {
    const placedOrder = await orderPaidAtProvider();
    const answer = await webhook(chargeCompleted(placedOrder.scripted));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    expect(await orderState(placedOrder)).toEqual(PAID);
  });

  it('the flat legacy body shape pays a successful transaction', async () => {
    const placedOrder = await orderPaidAtProvider();
    const legacy = {
      id: placedOrder.scripted.id,
      txRef: placedOrder.attempt.txRef,
      flwRef: placedOrder.scripted.flw_ref,
      orderRef: 'URF_1613406439309_370935',
      amount: placedOrder.attempt.amount,
      charged_amount: placedOrder.attempt.amount,
      status: 'successful',
      currency: 'NGN',
      'event.type': 'CARD_TRANSACTION',
      customer: { email: placedOrder.email, fullName: 'Kemi Adeyemi' },
    };
    const answer = await webhook(legacy);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    expect(await orderState(placedOrder)).toEqual(PAID);
  });

  it('a provider that does not answer gets 503, so Flutterwave retries; the retry pays', async () => {
    const placedOrder = await orderPaidAtProvider();
    standIn.behaviour = 'network-error';
    expect((await webhook(chargeCompleted(placedOrder.scripted))).statusCode).toBe(503);
    expect(await orderState(placedOrder)).toEqual(UNPAID);
    standIn.behaviour = 'answer';
    expect((await webhook(chargeCompleted(placedOrder.scripted))).statusCode).toBe(200);
    expect(await orderState(placedOrder)).toEqual(PAID);
  });

  it('20 concurrent deliveries plus the browser callback: one payment, one status change, one mail', async () => {
    const placedOrder = await orderPaidAtProvider();
    const body = chargeCompleted(placedOrder.scripted);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => webhook(body)),
      callback(placedOrder, { transactionId: placedOrder.scripted.id, txRef: placedOrder.attempt.txRef }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 21 }, () => 200));
    expect(answers.at(-1)!.json()).toMatchObject({ paid: true, order: PAID });

    const db = test.database.db;
    const [order] = await db.select().from(orders).where(eq(orders.number, placedOrder.order.id));
    const payments = await db
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.providerTransactionId, String(placedOrder.scripted.id)),
          eq(paymentTransactions.status, 'successful'),
        ),
      );
    expect(payments).toHaveLength(1);
    const processing = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.status, 'processing')));
    expect(processing).toHaveLength(1);
    const mails = await db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.to, placedOrder.email),
          eq(outbox.subject, `Order ${placedOrder.order.id}: Processing`),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(order).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
  });
});

describe('admin transactions', () => {
  let adminToken: string;
  let customerToken: string;

  function list(query: string, token = adminToken) {
    return test.app.inject({
      method: 'GET',
      url: `/api/admin/transactions${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  /** `null`: a guest. */
  function reverify(id: number, token: string | null = adminToken) {
    return test.app.inject({
      method: 'POST',
      url: `/api/admin/transactions/${id}/verify`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  }

  async function rowFor(txRef: string) {
    const [row] = await test.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.txRef, txRef));
    return row!;
  }

  beforeAll(async () => {
    adminToken = (await signInSeededAdmin(test, 'Shop Owner')).token;
    customerToken = await signUpAs(test, 'ada.customer@example.ng', 'Ada Customer');
  });

  it('a customer gets 403 and a guest 401, for the list and for verify', async () => {
    expect((await list('', customerToken)).statusCode).toBe(403);
    expect((await reverify(1, customerToken)).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: '/api/admin/transactions' })).statusCode).toBe(401);
    expect((await reverify(1, null)).statusCode).toBe(401);
  });

  it('searches by id, reference, provider id, customer name or e-mail; filters by status', async () => {
    const paid = await orderPaidAtProvider();
    await callback(paid, { transactionId: paid.scripted.id, txRef: paid.attempt.txRef });
    const chinedu = await placeOrder({ firstName: 'Chinedu', lastName: 'Okafor-Zed' });
    const attempt = await startAttempt(chinedu);
    const row = await rowFor(attempt.txRef);

    const ids = async (query: string) => {
      const response = await list(query);
      expect(response.statusCode).toBe(200);
      return (response.json().transactions as { tx_ref: string }[]).map((transaction) => transaction.tx_ref);
    };
    expect(await ids(`?q=${row.id}`)).toContain(attempt.txRef);
    expect(await ids(`?q=${attempt.txRef}`)).toEqual([attempt.txRef]);
    expect(await ids('?q=okafor-zed')).toEqual([attempt.txRef]);
    expect(await ids(`?q=${encodeURIComponent(chinedu.email)}`)).toEqual([attempt.txRef]);
    expect(await ids(`?q=${paid.scripted.id}`)).toEqual([paid.attempt.txRef]);
    expect(await ids(`?q=${chinedu.order.id}`)).toEqual([attempt.txRef]);

    const listed = (await list(`?q=${attempt.txRef}`)).json().transactions[0];
    expect(listed).toMatchObject({
      id: row.id,
      tx_ref: attempt.txRef,
      orderId: chinedu.order.id,
      amount: chinedu.order.total,
      currency: 'NGN',
      status: 'pending',
      customer: { name: 'Chinedu Okafor-Zed', email: chinedu.email },
      verified: false,
    });

    const successful = await ids('?status=successful');
    expect(successful).toContain(paid.attempt.txRef);
    expect(successful).not.toContain(attempt.txRef);
    const pending = await ids('?status=pending');
    expect(pending).toContain(attempt.txRef);
    expect(pending).not.toContain(paid.attempt.txRef);
    expect((await list('?status=bogus')).statusCode).toBe(400);
  });

  it('lists the last 30 days by default; older ones with a date range', async () => {
    const old = await placeOrder({ firstName: 'Olumide', lastName: 'Oldtimer' });
    const attempt = await startAttempt(old);
    await test.database.db
      .update(paymentTransactions)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(paymentTransactions.txRef, attempt.txRef));
    expect((await list('?q=Oldtimer')).json().transactions).toEqual([]);
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const ranged = (await list(`?q=Oldtimer&from=${from}&to=${to}`)).json().transactions;
    expect(ranged.map((transaction: { tx_ref: string }) => transaction.tx_ref)).toEqual([attempt.txRef]);
  });

  it("verify: pays a payment whose callback never came, with SPEC.md's message", async () => {
    const placedOrder = await orderPaidAtProvider();
    const row = await rowFor(placedOrder.attempt.txRef);
    const answer = await reverify(row.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: `Transaction ${row.id} has been verified successfully.` });
    expect(await orderState(placedOrder)).toEqual(PAID);
    const [admin] = await test.database.db.select().from(users).where(eq(users.email, 'admin@rossy.ng'));
    expect(await rowFor(placedOrder.attempt.txRef)).toMatchObject({
      status: 'successful',
      verified: true,
      verifiedBy: admin!.id,
      providerTransactionId: String(placedOrder.scripted.id),
    });
    // Asking again is harmless.
    expect((await reverify(row.id)).json().message).toBe(
      `Transaction ${row.id} has been verified successfully.`,
    );
  });

  it("verify: 'Failed to verify transaction: {message}' for failed, unknown and unreachable", async () => {
    const failed = await orderPaidAtProvider({ status: 'failed', processor_response: 'Insufficient funds' });
    const failedRow = await rowFor(failed.attempt.txRef);
    const refused = await reverify(failedRow.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Failed to verify transaction: Insufficient funds');
    expect(await orderState(failed)).toEqual(UNPAID);

    const unknown = await placeOrder();
    const unknownAttempt = await startAttempt(unknown);
    const unknownRow = await rowFor(unknownAttempt.txRef);
    const notFound = await reverify(unknownRow.id);
    expect(notFound.statusCode).toBe(422);
    expect(notFound.json().error.message).toBe(
      'Failed to verify transaction: No transaction was found for this id',
    );

    standIn.behaviour = 'network-error';
    const down = await reverify(unknownRow.id);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toBe(
      'Failed to verify transaction: The payment provider did not answer. Please try again in a moment.',
    );
    standIn.behaviour = 'answer';

    // The provider later settles the failed one as successful: verifying again pays the order.
    standIn.update(failed.scripted.id, { status: 'successful', processor_response: 'Approved' });
    const settled = await reverify(failedRow.id);
    expect(settled.json()).toEqual({
      message: `Transaction ${failedRow.id} has been verified successfully.`,
    });
    expect(await orderState(failed)).toEqual(PAID);

    expect((await reverify(999_999)).statusCode).toBe(404);
  });
});

describe('closing the payment window', () => {
  function close(placedOrder: Placed) {
    return test.app.inject({
      method: 'POST',
      url: `/api/orders/${placedOrder.order.id}/cancel`,
      payload: { key: placedOrder.accessToken, reason: 'closed' },
    });
  }

  it('keeps the hold while a transfer is still under way at the provider', async () => {
    const placedOrder = await orderPaidAtProvider({ status: 'pending', payment_type: 'bank_transfer' });
    const answer = await close(placedOrder);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ cancelled: false });
    expect(await orderState(placedOrder)).toEqual(UNPAID);
    // The transfer lands: the order is paid, not lost.
    standIn.update(placedOrder.scripted.id, { status: 'successful' });
    expect(
      (await webhook(chargeCompleted({ ...placedOrder.scripted, status: 'successful' }))).statusCode,
    ).toBe(200);
    expect(await orderState(placedOrder)).toEqual(PAID);
  });

  it('money that arrives after the order was cancelled is owed back, never silently kept', async () => {
    const placedOrder = await orderPaidAtProvider({ status: 'failed' });
    expect((await close(placedOrder)).json()).toMatchObject({ cancelled: true });
    standIn.update(placedOrder.scripted.id, { status: 'successful' });
    expect(
      (await webhook(chargeCompleted({ ...placedOrder.scripted, status: 'successful' }))).statusCode,
    ).toBe(200);
    const [row] = await test.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.txRef, placedOrder.attempt.txRef));
    const kobo = Math.round(placedOrder.attempt.amount * 100);
    expect(row).toMatchObject({
      status: 'refund_due',
      refundDueKobo: kobo,
      message: paidAfterCancel(kobo, placedOrder.order.id),
    });
    expect((await orderState(placedOrder)).status).toBe('cancelled');
  });
});
