import { and, eq, sql } from 'drizzle-orm';
import { formatNaira, koboToNaira } from '../../contracts/money';
import { orders } from '../../db/schema/orders';
import { paymentTransactions, refundLines, refunds } from '../../db/schema/payments';
import { recordAdminAction } from '../audit/audit';
import { AppError } from '../errors';
import type { PaymentDeps } from '../payments/payments';
import { planOwedRefund, providerCapacity, refundableOf, type RefundActor } from './plan';
import { sendRefund } from './provider-sync';
import { refundViewById, type RefundView } from './views';

/**
 * A failed refund is asked again, on the same row: failed → pending once (two clicks retry once),
 * checked again against what remains, since other refunds may have been made meanwhile.
 */
export async function retryRefund(
  deps: PaymentDeps,
  refundId: number,
  actor: RefundActor,
): Promise<RefundView> {
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
        amount: koboToNaira(row.amountKobo),
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
