/*
 * Money back (decision 0041): the refund engine. A refund is a record with its own states, written
 * 'pending' under the order's lock before the provider is asked, so two staff at once, a retry or a
 * crash can never give the same money back twice:
 *
 *   pending ──provider says completed──▶ completed   (the order's payment status, its timeline, the shopper told)
 *      │    ──provider says failed / cannot be reached──▶ failed ──retry──▶ pending
 *      │    ──provider says needs attention (Paystack: the card cannot take it back)──▶ needs_attention
 *      │          ──staff give the shopper's bank account──▶ pending (or back, if Paystack is not reached)
 *      └── provider said pending: the follow-up job asks again every minute until it is final.
 *
 * Money is recorded as refunded only on the provider's word (or, for money that came into the
 * shop's own account, on the staff member's, with the transfer's reference).
 */
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { z } from 'zod';
import { isPaidStatus } from '../../contracts/returns';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import {
  paymentTransactions,
  refundLines,
  refunds,
  refundStatuses,
  type RefundBankDetails,
  type RefundProvider,
  type RefundPurpose,
  type RefundStatus,
} from '../../db/schema/payments';
import { orderReturns } from '../../db/schema/returns';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { notifyOrderOwner } from '../notifications/notifications';
import { refundArrivalNote, sendRefundMail } from '../orders/order-mail';
import type { OrderRow } from '../orders/order-view';
import { findOrderByNumber } from '../orders/read-orders';
import { giveBack } from '../orders/stock-back';
import { containsPattern } from '../search-pattern';
import { getShopSettings } from '../settings/shop-settings';
import { isUniqueViolation } from '../unique-violation';
import { parseInput } from '../validation';
import { lineRefundKobo } from '../../contracts/refund-worth';
import type { CancelRefunder } from '../orders/manage-orders';
import type { PaymentDeps } from './payments';
import { ProviderError, type PaymentProvider, type ProviderBank, type ProviderRefund } from './provider';
import { providerNamed } from './providers';

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

