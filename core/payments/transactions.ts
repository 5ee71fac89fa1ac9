import { and, asc, desc, eq, gt, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { paymentTransactions, transactionStatuses, type TransactionStatus } from '../../db/schema/payments';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { containsPattern } from '../search-pattern';
import { formatNaira } from '../../contracts/money';
import { AppError } from '../errors';
import { applyProviderTransaction, type PaymentDeps } from './payments';
import { ProviderError } from './provider';
import { providerNamed } from './providers';

export interface TransactionView {
  id: number;
  txRef: string;
  orderNumber: string;
  provider: string;
  /** Made in TEST MODE (the shop's own sandbox): no money moved. */
  isTest: boolean;
  providerTransactionId: string | null;
  /** What was asked (an attempt), or what arrived (a further transfer into the same account). */
  amountKobo: number;
  /** What the provider reports arrived, once it reports it. */
  receivedKobo: number | null;
  /** What the shop accepted without receiving it when staff confirmed a short transfer. */
  shortfallKobo: number | null;
  /** What the shop owes back of this transaction (all of it, or what was overpaid). */
  refundDueKobo: number | null;
  /** The administrator who accepted a transfer kept for review. */
  acceptedBy: string | null;
  currency: string;
  status: TransactionStatus;
  paymentType: string | null;
  customer: { name: string; email: string };
  verified: boolean;
  verifiedAt: string | null;
  message: string;
  createdAt: string;
}

/**
 * The Payments tab's status filter (the list, its export and the API): a status, where 'refund_due'
 * also finds what was overpaid, the payment itself being successful.
 */
export function isTransactionFilterStatus(value: string): value is TransactionStatus {
  return (transactionStatuses as readonly string[]).includes(value);
}

export interface TransactionFilter {
  q?: string | undefined;
  status?: string | undefined;
  /** ISO dates; the last 30 days when neither is given. */
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;

function parseDate(value: string | undefined, field: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new AppError('BAD_REQUEST', `${field}: not a date`, { [field]: 'Not a date' });
  return date;
}

/** Payment attempts for the admin's Payments tab: search by id, reference, customer name or e-mail. */
/**
 * The Payments tab's filter (the list and its export): the chosen days, the last 30 unless dates are
 * given; one status; id, reference, provider id, customer or order number containing `q`. Joins orders.
 */
export function transactionConditions(filter: TransactionFilter, now = new Date()): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const to = parseDate(filter.to, 'to');
  const from = parseDate(filter.from, 'from') ?? (to ? undefined : new Date(now.getTime() - 30 * DAY_MS));
  if (from) conditions.push(gte(paymentTransactions.createdAt, from));
  if (to) conditions.push(lte(paymentTransactions.createdAt, new Date(to.getTime() + DAY_MS - 1)));
  if (filter.status === 'refund_due') conditions.push(gt(paymentTransactions.refundDueKobo, 0));
  else if (filter.status && isTransactionFilterStatus(filter.status))
    conditions.push(eq(paymentTransactions.status, filter.status));
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(paymentTransactions.txRef, pattern),
        ilike(paymentTransactions.providerTransactionId, pattern),
        ilike(paymentTransactions.customerName, pattern),
        ilike(paymentTransactions.customerEmail, pattern),
        ilike(orders.number, pattern),
        // An id only when it fits the column: a longer number is searched as text alone.
        ...(/^\d{1,9}$/.test(q) ? [eq(paymentTransactions.id, Number(q))] : []),
      ),
    );
  }
  return and(...conditions);
}

