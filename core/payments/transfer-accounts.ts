import { randomBytes } from 'node:crypto';
import { formatNaira, koboToNaira } from '../../contracts/money';
import { isPaidStatus } from '../../contracts/returns';
import { and, desc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { paymentTransactions, type TransferAccount } from '../../db/schema/payments';
import { AppError } from '../errors';
import type { OrderRow } from '../orders/order-view';
import { canView, findOrderByNumber, type OrderViewer } from '../orders/read-orders';
import { applyProviderTransaction, type PaymentDeps, type TransactionRow } from './payments';
import { ProviderError, type ProviderName, type ProviderTransaction } from './provider';
import { isTestMode, providerNamed, transferProviderOf } from './providers';

/**
 * Where a bank-transfer order's money goes: with the setting on (the default), an account the
 * payment provider opens for this order alone and its exact total (Flutterwave's NGN bank-transfer
 * charge, or the TEST MODE sandbox's), whose payment confirms itself by webhook or by asking the
 * provider; with it off, the shop's own account and the order's RC reference, confirmed by hand.
 */

/** The account as the shopper sees it, with where the payment stands. */
export interface TransferAccountView extends TransferAccount {
  txRef: string;
  /**
   * waiting: open, nothing arrived yet; expired: closed with nothing received (a new one can be
   * opened); review: money arrived short or late and the shop is checking it; paid: done.
   */
  state: 'waiting' | 'expired' | 'review' | 'paid';
  /**
   * What arrived so far for the order and waits for the shop (a short or late transfer), in kobo;
   * null when nothing did. Short of the total, the shopper may send the rest (to the same account
   * while it is open, else to a new one opened for the rest) and the order confirms itself.
   */
  receivedKobo: number | null;
  /** TEST MODE: the sandbox plays the bank, and the page offers to simulate the transfer. */
  testMode: boolean;
}

/** How often, at most, a waiting page's poll asks the provider itself (the webhook is the fast path). */
export const PROVIDER_CHECK_INTERVAL_MS = 15_000;

async function transferOrder(deps: PaymentDeps, number: string, viewer: OrderViewer): Promise<OrderRow> {
  const order = await findOrderByNumber(deps.db, number);
  if (!order || !canView(order, viewer)) throw new AppError('NOT_FOUND', 'Order not found');
  if (order.paymentMethod !== 'bank-transfer')
    throw new AppError('CONFLICT', 'This order is not paid by bank transfer.');
  return order;
}

async function latestAttempt(deps: PaymentDeps, orderId: number): Promise<TransactionRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.orderId, orderId),
        isNotNull(paymentTransactions.transferAccount),
        isNull(paymentTransactions.attemptId),
      ),
    )
    .orderBy(desc(paymentTransactions.id))
    .limit(1);
  return row;
}

/** What arrived for the order and waits for the shop's decision, in kobo; null when nothing did. */
async function receivedUnderReview(deps: PaymentDeps, orderId: number): Promise<number | null> {
  const held = await deps.db
    .select({ receivedKobo: paymentTransactions.receivedKobo })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'review')));
  return held.length === 0 ? null : held.reduce((sum, row) => sum + (row.receivedKobo ?? 0), 0);
}

/**
 * Whether the order needs a new account: its last one closed while the order still waits for
 * money: nothing arrived, or a short transfer left part of the total due (the new account is for
 * the rest). A transfer under review that covers the total (a late one) waits for the shop instead.
 */
function needsNewAccount(order: OrderRow, view: TransferAccountView, now: Date): boolean {
  if (order.status !== 'awaiting_payment' || isPaidStatus(order.paymentStatus)) return false;
  if (view.state === 'expired') return true;
  const closed = Date.parse(view.expiresAt) <= now.getTime();
  return view.state === 'review' && closed && (view.receivedKobo ?? 0) < order.totalKobo;
}

async function viewOf(
  deps: PaymentDeps,
  order: OrderRow,
  attempt: TransactionRow,
  now: Date,
): Promise<TransferAccountView> {
  const account = attempt.transferAccount!;
  const state = isPaidStatus(order.paymentStatus)
    ? 'paid'
    : attempt.status === 'review'
      ? 'review'
      : Date.parse(account.expiresAt) <= now.getTime()
        ? 'expired'
        : 'waiting';
  const receivedKobo = state === 'paid' ? null : await receivedUnderReview(deps, order.id);
  return {
    ...account,
    txRef: attempt.txRef,
    state,
    receivedKobo,
    testMode: isTestMode(deps.providers),
  };
}

/**
 * Whether the order pays into an account of its own. Decided when it was placed, from the shop's
 * setting: an order placed for the shop's own account carries an RC reference instead, and keeps
 * that way of paying whatever the setting says later (its shopper was e-mailed those details).
 */
export function paysIntoOwnAccount(order: Pick<OrderRow, 'paymentMethod' | 'bankReference'>): boolean {
  return order.paymentMethod === 'bank-transfer' && order.bankReference === null;
}

/**
 * The order's transfer account: the open one, or a new one when there is none or the last has closed
 * while the order still waits for money: for the exact total, or, after a short transfer, for the
 * rest still due (what arrived stays with the order, and the rest completes it). The order's page
 * asks on every visit, so a shopper who comes back after the 60 minutes, while her items are still
 * held, finds a new account waiting. Only the order's owner or link holder may ask, and only for an
 * unpaid bank-transfer order of a shop with the setting on. A paid order shows the account it was
 * paid into. The provider's failure is `UNAVAILABLE`: the page then shows the shop's own account.
 */
