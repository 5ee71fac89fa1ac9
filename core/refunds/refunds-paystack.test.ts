/**
 * The refund engine against a local Paystack stand-in: a refund is queued (pending), followed to
 * processed or failed, or waits for the shopper's bank account (needs-attention) until staff give it.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { allowManyUnpaidOrders, testOrderBody } from '../../tests/fixtures/orders';
import {
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackStandIn,
} from '../../tests/fixtures/paystack-stand-in';
import { setProductStock, variantStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import { isAppError } from '../errors';
import type { Mailer, MailMessage } from '../mail/mailer';
import { refundViewOf } from '../orders/order-view';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { applyProviderTransaction, startPayment, type PaymentDeps } from '../payments/payments';
import { createPaystackProvider } from '../payments/paystack';
import { refundBanks, sendRefundToAccount } from './bank-account';
import { followPendingRefunds, NEEDS_BANK_ACCOUNT, syncProviderRefund } from './provider-sync';
import { createRefund } from './record';
import { retryRefund } from './retry';
import { listRefunds, refundsOfOrder } from './views';

let database: TestDatabase;
let standIn: PaystackStandIn;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let product: { id: number; size: string | null };
let admin: { id: string; email: string };
const sent: MailMessage[] = [];

const GENEROUS_MS = 10_000;
const SLOW_ANSWER_MS = 60_000;
/** Past the follow-up job's minute, so each call follows every pending refund again. */
let clock = Date.now();
const later = () => new Date((clock += 2 * 60_000));

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  // A live account's keys: these refunds give back real money (a test key's are the test below).
  standIn = await startPaystackStandIn({
    slowMs: SLOW_ANSWER_MS,
    secretKey: 'sk_live_standin0refunds',
    publicKey: 'pk_live_standin0refunds',
  });
  const mailer: Mailer = {
    send: async (message) => {
      sent.push(message);
    },
    deliver: async () => {},
  };
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = {
    ...orderDeps,
    providers: {
      paystack: createPaystackProvider({
        apiBase: standIn.url,
        publicKey: standIn.publicKey,
        secretKey: standIn.secretKey,
        timeoutMs: GENEROUS_MS,
      }),
    },
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
  standIn.refundFollowBehaviour = 'answer';
});

/** A card order paid through Paystack: opened with startPayment, paid in the popup, verified. */
async function paidOrder(quantity = 1) {
  const placed = await placeOrder(
    orderDeps,
    testOrderBody(product, { paymentMethod: 'credit-card', quantity }),
  );
  const number = placed.order.number;
  const start = await startPayment(deps, number, {
    user: { ...admin, emailVerified: true, role: 'owner' },
  });
  expect(start.provider).toBe('paystack');
  standIn.pay(start.accessCode!, PAYSTACK_TEST_CARD);
  const outcome = await applyProviderTransaction(
    deps,
    await deps.providers.paystack!.verifyByReference(start.txRef),
  );
  expect(outcome.paid).toBe(true);
  const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
  return { number, order: order! };
}

async function paymentStatus(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
  return row!.paymentStatus;
}

async function onlyRefund(number: string) {
  const list = await refundsOfOrder(database.db, number);
  expect(list).toHaveLength(1);
  return list[0]!;
}

const mailsAbout = (number: string) =>
  sent.filter(
    (message) => message.subject.startsWith(`Order ${number}:`) && message.subject.includes('refunded'),
  );

const retryCalls = (providerRefundId: string) =>
  standIn.requests.filter((call) => call.path === `/refund/retry_with_customer_details/${providerRefundId}`);

/** A refund Paystack queued and then could not put back on the card. */
async function needingAttention(amount = 700) {
  const paid = await paidOrder();
  standIn.refundScripts = [{ then: 'needs-attention' }];
  const made = await createRefund(deps, paid.number, { amount, reason: 'Card closed' }, admin);
  expect(made.status).toBe('pending');
  await followPendingRefunds(deps, later());
  const refund = await onlyRefund(paid.number);
  expect(refund.status).toBe('needs_attention');
  const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refund.id));
  return { ...paid, refund, providerRefundId: row!.providerRefundId! };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(isAppError(error)).toBe(true);
  return error as { code: string; fields?: Record<string, string> };
}

