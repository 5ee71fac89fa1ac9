import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { checkoutMessages, normalizeBankReference } from '../../contracts/checkout-texts';
import { isPaidStatus } from '../../contracts/returns';
import { formatNaira, koboToNaira, nairaToKobo } from '../../contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions, type TransactionStatus } from '../../db/schema/payments';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import {
  cancelOrder,
  holdForReview,
  mailShopper,
  PAID_MAIL_NOTE,
  payOrder,
  signLatestEvent,
  type PaidBy,
} from '../orders/lifecycle';
import { refundDueAlertMail, transferReviewAlertMail } from '../orders/order-mail';
import { toOrderView, type OrderRow, type OrderView } from '../orders/order-view';
import { canView, findOrderByNumber, type OrderViewer } from '../orders/read-orders';
import { getShopSettings, type ShopSettings } from '../settings/shop-settings';
import { ProviderError, type ProviderName, type ProviderTransaction } from './provider';
import { flutterwaveOrSandbox, providerForOrder, providerNamed, type PaymentProviders } from './providers';

export interface PaymentDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The providers with keys (TEST MODE: the sandbox alone). */
  providers: PaymentProviders;
  /** FLW_WEBHOOK_HASH: the secret Flutterwave sends in `verif-hash`. */
  webhookHash?: string | undefined;
  onMailError?: (error: unknown) => void;
  /** Told of each payment verified and recorded (card, sandbox or bank transfer): the shop's metrics count them. */
  onPaid?: (payment: { provider: string }) => void;
}

export type TransactionRow = typeof paymentTransactions.$inferSelect;