export async function openTransferAccount(
  deps: PaymentDeps,
  number: string,
  viewer: OrderViewer,
  now = new Date(),
): Promise<TransferAccountView> {
  const order = await transferOrder(deps, number, viewer);
  if (!paysIntoOwnAccount(order))
    throw new AppError('CONFLICT', "This order is paid into the shop's account with its reference.");
  const last = await latestAttempt(deps, order.id);
  if (last) {
    const view = await viewOf(deps, order, last, now);
    if (!needsNewAccount(order, view, now)) return view;
  }
  if (isPaidStatus(order.paymentStatus)) throw new AppError('CONFLICT', 'This order is already paid.');
  if (order.status !== 'awaiting_payment')
    throw new AppError('CONFLICT', 'This order can no longer be paid. Please place a new order.');
  const receivedKobo = (await receivedUnderReview(deps, order.id)) ?? 0;
  const dueKobo = order.totalKobo - receivedKobo;
  if (dueKobo <= 0)
    throw new AppError('CONFLICT', 'The money for this order has arrived; the shop is checking it.');
  const provider = transferProviderOf(deps.providers, deps.db);
  if (!provider)
    throw new AppError(
      'UNAVAILABLE',
      "We could not open a transfer account just now: pay into the shop's account below.",
    );
  const txRef = `${order.number}-${randomBytes(5).toString('hex')}`;
  const fullname = `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim();
  let charge;
  try {
    charge = await provider.createTransferCharge({
      txRef,
      amount: koboToNaira(dueKobo),
      email: order.email,
      fullname,
      phoneNumber: order.phone,
    });
  } catch (error) {
    if (error instanceof ProviderError)
      throw new AppError('UNAVAILABLE', `We could not open a transfer account just now: ${error.message}`);
    throw error;
  }
  const { amount: _amount, ...account } = charge;
  const [attempt] = await deps.db
    .insert(paymentTransactions)
    .values({
      orderId: order.id,
      provider: provider.name,
      testMoney: provider.testMoney,
      txRef,
      amountKobo: dueKobo,
      currency: 'NGN',
      paymentType: 'bank_transfer',
      customerName: fullname,
      customerEmail: order.email,
      // The account takes exactly what is due (the total, or the rest), whatever the provider echoes.
      transferAccount: { ...account, amountKobo: dueKobo },
      message:
        receivedKobo > 0
          ? `Transfer account opened for the rest: ${formatNaira(dueKobo)} after ${formatNaira(receivedKobo)} arrived.`
          : 'Transfer account opened; waiting for the money.',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return await viewOf(deps, order, attempt!, now);
}

/**
 * Where the order's transfer stands, for the page's live status. The webhook usually settles it
 * first; otherwise the provider is asked by reference, at most every PROVIDER_CHECK_INTERVAL_MS per
 * account, so a shop whose webhook is not configured still confirms itself: while nothing has
 * arrived, and while a short or late transfer is under review (the rest may follow).
 */
export async function checkTransferAccount(
  deps: PaymentDeps,
  number: string,
  viewer: OrderViewer,
  now = new Date(),
): Promise<TransferAccountView | null> {
  const order = await transferOrder(deps, number, viewer);
  const attempt = await latestAttempt(deps, order.id);
  if (!attempt) return null;
  const listening = attempt.status === 'pending' || attempt.status === 'review';
  if (!isPaidStatus(order.paymentStatus) && order.status === 'awaiting_payment' && listening) {
    // Claim the check: one poll among many asks the provider.
    const [claimed] = await deps.db
      .update(paymentTransactions)
      .set({ updatedAt: now })
      .where(
        and(
          eq(paymentTransactions.id, attempt.id),
          inArray(paymentTransactions.status, ['pending', 'review']),
          lt(paymentTransactions.updatedAt, new Date(now.getTime() - PROVIDER_CHECK_INTERVAL_MS)),
        ),
      )
      .returning({ id: paymentTransactions.id });
    if (claimed && (await askProvider(deps, attempt))) {
      // The provider's answer moved the payment on: read where it stands now.
      const [fresh, freshAttempt] = await Promise.all([
        findOrderByNumber(deps.db, order.number),
        latestAttempt(deps, order.id),
      ]);
      return await viewOf(deps, fresh ?? order, freshAttempt ?? attempt, now);
    }
  }
  return await viewOf(deps, order, attempt, now);
}

/** Asks the provider about the account's transfer; true when money had arrived and was recorded. */
async function askProvider(
  deps: PaymentDeps,
  attempt: Pick<TransactionRow, 'provider' | 'txRef'>,
): Promise<boolean> {
  let tx: ProviderTransaction;
  try {
    tx = await providerNamed(deps.providers, deps.db, attempt.provider).verifyByReference(attempt.txRef);
  } catch {
    return false; // Not known yet, or the provider is away: the webhook or the next poll will tell.
  }
  // Nothing has arrived while the charge is pending; only money that arrived is recorded.
  if (tx.status !== 'successful') return false;
  await applyProviderTransaction(deps, tx);
  return true;
}

/**
 * Settles a transaction the provider reported (its webhook, or the TEST MODE bank): verified by id
 * with the provider, never taken from the report itself, then applied once.
 */
export async function settleReportedTransaction(
  deps: PaymentDeps,
  provider: ProviderName,
  transactionId: string,
) {
  const tx = await providerNamed(deps.providers, deps.db, provider).verifyById(transactionId);
  return applyProviderTransaction(deps, tx);
}
