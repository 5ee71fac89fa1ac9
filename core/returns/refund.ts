import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { formatNaira } from '../../contracts/money';
import { returnReasonNames } from '../../contracts/returns';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { orderReturns, returnItems } from '../../db/schema/returns';
import type { AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { createRefund } from '../refunds/record';
import { retryRefund } from '../refunds/retry';
import { refundViewById, type RefundView } from '../refunds/views';
import { releaseExchange } from './exchange';
import { lockOrder, type ReturnMoveDeps, type ReturnRow, type returnMoveSchemas } from './plan';
import { movedOn, recordMove } from './record';
import { mailStep } from './step-mail';
import { findReturn, getReturnForAdmin, type AdminReturnView } from './views';

/**
 * refund: gives the money back through the refund engine for the returned lines (the units were put
 * back, or not, when received), then moves the return received → refunded, once. The refund is
 * written first, tied to the return (one refund per return, refunds_one_per_return_idx): a repeat,
 * two staff at once, or a retry after a crash between the two steps finds that refund and never
 * makes a second; a failed one is tried again on the same record. Until the provider takes it the
 * return stays received, and a refund is never counted unless the provider said so.
 */
export type ManualRefund = z.infer<typeof returnMoveSchemas.refund>['manual'];

export async function refundReturn(
  deps: ReturnMoveDeps,
  found: ReturnRow,
  manual: ManualRefund,
  actor: AuditActor & { id: string },
  now: Date,
): Promise<AdminReturnView> {
  if (found.status !== 'received') throw movedOn(found);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, found.orderId));
  const items = await deps.db.select().from(returnItems).where(eq(returnItems.returnId, found.id));
  const reasons = [...new Set(items.map((item) => returnReasonNames[item.reason]))].join(', ');
  const refundOfReturn = async () =>
    (
      await deps.db
        .select({ id: refunds.id, status: refunds.status })
        .from(refunds)
        .where(eq(refunds.returnId, found.id))
    )[0];
  let refund: RefundView;
  try {
    const earlier = await refundOfReturn();
    if (earlier?.status === 'failed') refund = await retryRefund(deps, earlier.id, actor);
    else if (earlier) refund = (await refundViewById(deps.db, earlier.id))!;
    else
      refund = await createRefund(
        deps,
        order!.number,
        {
          lines: items.map((item) => ({ orderLineId: item.orderLineId, quantity: item.quantity })),
          reason: `Return ${found.number}: ${reasons}`,
          // The units went back on sale (or not) when the parcel was received.
          restock: false,
          ...(manual ? { manual } : {}),
        },
        actor,
        { returnId: found.id, now },
      );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNAVAILABLE', 'The refund could not be made. Please try again.');
  }
  if (refund.status === 'failed')
    throw new AppError(
      'CONFLICT',
      `The refund failed${refund.failureReason ? `: ${refund.failureReason}` : ''}. The return stays received: try again.`,
    );
  const moved = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, found.orderId);
    const claimed = await tx
      .update(orderReturns)
      .set({ status: 'refunded', handledBy: actor.id, updatedAt: now })
      .where(and(eq(orderReturns.id, found.id), eq(orderReturns.status, 'received')))
      .returning({ id: orderReturns.id });
    if (claimed.length === 0) return false;
    // An exchange refunded instead: the pieces set aside for her go back on sale.
    await releaseExchange(tx, found.orderId, items);
    await recordMove(
      tx,
      locked,
      { ...found, status: 'refunded' },
      'received',
      {
        set: {},
        note: `refunded: ${formatNaira(refund.amountKobo)}${refund.status !== 'completed' ? ' on its way' : ''}.`,
        detail: `${formatNaira(refund.amountKobo)} is on its way back to you.`,
      },
      actor,
      now,
    );
    return true;
  });
  if (!moved) throw movedOn((await findReturn(deps.db, found.id)) ?? found);
  const view = await getReturnForAdmin(deps.db, found.id);
  await mailStep(deps, view, refund.amountKobo);
  return view;
}
