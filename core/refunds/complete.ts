/*
 * A refund's end (decision 0041): completed once, on the provider's word (or the staff member's, for
 * money sent by hand), with everything that follows from it; or failed, with the reason.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatNaira } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions, refundLines, refunds, type RefundProvider } from '../../db/schema/payments';
import { notifyOrderOwner } from '../notifications/notifications';
import { refundArrivalNote, sendRefundMail } from '../orders/order-mail';
import { giveBack } from '../orders/stock-back';
import type { PaymentDeps } from '../payments/payments';
import { getShopSettings } from '../settings/shop-settings';
import { receivedFor, type RefundRow } from './plan';

/**
 * The states a provider's final word settles: pending, or waiting for the shopper's account (Paystack
 * may report such a refund processed or failed later, after the account was given on its dashboard).
 */
const settling = inArray(refunds.status, ['pending', 'needs_attention']);

export async function failRefund(db: DbOrTx, refundId: number, reason: string, providerRefundId?: string) {
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
export async function completeInTx(
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
export async function tellShopper(deps: PaymentDeps, refundId: number): Promise<void> {
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
