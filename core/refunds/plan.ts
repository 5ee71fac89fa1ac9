/*
 * What may be refunded on an order, and how much (decision 0041): what the order took, what its
 * refunds hold already, what each line and the delivery charge have left, and what a payment can
 * still give back through its provider. Read under the order's lock by every writer of refunds.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isPaidStatus } from '../../contracts/returns';
import { exactKobo, formatNaira } from '../../contracts/money';
import { lineRefundKobo } from '../../contracts/refund-worth';
import type { DbOrTx } from '../../db/client';
import { orderLines } from '../../db/schema/orders';
import {
  paymentTransactions,
  refundLines,
  refunds,
  type RefundProvider,
  type RefundPurpose,
} from '../../db/schema/payments';
import type { AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import type { OrderRow } from '../orders/order-view';

export type RefundRow = typeof refunds.$inferSelect;
/** Who makes or moves a refund: a staff member, or the shop itself (no id). */
export type RefundActor = AuditActor & { id: string | null };

/** What is left to give back on an order, under its lock. */
export interface Refundable {
  /** What the order took: the money received for it, less what the shop owes back beyond it. */
  receivedKobo: number;
  /** Completed and pending refunds of purpose 'order'. */
  refundedKobo: number;
  remainingKobo: number;
  /** Delivery charge not yet refunded. */
  shippingRemainingKobo: number;
  lines: {
    orderLineId: number;
    productId: number | null;
    name: string;
    size: string | null;
    color: string | null;
    unitPriceKobo: number;
    quantity: number;
    refundedQuantity: number;
    /** The line's share of the coupon's discount (decision 0064); null for lines placed before shares were kept. */
    discountKobo: number | null;
  }[];
  /** How it would go back: through the provider that took it, or by hand. */
  provider: RefundProvider;
}

const REASON_REQUIRED = 'Please give a reason for the refund.';

/** A refund as staff ask for it (POST /api/admin/orders/{id}/refunds); amounts in naira. */
export const refundRequestSchema = z.object({
  amount: z
    .number('Enter an amount in naira')
    .positive('The amount must be more than ₦0')
    .multipleOf(0.01, 'At most 2 decimals (whole kobo)')
    .max(100_000_000)
    .optional(),
  lines: z
    .array(
      z.object({
        orderLineId: z.number().int().positive(),
        quantity: z.number().int().positive('At least 1').max(10_000),
      }),
    )
    .min(1)
    .max(100)
    .optional(),
  includeShipping: z.boolean().optional(),
  reason: z.string(REASON_REQUIRED).trim().min(1, REASON_REQUIRED).max(300, 'At most 300 characters'),
  restock: z.boolean().optional(),
  purpose: z.enum(['order', 'owed']).optional(),
  paymentTransactionId: z.number().int().positive().optional(),
  manual: z
    .object({
      accountName: z.string('Required').trim().min(1, 'Required').max(100),
      accountNumber: z
        .string('Required')
        .trim()
        .regex(/^\d{10}$/, 'A 10-digit account number'),
      bankName: z.string('Required').trim().min(1, 'Required').max(100),
      reference: z.string('Required').trim().min(1, 'Required').max(100),
    })
    .optional(),
  testOutcome: z.enum(['completed', 'pending', 'failed']).optional(),
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

export function badRequest(field: string, message: string): never {
  throw new AppError('BAD_REQUEST', `${field}: ${message}`, { [field]: message });
}

/** A request the document allows but the refund's rules refuse (decision 0030): 422. */
export function refusedByRule(field: string, message: string): never {
  throw new AppError('UNPROCESSABLE', `${field}: ${message}`, { [field]: message });
}

/** Naira with at most two decimals, as kobo; a fraction of a kobo is refused, never rounded away. */
function amountToKobo(amount: number): number {
  const kobo = exactKobo(amount);
  if (kobo === null) badRequest('amount', 'At most 2 decimals (whole kobo)');
  if (kobo <= 0) badRequest('amount', 'The amount must be more than ₦0');
  return kobo;
}

/** The money the order took: what was received for it, up to its total (beyond that is owed back). */
export async function receivedFor(tx: DbOrTx, order: OrderRow): Promise<number> {
  const rows = await tx
    .select({
      kobo: sql<number>`coalesce(sum(coalesce(${paymentTransactions.receivedKobo}, ${paymentTransactions.amountKobo})), 0)::int`,
      n: sql<number>`count(*)::int`,
    })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, order.id), eq(paymentTransactions.status, 'successful')));
  const { kobo = 0, n = 0 } = rows[0] ?? {};
  // A paid order with no payment on the books (marked paid before payments were kept) took its total.
  if (n === 0) return isPaidStatus(order.paymentStatus) ? order.totalKobo : 0;
  return Math.min(order.totalKobo, kobo);
}