/** How a refund is made beyond what staff ask (`refundRequestSchema`): the return it settles, and the clock. */
export interface RefundOptions {
  /** The return this refund settles (the returns flow refunds through here). */
  returnId?: number;
  now?: Date;
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

type RefundRow = typeof refunds.$inferSelect;
type Actor = AuditActor & { id: string | null };

/** A pending refund the provider never answered for (no refund id) is given up after this long. */
export const UNCONFIRMED_AFTER_MS = 10 * 60_000;
/** A pending refund the provider knows is asked about again at most this often. */
const FOLLOW_EVERY_MS = 55_000;

export const NEVER_CONFIRMED =
  'The provider never confirmed this refund; check your provider dashboard before retrying.';

/** Why a refund waits for staff (Paystack's needs-attention), in the shop's words. */
export const NEEDS_BANK_ACCOUNT =
  "The card cannot take this refund back: give the shopper's bank account and it is sent there.";

/** The shopper's bank account for a refund the card cannot take (POST /api/admin/refunds/{id}/bank-account). */
export const refundAccountSchema = z.object({
  // Typed as the bank prints it ("012 345 6789", "0123-456-789"): the spaces and dashes are not part of it.
  accountNumber: z
    .string('Required')
    .trim()
    .regex(/^(?:\d[ -]?){9}\d$/, 'A 10-digit account number'),
  bankId: z.string('Choose the bank').trim().min(1, 'Choose the bank').max(20),
});
export type RefundAccountInput = z.input<typeof refundAccountSchema>;

function badRequest(field: string, message: string): never {
  throw new AppError('BAD_REQUEST', `${field}: ${message}`, { [field]: message });
}

/** A request the document allows but the refund's rules refuse (decision 0030): 422. */
function refusedByRule(field: string, message: string): never {
  throw new AppError('UNPROCESSABLE', `${field}: ${message}`, { [field]: message });
}

/** Naira with at most two decimals, as kobo; a fraction of a kobo is refused, never rounded away. */
function amountToKobo(amount: number): number {
  const kobo = nairaToKobo(amount);
  if (Math.abs(kobo - amount * 100) > 1e-6) badRequest('amount', 'At most 2 decimals (whole kobo)');
  if (kobo <= 0) badRequest('amount', 'The amount must be more than ₦0');
  return kobo;
}

/** The money the order took: what was received for it, up to its total (beyond that is owed back). */
async function receivedFor(tx: DbOrTx, order: OrderRow): Promise<number> {
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

async function refundableOf(tx: DbOrTx, order: OrderRow): Promise<Refundable> {
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

interface Planned {
  purpose: RefundPurpose;
  amountKobo: number;
  shippingKobo: number;
  lines: { orderLineId: number; quantity: number; amountKobo: number }[];
  provider: RefundProvider;
  paymentTransactionId: number | null;
}

type RefundInput = z.output<typeof refundRequestSchema>;

/** What a refund of the order's money gives back, checked against what remains under the order's lock. */
async function planOrderRefund(tx: DbOrTx, order: OrderRow, input: RefundInput | 'all'): Promise<Planned> {
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
async function providerCapacity(
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
async function planOwedRefund(tx: DbOrTx, order: OrderRow, input: RefundInput): Promise<Planned> {
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

function checkShape(input: RefundInput): void {
  const owed = input.purpose === 'owed';
  if (owed && (input.lines || input.includeShipping))
    refusedByRule('lines', 'Money owed back is refunded by amount');
  if (input.amount !== undefined && (input.lines || input.includeShipping))
    refusedByRule('amount', 'Refund an amount, or lines and the delivery charge, not both');
  if (!owed && input.amount === undefined && !input.lines && !input.includeShipping)
    refusedByRule('amount', 'Choose an amount, lines or the delivery charge to refund');
  if (input.restock && !input.lines) refusedByRule('restock', 'Only refunded lines can go back in stock');
}

function describe(plan: Planned, order: OrderRow): string {
  const what =
    plan.purpose === 'owed'
      ? 'money owed back'
      : plan.lines.length > 0
        ? `${plan.lines.reduce((n, l) => n + l.quantity, 0)} item(s)${plan.shippingKobo > 0 ? ' and delivery' : ''}`
        : plan.shippingKobo > 0 && plan.shippingKobo === plan.amountKobo
          ? 'delivery'
          : 'an amount';
  return `${order.number}: refund of ${formatNaira(plan.amountKobo)} (${what}) ${plan.provider === 'manual' ? 'by hand' : `through ${plan.provider}`}`;
}

/**
 * Writes a refund inside the caller's transaction, the order locked: checked against what remains,
 * with its lines and the activity-log entry. A refund by hand is completed at once (and its units,
 * when asked, go back on sale then, as every refund's do when it completes). Returns the refund's id; the provider is asked by `askProvider` after commit.
 */
async function recordRefund(
  tx: DbOrTx,
  order: OrderRow,
  input: RefundInput,
  plan: Planned,
  actor: Actor,
  options: RefundOptions,
  now: Date,
): Promise<RefundRow> {
  let bankDetails: RefundBankDetails | null = null;
  let reference: string | null = null;
  if (plan.provider === 'manual') {
    if (!input.manual)
      throw new AppError(
        'BAD_REQUEST',
        "manual: This money came into the shop's own account: give the shopper's account name, 10-digit account number, bank and your transfer's reference.",
        { manual: "The shopper's bank details and the transfer's reference" },
      );
    const { reference: given, ...bank } = input.manual;
    bankDetails = bank;
    reference = given;
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentTransactionId: plan.paymentTransactionId,
      returnId: options.returnId ?? null,
      purpose: plan.purpose,
      provider: plan.provider,
      amountKobo: plan.amountKobo,
      shippingKobo: plan.shippingKobo,
      status: 'pending',
      reason: input.reason,
      restock: Boolean(input.restock && plan.lines.length > 0),
      providerReference: reference,
      bankDetails,
      attempts: plan.provider === 'manual' ? 0 : 1,
      lastAttemptAt: now,
      createdBy: actor.id,
      createdByEmail: actor.email,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('The refund was not recorded');
  if (plan.lines.length > 0)
    await tx.insert(refundLines).values(plan.lines.map((line) => ({ refundId: row.id, ...line })));
  await recordAdminAction(tx, actor, {
    action: 'order.refund',
    entityType: 'order',
    entityId: order.number,
    summary: `${describe(plan, order)}: ${input.reason}`,
    before: { paymentStatus: order.paymentStatus },
    after: {
      refundId: row.id,
      amountKobo: plan.amountKobo,
      provider: plan.provider,
      ...(plan.lines.length > 0 ? { lines: plan.lines, restock: row.restock } : {}),
      ...(plan.purpose === 'owed' ? { paymentTransactionId: plan.paymentTransactionId } : {}),
    },
  });
  if (plan.provider === 'manual') {
    const done = await completeInTx(tx, row.id, { providerRefundId: null, reference }, now);
    if (done) return done.refund;
  }
  return row;
}

/**
 * Inside the cancel move's transaction: the order's full refund of what remains, written pending (the
 * provider is asked after the cancel commits, with `sendRefund`). Money that came into the shop's own
 * account is refunded by hand, so it cannot go with the cancel.
 */
export async function recordFullRefund(
  tx: DbOrTx,
  orderId: number,
  reason: string,
  actor: Actor,
  now = new Date(),
): Promise<RefundRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (!isPaidStatus(order.paymentStatus)) throw new AppError('CONFLICT', 'This order has not been paid.');
  const plan = await planOrderRefund(tx, order, 'all');
  if (plan.provider === 'manual')
    throw new AppError(
      'CONFLICT',
      "This order was paid into the shop's own account: cancel it, then record the refund with the shopper's bank details.",
    );
  return recordRefund(tx, order, { reason }, plan, actor, {}, now);
}

/** Staff give money back: see the file's head. The provider is asked after the refund is written. */
export async function createRefund(
  deps: PaymentDeps,
  orderNumber: string,
  raw: unknown,
  actor: Actor,
  options: RefundOptions = {},
): Promise<RefundView> {
  const input = parseInput(refundRequestSchema, raw);
  checkShape(input);
  const found = await findOrderByNumber(deps.db, orderNumber);
  if (!found) throw new AppError('NOT_FOUND', 'Order not found');
  const now = options.now ?? new Date();
  const row = await deps.db
    .transaction(async (tx) => {
      // Two staff at once: the second waits here, then sees the first one's refund in what remains.
      const [order] = await tx.select().from(orders).where(eq(orders.id, found.id)).for('update');
      if (!order) throw new AppError('NOT_FOUND', 'Order not found');
      const plan =
        input.purpose === 'owed'
          ? await planOwedRefund(tx, order, input)
          : await planOrderRefund(tx, order, input);
      return recordRefund(tx, order, input, plan, actor, options, now);
    })
    .catch((error: unknown) => {
      // A return is settled by one refund (refunds_one_per_return_idx); the transaction wrote nothing.
      if (isUniqueViolation(error, 'refunds_one_per_return'))
        throw new AppError('CONFLICT', 'This return has a refund already.');
      throw error;
    });
  if (row.status === 'completed') await tellShopper(deps, row.id);
  else await sendRefund(deps, row.id, input.testOutcome);
  return (await refundViewById(deps.db, row.id))!;
}

/**
 * The provider for a refund: the one that took the payment (the TEST MODE sandbox refunds its own
 * test charges whatever the shop's keys).
 */
function providerFor(deps: PaymentDeps, provider: RefundProvider): PaymentProvider {
  return providerNamed(deps.providers, deps.db, provider);
}

/** The refund engine as a cancel with its refund uses it (core/orders/manage-orders.ts). */
export function cancelRefunder(deps: PaymentDeps): CancelRefunder {
  return {
    record: (tx, orderId, reason, actor, now) => recordFullRefund(tx, orderId, reason, actor, now),
    send: (refundId) => sendRefund(deps, refundId),
  };
}

/**
 * Asks the provider for a pending refund written just before, outside any transaction, and records
 * its answer on the row only while it is still pending. A provider that cannot be reached fails the
 * refund with the reason: money is never recorded as refunded unless the provider said so.
 */
export async function sendRefund(
  deps: PaymentDeps,
  refundId: number,
  testOutcome?: 'completed' | 'pending' | 'failed',
): Promise<void> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row || row.status !== 'pending' || row.provider === 'manual') return;
  const [payment] = row.paymentTransactionId
    ? await deps.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, row.paymentTransactionId))
    : [];
  if (!payment?.providerTransactionId) {
    await failRefund(deps.db, row.id, 'The payment to refund has no provider transaction id.');
    return;
  }
  let answer: ProviderRefund;
  try {
    answer = await providerFor(deps, row.provider).refund({
      transactionId: payment.providerTransactionId,
      amountKobo: row.amountKobo,
      comments: row.reason,
      testOutcome,
    });
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    const unsure = error instanceof ProviderError && error.kind === 'unreachable';
    await failRefund(
      deps.db,
      row.id,
      unsure ? `${words} Check your provider dashboard before retrying.` : words,
    );
    return;
  }
  await applyProviderRefund(deps, row.id, answer);
}

/** Records what the provider says of a refund, once: completed, failed, or still pending (its id kept). */
async function applyProviderRefund(
  deps: PaymentDeps,
  refundId: number,
  answer: ProviderRefund,
): Promise<void> {
  const now = new Date();
  if (answer.status === 'completed') {
    const done = await deps.db.transaction((tx) =>
      completeInTx(tx, refundId, { providerRefundId: answer.id, reference: answer.reference }, now),
    );
    if (done) await tellShopper(deps, refundId);
    return;
  }
  if (answer.status === 'failed') {
    await failRefund(deps.db, refundId, answer.message || 'The provider refused the refund.', answer.id);
    return;
  }
  if (answer.status === 'needs_attention') {
    // Nothing moved, and nothing is followed: it waits for staff (the refund lists show it with the
    // words). The shopper reads it as on its way; she is told it is refunded only once it is.
    await deps.db
      .update(refunds)
      .set({
        status: 'needs_attention',
        providerRefundId: answer.id,
        ...(answer.reference ? { providerReference: answer.reference } : {}),
        failureReason: NEEDS_BANK_ACCOUNT,
        lastAttemptAt: now,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return;
  }
  await deps.db
    .update(refunds)
    .set({
      providerRefundId: answer.id,
      providerReference: answer.reference,
      lastAttemptAt: now,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/**
 * The states a provider's final word settles: pending, or waiting for the shopper's account (Paystack
 * may report such a refund processed or failed later, after the account was given on its dashboard).
 */
const settling = inArray(refunds.status, ['pending', 'needs_attention']);

async function failRefund(db: DbOrTx, refundId: number, reason: string, providerRefundId?: string) {
  const now = new Date();
  await db
    .update(refunds)
    .set({
      status: 'failed',
      failureReason: reason.slice(0, 500),
      ...(providerRefundId ? { providerRefundId } : {}),
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), settling));
}

function whereTo(provider: RefundProvider, toAccount: boolean): string {
  if (provider === 'manual' || toAccount) return 'to your bank account';
  if (provider === 'sandbox') return 'in TEST MODE (no money moved)';
  return 'to your card';
}

/**
 * pending → completed, once, in the caller's transaction: the units asked back go back on sale, the
 * order's payment status follows what its completed refunds add up to, money owed back leaves the transaction's "to refund", the timeline says
 * it and the owner is notified. Returns null when the refund was no longer pending.
 */
async function completeInTx(
  tx: DbOrTx,
  refundId: number,
  provider: { providerRefundId: string | null; reference: string | null },
  now: Date,
): Promise<{ refund: RefundRow } | null> {
  // The order first, then the refund, as every other writer of refunds takes them.
  const [owner] = await tx.select({ orderId: refunds.orderId }).from(refunds).where(eq(refunds.id, refundId));
  if (!owner) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, owner.orderId)).for('update');
  if (!order) return null;
  const [refund] = await tx
    .update(refunds)
    .set({
      status: 'completed',
      completedAt: now,
      failureReason: null,
      ...(provider.providerRefundId ? { providerRefundId: provider.providerRefundId } : {}),
      ...(provider.reference ? { providerReference: provider.reference } : {}),
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), settling))
    .returning();
  if (!refund) return null;
  // The units go back on sale with the money, in the statement's transaction that completes it: a
  // refund that fails puts nothing back, and one refund puts its units back once. Units a cancel or
  // a return gave back already stay given: only those still out come back (decision 0061).
  if (refund.restock) {
    const pieces = await tx
      .select({ orderLineId: refundLines.orderLineId, quantity: refundLines.quantity })
      .from(refundLines)
      .where(eq(refundLines.refundId, refund.id));
    await giveBack(tx, { refundId: refund.id, orderId: order.id, pieces });
  }
  if (refund.purpose === 'order') {
    const received = await receivedFor(tx, order);
    const [done] = await tx
      .select({ kobo: sql<number>`coalesce(sum(${refunds.amountKobo}), 0)::int` })
      .from(refunds)
      .where(
        and(eq(refunds.orderId, order.id), eq(refunds.purpose, 'order'), eq(refunds.status, 'completed')),
      );
    const status = (done?.kobo ?? 0) >= received ? 'refunded' : 'partially_refunded';
    await tx
      .update(orders)
      .set({ paymentStatus: status, updatedAt: now })
      .where(
        and(
          eq(orders.id, order.id),
          inArray(orders.paymentStatus, ['paid', 'partially_refunded', 'refunded']),
        ),
      );
  } else if (refund.paymentTransactionId !== null) {
    await tx
      .update(paymentTransactions)
      .set({
        refundDueKobo: sql`greatest(coalesce(${paymentTransactions.refundDueKobo}, 0) - ${refund.amountKobo}, 0)`,
        message: sql`${paymentTransactions.message} || ${` Refunded ${formatNaira(refund.amountKobo)}.`}`,
        updatedAt: now,
      })
      .where(eq(paymentTransactions.id, refund.paymentTransactionId));
  }
  // The staff member who asked for it, even when the provider completes it later; none for the shop's own.
  const [by] = refund.createdBy
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, refund.createdBy))
    : [];
  await tx.insert(orderEvents).values({
    orderId: order.id,
    status: order.status,
    note: `${formatNaira(refund.amountKobo)} refunded ${whereTo(refund.provider, refund.bankDetails !== null)}: ${refund.reason}`,
    createdAt: now,
    actorId: refund.createdBy,
    actorName: refund.createdBy ? by?.name || refund.createdByEmail : null,
  });
  await notifyOrderOwner(
    tx,
    order,
    {
      kind: 'refunded',
      amountKobo: refund.amountKobo,
      when: refundArrivalNote(refund.provider, refund.bankDetails !== null),
    },
    now,
  );
  return { refund };
}

/** The shopper's e-mail for a completed refund, after it commits; a failing mail server loses nothing. */
async function tellShopper(deps: PaymentDeps, refundId: number): Promise<void> {
  const [row] = await deps.db
    .select({ refund: refunds, number: orders.number, email: orders.email })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== 'completed') return;
  const { name } = await getShopSettings(deps.db);
  await sendRefundMail(
    deps,
    { number: row.number, email: row.email },
    {
      amountKobo: row.refund.amountKobo,
      reason: row.refund.reason,
      provider: row.refund.provider,
      toAccount: row.refund.bankDetails !== null,
    },
    name,
  ).catch((error: unknown) => deps.onMailError?.(error));
}

