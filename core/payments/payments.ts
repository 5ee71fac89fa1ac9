import { randomBytes, timingSafeEqual, createHash } from 'node:crypto';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { checkoutMessages, normalizeBankReference } from '../../contracts/checkout-texts';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions } from '../../db/schema/payments';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { cancelOrder, holdForReview, mailShopper, PAID_MAIL_NOTE, payOrder } from '../orders/lifecycle';
import { transferReviewAlertMail } from '../orders/order-mail';
import { toOrderView, type OrderRow, type OrderView } from '../orders/order-view';
import { canView, findOrderByNumber, type OrderViewer } from '../orders/read-orders';
import { getShopSettings } from '../settings/shop-settings';
import { ProviderError, type PaymentProvider, type ProviderTransaction } from './provider';

export interface PaymentDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  provider: PaymentProvider;
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
  txRef: string;
  /** Naira, as the inline checkout wants it. */
  amount: number;
  currency: 'NGN';
  publicKey: string;
  scriptUrl: string;
  mode: 'live' | 'sandbox';
  /** 'card' alone for the card-only checkout. */
  paymentOptions: string;
  customer: { email: string; name: string; phone_number: string };
}

/**
 * Opens a payment attempt for an unpaid card order: a new tx_ref bound to the order and its total,
 * which the browser hands to the provider's checkout. Each retry gets its own reference.
 */
