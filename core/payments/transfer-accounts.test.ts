import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions, sandboxCharges } from '../../db/schema/payments';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createMailer } from '../mail/mailer';
import { releaseUnpaidOrders } from '../orders/release-unpaid';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { saveShopSettings } from '../settings/shop-settings';
import { confirmBankTransfer, handleWebhook, type PaymentDeps } from './payments';
import { createSandboxProvider, simulateSandboxTransfer, type SandboxTransferOutcome } from './sandbox';
import { transfersUnderReview } from './transactions';
import { checkTransferAccount, openTransferAccount, settleReportedTransaction } from './transfer-accounts';

const WEBHOOK_HASH = 'a-webhook-secret-for-tests';
const HOUR = 3_600_000;

let database: TestDatabase;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let product: { id: number; size: string | undefined };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = {
    db: database.db,
    mailer,
    publicUrl: 'https://rossy.test',
    provider: createSandboxProvider(database.db),
    webhookHash: WEBHOOK_HASH,
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0] };
  await database.db.update(products).set({ stock: 500 }).where(eq(products.id, product.id));
});
afterAll(async () => {
  await database?.destroy();
});

/** A guest's bank-transfer order and the key of its link. */
async function placeTransferOrder(email: string, now?: Date) {
  const placed = await placeOrder(
    orderDeps,
    {
      items: [{ id: product.id, quantity: 1, selectedSize: product.size }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '08031234567',
      shippingAddress: {
        firstName: 'Ngozi',
        lastName: 'Eze',
        address: '12 Admiralty Way',
        city: 'Lekki',
        state: 'Lagos',
        country: 'Nigeria',
      },
    },
    now ? { now } : {},
  );
  return { number: placed.order.number, key: placed.accessToken!, totalKobo: placed.order.totalKobo };
}

const orderRow = async (number: string) =>
  (await database.db.select().from(orders).where(eq(orders.number, number)))[0]!;
const attemptOf = async (txRef: string) =>
  (await database.db.select().from(paymentTransactions).where(eq(paymentTransactions.txRef, txRef)))[0]!;

/** The TEST MODE bank sends money; the shop hears of it as from Flutterwave's webhook. */
async function transfer(txRef: string, outcome: SandboxTransferOutcome) {
  const id = await simulateSandboxTransfer(database.db, txRef, outcome);
  await handleWebhook(deps, WEBHOOK_HASH, { event: 'charge.completed', data: { id } });
  return id;
}

describe('a transfer account for each order', () => {
  it('opens one account for the exact total, shows the same one again, and refuses strangers', async () => {
    const order = await placeTransferOrder('exact-account@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    expect(account).toMatchObject({ amountKobo: order.totalKobo, state: 'waiting', testMode: true });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(Date.parse(account.expiresAt)).toBeGreaterThan(Date.now() + 50 * 60_000);
    const again = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    expect(again.accountNumber).toBe(account.accountNumber);
    await expect(openTransferAccount(deps, order.number, { user: null, key: 'wrong' })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
  });

  it('exact: the order turns Processing by itself, and the page sees it paid', async () => {
    const order = await placeTransferOrder('exact@example.com');
    const viewer = { user: null, key: order.key };
    const account = await openTransferAccount(deps, order.number, viewer);
    await transfer(account.txRef, 'full');
    expect(await orderRow(order.number)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    expect((await attemptOf(account.txRef)).receivedKobo).toBe(order.totalKobo);
    expect((await checkTransferAccount(deps, order.number, viewer))?.state).toBe('paid');
  });

  it('over: paid, and the shop is told to refund the difference', async () => {
    const order = await placeTransferOrder('over@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    await transfer(account.txRef, 'over');
    expect(await orderRow(order.number)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const attempt = await attemptOf(account.txRef);
    expect(attempt).toMatchObject({ status: 'successful', receivedKobo: order.totalKobo + 50_000 });
    expect(attempt.message).toBe('Overpaid by ₦500.00: refund the difference.');
  });

  it('under: kept for review, never paid; the order keeps its items past its hold until the shop accepts', async () => {
    const placedAt = new Date();
    const order = await placeTransferOrder('under@example.com', placedAt);
    const viewer = { user: null, key: order.key };
    const account = await openTransferAccount(deps, order.number, viewer);
    await transfer(account.txRef, 'short');
    const attempt = await attemptOf(account.txRef);
    expect(attempt.status).toBe('review');
    expect(attempt.message).toMatch(
      /^Received ₦[\d,.]+ of ₦[\d,.]+: ask the shopper for the rest, or refund it\.$/,
    );
    expect(await orderRow(order.number)).toMatchObject({ status: 'awaiting_payment', stockHeldUntil: null });
    expect((await checkTransferAccount(deps, order.number, viewer))?.state).toBe('review');
    // The shop is told once, and the order's panel lists the transfer for its decision.
    const alerts = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.subject, `A transfer for ${order.number} needs your decision`));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain(attempt.message);
    expect(await transfersUnderReview(database.db, order.number)).toEqual([
      expect.objectContaining({ txRef: account.txRef, message: attempt.message }),
    ]);
    // Long after the hold would have passed, the release job leaves it alone.
    expect(await releaseUnpaidOrders(deps, new Date(placedAt.getTime() + 30 * 24 * HOUR))).not.toContain(
      order.number,
    );
    const { changed } = await confirmBankTransfer(deps, order.number, { id: null as never, email: 'a@x' });
    expect(changed).toBe(true);
    expect(await attemptOf(account.txRef)).toMatchObject({ status: 'successful', verified: true });
    const rows = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, (await orderRow(order.number)).id));
    expect(rows).toHaveLength(1); // the accepted transfer, not a second made-up one
  });

  it('late: money after the account expired is kept for review, not taken as payment', async () => {
    const order = await placeTransferOrder('late@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    await transfer(account.txRef, 'late');
    const attempt = await attemptOf(account.txRef);
    expect(attempt.status).toBe('review');
    expect(attempt.message).toContain('arrived after the transfer account expired');
    expect((await orderRow(order.number)).paymentStatus).toBe('pending');
  });

  it('a repeated webhook changes nothing: one payment, one event, one paid move', async () => {
    const order = await placeTransferOrder('repeat@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    const id = await transfer(account.txRef, 'full');
    for (let i = 0; i < 3; i++) await handleWebhook(deps, WEBHOOK_HASH, { data: { id } });
    const row = await orderRow(order.number);
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
    expect(events.map((event) => event.status)).toEqual(['awaiting_payment', 'processing']);
  });

  it('a webhook before the page asks: the page finds the order paid', async () => {
    const order = await placeTransferOrder('early-webhook@example.com');
    const viewer = { user: null, key: order.key };
    const account = await openTransferAccount(deps, order.number, viewer);
    await transfer(account.txRef, 'full');
    // The shopper's page loads afterwards: it shows the same account, paid, and opens no new one.
    const view = await openTransferAccount(deps, order.number, viewer);
    expect(view).toMatchObject({ txRef: account.txRef, state: 'paid' });
  });

  it('without a webhook, the waiting page asks the provider itself and the order confirms', async () => {
    const order = await placeTransferOrder('no-webhook@example.com');
    const viewer = { user: null, key: order.key };
    const account = await openTransferAccount(deps, order.number, viewer);
    await simulateSandboxTransfer(database.db, account.txRef, 'full');
    expect((await checkTransferAccount(deps, order.number, viewer))?.state).toBe('waiting'); // asked too soon
    const later = new Date(Date.now() + 20_000);
    expect((await checkTransferAccount(deps, order.number, viewer, later))?.state).toBe('paid');
  });

  it('an expired account with nothing received gives way to a new one', async () => {
    const order = await placeTransferOrder('renew@example.com');
    const viewer = { user: null, key: order.key };
    const first = await openTransferAccount(deps, order.number, viewer);
    // The hour passes with nothing received.
    const row = await attemptOf(first.txRef);
    await database.db
      .update(paymentTransactions)
      .set({
        transferAccount: { ...row.transferAccount!, expiresAt: new Date(Date.now() - 1000).toISOString() },
      })
      .where(eq(paymentTransactions.id, row.id));
    expect((await checkTransferAccount(deps, order.number, viewer))?.state).toBe('expired');
    const second = await openTransferAccount(deps, order.number, viewer);
    expect(second.txRef).not.toBe(first.txRef);
    expect(second.state).toBe('waiting');
  });

  it("is the shop's choice: with the setting off, no account is opened", async () => {
    await saveShopSettings(database.db, { transferAccountPerOrder: false });
    try {
      const order = await placeTransferOrder('manual@example.com');
      await expect(
        openTransferAccount(deps, order.number, { user: null, key: order.key }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(
        await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.txRef, order.number)),
      ).toEqual([]);
    } finally {
      await saveShopSettings(database.db, { transferAccountPerOrder: true });
    }
  });

  it('a reported transaction id the provider does not know is refused', async () => {
    await expect(settleReportedTransaction(deps, 'sbx_' + '0'.repeat(32))).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