/**
 * A failed refund is asked again, on the same row: failed → pending once (two clicks retry once),
 * checked again against what remains, since other refunds may have been made meanwhile.
 */
export async function retryRefund(deps: PaymentDeps, refundId: number, actor: Actor): Promise<RefundView> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!row) throw new AppError('NOT_FOUND', 'Refund not found');
    if (row.status !== 'failed') throw new AppError('CONFLICT', 'Only a failed refund can be tried again.');
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    if (row.purpose === 'order') {
      const state = await refundableOf(tx, order);
      // Pieces refunded by another refund since this one failed would be paid back twice: what remains
      // of each line excludes this refund (it is failed, so it holds nothing), and must still cover it.
      const mine = await tx.select().from(refundLines).where(eq(refundLines.refundId, row.id));
      for (const piece of mine) {
        const line = state.lines.find((item) => item.orderLineId === piece.orderLineId);
        if (!line || line.quantity - line.refundedQuantity < piece.quantity)
          throw new AppError(
            'CONFLICT',
            'Those pieces were refunded since; make a new refund for what remains.',
          );
      }
      if (row.amountKobo > state.remainingKobo)
        throw new AppError(
          'CONFLICT',
          `Only ${formatNaira(state.remainingKobo)} remains to refund on ${order.number}.`,
        );
      const [payment] = row.paymentTransactionId
        ? await tx
            .select()
            .from(paymentTransactions)
            .where(eq(paymentTransactions.id, row.paymentTransactionId))
        : [];
      const capacity = payment ? await providerCapacity(tx, payment) : 0;
      if (row.amountKobo > capacity)
        throw new AppError(
          'CONFLICT',
          `Only ${formatNaira(capacity)} can go back through the payment provider on ${order.number}; refund the rest by hand with the shopper's bank details.`,
        );
    } else if (row.paymentTransactionId !== null) {
      await planOwedRefund(tx, order, {
        reason: row.reason,
        purpose: 'owed',
        paymentTransactionId: row.paymentTransactionId,
        amount: row.amountKobo / 100,
      });
    }
    const claimed = await tx
      .update(refunds)
      .set({
        status: 'pending',
        attempts: sql`${refunds.attempts} + 1`,
        lastAttemptAt: now,
        failureReason: null,
        providerRefundId: null,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'failed')))
      .returning({ id: refunds.id });
    if (claimed.length === 0) throw new AppError('CONFLICT', 'Only a failed refund can be tried again.');
    await recordAdminAction(tx, actor, {
      action: 'order.refund-retry',
      entityType: 'order',
      entityId: order.number,
      summary: `${order.number}: refund of ${formatNaira(row.amountKobo)} tried again (it had failed: ${row.failureReason ?? 'no reason given'})`,
      before: { refundId, status: 'failed' },
      after: { refundId, status: 'pending' },
    });
  });
  await sendRefund(deps, refundId);
  return (await refundViewById(deps.db, refundId))!;
}

