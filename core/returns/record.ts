import { AppError } from '../errors';
import { returnStatusNames, type ReturnStatusId } from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import { orderEvents } from '../../db/schema/orders';
import type { orderReturns } from '../../db/schema/returns';
import { eventActor, recordAdminAction, type AuditActor } from '../audit/audit';
import { notifyOrderOwner } from '../notifications/notifications';
import type { OrderRow } from '../orders/order-view';
import type { ReturnRow } from './plan';

export function movedOn(row: Pick<ReturnRow, 'number' | 'status'>): AppError {
  return new AppError(
    'CONFLICT',
    `This return has moved on: ${row.number} is ${returnStatusNames[row.status].toLowerCase()} now. Please reload.`,
  );
}

export interface MoveEffect {
  set: Partial<typeof orderReturns.$inferInsert>;
  /** The timeline's words after "Return RET-10001 ". */
  note: string;
  detail?: string;
}

/** The order's timeline entry, the owner's notification and the activity log's entry for one move. */
export async function recordMove(
  tx: DbOrTx,
  order: OrderRow,
  row: ReturnRow,
  from: ReturnStatusId,
  effect: MoveEffect,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const note = `Return ${row.number} ${effect.note}`;
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, status: order.status, note, createdAt: now, ...eventActor(actor) });
  await notifyOrderOwner(
    tx,
    order,
    {
      kind: 'return',
      returnNumber: row.number,
      stage: row.status,
      ...(effect.detail ? { detail: effect.detail } : {}),
    },
    now,
  );
  await recordAdminAction(tx, actor, {
    action: `return.${row.status}`,
    entityType: 'return',
    entityId: row.number,
    summary: `${row.number} (${order.number}): ${returnStatusNames[from]} → ${returnStatusNames[row.status]}. ${note}`,
    before: { status: from },
    after: { status: row.status },
  });
}
