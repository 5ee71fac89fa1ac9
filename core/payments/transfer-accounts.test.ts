import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions, sandboxCharges } from '../../db/schema/payments';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import { createMailer } from '../mail/mailer';
import { changeOrderStatus } from '../orders/manage-orders';
import { releaseUnpaidOrders } from '../orders/release-unpaid';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { saveShopSettings } from '../settings/shop-settings';
import { confirmBankTransfer, handleWebhook, type PaymentDeps } from './payments';
import { createSandboxProvider, simulateSandboxTransfer, type SandboxTransferOutcome } from './sandbox';
import { formatNaira } from '../../contracts/money';
import { listTransactions, moneyToRefund, transfersUnderReview } from './transactions';
import { checkTransferAccount, openTransferAccount, settleReportedTransaction } from './transfer-accounts';
import { setProductStock } from '../../tests/fixtures/stock';

const WEBHOOK_HASH = 'a-webhook-secret-for-tests';
const DAY = 86_400_000;

let database: TestDatabase;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let product: { id: number; size: string | undefined };
let admin: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = {
    db: database.db,
    mailer,
    publicUrl: 'https://rossy.test',
    providers: { sandbox: createSandboxProvider(database.db) },
    webhookHash: WEBHOOK_HASH,
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0] };
  await setProductStock(database.db, product.id, 500);
  await ensureAdminAccount(database.db, 'boss@rossy.test', 'Boss-Pass-2026');
  const [boss] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'boss@rossy.test'));
  admin = boss!;
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

/** The TEST MODE bank sends an amount of our choosing into the account; the webhook reports it. */
async function transferAmount(txRef: string, amountKobo: number) {
  const id = `sbx_${randomBytes(16).toString('hex')}`;
  const [opened] = await database.db.select().from(sandboxCharges).where(eq(sandboxCharges.txRef, txRef));
  await database.db.insert(sandboxCharges).values({
    transactionId: id,
    txRef,
    flwRef: `FLW-SANDBOX-${id.slice(-8)}`,
    amountKobo,
    currency: 'NGN',
    status: 'successful',
    message: 'Transfer received',
    paymentType: 'bank_transfer',
    customer: opened!.customer,
  });
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
    expect(attempt.message).toBe('Overpaid by ₦500: refund the difference.');
  });

  it('under: kept for review, never paid; the order keeps its items for the review hold, and staff accept it with its shortfall', async () => {
    const order = await placeTransferOrder('under@example.com');
    const viewer = { user: null, key: order.key };
    const account = await openTransferAccount(deps, order.number, viewer);
    const before = Date.now();
    await transfer(account.txRef, 'short');
    const attempt = await attemptOf(account.txRef);
    expect(attempt.status).toBe('review');
    expect(attempt.message).toMatch(
      /^Received ₦[\d,.]+ of ₦[\d,.]+: ask the shopper for the rest, or refund it\.$/,
    );
    // Held for the review (7 days by default), not for ever.
    const held = await orderRow(order.number);
    expect(held.status).toBe('awaiting_payment');
    expect(held.stockHeldUntil!.getTime()).toBeGreaterThanOrEqual(before + 7 * DAY);
    expect(held.stockHeldUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 7 * DAY);
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
    // Past the first 48 hours, within the review's days, the release job leaves it alone.
    expect(await releaseUnpaidOrders(deps, new Date(before + 3 * DAY))).not.toContain(order.number);
    const { changed } = await confirmBankTransfer(deps, order.number, admin);
    expect(changed).toBe(true);
    const accepted = await attemptOf(account.txRef);
    const short = order.totalKobo - accepted.receivedKobo!;
    expect(short).toBe(100_000);
    expect(accepted).toMatchObject({
      status: 'successful',
      verified: true,
      verifiedBy: admin.id,
      shortfallKobo: short,
      refundDueKobo: null,
    });
    expect(accepted.message).toContain(`Accepted by ${admin.email}: `);
    expect(accepted.message).toContain('shortfall of ₦1,000 accepted');
    const rows = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, (await orderRow(order.number)).id));
    expect(rows).toHaveLength(1); // the accepted transfer, not a second made-up one
    const [listed] = await listTransactions(database.db, { q: account.txRef });
    expect(listed).toMatchObject({
      receivedKobo: order.totalKobo - short,
      shortfallKobo: short,
      acceptedBy: admin.email,
    });
    // The TEST MODE bank's money: a test order, whoever confirmed it.
    expect((await orderRow(order.number)).isTest).toBe(true);
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
    await expect(settleReportedTransaction(deps, 'sandbox', 'sbx_' + '0'.repeat(32))).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});