/** A refund the card cannot take, and the provider that can send it to a bank account instead. */
async function waitingRefund(deps: PaymentDeps, refundId: number) {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row) throw new AppError('NOT_FOUND', 'Refund not found');
  if (row.provider === 'manual' || row.provider === 'sandbox')
    throw new AppError('CONFLICT', 'This refund’s provider cannot send a refund to a bank account.');
  let provider: PaymentProvider;
  try {
    provider = providerFor(deps, row.provider);
  } catch (error) {
    throw new AppError('UNAVAILABLE', error instanceof Error ? error.message : String(error));
  }
  if (!provider.retryRefundToAccount || !provider.listBanks)
    throw new AppError('CONFLICT', 'This refund’s provider cannot send a refund to a bank account.');
  return { row, provider, retry: provider.retryRefundToAccount, listBanks: provider.listBanks };
}

/** The provider's banks, or 503 when it cannot be reached (nothing is decided without them). */
async function banksOf(listBanks: () => Promise<ProviderBank[]>): Promise<ProviderBank[]> {
  try {
    return await listBanks();
  } catch (error) {
    throw new AppError('UNAVAILABLE', error instanceof Error ? error.message : String(error));
  }
}

/** The banks a refund may be sent to, as its provider lists them (409 when it sends to none). */
export async function refundBanks(deps: PaymentDeps, refundId: number): Promise<ProviderBank[]> {
  const { listBanks } = await waitingRefund(deps, refundId);
  return banksOf(listBanks);
}

