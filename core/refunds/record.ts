/*
 * Recording a refund (decision 0041): written 'pending' under the order's lock, checked against what
 * remains, before the provider is asked, so two staff at once, a retry or a crash can never give the
 * same money back twice. A refund by hand is completed at once.
 */
import { eq } from 'drizzle-orm';
import { formatNaira } from '../../contracts/money';
import { isPaidStatus } from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { refundLines, refunds, type RefundBankDetails } from '../../db/schema/payments';
import { recordAdminAction } from '../audit/audit';
import { AppError } from '../errors';
import type { CancelRefunder } from '../orders/manage-orders';
import type { OrderRow } from '../orders/order-view';
import { findOrderByNumber } from '../orders/read-orders';
import type { PaymentDeps } from '../payments/payments';
import { isUniqueViolation } from '../unique-violation';
import { parseInput } from '../validation';
import { completeInTx, tellShopper } from './complete';
import {
  checkShape,
  planOrderRefund,
  planOwedRefund,
  refundRequestSchema,
  type Planned,
  type RefundActor,
  type RefundInput,
  type RefundRow,
} from './plan';
import { sendRefund } from './provider-sync';
import { refundViewById, type RefundView } from './views';

/** How a refund is made beyond what staff ask (`refundRequestSchema`): the return it settles, and the clock. */
export interface RefundOptions {
  /** The return this refund settles (the returns flow refunds through here). */
  returnId?: number;
  now?: Date;
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
  actor: RefundActor,
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
  actor: RefundActor,
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
  actor: RefundActor,
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

/** The refund engine as a cancel with its refund uses it (core/orders/manage-orders.ts). */
export function cancelRefunder(deps: PaymentDeps): CancelRefunder {
  return {
    record: (tx, orderId, reason, actor, now) => recordFullRefund(tx, orderId, reason, actor, now),
    send: (refundId) => sendRefund(deps, refundId),
  };
}