export async function listTransactions(
  db: DbOrTx,
  filter: TransactionFilter = {},
  now = new Date(),
): Promise<TransactionView[]> {
  const rows = await db
    .select({ transaction: paymentTransactions, orderNumber: orders.number, verifiedBy: users.email })
    .from(paymentTransactions)
    .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
    .leftJoin(users, eq(users.id, paymentTransactions.verifiedBy))
    .where(transactionConditions(filter, now))
    .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
    .limit(500);
  return rows.map(({ transaction: row, orderNumber, verifiedBy }) => ({
    id: row.id,
    txRef: row.txRef,
    orderNumber,
    provider: row.provider,
    isTest: row.testMoney,
    providerTransactionId: row.providerTransactionId,
    amountKobo: row.amountKobo,
    receivedKobo: row.receivedKobo,
    shortfallKobo: row.shortfallKobo,
    refundDueKobo: row.refundDueKobo,
    acceptedBy: row.shortfallKobo === null ? null : verifiedBy,
    currency: row.currency,
    status: row.status,
    paymentType: row.paymentType,
    customer: { name: row.customerName, email: row.customerEmail },
    verified: row.verified,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * An admin asks the provider again about a card payment: 'Transaction {id} has been verified
 * successfully.' or 'Failed to verify transaction: {message}'.
 */
export async function reverifyTransaction(
  deps: PaymentDeps,
  id: number,
  admin: AuditActor & { id: string },
): Promise<string> {
  const [row] = await deps.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Transaction not found');
  if (row.provider === 'bank-transfer')
    throw new AppError(
      'CONFLICT',
      'Failed to verify transaction: bank transfers are confirmed from the order.',
    );
  if (row.status === 'successful' && row.verified) return `Transaction ${id} has been verified successfully.`;
  if (row.status === 'refund_due')
    return `Transaction ${id} has been verified: ${formatNaira(row.refundDueKobo ?? 0)} of it is owed back to the shopper.`;
  try {
    const provider = providerNamed(deps.providers, deps.db, row.provider);
    const tx = row.providerTransactionId
      ? await provider.verifyById(row.providerTransactionId)
      : await provider.verifyByReference(row.txRef);
    const outcome = await applyProviderTransaction(deps, tx, admin.id);
    await recordAdminAction(deps.db, admin, {
      action: 'payment.verify',
      entityType: 'transaction',
      entityId: id,
      summary: `Transaction ${id} (${row.txRef}) re-verified with the provider: ${outcome.paid ? 'successful' : outcome.message}`,
      before: { status: row.status, verified: row.verified },
      after: { status: tx.status, paid: outcome.paid },
    });
    if (!outcome.paid)
      throw new AppError(
        'UNPROCESSABLE',
        `Failed to verify transaction: ${outcome.message.replace(/^Payment failed: /, '')}`,
      );
  } catch (error) {
    if (error instanceof ProviderError)
      throw new AppError(
        error.kind === 'unreachable' ? 'UNAVAILABLE' : 'UNPROCESSABLE',
        `Failed to verify transaction: ${error.message}`,
      );
    throw error;
  }
  return `Transaction ${id} has been verified successfully.`;
}

export interface TransferUnderReview {
  id: number;
  txRef: string;
  receivedKobo: number | null;
  /** What arrived and what to do: "Received ₦X of ₦Y: ask the shopper for the rest, or refund it." */
  message: string;
  at: string;
}

/** The order's transfers that arrived short or late and wait for the shop's decision, oldest first. */
export async function transfersUnderReview(db: DbOrTx, orderNumber: string): Promise<TransferUnderReview[]> {
  const rows = await db
    .select({
      id: paymentTransactions.id,
      txRef: paymentTransactions.txRef,
      receivedKobo: paymentTransactions.receivedKobo,
      message: paymentTransactions.message,
      at: paymentTransactions.updatedAt,
    })
    .from(paymentTransactions)
    .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
    .where(and(eq(orders.number, orderNumber), eq(paymentTransactions.status, 'review')))
    .orderBy(asc(paymentTransactions.id));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/** Money of an order the shop owes back: the record a refund settles. */
export interface MoneyToRefund {
  id: number;
  txRef: string;
  /** The provider's id of the transfer or payment (what a refund through the provider names). */
  providerTransactionId: string | null;
  refundDueKobo: number;
  receivedKobo: number | null;
  /** Why: "₦X arrived after ORD-… was paid: refund it to the shopper.", "Overpaid by ₦500: …" */
  message: string;
  /** When it became owed. */
  at: string;
  /** Money that never moved (the sandbox's, or a provider's test keys'): nothing to give back for real. */
  isTest: boolean;
  /** The TEST MODE sandbox plays the provider: staff may choose how its refund ends. */
  simulated: boolean;
}

/** What the shop owes back for this order (transfers after it was paid or cancelled, overpayments), oldest first. */
export async function moneyToRefund(db: DbOrTx, orderNumber: string): Promise<MoneyToRefund[]> {
  const rows = await db
    .select({ transaction: paymentTransactions })
    .from(paymentTransactions)
    .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
    .where(and(eq(orders.number, orderNumber), gt(paymentTransactions.refundDueKobo, 0)))
    .orderBy(asc(paymentTransactions.id));
  return rows.map(({ transaction: row }) => ({
    id: row.id,
    txRef: row.txRef,
    providerTransactionId: row.providerTransactionId,
    refundDueKobo: row.refundDueKobo ?? 0,
    receivedKobo: row.receivedKobo,
    message: row.message,
    at: (row.refundDueAt ?? row.updatedAt).toISOString(),
    isTest: row.testMoney,
    simulated: row.provider === 'sandbox',
  }));
}