describe('every transfer the provider reports is recorded against its order', () => {
  const rowsOf = async (number: string) =>
    database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, (await orderRow(number)).id))
      .orderBy(asc(paymentTransactions.id));
  const alertsFor = async (subject: string) =>
    database.db.select().from(outbox).where(eq(outbox.subject, subject));

  it('a second full transfer after the order was paid is owed back: its own row, once, and the shop is told', async () => {
    const order = await placeTransferOrder('second-full@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    await transfer(account.txRef, 'full');
    const second = await transfer(account.txRef, 'full');
    for (let i = 0; i < 3; i++) await handleWebhook(deps, WEBHOOK_HASH, { data: { id: second } });
    const rows = await rowsOf(order.number);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      txRef: account.txRef,
      attemptId: rows[0]!.id,
      providerTransactionId: second,
      status: 'refund_due',
      receivedKobo: order.totalKobo,
      refundDueKobo: order.totalKobo,
    });
    expect(rows[1]!.refundDueAt).toBeInstanceOf(Date);
    expect(rows[1]!.message).toBe(
      `${formatNaira(order.totalKobo)} arrived after ${order.number} was paid: refund it to the shopper.`,
    );
    expect(await alertsFor(`Money to refund for ${order.number}`)).toHaveLength(1);
    expect(await moneyToRefund(database.db, order.number)).toEqual([
      expect.objectContaining({
        providerTransactionId: second,
        refundDueKobo: order.totalKobo,
        isTest: true,
      }),
    ]);
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, rows[0]!.orderId));
    expect(events.filter((event) => event.status === 'processing')).toHaveLength(1);
  });

  it('the rest after a short transfer pays the order; both transfers are the payment', async () => {
    const order = await placeTransferOrder('rest@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    await transfer(account.txRef, 'short');
    // The page says what arrived, so the shopper can send the rest into the same account.
    expect(await checkTransferAccount(deps, order.number, { user: null, key: order.key })).toMatchObject({
      state: 'review',
      receivedKobo: order.totalKobo - 100_000,
    });
    const rest = await transfer(account.txRef, 'rest');
    await handleWebhook(deps, WEBHOOK_HASH, { data: { id: rest } });
    expect(await orderRow(order.number)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const rows = await rowsOf(order.number);
    expect(rows.map((row) => [row.status, row.receivedKobo])).toEqual([
      ['successful', order.totalKobo - 100_000],
      ['successful', 100_000],
    ]);
    expect(rows[1]!.message).toBe(
      `The rest of the payment: ${formatNaira(order.totalKobo)} received in 2 transfers.`,
    );
    expect(rows[0]!.message).toContain('Completed by a later transfer.');
    expect(await moneyToRefund(database.db, order.number)).toEqual([]);
  });

  it('two short transfers are held together under one hold; a third that brings more than the rest pays and owes the difference', async () => {
    const order = await placeTransferOrder('two-shorts@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    const part = Math.floor(order.totalKobo * 0.3);
    await transferAmount(account.txRef, part);
    const firstHold = (await orderRow(order.number)).stockHeldUntil;
    await transferAmount(account.txRef, part);
    const rows = await rowsOf(order.number);
    expect(rows.map((row) => row.status)).toEqual(['review', 'review']);
    expect(rows[1]!.message).toBe(
      `Received ${formatNaira(part)} more, ${formatNaira(2 * part)} of ${formatNaira(order.totalKobo)} in all: ask the shopper for the rest, or refund it.`,
    );
    expect((await orderRow(order.number)).stockHeldUntil).toEqual(firstHold);
    expect(await alertsFor(`A transfer for ${order.number} needs your decision`)).toHaveLength(2);
    const row = await orderRow(order.number);
    const notes = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.status, 'awaiting_payment')));
    expect(notes).toHaveLength(2); // placed, then one "we are checking it"

    const third = Math.floor(order.totalKobo * 0.6);
    await transferAmount(account.txRef, third);
    const overpaid = 2 * part + third - order.totalKobo;
    expect(overpaid).toBeGreaterThan(0);
    expect(await orderRow(order.number)).toMatchObject({ paymentStatus: 'paid' });
    const last = (await rowsOf(order.number)).at(-1)!;
    expect(last).toMatchObject({ status: 'successful', refundDueKobo: overpaid });
    expect(last.message).toBe(`Overpaid by ${formatNaira(overpaid)}: refund the difference.`);
    const [alert] = await alertsFor(`Money to refund for ${order.number}`);
    expect(alert?.text).toContain(`Overpaid by ${formatNaira(overpaid)}`);
  });

  it('money after the shop cancelled the order is owed back, and the order stays cancelled', async () => {
    const order = await placeTransferOrder('after-cancel@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    await changeOrderStatus(deps, order.number, { status: 'cancelled' });
    await transfer(account.txRef, 'full');
    expect(await orderRow(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await attemptOf(account.txRef)).toMatchObject({
      status: 'refund_due',
      refundDueKobo: order.totalKobo,
      verified: false,
    });
    expect(await alertsFor(`Money to refund for ${order.number}`)).toHaveLength(1);
  });

  it('an order under review that the shop cancels owes the money it received', async () => {
    const order = await placeTransferOrder('review-cancelled@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    await transfer(account.txRef, 'short');
    const view = await changeOrderStatus(deps, order.number, { status: 'cancelled' });
    const received = order.totalKobo - 100_000;
    expect(view.events.at(-1)?.note).toBe(
      `Your order has been cancelled. We will refund the ${formatNaira(received)} you sent.`,
    );
    expect(await attemptOf(account.txRef)).toMatchObject({ status: 'refund_due', refundDueKobo: received });
  });

  it('past the review hold the release job releases the order like an unpaid one, and owes its money back', async () => {
    await saveShopSettings(database.db, { reviewHoldDays: 2 });
    try {
      const order = await placeTransferOrder('review-released@example.com');
      const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
      const before = Date.now();
      await transfer(account.txRef, 'late');
      const { stockHeldUntil } = await orderRow(order.number);
      expect(stockHeldUntil!.getTime()).toBeGreaterThanOrEqual(before + 2 * DAY);
      expect(stockHeldUntil!.getTime()).toBeLessThanOrEqual(Date.now() + 2 * DAY);
      expect(await releaseUnpaidOrders(deps, new Date(stockHeldUntil!.getTime() - 1000))).not.toContain(
        order.number,
      );
      expect(await releaseUnpaidOrders(deps, new Date(stockHeldUntil!.getTime() + 1000))).toContain(
        order.number,
      );
      const row = await orderRow(order.number);
      expect(row).toMatchObject({ status: 'cancelled', stockReleasedAt: expect.any(Date) });
      expect(await attemptOf(account.txRef)).toMatchObject({
        status: 'refund_due',
        refundDueKobo: order.totalKobo,
      });
      const [cancelled] = await database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, row.id), eq(orderEvents.status, 'cancelled')));
      expect(cancelled!.note).toContain(`We will refund the ${formatNaira(order.totalKobo)} you sent.`);
      // The shopper can no longer cancel it themselves while it was under review; now it is done.
      const refunds = await listTransactions(database.db, { status: 'refund_due', q: order.number });
      expect(refunds.map((t) => t.txRef)).toEqual([account.txRef]);
    } finally {
      await saveShopSettings(database.db, { reviewHoldDays: 7 });
    }
  });

  it('without a webhook, the page under review finds the rest and the order pays', async () => {
    const order = await placeTransferOrder('rest-no-webhook@example.com');
    const viewer = { user: null, key: order.key };
    const account = await openTransferAccount(deps, order.number, viewer);
    await transfer(account.txRef, 'short');
    await simulateSandboxTransfer(database.db, account.txRef, 'rest');
    const later = new Date(Date.now() + 20_000);
    expect((await checkTransferAccount(deps, order.number, viewer, later))?.state).toBe('paid');
  });

  /** The account's hour passes: its closing time is set a second ago. */
  async function closeAccount(txRef: string) {
    const row = await attemptOf(txRef);
    await database.db
      .update(paymentTransactions)
      .set({
        transferAccount: { ...row.transferAccount!, expiresAt: new Date(Date.now() - 1000).toISOString() },
      })
      .where(eq(paymentTransactions.id, row.id));
  }

  it('a short transfer whose account then closed: the next visit opens a new account for the rest, and the rest paid into it pays the order', async () => {
    const order = await placeTransferOrder('rest-new-account@example.com');
    const viewer = { user: null, key: order.key };
    const first = await openTransferAccount(deps, order.number, viewer);
    await transfer(first.txRef, 'short');
    const arrived = order.totalKobo - 100_000;
    await closeAccount(first.txRef);
    // Still under review until she comes back: the page says what arrived and that the account closed.
    expect(await checkTransferAccount(deps, order.number, viewer)).toMatchObject({
      txRef: first.txRef,
      state: 'review',
      receivedKobo: arrived,
    });
    // She comes back: an account of its own for the rest, what arrived still counted.
    const second = await openTransferAccount(deps, order.number, viewer);
    expect(second.txRef).not.toBe(first.txRef);
    expect(second).toMatchObject({ state: 'waiting', amountKobo: 100_000, receivedKobo: arrived });
    expect(Date.parse(second.expiresAt)).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect((await attemptOf(second.txRef)).message).toBe(
      `Transfer account opened for the rest: ₦1,000 after ${formatNaira(arrived)} arrived.`,
    );
    // Asked again, the same account: one for the rest, not one per visit.
    expect((await openTransferAccount(deps, order.number, viewer)).txRef).toBe(second.txRef);

    await transfer(second.txRef, 'full');
    expect(await orderRow(order.number)).toMatchObject({ status: 'processing', paymentStatus: 'paid' });
    const rows = await rowsOf(order.number);
    expect(rows.map((row) => [row.txRef, row.status, row.receivedKobo])).toEqual([
      [first.txRef, 'successful', arrived],
      [second.txRef, 'successful', 100_000],
    ]);
    expect(await moneyToRefund(database.db, order.number)).toEqual([]);
    expect((await openTransferAccount(deps, order.number, viewer)).state).toBe('paid');
    // The shopper's timeline says the TEST MODE bank paid it: a transfer, never a test card.
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(order.number)).id));
    const paidNote = events.find((event) => event.status === 'processing')?.note ?? '';
    expect(paidNote).toBe(
      `TEST MODE transfer of ${formatNaira(order.totalKobo)} received: no money moved, this is a test order.`,
    );
    expect(events.map((event) => event.note).join(' ')).not.toMatch(/test card/i);
  });

  it('a late transfer of the whole total waits for the shop: no account for a rest that is not due', async () => {
    const order = await placeTransferOrder('late-no-rest@example.com');
    const viewer = { user: null, key: order.key };
    const account = await openTransferAccount(deps, order.number, viewer);
    await transfer(account.txRef, 'late');
    await closeAccount(account.txRef);
    expect(await openTransferAccount(deps, order.number, viewer)).toMatchObject({
      txRef: account.txRef,
      state: 'review',
      receivedKobo: order.totalKobo,
    });
  });

  it('two transfers reported at once, the short one and the rest, pay the order once', async () => {
    const order = await placeTransferOrder('rest-race@example.com');
    const account = await openTransferAccount(deps, order.number, { user: null, key: order.key });
    const short = await simulateSandboxTransfer(database.db, account.txRef, 'short');
    const rest = await simulateSandboxTransfer(database.db, account.txRef, 'rest');
    await Promise.all(
      [short, rest, short, rest].map((id) => handleWebhook(deps, WEBHOOK_HASH, { data: { id } })),
    );
    expect(await orderRow(order.number)).toMatchObject({ paymentStatus: 'paid' });
    const rows = await rowsOf(order.number);
    expect(rows.map((row) => row.status)).toEqual(['successful', 'successful']);
    const events = await database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, rows[0]!.orderId), eq(orderEvents.status, 'processing')));
    expect(events).toHaveLength(1);
  });

  it('the Payments filters: Needs review lists only transfers under review, Refund due what is owed back', async () => {
    const review = await listTransactions(database.db, { status: 'review' });
    expect(review.length).toBeGreaterThan(0);
    expect(review.every((t) => t.status === 'review')).toBe(true);
    const owed = await listTransactions(database.db, { status: 'refund_due' });
    expect(owed.some((t) => t.status === 'successful')).toBe(true); // an overpayment
    expect(owed.every((t) => (t.refundDueKobo ?? 0) > 0)).toBe(true);
    const withDue = await database.db
      .select()
      .from(paymentTransactions)
      .where(isNotNull(paymentTransactions.refundDueKobo));
    expect(owed).toHaveLength(withDue.length);
  });
});