/**
 * A refund the card could not take (needs_attention) is sent to the shopper's bank account: the
 * account checked (10 digits, a bank of the provider's list), the refund claimed back to pending
 * under the order's lock with the account and the activity-log entry (two clicks send once), then the
 * provider asked outside the transaction and its answer applied. A provider that cannot be reached,
 * or refuses the account, leaves it waiting again with its words: nothing is recorded as refunded.
 */
export async function sendRefundToAccount(
  deps: PaymentDeps,
  refundId: number,
  raw: unknown,
  actor: Actor,
): Promise<RefundView> {
  const parsed = parseInput(refundAccountSchema, raw);
  // Typed as the bank prints it ("012 345 6789"): the spaces and dashes are not part of the number.
  const account = { ...parsed, accountNumber: parsed.accountNumber.replace(/[\s-]/g, '') };
  const { row, retry, listBanks } = await waitingRefund(deps, refundId);
  if (row.status !== 'needs_attention' || !row.providerRefundId)
    throw new AppError(
      'CONFLICT',
      'Only a refund waiting for the shopper’s bank account can be sent to one.',
    );
  const bank = (await banksOf(listBanks)).find((item) => item.id === account.bankId);
  if (!bank) badRequest('bankId', 'Choose the shopper’s bank from the list');
  const providerRefundId = row.providerRefundId;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    // The order first, then the refund, as every other writer of refunds takes them.
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    const [payment] = row.paymentTransactionId
      ? await tx
          .select({ customerName: paymentTransactions.customerName })
          .from(paymentTransactions)
          .where(eq(paymentTransactions.id, row.paymentTransactionId))
      : [];
    const bankDetails: RefundBankDetails = {
      accountName: payment?.customerName?.trim() ?? '',
      accountNumber: account.accountNumber,
      bankName: bank.name,
    };
    const claimed = await tx
      .update(refunds)
      .set({
        status: 'pending',
        bankDetails,
        failureReason: null,
        attempts: sql`${refunds.attempts} + 1`,
        lastAttemptAt: now,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'needs_attention')))
      .returning({ id: refunds.id });
    if (claimed.length === 0)
      throw new AppError('CONFLICT', 'This refund is already on its way to a bank account.');
    await recordAdminAction(tx, actor, {
      action: 'order.refund-bank-account',
      entityType: 'order',
      entityId: order.number,
      summary: `${order.number}: refund of ${formatNaira(row.amountKobo)} sent to the shopper’s bank account (${bank.name}, ${account.accountNumber}): the card could not take it back`,
      before: { refundId, status: 'needs_attention' },
      after: { refundId, status: 'pending', bankName: bank.name, accountNumber: account.accountNumber },
    });
  });
  let answer: ProviderRefund;
  try {
    answer = await retry(providerRefundId, {
      accountNumber: account.accountNumber,
      bankId: account.bankId,
    });
  } catch (error) {
    const words = (error instanceof Error ? error.message : String(error)).trim();
    await deps.db
      .update(refunds)
      .set({
        status: 'needs_attention',
        bankDetails: null,
        failureReason: `${words.replace(/\.*$/, '')}. ${NEEDS_BANK_ACCOUNT}`.slice(0, 500),
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return (await refundViewById(deps.db, refundId))!;
  }
  await applyProviderRefund(deps, refundId, { ...answer, id: answer.id || providerRefundId });
  return (await refundViewById(deps.db, refundId))!;
}

/**
 * The follow-up job: pending refunds the provider knows (it gave an id) are asked about again, each
 * claimed by a conditional update so two processes never follow the same one at once. A pending
 * refund the provider never gave an id for (the process stopped between writing it and the
 * provider's answer) is never asked again blindly: Flutterwave takes no idempotency key, so asking
 * again could refund twice. After ten minutes it fails, telling staff to check the dashboard.
 * Returns how many refunds it settled.
 */
export async function followPendingRefunds(deps: PaymentDeps, now = new Date()): Promise<number> {
  const givenUp = await deps.db
    .update(refunds)
    .set({ status: 'failed', failureReason: NEVER_CONFIRMED, updatedAt: now })
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        ne(refunds.provider, 'manual'),
        lt(
          sql`coalesce(${refunds.lastAttemptAt}, ${refunds.createdAt})`,
          new Date(now.getTime() - UNCONFIRMED_AFTER_MS),
        ),
      ),
    )
    .returning({ id: refunds.id });
  let settled = givenUp.length;
  const due = new Date(now.getTime() - FOLLOW_EVERY_MS);
  const candidates = await deps.db
    .select({
      id: refunds.id,
      provider: refunds.provider,
      providerRefundId: refunds.providerRefundId,
      lastAttemptAt: refunds.lastAttemptAt,
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNotNull(refunds.providerRefundId),
        or(isNull(refunds.lastAttemptAt), lte(refunds.lastAttemptAt, due)),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(50);
  for (const candidate of candidates) {
    const claimed = await deps.db
      .update(refunds)
      .set({ lastAttemptAt: now })
      .where(
        and(
          eq(refunds.id, candidate.id),
          eq(refunds.status, 'pending'),
          or(isNull(refunds.lastAttemptAt), lte(refunds.lastAttemptAt, due)),
        ),
      )
      .returning({ id: refunds.id });
    if (claimed.length === 0) continue;
    let answer: ProviderRefund;
    try {
      answer = await providerFor(deps, candidate.provider).getRefund(candidate.providerRefundId!);
    } catch {
      // The provider could not say: the refund stays pending and is asked again next time.
      continue;
    }
    if (answer.status === 'pending') continue;
    await applyProviderRefund(deps, candidate.id, { ...answer, id: candidate.providerRefundId! });
    settled += 1;
  }
  return settled;
}

/**
 * A refund the provider reports on (its webhook): read again from the provider by its id, never
 * taken from the report, and recorded once. False when the shop has no such refund.
 */
export async function syncProviderRefund(
  deps: PaymentDeps,
  provider: RefundProvider,
  providerRefundId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: refunds.id, status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)));
  if (!row) return false;
  // Completed and failed refunds are settled; one waiting for the shopper's account moves only on a
  // final word (its account may have been given on Paystack's own dashboard).
  if (row.status !== 'pending' && row.status !== 'needs_attention') return true;
  const answer = await providerFor(deps, provider).getRefund(providerRefundId);
  if (answer.status === 'pending') return true;
  if (row.status === 'needs_attention' && answer.status === 'needs_attention') return true;
  await applyProviderRefund(deps, row.id, { ...answer, id: providerRefundId });
  return true;
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
