/**
 * Probes of issue 24 (findings 2 and 5) over HTTP: money that reaches an order's transfer account
 * after it was paid, the rest after a short transfer, the hold of an order under review, TEST MODE
 * money confirmed by staff, what the books say of a confirmed short transfer, and the Payments
 * tab's filters. The live path runs the Flutterwave client against a local stand-in; the TEST MODE
 * path runs the shop's own sandbox.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPaymentsTab } from '../../app/features/admin/payments-tab.server';
import { shopOverview, type RevenueFigure } from '../../core/reports/overview';
import { releaseUnpaidOrders } from '../../core/orders/release-unpaid';
import { outbox } from '../../db/schema/mail';
import { orderEvents, orders } from '../../db/schema/orders';
import { createAdminTestApp, stockedOneSizeProduct, type AdminTestApp } from '../fixtures/admin-api';
import { startFlutterwaveStandIn, type FlutterwaveStandIn } from '../fixtures/flutterwave-stand-in';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';

const WEBHOOK_HASH = 'transfer-probe-webhook-secret';
/** Before the stand-in's transfer accounts close (2026-11-25 21:04:05 Lagos): money in time. */
const IN_TIME = '2026-11-25T19:30:00.000Z';
const DAY_MS = 86_400_000;

let standIn: FlutterwaveStandIn;
let live: AdminTestApp;
let sandbox: AdminTestApp;
let liveProduct: number;
let sandboxProduct: number;
let shoppers = 0;

beforeAll(async () => {
  standIn = await startFlutterwaveStandIn();
  live = await createAdminTestApp({
    env: {
      FLW_PUBLIC_KEY: 'FLWPUBK_TEST-standin0public0key-X',
      FLW_SECRET_KEY: standIn.secretKey,
      FLW_API_BASE: standIn.url,
      FLW_WEBHOOK_HASH: WEBHOOK_HASH,
    },
  });
  sandbox = await createAdminTestApp();
  for (const shop of [live, sandbox]) await allowManyUnpaidOrders(shop.test.database.db);
  liveProduct = await stockedOneSizeProduct(live.test, 500);
  sandboxProduct = await stockedOneSizeProduct(sandbox.test, 500);
}, 180_000);
afterAll(async () => {
  await live?.close();
  await sandbox?.close();
  await standIn?.close();
});

interface TransferOrder {
  id: string;
  key: string;
  txRef: string;
  /** Naira. */
  total: number;
}

/** A guest's bank-transfer order and the account opened for it. */
async function transferOrder(shop: AdminTestApp, productId: number): Promise<TransferOrder> {
  const email = `transfer-probe-${++shoppers}@example.ng`;
  const placed = await shop.test.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: `10.24.${Math.floor(shoppers / 250)}.${shoppers % 250}`,
    payload: testOrderBody({ id: productId }, { email }),
  });
  expect(placed.statusCode).toBe(201);
  const { order, accessToken } = placed.json<{
    order: { id: string; total: number };
    accessToken: string;
  }>();
  const account = await shop.test.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/transfer-account`,
    payload: { key: accessToken },
  });
  expect(account.statusCode).toBe(200);
  return { id: order.id, key: accessToken, txRef: account.json().txRef, total: order.total };
}

/** Money reaches the live account: Flutterwave reports it by webhook (verified with the stand-in). */
async function liveTransfer(order: TransferOrder, amount: number, createdAt = IN_TIME) {
  const transaction = standIn.add({
    tx_ref: order.txRef,
    amount,
    payment_type: 'bank_transfer',
    created_at: createdAt,
  });
  await webhookFor(transaction.id);
  return transaction.id;
}

async function webhookFor(id: number) {
  const answer = await live.test.app.inject({
    method: 'POST',
    url: '/api/payments/flutterwave/webhook',
    headers: { 'verif-hash': WEBHOOK_HASH },
    payload: { event: 'charge.completed', data: { id } },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ received: boolean }>();
}

async function orderState(shop: AdminTestApp, order: TransferOrder) {
  const answer = await shop.test.app.inject({
    method: 'GET',
    url: `/api/orders/${order.id}?key=${order.key}`,
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ status: string; paymentStatus: string; isTest: boolean }>();
}

interface AdminTransaction {
  id: number;
  tx_ref: string;
  orderId: string;
  providerTransactionId: string | null;
  amount: number;
  status: string;
  received: number | null;
  shortfall: number | null;
  refundDue: number | null;
  acceptedBy: string | null;
  message: string;
}

async function adminTransactions(shop: AdminTestApp, query: string): Promise<AdminTransaction[]> {
  const answer = await shop.test.app.inject({
    method: 'GET',
    url: `/api/admin/transactions?${query}`,
    headers: shop.auth(shop.adminToken),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ transactions: AdminTransaction[] }>().transactions;
}

async function confirmByStaff(shop: AdminTestApp, order: TransferOrder) {
  const answer = await shop.test.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/confirm-transfer`,
    headers: shop.auth(shop.adminToken),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ changed: boolean; order: { isTest: boolean; paymentStatus: string } }>();
}