describe('refunds through Paystack', () => {
  it('a full refund is queued with Paystack’s id, followed to processed: the order refunded, units back once, the shopper told once', async () => {
    const { number, order } = await paidOrder(2);
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const stockBefore = await variantStock(database.db, product.id, { size: product.size });
    const made = await createRefund(
      deps,
      number,
      {
        lines: [{ orderLineId: line!.id, quantity: 2 }],
        includeShipping: true,
        restock: true,
        reason: 'Wrong size',
      },
      admin,
    );
    expect(made).toMatchObject({ status: 'pending', provider: 'paystack', isTest: false });
    expect(made.amountKobo).toBe(order.totalKobo);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, made.id));
    expect(row!.providerRefundId).toMatch(/^\d+$/);
    expect(standIn.refunds.get(Number(row!.providerRefundId))).toMatchObject({ amount: order.totalKobo });
    expect(await paymentStatus(number)).toBe('paid');
    expect(mailsAbout(number)).toHaveLength(0);

    await followPendingRefunds(deps, later());
    expect(await onlyRefund(number)).toMatchObject({ status: 'completed', failureReason: null });
    expect((await onlyRefund(number)).providerReference).toMatch(/^RFND-/);
    expect(await paymentStatus(number)).toBe('refunded');
    expect(await variantStock(database.db, product.id, { size: product.size })).toBe(stockBefore + 2);
    expect(mailsAbout(number)).toHaveLength(1);
    expect(mailsAbout(number)[0]!.text).toContain('back to the card');

    // Followed again, and its webhook read again: nothing more moves.
    await followPendingRefunds(deps, later());
    await syncProviderRefund(deps, 'paystack', row!.providerRefundId!);
    expect(await variantStock(database.db, product.id, { size: product.size })).toBe(stockBefore + 2);
    expect(mailsAbout(number)).toHaveLength(1);
  });

  it('a partial refund is followed to processed: the order partly refunded', async () => {
    const { number } = await paidOrder();
    const made = await createRefund(deps, number, { amount: 500, reason: 'Late' }, admin);
    expect(made.status).toBe('pending');
    expect(standIn.requests.findLast((call) => call.path === '/refund')?.body).toMatchObject({
      amount: 50_000,
      currency: 'NGN',
    });
    await followPendingRefunds(deps, later());
    expect((await onlyRefund(number)).status).toBe('completed');
    expect(await paymentStatus(number)).toBe('partially_refunded');
  });

  it('a refund Paystack fails keeps the order paid and tells the shopper nothing; a retry is queued anew and completes', async () => {
    const { number } = await paidOrder();
    standIn.refundScripts = [{ then: 'failed' }];
    const made = await createRefund(deps, number, { amount: 400, reason: 'Faulty' }, admin);
    await followPendingRefunds(deps, later());
    expect((await onlyRefund(number)).status).toBe('failed');
    expect(await paymentStatus(number)).toBe('paid');
    expect(mailsAbout(number)).toHaveLength(0);
    const retried = await retryRefund(deps, made.id, admin);
    expect(retried.status).toBe('pending');
    await followPendingRefunds(deps, later());
    expect((await onlyRefund(number)).status).toBe('completed');
    expect(await paymentStatus(number)).toBe('partially_refunded');
    expect(mailsAbout(number)).toHaveLength(1);
  });

  it('needs-attention: the refund waits for staff with the shop’s words, the shopper sees it on its way, and it is not followed', async () => {
    const { number, refund, providerRefundId } = await needingAttention();
    expect(refund.failureReason).toBe(NEEDS_BANK_ACCOUNT);
    expect(await paymentStatus(number)).toBe('paid');
    expect(mailsAbout(number)).toHaveLength(0);
    expect(
      (await listRefunds(database.db, { status: 'needs_attention', q: number })).map((r) => r.id),
    ).toEqual([refund.id]);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(refundViewOf(row!, 'credit-card')).toMatchObject({ status: 'pending' });
    expect(refundViewOf(row!, 'credit-card').note).toMatch(/^On its way/);
    const follows = standIn.requests.filter((call) => call.path === `/refund/${providerRefundId}`).length;
    await followPendingRefunds(deps, later());
    expect(standIn.requests.filter((call) => call.path === `/refund/${providerRefundId}`)).toHaveLength(
      follows,
    );
    // What it holds still counts: the rest of the order alone remains to refund.
    const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
    await expect(
      createRefund(deps, number, { amount: order!.totalKobo / 100, reason: 'All' }, admin),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('staff give the shopper’s account as the bank prints it: sent to Paystack once, pending, then processed to that account', async () => {
    const { number, refund, providerRefundId } = await needingAttention();
    expect(await refundBanks(deps, refund.id)).toContainEqual({ id: '1', name: 'Access Bank' });
    const sentTo = await sendRefundToAccount(
      deps,
      refund.id,
      { accountNumber: '012 345-6789', bankId: '1' },
      admin,
    );
    expect(sentTo).toMatchObject({
      status: 'pending',
      failureReason: null,
      bankDetails: { accountNumber: '0123456789', bankName: 'Access Bank' },
    });
    expect(retryCalls(providerRefundId)).toHaveLength(1);
    expect(retryCalls(providerRefundId)[0]!.body).toEqual({
      refund_account_details: { currency: 'NGN', account_number: '0123456789', bank_id: '1' },
    });
    expect(await paymentStatus(number)).toBe('paid');
    await followPendingRefunds(deps, later());
    expect((await onlyRefund(number)).status).toBe('completed');
    expect(await paymentStatus(number)).toBe('partially_refunded');
    expect(mailsAbout(number)).toHaveLength(1);
    expect(mailsAbout(number)[0]!.text).toContain('bank account');
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(refundViewOf(row!, 'credit-card').note).toMatch(/^Sent to your bank account •••• 6789/);
  });

  it.each([
    ['accountNumber', { accountNumber: '12345', bankId: '1' }],
    ['accountNumber', { accountNumber: '01234567890', bankId: '1' }],
    ['accountNumber', { accountNumber: '0123 4567 8', bankId: '1' }],
    ['bankId', { accountNumber: '0123456789', bankId: '999' }],
    ['bankId', { accountNumber: '0123456789', bankId: '' }],
  ])(
    'a bad %s is a 400 naming the field; the refund stays waiting and Paystack is not asked',
    async (field, account) => {
      const { refund, providerRefundId } = await needingAttention();
      const error = await refusal(sendRefundToAccount(deps, refund.id, account, admin));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.fields?.[field]).toEqual(expect.any(String));
      const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refund.id));
      expect(row).toMatchObject({ status: 'needs_attention', bankDetails: null });
      expect(retryCalls(providerRefundId)).toHaveLength(0);
    },
  );

  it('two sends at once ask Paystack once', async () => {
    const { refund, providerRefundId } = await needingAttention();
    const account = { accountNumber: '0123456789', bankId: '22' };
    const results = await Promise.allSettled([
      sendRefundToAccount(deps, refund.id, account, admin),
      sendRefundToAccount(deps, refund.id, account, admin),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((result) => result.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    expect(retryCalls(providerRefundId)).toHaveLength(1);
  });

  it.each(['network-error', 'server-error'] as const)(
    'Paystack met by %s on the send: back to waiting with the words, nothing refunded; sent again later',
    async (behaviour) => {
      const { number, refund } = await needingAttention();
      standIn.refundFollowBehaviour = behaviour;
      const answer = await sendRefundToAccount(
        deps,
        refund.id,
        { accountNumber: '0123456789', bankId: '1' },
        admin,
      );
      expect(answer).toMatchObject({ status: 'needs_attention', bankDetails: null });
      expect(answer.failureReason).toContain(NEEDS_BANK_ACCOUNT);
      expect(answer.failureReason).not.toBe(NEEDS_BANK_ACCOUNT);
      expect(await paymentStatus(number)).toBe('paid');
      expect(mailsAbout(number)).toHaveLength(0);
      standIn.refundFollowBehaviour = 'answer';
      const again = await sendRefundToAccount(
        deps,
        refund.id,
        { accountNumber: '0123456789', bankId: '1' },
        admin,
      );
      expect(again.status).toBe('pending');
    },
  );

  it('only a refund waiting for an account is sent to one', async () => {
    const { number } = await paidOrder();
    const made = await createRefund(deps, number, { amount: 300, reason: 'Late' }, admin);
    const error = await refusal(
      sendRefundToAccount(deps, made.id, { accountNumber: '0123456789', bankId: '1' }, admin),
    );
    expect(error.code).toBe('CONFLICT');
    expect(
      (await refusal(sendRefundToAccount(deps, 999_999, { accountNumber: '0123456789', bankId: '1' }, admin)))
        .code,
    ).toBe('NOT_FOUND');
  });

  it('the webhook path: a pending refund Paystack reports needing attention waits; processed later, it completes', async () => {
    const { number } = await paidOrder();
    standIn.refundScripts = [{ then: 'needs-attention' }];
    const made = await createRefund(deps, number, { amount: 600, reason: 'Card closed' }, admin);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, made.id));
    const id = row!.providerRefundId!;
    expect(standIn.refundEvent(id).event).toBe('refund.needs-attention');
    expect(await syncProviderRefund(deps, 'paystack', id)).toBe(true);
    expect((await onlyRefund(number)).status).toBe('needs_attention');
    // The shopper's account given on Paystack's own dashboard: Paystack reports it processed.
    standIn.refunds.get(Number(id))!.status = 'processed';
    expect(await syncProviderRefund(deps, 'paystack', id)).toBe(true);
    expect((await onlyRefund(number)).status).toBe('completed');
    expect(await paymentStatus(number)).toBe('partially_refunded');
    expect(mailsAbout(number)).toHaveLength(1);
  });

  it('the webhook path: a waiting refund Paystack reports failed fails, and may be retried', async () => {
    const { number, refund, providerRefundId } = await needingAttention();
    standIn.refunds.get(Number(providerRefundId))!.status = 'failed';
    await syncProviderRefund(deps, 'paystack', providerRefundId);
    expect((await onlyRefund(number)).status).toBe('failed');
    expect((await retryRefund(deps, refund.id, admin)).status).toBe('pending');
  });

  it('the webhook path: a pending refund Paystack reports processed completes', async () => {
    const { number } = await paidOrder();
    const made = await createRefund(deps, number, { amount: 250, reason: 'Late' }, admin);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, made.id));
    expect(standIn.refundEvent(row!.providerRefundId!).event).toBe('refund.processed');
    await syncProviderRefund(deps, 'paystack', row!.providerRefundId!);
    expect((await onlyRefund(number)).status).toBe('completed');
    expect(mailsAbout(number)).toHaveLength(1);
  });
});
