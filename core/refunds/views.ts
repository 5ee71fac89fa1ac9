/* What staff read of refunds: one, an order's, and the Payments tab's list with its filters. */
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { orderLines, orders } from '../../db/schema/orders';
import {
  refundLines,
  refunds,
  refundStatuses,
  type RefundBankDetails,
  type RefundProvider,
  type RefundPurpose,
  type RefundStatus,
} from '../../db/schema/payments';
import { orderReturns } from '../../db/schema/returns';
import { AppError } from '../errors';
import { findOrderByNumber } from '../orders/read-orders';
import { containsPattern } from '../search-pattern';
import { badRequest, refundableOf, type Refundable, type RefundRow } from './plan';

/** A refund as staff read it (the shopper reads hers through the order, core/orders/order-view.ts). */
export interface RefundView {
  id: number;
  orderNumber: string;
  purpose: RefundPurpose;
  provider: RefundProvider;
  /** TEST MODE money: nothing moved. */
  isTest: boolean;
  amountKobo: number;
  shippingKobo: number;
  status: RefundStatus;
  reason: string;
  /** Its units go back on sale when it completes; a failed refund puts none back. */
  restock: boolean;
  lines: {
    orderLineId: number;
    name: string;
    size: string | null;
    color: string | null;
    quantity: number;
    amountKobo: number;
  }[];
  providerReference: string | null;
  failureReason: string | null;
  bankDetails: RefundBankDetails | null;
  /** The staff member who made it (e-mail, kept as it was then). */
  createdBy: string;
  /** Their name now, when their account is still there; the screens fall back to the e-mail. */
  createdByName: string | null;
  returnNumber: string | null;
  createdAt: string;
  completedAt: string | null;
}

const viewColumns = {
  refund: refunds,
  orderNumber: orders.number,
  orderIsTest: orders.isTest,
  returnNumber: orderReturns.number,
  createdByName: users.name,
};

async function toViews(
  db: DbOrTx,
  rows: {
    refund: RefundRow;
    orderNumber: string;
    orderIsTest: boolean;
    returnNumber: string | null;
    createdByName: string | null;
  }[],
): Promise<RefundView[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      refundId: refundLines.refundId,
      orderLineId: refundLines.orderLineId,
      quantity: refundLines.quantity,
      amountKobo: refundLines.amountKobo,
      name: orderLines.name,
      size: orderLines.size,
      color: orderLines.color,
    })
    .from(refundLines)
    .innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
    .where(
      inArray(
        refundLines.refundId,
        rows.map((row) => row.refund.id),
      ),
    )
    .orderBy(asc(refundLines.id));
  return rows.map(({ refund, orderNumber, orderIsTest, returnNumber, createdByName }) => ({
    id: refund.id,
    orderNumber,
    purpose: refund.purpose,
    provider: refund.provider,
    // The money it gives back was never real: the sandbox's, or taken with a provider's test keys.
    isTest: orderIsTest,
    amountKobo: refund.amountKobo,
    shippingKobo: refund.shippingKobo,
    status: refund.status,
    reason: refund.reason,
    restock: refund.restock,
    lines: lines
      .filter((line) => line.refundId === refund.id)
      .map(({ refundId: _refundId, ...line }) => line),
    providerReference: refund.providerReference,
    failureReason: refund.failureReason,
    bankDetails: refund.bankDetails ?? null,
    createdBy: refund.createdByEmail,
    createdByName: createdByName || null,
    returnNumber,
    createdAt: refund.createdAt.toISOString(),
    completedAt: refund.completedAt?.toISOString() ?? null,
  }));
}

function viewQuery(db: DbOrTx) {
  return db
    .select(viewColumns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(orderReturns, eq(orderReturns.id, refunds.returnId))
    .leftJoin(users, eq(users.id, refunds.createdBy));
}

export async function refundViewById(db: DbOrTx, refundId: number): Promise<RefundView | null> {
  const rows = await viewQuery(db).where(eq(refunds.id, refundId));
  return (await toViews(db, rows))[0] ?? null;
}

/** An order's refunds, oldest first. */
export async function refundsOfOrder(db: DbOrTx, orderNumber: string): Promise<RefundView[]> {
  const rows = await viewQuery(db)
    .where(eq(orders.number, orderNumber.trim().toUpperCase()))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  return toViews(db, rows);
}

export interface RefundFilter {
  q?: string | undefined;
  status?: string | undefined;
  /** ISO dates (days). */
  from?: string | undefined;
  to?: string | undefined;
}

const DAY_MS = 86_400_000;

function parseDay(value: string | undefined, field: string): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) badRequest(field, 'Not a date');
  return date;
}

/** Every refund for the Payments tab and its export, newest first: by order, staff, reference or reason. */
export async function listRefunds(db: DbOrTx, filter: RefundFilter = {}): Promise<RefundView[]> {
  const conditions: (SQL | undefined)[] = [];
  const from = parseDay(filter.from, 'from');
  const to = parseDay(filter.to, 'to');
  if (from) conditions.push(gte(refunds.createdAt, from));
  if (to) conditions.push(lte(refunds.createdAt, new Date(to.getTime() + DAY_MS - 1)));
  if (filter.status && (refundStatuses as readonly string[]).includes(filter.status))
    conditions.push(eq(refunds.status, filter.status as RefundStatus));
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(orders.number, pattern),
        ilike(orders.email, pattern),
        ilike(refunds.createdByEmail, pattern),
        ilike(users.name, pattern),
        ilike(refunds.providerReference, pattern),
        ilike(refunds.reason, pattern),
      ),
    );
  }
  const rows = await viewQuery(db)
    .where(and(...conditions))
    .orderBy(desc(refunds.createdAt), desc(refunds.id))
    .limit(500);
  return toViews(db, rows);
}

/** What remains to give back on an order, and through what. */
export async function refundableFor(db: DbOrTx, orderNumber: string): Promise<Refundable> {
  const order = await findOrderByNumber(db, orderNumber);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return refundableOf(db, order);
}