describe('every transfer the provider reports is recorded (finding 2)', () => {
  it('a second full transfer after the order was paid becomes a refund due, recorded once however often it is reported', async () => {
    const order = await transferOrder(live, liveProduct);
    await liveTransfer(order, order.total);
    expect(await orderState(live, order)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });

    const second = await liveTransfer(order, order.total);
    for (let i = 0; i < 3; i++) await webhookFor(second);

    const owed = (await adminTransactions(live, 'status=refund_due')).filter(
      (row) => row.orderId === order.id,
    );
    expect(owed).toEqual([
      expect.objectContaining({
        providerTransactionId: String(second),
        tx_ref: order.txRef,
        received: order.total,
        refundDue: order.total,
      }),
    ]);
    // The order was paid once.
    const [row] = await live.test.database.db.select().from(orders).where(eq(orders.number, order.id));
    const paidMoves = await live.test.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row!.id), eq(orderEvents.status, 'processing')));
    expect(paidMoves).toHaveLength(1);
  });

  it('the rest after a short transfer pays the order, once, however often the webhook repeats', async () => {
    const order = await transferOrder(live, liveProduct);
    await liveTransfer(order, order.total - 1000);
    expect(await orderState(live, order)).toMatchObject({ status: 'awaiting_payment' });

    const rest = await liveTransfer(order, 1000);
    for (let i = 0; i < 3; i++) await webhookFor(rest);

    expect(await orderState(live, order)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const [row] = await live.test.database.db.select().from(orders).where(eq(orders.number, order.id));
    const paidMoves = await live.test.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row!.id), eq(orderEvents.status, 'processing')));
    expect(paidMoves).toHaveLength(1);
    const recorded = (await adminTransactions(live, `q=${order.id}`)).filter((t) => t.orderId === order.id);
    expect(recorded.map((t) => t.received).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      1000,
      order.total - 1000,
    ]);
    expect(recorded.every((t) => t.status === 'successful')).toBe(true);
  });

  it('a short transfer keeps a bounded hold (7 days by default); then the order is released and the money is owed back', async () => {
    const order = await transferOrder(live, liveProduct);
    const before = Date.now();
    await liveTransfer(order, order.total - 1000);
    const [held] = await live.test.database.db.select().from(orders).where(eq(orders.number, order.id));
    expect(held!.stockHeldUntil).not.toBeNull();
    expect(held!.stockHeldUntil!.getTime()).toBeGreaterThan(before + 6 * DAY_MS);
    expect(held!.stockHeldUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);

    const released = await releaseUnpaidOrders(
      { db: live.test.database.db },
      new Date(held!.stockHeldUntil!.getTime() + 60_000),
    );
    expect(released).toContain(order.id);
    expect(await orderState(live, order)).toMatchObject({ status: 'cancelled' });
    const owed = (await adminTransactions(live, 'status=refund_due')).filter(
      (row) => row.orderId === order.id,
    );
    expect(owed).toEqual([expect.objectContaining({ refundDue: order.total - 1000 })]);
  });
});