export async function startPayment(
  deps: PaymentDeps,
  number: string,
  viewer: OrderViewer,
): Promise<PaymentStart> {
  const order = await orderFor(deps.db, number, viewer);
  if (order.paymentMethod === 'bank-transfer')
    throw new AppError('BAD_REQUEST', 'This order is paid by bank transfer.');
  if (order.paymentStatus === 'paid') throw new AppError('CONFLICT', 'This order is already paid.');
  if (order.status !== 'awaiting_payment')
    throw new AppError('CONFLICT', 'This order can no longer be paid. Please place a new order.');
  const name = `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim();
  const txRef = `${order.number}-${randomBytes(5).toString('hex')}`;
  await deps.db.insert(paymentTransactions).values({
    orderId: order.id,
    provider: deps.provider.mode === 'live' ? 'flutterwave' : 'sandbox',
    txRef,
    amountKobo: order.totalKobo,
    currency: 'NGN',
    customerName: name,
    customerEmail: order.email,
  });
  return {
    orderNumber: order.number,
    txRef,
    amount: order.totalKobo / 100,
    currency: 'NGN',
    publicKey: deps.provider.publicKey,
    scriptUrl: deps.provider.scriptUrl,
    mode: deps.provider.mode,
    paymentOptions: order.paymentMethod === 'credit-card' ? 'card' : 'card, banktransfer, ussd',
    customer: { email: order.email, name, phone_number: order.phone },
  };
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
  if (order.status !== 'awaiting_payment' || order.paymentStatus === 'paid')
    return { cancelled: false, order: await current() };
  if (order.paymentMethod === 'bank-transfer' && order.customerBankReference)
    throw new AppError(
      'CONFLICT',
      'You reported a bank transfer for this order: we will check it. Contact us to cancel it.',
    );
  if (order.paymentMethod === 'bank-transfer' && order.stockHeldUntil === null)
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
        tx = await deps.provider.verifyByReference(attempt.txRef);
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
export const PAID_AFTER_CANCEL =
  'Paid after the order was cancelled and its stock released: refund the shopper or restore the order.';

export interface PaymentOutcome {
  paid: boolean;
  order: OrderView;
  message: string;
}

/** What a provider's report of a transaction means for its order. */
type Verdict =
  | { kind: 'failed'; problem: string }
  /** Money arrived, but not as asked: the shop decides (confirm the order, or refund). */
  | { kind: 'review'; message: string }
  | { kind: 'paid'; message: string };

function verdictOn(tx: ProviderTransaction, attempt: TransactionRow, order: OrderRow): Verdict {
  // Only the verify answer's 'successful' gives value ('completed' is a checkout-callback hint).
  if (tx.status !== 'successful')
    return { kind: 'failed', problem: tx.message || `the payment is ${tx.status || 'not complete'}` };
  if (tx.txRef !== attempt.txRef)
    return { kind: 'failed', problem: 'the payment reference does not match this order' };
  if (tx.currency !== 'NGN')
    return {
      kind: 'failed',
      problem: `the payment was made in ${tx.currency || 'another currency'}, not NGN`,
    };
  const received = nairaToKobo(tx.amount);
  const account = attempt.transferAccount;
  if (account) {
    // A transfer is money in the shop's hands whatever its amount or time: never refused, never lost.
    const arrived = tx.createdAt ? Date.parse(tx.createdAt) : Number.NaN;
    if (Number.isFinite(arrived) && arrived > Date.parse(account.expiresAt))
      return {
        kind: 'review',
        message: `${formatNaira(received)} arrived after the transfer account expired: confirm the order or refund the shopper.`,
      };
    if (received < order.totalKobo)
      return {
        kind: 'review',
        message: `Received ${formatNaira(received)} of ${formatNaira(order.totalKobo)}: ask the shopper for the rest, or refund it.`,
      };
  } else if (received < order.totalKobo)
    return { kind: 'failed', problem: 'the amount paid is less than the order total' };
  if (order.status === 'cancelled') return { kind: 'paid', message: PAID_AFTER_CANCEL };
  if (received > order.totalKobo)
    return {
      kind: 'paid',
      message: `Overpaid by ${formatNaira(received - order.totalKobo)}: refund the difference.`,
    };
  return { kind: 'paid', message: tx.message };
}

/**
 * Records what the provider says of a transaction, once, and marks the order paid when the payment
 * is successful, ours, in NGN and at least the total. A bank transfer that arrived short or after
 * its account expired is kept for the shop's decision, and the order keeps its items meanwhile.
 * Safe to call any number of times, from the browser's callback and the webhook alike, in any order.
 */
export async function applyProviderTransaction(
  deps: PaymentDeps,
  tx: ProviderTransaction,
  by?: string,
): Promise<PaymentOutcome> {
  const [attempt] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.txRef, tx.txRef));
  if (!attempt) throw new AppError('NOT_FOUND', 'This payment does not belong to an order of this shop.');
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, attempt.orderId));
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  const verdict = verdictOn(tx, attempt, order);
  const now = new Date();

  // This report's effect, made once: the order paid, a transfer put up for review, or nothing new.
  const effect = await deps.db.transaction(async (tx2): Promise<'paid' | 'review' | null> => {
    // The attempt learns its provider transaction once; a second report of the same one changes nothing.
    const recorded = await tx2
      .update(paymentTransactions)
      .set({
        providerTransactionId: tx.id,
        flwRef: tx.flwRef,
        status: verdict.kind === 'paid' ? 'successful' : verdict.kind,
        paymentType: tx.paymentType,
        verified: verdict.kind === 'paid',
        verifiedAt: verdict.kind === 'paid' ? now : null,
        verifiedBy: by ?? null,
        message: verdict.kind === 'failed' ? verdict.problem : verdict.message,
        receivedKobo: tx.status === 'successful' ? nairaToKobo(tx.amount) : null,
        updatedAt: now,
      })
      .where(
        and(
          eq(paymentTransactions.id, attempt.id),
          notInArray(paymentTransactions.status, ['successful', 'review']),
        ),
      )
      .returning({ id: paymentTransactions.id });
    if (verdict.kind === 'failed' || recorded.length === 0) return null;
    if (verdict.kind === 'review') {
      await holdForReview(tx2, order, now);
      return 'review';
    }
    const paid = await payOrder(tx2, order, attempt.provider === 'sandbox' ? 'sandbox' : 'provider', now);
    return paid === null ? null : 'paid';
  });

  const fresh = await findOrderByNumber(deps.db, order.number);
  const view = await toOrderView(deps.db, fresh ?? order);
  if (effect === 'paid') {
    deps.onPaid?.({ provider: attempt.provider });
    await notifyPaid(deps, view);
  }
  if (effect === 'review')
    await alertShopToReview(deps, view, verdict.kind === 'review' ? verdict.message : '');
  const paid = view.paymentStatus === 'paid';
  if (verdict.kind === 'failed') return { paid, order: view, message: `Payment failed: ${verdict.problem}` };
  if (verdict.kind === 'review') return { paid, order: view, message: verdict.message };
  return { paid, order: view, message: 'Payment verified.' };
}

/** Tells the shop, once, that a transfer needs its decision (when its owner asked for e-mail alerts). */
async function alertShopToReview(deps: PaymentDeps, view: OrderView, message: string) {
  const alert = transferReviewAlertMail(deps.publicUrl, view, message, await getShopSettings(deps.db));
  if (alert) await deps.mailer.send(alert).catch((error: unknown) => deps.onMailError?.(error));
}

function notifyPaid(deps: PaymentDeps, view: OrderView) {
  return mailShopper(deps, [view], PAID_MAIL_NOTE);
}

function providerFailure(error: unknown): never {
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
    tx = input.transactionId
      ? await deps.provider.verifyById(input.transactionId)
      : await deps.provider.verifyByReference(input.txRef);
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
 * through the API (the body is never trusted), then applied once.
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
  let tx: ProviderTransaction;
  try {
    tx = await deps.provider.verifyById(id);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'not_found') return { handled: false };
    providerFailure(error);
  }
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
    throw new AppError('BAD_REQUEST', 'This order is not paid by bank transfer.');
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
  if (order.paymentStatus === 'paid') return toOrderView(deps.db, order);
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
 * when recorded, and the shopper is told.
 */
export async function confirmBankTransfer(
  deps: PaymentDeps,
  number: string,
  admin: AuditActor & { id: string },
): Promise<{ order: OrderView; changed: boolean }> {
  const order = await findOrderByNumber(deps.db, number);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.paymentMethod !== 'bank-transfer')
    throw new AppError('BAD_REQUEST', 'This order is not paid by bank transfer.');
  if (order.status === 'cancelled')
    throw new AppError(
      'CONFLICT',
      'This order was cancelled and its items released; place it again for the customer.',
    );
  const now = new Date();
  const changed = await deps.db.transaction(async (tx) => {
    if (!(await payOrder(tx, order, 'bank-transfer', now))) return false;
    // A transfer kept for review (short, or late) is the money the shop now accepts.
    const accepted = await tx
      .update(paymentTransactions)
      .set({
        status: 'successful',
        verified: true,
        verifiedAt: now,
        verifiedBy: admin.id,
        message: sql`${paymentTransactions.message} || ' Accepted by the shop.'`,
        updatedAt: now,
      })
      .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.status, 'review')))
      .returning({ id: paymentTransactions.id });
    if (accepted.length === 0)
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
    await recordAdminAction(tx, admin, {
      action: 'payment.confirm-transfer',
      entityType: 'order',
      entityId: order.number,
      summary: `${order.number}: bank transfer of ${formatNaira(order.totalKobo)} confirmed (reference ${order.customerBankReference ?? 'not given'})`,
      before: { status: order.status, paymentStatus: order.paymentStatus },
      after: { status: 'processing', paymentStatus: 'paid' },
    });
    return true;
  });
  const fresh = await findOrderByNumber(deps.db, order.number);
  const view = await toOrderView(deps.db, fresh ?? order);
  if (changed) {
    deps.onPaid?.({ provider: 'bank-transfer' });
    await notifyPaid(deps, view);
  }
  return { order: view, changed };
}