/** The payment a refund of the order's money goes back through: the provider's, else by hand. */
async function paymentOf(tx: DbOrTx, orderId: number) {
  const rows = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.orderId, orderId), eq(paymentTransactions.status, 'successful')))
    .orderBy(
      desc(sql`coalesce(${paymentTransactions.receivedKobo}, ${paymentTransactions.amountKobo})`),
      desc(paymentTransactions.id),
    );
  const throughProvider = rows.find((row) => row.provider !== 'bank-transfer' && row.providerTransactionId);
  return {
    row: throughProvider ?? rows[0] ?? null,
    provider: (throughProvider?.provider ?? 'manual') as RefundProvider,
  };
}

/**
 * Refunds that hold money: completed, pending (asked, or about to be), or waiting for the shopper's
 * bank account at the provider. Failed ones moved nothing.
 */
const holdsMoney = inArray(refunds.status, ['pending', 'completed', 'needs_attention']);

export async function refundableOf(tx: DbOrTx, order: OrderRow): Promise<Refundable> {
  const [receivedKobo, taken, lines, refundedLines, payment] = await Promise.all([
    receivedFor(tx, order),
    tx
      .select({
        kobo: sql<number>`coalesce(sum(${refunds.amountKobo}), 0)::int`,
        shipping: sql<number>`coalesce(sum(${refunds.shippingKobo}), 0)::int`,
      })
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), eq(refunds.purpose, 'order'), holdsMoney)),
    tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    tx
      .select({
        orderLineId: refundLines.orderLineId,
        quantity: sql<number>`sum(${refundLines.quantity})::int`,
      })
      .from(refundLines)
      .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
      .where(and(eq(refunds.orderId, order.id), eq(refunds.purpose, 'order'), holdsMoney))
      .groupBy(refundLines.orderLineId),
    paymentOf(tx, order.id),
  ]);
  const refundedKobo = taken[0]?.kobo ?? 0;
  const refundedShipping = taken[0]?.shipping ?? 0;
  const byLine = new Map(refundedLines.map((row) => [row.orderLineId, row.quantity]));
  return {
    receivedKobo,
    refundedKobo,
    remainingKobo: Math.max(0, receivedKobo - refundedKobo),
    shippingRemainingKobo: Math.max(0, order.shippingKobo - refundedShipping),
    lines: lines.map((line) => ({
      orderLineId: line.id,
      productId: line.productId,
      name: line.name,
      size: line.size,
      color: line.color,
      unitPriceKobo: line.unitPriceKobo,
      quantity: line.quantity,
      refundedQuantity: byLine.get(line.id) ?? 0,
      discountKobo: line.discountKobo,
    })),
    provider: payment.provider,
  };
}

export interface Planned {
  purpose: RefundPurpose;
  amountKobo: number;
  shippingKobo: number;
  lines: { orderLineId: number; quantity: number; amountKobo: number }[];
  provider: RefundProvider;
  paymentTransactionId: number | null;
}

export type RefundInput = z.output<typeof refundRequestSchema>;

/** What a refund of the order's money gives back, checked against what remains under the order's lock. */
export async function planOrderRefund(
  tx: DbOrTx,
  order: OrderRow,
  input: RefundInput | 'all',
): Promise<Planned> {
  if (!isPaidStatus(order.paymentStatus)) throw new AppError('CONFLICT', 'This order has not been paid.');
  const state = await refundableOf(tx, order);
  const payment = await paymentOf(tx, order.id);
  const lines: Planned['lines'] = [];
  let amountKobo = 0;
  let shippingKobo = 0;
  if (input === 'all') {
    amountKobo = state.remainingKobo;
    shippingKobo = Math.min(state.shippingRemainingKobo, amountKobo);
  } else if (input.amount !== undefined) {
    amountKobo = amountToKobo(input.amount);
  } else {
    const wanted = new Map<number, number>();
    for (const line of input.lines ?? [])
      wanted.set(line.orderLineId, (wanted.get(line.orderLineId) ?? 0) + line.quantity);
    for (const [orderLineId, quantity] of wanted) {
      const line = state.lines.find((item) => item.orderLineId === orderLineId);
      if (!line) refusedByRule('lines', `Line ${orderLineId} is not a line of ${order.number}.`);
      const left = line.quantity - line.refundedQuantity;
      if (quantity > left)
        throw new AppError(
          'CONFLICT',
          left === 0
            ? `Every ${line.name} on ${order.number} has been refunded already.`
            : `Only ${left} of ${line.name} remain to refund on ${order.number}.`,
          { lines: `At most ${left}` },
        );
      const worth = lineRefundKobo(order, line, quantity);
      lines.push({ orderLineId, quantity, amountKobo: worth });
      amountKobo += worth;
    }
    if (input.includeShipping) {
      if (state.shippingRemainingKobo === 0 && lines.length === 0)
        throw new AppError('CONFLICT', `The delivery charge of ${order.number} has been refunded already.`);
      shippingKobo = state.shippingRemainingKobo;
      amountKobo += shippingKobo;
    }
  }
  if (amountKobo <= 0 || amountKobo > state.remainingKobo)
    throw new AppError(
      'CONFLICT',
      state.remainingKobo === 0
        ? `Nothing remains to refund on ${order.number}.`
        : `Only ${formatNaira(state.remainingKobo)} remains to refund on ${order.number}.`,
    );
  // Staff who sent the money themselves say so with the shopper's bank details: a refund by hand.
  const byHand = input !== 'all' && input.manual !== undefined;
  if (!byHand && payment.provider !== 'manual' && payment.row) {
    const capacity = await providerCapacity(tx, payment.row);
    if (amountKobo > capacity)
      throw new AppError(
        'CONFLICT',
        `Only ${formatNaira(capacity)} can go back through the payment provider on ${order.number}; refund the rest by hand with the shopper's bank details.`,
      );
  }
  return {
    purpose: 'order',
    amountKobo,
    shippingKobo: Math.min(shippingKobo, amountKobo),
    lines,
    provider: byHand ? 'manual' : payment.provider,
    paymentTransactionId: payment.row?.id ?? null,
  };
}