describe('TEST MODE money stays test money, and the books say what arrived (finding 5)', () => {
  it('a simulated short transfer confirmed by staff stays a test order and out of revenue', async () => {
    const order = await transferOrder(sandbox, sandboxProduct);
    const simulated = await sandbox.test.app.inject({
      method: 'POST',
      url: `/api/sandbox/transfers/${order.txRef}/simulate`,
      payload: { outcome: 'short' },
    });
    expect(simulated.statusCode).toBe(200);
    const before = await shopOverview(sandbox.test.database.db);
    const confirmed = await confirmByStaff(sandbox, order);
    expect(confirmed).toMatchObject({ changed: true, order: { paymentStatus: 'paid', isTest: true } });
    expect(await orderState(sandbox, order)).toMatchObject({ isTest: true });
    // Counted apart: the figures are the same, and the test order is said beside them.
    const counted = (figure: RevenueFigure) => ({ ...figure, testOrders: 0, testKobo: 0 });
    const after = await shopOverview(sandbox.test.database.db);
    expect(after.revenue.map(counted)).toEqual(before.revenue.map(counted));
    expect(after.revenue[0]!.testOrders).toBe(before.revenue[0]!.testOrders + 1);
  });

  it('a confirmed short transfer records the amount received and the shortfall accepted, with who accepted it', async () => {
    const order = await transferOrder(live, liveProduct);
    await liveTransfer(order, order.total - 1000);
    await confirmByStaff(live, order);
    const [row] = (await adminTransactions(live, `q=${order.txRef}`)).filter((t) => t.orderId === order.id);
    expect(row).toMatchObject({
      status: 'successful',
      received: order.total - 1000,
      shortfall: 1000,
      acceptedBy: 'admin@rossy.ng',
    });
    expect(row!.message).toContain('₦1,000');
  });

  it('"Needs review" and "Refund due" filter the Payments tab', async () => {
    const review = await transferOrder(live, liveProduct);
    await liveTransfer(review, review.total - 1000);
    const paid = await transferOrder(live, liveProduct);
    await liveTransfer(paid, paid.total);
    await liveTransfer(paid, paid.total);
    const load = (query: string) =>
      loadPaymentsTab({
        context: { services: { db: live.test.database.db, logError: () => {} } },
        params: new URLSearchParams(query),
      } as never);

    const underReview = await load('status=review');
    expect(underReview.filter.status).toBe('review');
    expect(underReview.transactions!.length).toBeGreaterThan(0);
    expect(underReview.transactions!.every((t) => t.status === 'review')).toBe(true);
    expect(underReview.transactions!.map((t) => t.orderNumber)).toContain(review.id);

    const owed = await load('status=refund_due');
    expect(owed.filter.status).toBe('refund_due');
    expect(owed.transactions!.map((t) => t.orderNumber)).toContain(paid.id);
    expect(owed.transactions!.every((t) => (t.refundDueKobo ?? 0) > 0)).toBe(true);
  });

  it('an overpayment reaches the staff alert and the order, not only the CSV', async () => {
    const order = await transferOrder(live, liveProduct);
    await liveTransfer(order, order.total + 500);
    expect(await orderState(live, order)).toMatchObject({ paymentStatus: 'paid' });
    const alerts = await live.test.database.db
      .select({ subject: outbox.subject, text: outbox.text })
      .from(outbox)
      .where(like(outbox.subject, `%${order.id}%`));
    const alert = alerts.find((mail) => mail.text.includes('Overpaid by ₦500'));
    expect(alert, JSON.stringify(alerts.map((mail) => mail.subject))).toBeDefined();
    const owed = (await adminTransactions(live, 'status=refund_due')).filter(
      (row) => row.orderId === order.id,
    );
    expect(owed).toEqual([expect.objectContaining({ refundDue: 500, received: order.total + 500 })]);
  });
});
