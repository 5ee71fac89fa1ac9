/** The refund engine against a local Flutterwave stand-in: what the provider answers is what the books say. */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions } from '../../db/schema/payments';
import { startFlutterwaveStandIn, type FlutterwaveStandIn } from '../../tests/fixtures/flutterwave-stand-in';
import { allowManyUnpaidOrders, testOrderBody } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import type { Mailer, MailMessage } from '../mail/mailer';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { createFlutterwaveProvider } from '../payments/flutterwave';
import { applyProviderTransaction, startPayment, type PaymentDeps } from '../payments/payments';
import { followPendingRefunds } from './provider-sync';
import { createRefund } from './record';
import { retryRefund } from './retry';
import { refundsOfOrder } from './views';

let database: TestDatabase;
let standIn: FlutterwaveStandIn;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
/** The same shop with a client that waits only IMPATIENT_MS: for the answers that come too late. */
let impatientDeps: PaymentDeps;
let product: { id: number; size: string | null };
let admin: { id: string; email: string };
const sent: MailMessage[] = [];

/*
 * Timing on a loaded machine: a normal answer gets the client's own generous timeout, so it never
 * runs out; a 'slow' answer comes a minute late, far past the impatient client's second, so only
 * the timeout can end that call, and the test waits one second, not a minute.
 */
const GENEROUS_MS = 10_000;
const IMPATIENT_MS = 1_000;
const SLOW_ANSWER_MS = 60_000;
const LIVE_SECRET_KEY = 'FLWSECK-standin0live0key-X';
const TEST_SECRET_KEY = 'FLWSECK_TEST-standin0test0key-X';

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  // A live account's keys: these refunds give back real money (a test key's are the test below).
  standIn = await startFlutterwaveStandIn({ slowMs: SLOW_ANSWER_MS, secretKey: LIVE_SECRET_KEY });
  const mailer: Mailer = {
    send: async (message) => {
      sent.push(message);
    },
    deliver: async () => {},
  };
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  const keys = { apiBase: standIn.url, publicKey: 'FLWPUBK-standin0live-X', secretKey: standIn.secretKey };
  deps = {
    ...orderDeps,
    providers: { flutterwave: createFlutterwaveProvider({ ...keys, timeoutMs: GENEROUS_MS }) },
  };
  impatientDeps = {
    ...orderDeps,
    providers: { flutterwave: createFlutterwaveProvider({ ...keys, timeoutMs: IMPATIENT_MS }) },
  };
  await allowManyUnpaidOrders(database.db);
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0] ?? null };
  await setProductStock(database.db, product.id, 500);
  await ensureAdminAccount(database.db, 'boss@rossy.test', 'Boss-Pass-2026');
  const [boss] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'boss@rossy.test'));
  admin = boss!;
});
afterAll(async () => {
  await standIn?.close();
  await database?.destroy();
});
beforeEach(() => {
  standIn.refundScripts = [];
  standIn.followBehaviour = 'answer';
});

/** A card order paid through Flutterwave (the stand-in), as its verify answer reports it. */
async function paidOrder(through: PaymentDeps = deps) {
  const placed = await placeOrder(orderDeps, testOrderBody(product, { paymentMethod: 'credit-card' }));
  const number = placed.order.number;
  const start = await startPayment(through, number, {
    user: { ...admin, emailVerified: true, role: 'owner' },
  });
  const charge = standIn.add({ tx_ref: start.txRef, amount: start.amount });
  const outcome = await applyProviderTransaction(
    through,
    await through.providers.flutterwave!.verifyById(String(charge.id)),
  );
  expect(outcome.paid).toBe(true);
  return { number, chargeId: charge.id };
}

async function paymentStatus(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
  return row!.paymentStatus;
}