/**
 * What one payment can still give back through its provider: what it brought, less the refunds
 * through the provider on it. An order paid in several transfers may hold more than its largest one
 * can give back; the rest goes back by hand.
 */
export async function providerCapacity(
  tx: DbOrTx,
  payment: typeof paymentTransactions.$inferSelect,
): Promise<number> {
  const [given] = await tx
    .select({ kobo: sql<number>`coalesce(sum(${refunds.amountKobo}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentTransactionId, payment.id), ne(refunds.provider, 'manual'), holdsMoney));
  return Math.max(0, (payment.receivedKobo ?? payment.amountKobo) - (given?.kobo ?? 0));
}

/** Money the shop owes back on one transaction (overpaid, or after the order was paid or cancelled). */
export async function planOwedRefund(tx: DbOrTx, order: OrderRow, input: RefundInput): Promise<Planned> {
  if (input.paymentTransactionId === undefined)
    refusedByRule('paymentTransactionId', 'Choose the payment the money is owed back on');
  const [payment] = await tx
    .select()
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.id, input.paymentTransactionId), eq(paymentTransactions.orderId, order.id)),
    );
  if (!payment) throw new AppError('NOT_FOUND', `No such payment on ${order.number}.`);
  const [pending] = await tx
    .select({ kobo: sql<number>`coalesce(sum(${refunds.amountKobo}), 0)::int` })
    .from(refunds)
    .where(
      and(
        eq(refunds.paymentTransactionId, payment.id),
        eq(refunds.purpose, 'owed'),
        inArray(refunds.status, ['pending', 'needs_attention']),
      ),
    );
  // Completed owed refunds have already taken their part off `refundDueKobo`.
  const owedKobo = Math.max(0, (payment.refundDueKobo ?? 0) - (pending?.kobo ?? 0));
  const amountKobo = input.amount === undefined ? owedKobo : amountToKobo(input.amount);
  if (owedKobo === 0) throw new AppError('CONFLICT', 'Nothing is owed back on this payment.');
  if (amountKobo > owedKobo)
    throw new AppError('CONFLICT', `Only ${formatNaira(owedKobo)} is owed back on this payment.`);
  const throughProvider = payment.provider !== 'bank-transfer' && payment.providerTransactionId;
  return {
    purpose: 'owed',
    amountKobo,
    shippingKobo: 0,
    lines: [],
    provider: throughProvider ? (payment.provider as RefundProvider) : 'manual',
    paymentTransactionId: payment.id,
  };
}

export function checkShape(input: RefundInput): void {
  const owed = input.purpose === 'owed';
  if (owed && (input.lines || input.includeShipping))
    refusedByRule('lines', 'Money owed back is refunded by amount');
  if (input.amount !== undefined && (input.lines || input.includeShipping))
    refusedByRule('amount', 'Refund an amount, or lines and the delivery charge, not both');
  if (!owed && input.amount === undefined && !input.lines && !input.includeShipping)
    refusedByRule('amount', 'Choose an amount, lines or the delivery charge to refund');
  if (input.restock && !input.lines) refusedByRule('restock', 'Only refunded lines can go back in stock');
}