async function orderFor(db: DbOrTx, number: string, viewer: OrderViewer): Promise<OrderRow> {
  const order = await findOrderByNumber(db, number);
  if (!order || !canView(order, viewer)) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

export interface PaymentStart {
  orderNumber: string;
  /** Which provider's popup the browser opens for this attempt. */
  provider: ProviderName;
  txRef: string;
  /** Naira, as the inline checkout wants it. */
  amount: number;
  currency: 'NGN';
  publicKey: string;
  scriptUrl: string;
  mode: 'live' | 'sandbox';
  /** Paystack's access code for this attempt (its popup resumes the transaction the server opened); null otherwise. */
  accessCode: string | null;
  /** 'card' alone for the card-only checkout. */
  paymentOptions: string;
  customer: { email: string; name: string; phone_number: string };
}

/** At most this many payment attempts per order in ATTEMPT_WINDOW_MS: far more than a shopper retrying needs. */
const MAX_ATTEMPTS_PER_WINDOW = 20;
const ATTEMPT_WINDOW_MS = 60 * 60_000;

/**
 * Opens a payment attempt for an unpaid card order: a new tx_ref bound to the order and its total,
 * which the browser hands to the provider's checkout. Each retry gets its own reference. The
 * attempt is recorded, with its provider, before the provider is asked to prepare it (Paystack
 * initializes the transaction); only that provider will verify it, whatever the shop chooses later.
 */
export async function startPayment(
  deps: PaymentDeps,
  number: string,
  viewer: OrderViewer,
): Promise<PaymentStart> {
  const order = await orderFor(deps.db, number, viewer);
  if (order.paymentMethod === 'bank-transfer')
    throw new AppError('CONFLICT', 'This order is paid by bank transfer.');
  if (isPaidStatus(order.paymentStatus)) throw new AppError('CONFLICT', 'This order is already paid.');
  if (order.status !== 'awaiting_payment')
    throw new AppError('CONFLICT', 'This order can no longer be paid. Please place a new order.');
  // Each attempt is a call to the provider with the shop's secret key: one order's link cannot spend
  // the shop's allowance at the provider (and fill its books) by opening attempts without end.
  const [opened] = await deps.db
    .select({ n: count() })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, order.id),
        isNull(paymentTransactions.attemptId),
        gt(paymentTransactions.createdAt, new Date(Date.now() - ATTEMPT_WINDOW_MS)),
      ),
    );
  if ((opened?.n ?? 0) >= MAX_ATTEMPTS_PER_WINDOW)
    throw new AppError(
      'RATE_LIMITED',
      'Too many payment attempts for this order. Please wait an hour and try again, or contact us.',
    );
  const { cardProvider } = await getShopSettings(deps.db);
  let provider;
  try {
    provider = providerForOrder(deps.providers, deps.db, order.paymentMethod, cardProvider);
  } catch (error) {
    providerFailure(error);
  }
  const name = `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim();
  const txRef = `${order.number}-${randomBytes(5).toString('hex')}`;
  const cardOnly = order.paymentMethod === 'credit-card';
  const [attempt] = await deps.db
    .insert(paymentTransactions)
    .values({
      orderId: order.id,
      provider: provider.name,
      testMoney: provider.testMoney,
      txRef,
      amountKobo: order.totalKobo,
      currency: 'NGN',
      customerName: name,
      customerEmail: order.email,
    })
    .returning({ id: paymentTransactions.id });
  let session;
  try {
    session = await provider.startCheckout({
      txRef,
      amountKobo: order.totalKobo,
      email: order.email,
      channels: cardOnly ? ['card'] : ['card', 'bank_transfer', 'ussd'],
      callbackUrl: `${deps.publicUrl}/orderdetails/${encodeURIComponent(order.number)}`,
      orderNumber: order.number,
    });
  } catch (error) {
    // The provider never opened it: the attempt is closed with its words, and the shopper may try again.
    const words = error instanceof Error ? error.message : String(error);
    await deps.db
      .update(paymentTransactions)
      .set({
        status: 'failed',
        message: `The provider did not open the payment: ${words}`,
        updatedAt: new Date(),
      })
      .where(and(eq(paymentTransactions.id, attempt!.id), eq(paymentTransactions.status, 'pending')));
    providerFailure(error);
  }
  return {
    orderNumber: order.number,
    provider: provider.name,
    txRef,
    amount: koboToNaira(order.totalKobo),
    currency: 'NGN',
    publicKey: provider.publicKey,
    scriptUrl: provider.scriptUrl,
    mode: provider.mode,
    accessCode: session.accessCode,
    paymentOptions: cardOnly ? 'card' : 'card, banktransfer, ussd',
    customer: { email: order.email, name, phone_number: order.phone },
  };
}

/** Whether money arrived for the order that waits for the shop's decision. */
async function underReview(db: DbOrTx, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'review')))
    .limit(1);
  return row !== undefined;
}

/**
 * The shopper gives up an unpaid order: the card window was closed without paying (`reason:
 * 'closed'`), or they cancel it. Only its owner or link holder may, and only while it is unpaid.
 * For a card order the provider is asked first about every open attempt, so a payment made just
 * before the window closed pays the order instead of losing it; if the provider cannot say, the
 * order keeps its (short) hold and the release job decides later. A bank-transfer order whose
 * transfer the shopper already reported is left for the shop to check.
 */
export async function cancelUnpaidOrder(
  deps: PaymentDeps,
  number: string,
  viewer: OrderViewer,
  reason: 'closed' | 'shopper' = 'shopper',
): Promise<{ cancelled: boolean; order: OrderView }> {
  const order = await orderFor(deps.db, number, viewer);
  const current = async () => toOrderView(deps.db, (await findOrderByNumber(deps.db, order.number)) ?? order);
  if (order.status !== 'awaiting_payment' || isPaidStatus(order.paymentStatus))
    return { cancelled: false, order: await current() };
  if (order.paymentMethod === 'bank-transfer' && order.customerBankReference)
    throw new AppError(
      'CONFLICT',
      'You reported a bank transfer for this order: we will check it. Contact us to cancel it.',
    );
  if (order.paymentMethod === 'bank-transfer' && (await underReview(deps.db, order.id)))
    throw new AppError(
      'CONFLICT',
      'We received a transfer for this order and are checking it. Contact us to cancel it.',
    );
  if (order.paymentMethod !== 'bank-transfer') {
    const attempts = await deps.db
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.status, 'pending')))
      .orderBy(desc(paymentTransactions.id))
      .limit(5);
    for (const attempt of attempts) {
      let tx: ProviderTransaction;
      try {
        tx = await providerNamed(deps.providers, deps.db, attempt.provider).verifyByReference(attempt.txRef);
      } catch (error) {
        if (error instanceof ProviderError && error.kind === 'not_found') continue;
        // The provider could not say whether this attempt was paid: keep the hold, let the job decide.
        return { cancelled: false, order: await current() };
      }
      // A transfer or USSD payment still under way at the provider may yet succeed: keep the hold.
      if (tx.status !== 'successful' && tx.status !== 'failed')
        return { cancelled: false, order: await current() };
      const outcome = await applyProviderTransaction(deps, tx);
      if (outcome.paid) return { cancelled: false, order: outcome.order };
    }
  }
  const cancelled = await deps.db.transaction((tx) => cancelOrder(tx, order, reason, new Date()));
  return { cancelled: cancelled !== null, order: await current() };
}

/** What the shop reads in Payments when money arrives for an order that was already cancelled. */
export function paidAfterCancel(receivedKobo: number, number: string): string {
  return `${formatNaira(receivedKobo)} arrived after ${number} was cancelled and its items released: refund it to the shopper.`;
}

export interface PaymentOutcome {
  paid: boolean;
  order: OrderView;
  message: string;
}

/** A transaction already settled on the books: a repeated report of it changes nothing. */
const settledStatuses: readonly TransactionStatus[] = ['successful', 'review', 'refund_due'];

/** What a provider's report of a transaction means for its order. */
type Verdict =
  | { kind: 'failed'; problem: string }
  /** Money arrived, but not as asked: the shop decides (confirm the order, or refund). */
  | { kind: 'review'; message: string }
  /** The order is paid: by this money alone, or with the transfers held before it (`held`). */
  | { kind: 'paid'; message: string; overpaidKobo: number; held: TransactionRow[] }
  /** Money the order does not take (it was paid already, or cancelled): the shop owes it back. */
  | { kind: 'refund'; message: string };

/**
 * Who a provider's verified payment counts as paid by: money moved unless the attempt was opened
 * through the sandbox or a provider's test keys (its order is then a test order).
 */
function paidBy(attempt: TransactionRow): PaidBy {
  if (attempt.provider === 'sandbox') return 'sandbox';
  return attempt.testMoney ? 'test-keys' : 'provider';
}

function notMoney(tx: ProviderTransaction, attempt: TransactionRow): string | null {
  // Only the verify answer's 'successful' gives value ('completed' is a checkout-callback hint).
  if (tx.status !== 'successful') return tx.message || `the payment is ${tx.status || 'not complete'}`;
  if (tx.txRef !== attempt.txRef) return 'the payment reference does not match this order';
  if (tx.currency !== 'NGN') return `the payment was made in ${tx.currency || 'another currency'}, not NGN`;
  return null;
}

function verdictOn(
  tx: ProviderTransaction,
  attempt: TransactionRow,
  order: OrderRow,
  held: TransactionRow[],
): Verdict {
  const problem = notMoney(tx, attempt);
  if (problem) return { kind: 'failed', problem };
  const received = nairaToKobo(tx.amount);
  // Money the order can no longer take is never dropped: it is owed back.
  if (isPaidStatus(order.paymentStatus))
    return {
      kind: 'refund',
      message: `${formatNaira(received)} arrived after ${order.number} was paid: refund it to the shopper.`,
    };
  if (order.status !== 'awaiting_payment')
    return { kind: 'refund', message: paidAfterCancel(received, order.number) };
  const account = attempt.transferAccount;
  if (!account) {
    if (received < order.totalKobo)
      return { kind: 'failed', problem: 'the amount paid is less than the order total' };
    return paidVerdict(tx.message, received - order.totalKobo, []);
  }
  // A transfer is money in the shop's hands whatever its amount or time: never refused, never lost.
  const arrived = tx.createdAt ? Date.parse(tx.createdAt) : Number.NaN;
  if (Number.isFinite(arrived) && arrived > Date.parse(account.expiresAt))
    return {
      kind: 'review',
      message: `${formatNaira(received)} arrived after the transfer account expired: confirm the order or refund the shopper.`,
    };
  const before = held.reduce((sum, row) => sum + (row.receivedKobo ?? 0), 0);
  const total = before + received;
  if (total < order.totalKobo)
    return {
      kind: 'review',
      message:
        before > 0
          ? `Received ${formatNaira(received)} more, ${formatNaira(total)} of ${formatNaira(order.totalKobo)} in all: ask the shopper for the rest, or refund it.`
          : `Received ${formatNaira(received)} of ${formatNaira(order.totalKobo)}: ask the shopper for the rest, or refund it.`,
    };
  // The rest after a short transfer: together they pay the order.
  const message =
    held.length > 0
      ? `The rest of the payment: ${formatNaira(total)} received in ${held.length + 1} transfers.`
      : tx.message;
  return paidVerdict(message, total - order.totalKobo, held);
}

/** What a transaction already on the books meant when it was recorded. */
function recordedVerdict(row: TransactionRow): Verdict {
  if (row.status === 'review') return { kind: 'review', message: row.message };
  if (row.status === 'refund_due') return { kind: 'refund', message: row.message };
  return { kind: 'paid', message: row.message, overpaidKobo: row.refundDueKobo ?? 0, held: [] };
}

function paidVerdict(message: string, overpaidKobo: number, held: TransactionRow[]): Verdict {
  return overpaidKobo > 0
    ? {
        kind: 'paid',
        message: `Overpaid by ${formatNaira(overpaidKobo)}: refund the difference.`,
        overpaidKobo,
        held,
      }
    : { kind: 'paid', message, overpaidKobo: 0, held };
}

/** What a report did on the books, made once. */
type Effect = { kind: 'paid'; overpaidKobo: number } | { kind: 'review' } | { kind: 'refund' } | null;

/**
 * Records what the provider says of a transaction, once, whatever state its order is in:
 * - the order is paid when the payment is successful, ours, in NGN and at least the total, or when
 *   a transfer brings the money held from earlier short ones up to the total;
 * - a transfer that arrived short or after its account expired is kept for the shop's decision, and
 *   the order keeps its items meanwhile (`reviewHoldDays`);
 * - money for an order that is paid already or cancelled is owed back ('refund_due'), as is what a
 *   payment brought beyond the total.
 * Each provider transaction is recorded once: on its attempt's row, or, for a further transfer into
 * the same account, on a row of its own. Safe to call any number of times, from the browser's
 * callback and the webhook alike, in any order; the shop is alerted once per transfer.
 */
export async function applyProviderTransaction(
  deps: PaymentDeps,
  tx: ProviderTransaction,
  by?: string,
): Promise<PaymentOutcome> {
  const [found] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.txRef, tx.txRef), isNull(paymentTransactions.attemptId)));
  if (!found) throw new AppError('NOT_FOUND', 'This payment does not belong to an order of this shop.');
  const settings = await getShopSettings(deps.db);
  const now = new Date();

  const { order, verdict, effect } = await deps.db.transaction(async (t) => {
    // One report at a time per order: the sum of its transfers is read and written under this lock.
    const [order] = await t.select().from(orders).where(eq(orders.id, found.orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    const [attempt] = await t.select().from(paymentTransactions).where(eq(paymentTransactions.id, found.id));
    if (!attempt) throw new AppError('NOT_FOUND', 'This payment does not belong to an order of this shop.');
    const [known] = await t
      .select()
      .from(paymentTransactions)
      .where(
        and(
          eq(paymentTransactions.provider, attempt.provider),
          eq(paymentTransactions.providerTransactionId, tx.id),
        ),
      );
    const held = await t
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.status, 'review')))
      .orderBy(asc(paymentTransactions.id));
    // This transaction is on the books already: a repeated report changes nothing, and says what it was.
    if (known && settledStatuses.includes(known.status))
      return { order, verdict: recordedVerdict(known), effect: null };
    const verdict = verdictOn(tx, attempt, order, held);
    const open = !settledStatuses.includes(attempt.status);
    // A failed or pending report is noted on an attempt still open; a settled one keeps its record.
    if (verdict.kind === 'failed' && !open) return { order, verdict, effect: null };

    const received = tx.status === 'successful' ? nairaToKobo(tx.amount) : null;
    const owedKobo =
      verdict.kind === 'refund' ? (received ?? 0) : verdict.kind === 'paid' ? verdict.overpaidKobo : 0;
    const status: TransactionStatus =
      verdict.kind === 'paid' ? 'successful' : verdict.kind === 'refund' ? 'refund_due' : verdict.kind;
    const record = {
      providerTransactionId: tx.id,
      flwRef: tx.flwRef,
      status,
      paymentType: tx.paymentType,
      verified: verdict.kind === 'paid',
      verifiedAt: verdict.kind === 'paid' ? now : null,
      verifiedBy: by ?? null,
      message: verdict.kind === 'failed' ? verdict.problem : verdict.message,
      receivedKobo: received,
      refundDueKobo: owedKobo > 0 ? owedKobo : null,
      refundDueAt: owedKobo > 0 ? now : null,
      updatedAt: now,
    };
    const recorded = open
      ? // The attempt learns its first provider transaction.
        await t
          .update(paymentTransactions)
          .set(record)
          .where(
            and(
              eq(paymentTransactions.id, attempt.id),
              notInArray(paymentTransactions.status, [...settledStatuses]),
            ),
          )
          .returning({ id: paymentTransactions.id })
      : // A further transfer into the same account: a row of its own, the attempt's reference kept.
        await t
          .insert(paymentTransactions)
          .values({
            ...record,
            orderId: order.id,
            provider: attempt.provider,
            testMoney: attempt.testMoney,
            txRef: attempt.txRef,
            attemptId: attempt.id,
            amountKobo: received ?? 0,
            currency: tx.currency,
            customerName: attempt.customerName,
            customerEmail: attempt.customerEmail,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: paymentTransactions.id });
    if (recorded.length === 0 || verdict.kind === 'failed') return { order, verdict, effect: null };

    let effect: Effect = null;
    if (verdict.kind === 'refund') effect = { kind: 'refund' };
    if (verdict.kind === 'review') {
      // The first transfer under review holds the order for the shop; later ones add to the same hold.
      if (held.length === 0) await holdForReview(t, order, settings, now);
      effect = { kind: 'review' };
    }
    if (verdict.kind === 'paid') {
      if (verdict.held.length > 0)
        await t
          .update(paymentTransactions)
          .set({
            status: 'successful',
            verified: true,
            verifiedAt: now,
            message: sql`${paymentTransactions.message} || ' Completed by a later transfer.'`,
            updatedAt: now,
          })
          .where(
            and(
              inArray(
                paymentTransactions.id,
                verdict.held.map((row) => row.id),
              ),
              eq(paymentTransactions.status, 'review'),
            ),
          );
      const paid = await payOrder(t, order, paidBy(attempt), now);
      effect = paid === null ? null : { kind: 'paid', overpaidKobo: verdict.overpaidKobo };
    }
    return { order, verdict, effect };
  });

  const fresh = await findOrderByNumber(deps.db, order.number);
  const view = await toOrderView(deps.db, fresh ?? order);
  if (effect?.kind === 'paid') {
    deps.onPaid?.({ provider: found.provider });
    await notifyPaid(deps, view);
  }
  if (verdict.kind !== 'failed' && effect && (effect.kind !== 'paid' || effect.overpaidKobo > 0))
    await alertShop(deps, view, effect.kind === 'review' ? 'review' : 'refund', verdict.message, settings);
  const paid = isPaidStatus(view.paymentStatus);
  if (verdict.kind === 'failed') return { paid, order: view, message: `Payment failed: ${verdict.problem}` };
  if (verdict.kind === 'paid') return { paid, order: view, message: 'Payment verified.' };
  return { paid, order: view, message: verdict.message };
}

/**
 * Tells the shop, once per transfer, of money that needs its decision or is owed back (when its
 * owner asked for e-mail alerts).
 */
async function alertShop(
  deps: PaymentDeps,
  view: OrderView,
  kind: 'review' | 'refund',
  message: string,
  settings: ShopSettings,
) {
  const alert = await (kind === 'review'
    ? transferReviewAlertMail(deps.publicUrl, view, message, settings)
    : refundDueAlertMail(deps.publicUrl, view, message, settings));
  if (alert) await deps.mailer.send(alert).catch((error: unknown) => deps.onMailError?.(error));
}

function notifyPaid(deps: PaymentDeps, view: OrderView) {
  return mailShopper(deps, [view], PAID_MAIL_NOTE);
}

export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    if (error.kind === 'unreachable') throw new AppError('UNAVAILABLE', error.message);
    throw new AppError('UNPROCESSABLE', `Payment failed: ${error.message}`);
  }
  throw error;
}

/**
 * The browser's callback: a hint, verified with the provider before anything changes. The order
 * must be one the caller may see, and the transaction must belong to it.
 */
export async function verifyPayment(
  deps: PaymentDeps,
  input: { orderNumber: string; transactionId?: string | undefined; txRef: string },
  viewer: OrderViewer,
): Promise<PaymentOutcome> {
  const order = await orderFor(deps.db, input.orderNumber, viewer);
  const [attempt] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.txRef, input.txRef), eq(paymentTransactions.orderId, order.id)));
  if (!attempt) throw new AppError('NOT_FOUND', 'This payment does not belong to this order.');
  let tx: ProviderTransaction;
  try {
    // The provider the attempt was opened with, whatever the shop takes cards with now.
    const provider = providerNamed(deps.providers, deps.db, attempt.provider);
    tx = input.transactionId
      ? await provider.verifyById(input.transactionId)
      : await provider.verifyByReference(input.txRef);
  } catch (error) {
    providerFailure(error);
  }
  // The transaction must be this attempt's: another order's payment never pays this one.
  if (tx.txRef !== attempt.txRef)
    throw new AppError('UNPROCESSABLE', 'Payment failed: the payment reference does not match this order');
  const outcome = await applyProviderTransaction(deps, tx);
  if (!outcome.paid) throw new AppError('UNPROCESSABLE', outcome.message);
  return outcome;
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** Reads the transaction id from either webhook body shape of reference/flutterwave.md. */
export function webhookTransactionId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const data = (typeof record.data === 'object' && record.data !== null ? record.data : record) as Record<
    string,
    unknown
  >;
  const id = data.id;
  return typeof id === 'number' || (typeof id === 'string' && /^\w{1,40}$/.test(id)) ? String(id) : null;
}

/**
 * Flutterwave's webhook: the secret hash checked in constant time, then the transaction verified
 * through the API (the body is never trusted), then applied once, only to an attempt opened with it.
 */
export async function handleWebhook(
  deps: PaymentDeps,
  hash: string | undefined,
  body: unknown,
): Promise<{ handled: boolean }> {
  if (!deps.webhookHash || !hash || !sameSecret(hash, deps.webhookHash))
    throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature');
  const id = webhookTransactionId(body);
  if (!id) return { handled: false };
  let reporter: string;
  let tx: ProviderTransaction;
  try {
    const provider = flutterwaveOrSandbox(deps.providers, deps.db);
    reporter = provider.name;
    tx = await provider.verifyById(id);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'not_found') return { handled: false };
    providerFailure(error);
  }
  // Only an attempt opened with this provider is its to pay: money it took under the reference of
  // another provider's attempt (a Paystack one) never pays that attempt, nor is booked as its payment.
  const [attempt] = await deps.db
    .select({ provider: paymentTransactions.provider })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.txRef, tx.txRef), isNull(paymentTransactions.attemptId)));
  if (attempt?.provider !== reporter) return { handled: false };
  try {
    await applyProviderTransaction(deps, tx);
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return { handled: false };
    throw error;
  }
  return { handled: true };
}

/** The shopper reports the reference of their bank transfer; the shop checks its account and confirms. */
export async function submitBankReference(
  deps: PaymentDeps,
  number: string,
  raw: { reference?: unknown },
  viewer: OrderViewer,
): Promise<OrderView> {
  const order = await orderFor(deps.db, number, viewer);
  if (order.paymentMethod !== 'bank-transfer')
    throw new AppError('CONFLICT', 'This order is not paid by bank transfer.');
  const given = typeof raw.reference === 'string' ? raw.reference : '';
  if (!given.trim())
    throw new AppError('BAD_REQUEST', checkoutMessages.bankReferenceRequired, {
      reference: checkoutMessages.bankReferenceRequired,
    });
  const reference = normalizeBankReference(given);
  if (!reference)
    throw new AppError('BAD_REQUEST', checkoutMessages.bankReferenceFormat, {
      reference: checkoutMessages.bankReferenceFormat,
    });
  if (isPaidStatus(order.paymentStatus)) return toOrderView(deps.db, order);
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ customerBankReference: reference, updatedAt: now })
      .where(eq(orders.id, order.id));
    await tx.insert(orderEvents).values({
      orderId: order.id,
      status: order.status,
      note: `Transfer reference ${reference} received; we will confirm your payment once it reaches our account.`,
      createdAt: now,
    });
  });
  const fresh = await findOrderByNumber(deps.db, order.number);
  return toOrderView(deps.db, fresh ?? order);
}

/**
 * An admin confirms that a bank transfer arrived: the order becomes paid exactly once, with who and
 * when recorded, and the shopper is told. Transfers kept for review (short, or late) become the
 * payment: the books keep what each brought, and the shortfall the admin accepted with their name.
 * Money the TEST MODE sandbox made up keeps the order a test order, whoever confirms it.
 */
export async function confirmBankTransfer(
  deps: PaymentDeps,
  number: string,
  admin: AuditActor & { id: string },
): Promise<{ order: OrderView; changed: boolean }> {
  const order = await findOrderByNumber(deps.db, number);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.paymentMethod !== 'bank-transfer')
    throw new AppError('CONFLICT', 'This order is not paid by bank transfer.');
  if (order.status === 'cancelled')
    throw new AppError(
      'CONFLICT',
      'This order was cancelled and its items released; place it again for the customer.',
    );
  const now = new Date();
  const changed = await deps.db.transaction(async (tx) => {
    // Under the order's lock, so a transfer reported meanwhile is either held here or pays the order itself.
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked) return false;
    const held = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.status, 'review')))
      .orderBy(asc(paymentTransactions.id));
    const testMoney = held.some((row) => row.testMoney);
    if (!(await payOrder(tx, locked, testMoney ? 'test-transfer' : 'bank-transfer', now))) return false;
    await signLatestEvent(tx, order.id, admin);
    const receivedKobo = held.reduce((sum, row) => sum + (row.receivedKobo ?? row.amountKobo), 0);
    const shortfallKobo = Math.max(0, order.totalKobo - receivedKobo);
    const overpaidKobo = Math.max(0, receivedKobo - order.totalKobo);
    for (const [index, row] of held.entries()) {
      // The last transfer carries the decision: what was accepted short, or overpaid and owed back.
      const last = index === held.length - 1;
      const decision = !last
        ? 'Accepted by the shop.'
        : shortfallKobo > 0
          ? `Accepted by ${admin.email}: ${formatNaira(receivedKobo)} received, shortfall of ${formatNaira(shortfallKobo)} accepted.`
          : overpaidKobo > 0
            ? `Accepted by ${admin.email}. Overpaid by ${formatNaira(overpaidKobo)}: refund the difference.`
            : `Accepted by ${admin.email}.`;
      await tx
        .update(paymentTransactions)
        .set({
          status: 'successful',
          verified: true,
          verifiedAt: now,
          verifiedBy: admin.id,
          shortfallKobo: last ? shortfallKobo : 0,
          refundDueKobo: last && overpaidKobo > 0 ? overpaidKobo : null,
          refundDueAt: last && overpaidKobo > 0 ? now : null,
          message: `${row.message} ${decision}`.trim(),
          updatedAt: now,
        })
        .where(and(eq(paymentTransactions.id, row.id), eq(paymentTransactions.status, 'review')));
    }
    if (held.length === 0)
      await tx.insert(paymentTransactions).values({
        orderId: order.id,
        provider: 'bank-transfer',
        txRef: order.bankReference ?? `${order.number}-transfer`,
        providerTransactionId: order.customerBankReference,
        amountKobo: order.totalKobo,
        currency: 'NGN',
        status: 'successful',
        paymentType: 'bank_transfer',
        customerName: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
        customerEmail: order.email,
        verified: true,
        verifiedAt: now,
        verifiedBy: admin.id,
        message: 'Bank transfer confirmed by the shop',
      });
    const amount = held.length > 0 ? receivedKobo : order.totalKobo;
    await recordAdminAction(tx, admin, {
      action: 'payment.confirm-transfer',
      entityType: 'order',
      entityId: order.number,
      summary: `${order.number}: bank transfer of ${formatNaira(amount)} confirmed${
        shortfallKobo > 0 && held.length > 0 ? `, shortfall of ${formatNaira(shortfallKobo)} accepted` : ''
      }${testMoney ? ' (TEST MODE money: a test order)' : ''} (reference ${order.customerBankReference ?? 'not given'})`,
      before: { status: order.status, paymentStatus: order.paymentStatus },
      after: {
        status: 'processing',
        paymentStatus: 'paid',
        ...(held.length > 0 ? { receivedKobo, shortfallKobo } : {}),
        ...(testMoney ? { isTest: true } : {}),
      },
    });
    return true;
  });
  const fresh = await findOrderByNumber(deps.db, order.number);
  const view = await toOrderView(deps.db, fresh ?? order);
  if (changed) {
    deps.onPaid?.({ provider: view.isTest ? 'sandbox' : 'bank-transfer' });
    await notifyPaid(deps, view);
  }
  return { order: view, changed };
}