describe('refunds through Flutterwave', () => {
  it("with Flutterwave's test keys no money moves: the order is a test order, kept out of revenue, and so is its refund", async () => {
    const testDeps: PaymentDeps = {
      ...orderDeps,
      providers: {
        flutterwave: createFlutterwaveProvider({
          apiBase: standIn.url,
          publicKey: 'FLWPUBK_TEST-standin0test-X',
          secretKey: TEST_SECRET_KEY,
          timeoutMs: GENEROUS_MS,
        }),
      },
    };
    standIn.secretKey = TEST_SECRET_KEY;
    try {
      const { number } = await paidOrder(testDeps);
      const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
      expect(order).toMatchObject({ paymentStatus: 'paid', isTest: true });
      const [payment] = await database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.orderId, order!.id));
      expect(payment).toMatchObject({ provider: 'flutterwave', status: 'successful', testMoney: true });
      const [paidEvent] = await database.db
        .select({ note: orderEvents.note })
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order!.id), eq(orderEvents.status, 'processing')));
      expect(paidEvent?.note).toContain("payment provider's test keys: no money moved");
      const refund = await createRefund(testDeps, number, { amount: 500, reason: 'Trying refunds' }, admin);
      expect(refund).toMatchObject({ status: 'completed', provider: 'flutterwave', isTest: true });
    } finally {
      standIn.secretKey = LIVE_SECRET_KEY;
    }
    // The same payment with the live keys is money.
    const { number } = await paidOrder();
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
    expect(order!.isTest).toBe(false);
  });

  it('completed at once: recorded with Flutterwave’s reference, the order partly refunded', async () => {
    const { number, chargeId } = await paidOrder();
    const refund = await createRefund(deps, number, { amount: 500, reason: 'Late' }, admin);
    expect(refund).toMatchObject({ status: 'completed', provider: 'flutterwave', isTest: false });
    expect(refund.providerReference).toMatch(/^FLW-RF-MOCK-/);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/v3/transactions/${chargeId}/refund`,
      body: { amount: 500, comments: 'Late' },
    });
    expect(await paymentStatus(number)).toBe('partially_refunded');
    // The shopper is told what comes back and when.
    const mail = sent.find((message) => message.subject === `Order ${number}: ₦500 refunded`);
    expect(mail?.text).toContain('usually within 5–10 working days for cards');
  });

  it('pending, then completed when the job follows it', async () => {
    const { number } = await paidOrder();
    standIn.refundScripts = [{ status: 'pending', then: 'completed' }];
    const refund = await createRefund(deps, number, { amount: 300, reason: 'Slow' }, admin);
    expect(refund.status).toBe('pending');
    expect(await paymentStatus(number)).toBe('paid');
    await followPendingRefunds(deps, new Date(Date.now() + 2 * 60_000));
    expect((await refundsOfOrder(database.db, number))[0]!.status).toBe('completed');
    expect(await paymentStatus(number)).toBe('partially_refunded');
  });

  it('pending, then failed: the reason kept, the order untouched; a follow the provider cannot answer changes nothing', async () => {
    const { number } = await paidOrder();
    standIn.refundScripts = [{ status: 'pending', then: 'failed', reason: 'Insufficient balance' }];
    await createRefund(deps, number, { amount: 300, reason: 'Slow' }, admin);
    standIn.followBehaviour = 'server-error';
    await followPendingRefunds(deps, new Date(Date.now() + 2 * 60_000));
    expect((await refundsOfOrder(database.db, number))[0]!.status).toBe('pending');
    standIn.followBehaviour = 'answer';
    await followPendingRefunds(deps, new Date(Date.now() + 4 * 60_000));
    const [refund] = await refundsOfOrder(database.db, number);
    expect(refund).toMatchObject({ status: 'failed', failureReason: 'Insufficient balance' });
    expect(await paymentStatus(number)).toBe('paid');
    // A failed refund does not tell the shopper money came back.
    expect(
      sent.some(
        (message) => message.subject.startsWith(`Order ${number}:`) && message.subject.includes('refunded'),
      ),
    ).toBe(false);
  });

  it.each(['network-error', 'slow', 'server-error'] as const)(
    'a refund call met by %s fails with the reason, never recorded as refunded, and a retry completes it',
    async (behaviour) => {
      const { number } = await paidOrder();
      standIn.refundScripts = [{ status: 'completed', behaviour }];
      const asking = behaviour === 'slow' ? impatientDeps : deps;
      const refund = await createRefund(asking, number, { amount: 200, reason: 'Try' }, admin);
      expect(refund.status).toBe('failed');
      expect(refund.failureReason).toMatch(/Check your provider dashboard before retrying\.$/);
      expect(await paymentStatus(number)).toBe('paid');
      const retried = await retryRefund(deps, refund.id, admin);
      expect(retried.status).toBe('completed');
      expect(await paymentStatus(number)).toBe('partially_refunded');
    },
  );
});
