import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { orderLines } from '../../db/schema/orders';
import { orderReturns, returnItems } from '../../db/schema/returns';
import type { DbOrTx } from '../../db/client';
import { requirePermission } from '../accounts/permissions';
import type { AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { giveBack } from '../orders/stock-back';
import { parseInput } from '../validation';
import { releaseExchange, refundExchangeDifference } from './exchange';
import {
  canMoveReturn,
  lineName,
  lockOrder,
  returnMoveIds,
  returnMoves,
  returnMoveSchemas,
  type ItemRow,
  type LineRow,
  type ReturnMove,
  type ReturnMoveDeps,
  type ReturnOptions,
  type ReturnRow,
} from './plan';
import { movedOn, recordMove, type MoveEffect } from './record';
import { refundReturn, type ManualRefund } from './refund';
import { mailStep } from './step-mail';
import { findReturn, getReturnForAdmin, type AdminReturnView } from './views';

export async function moveReturn(
  deps: ReturnMoveDeps,
  id: number | string,
  move: ReturnMove,
  raw: unknown,
  actor: AuditActor & { id: string },
  options: ReturnOptions = {},
): Promise<AdminReturnView> {
  if (!returnMoveIds.includes(move)) throw new AppError('NOT_FOUND', 'There is no such move for a return.');
  const input = parseInput(returnMoveSchemas[move] as z.ZodType, raw) as Record<string, unknown>;
  const found = await findReturn(deps.db, id);
  if (!found) throw new AppError('NOT_FOUND', 'Return not found');
  if (!canMoveReturn(found.status, move)) throw movedOn(found);
  if (move === 'exchange' && found.resolution !== 'exchange')
    throw new AppError('CONFLICT', 'This return asks for money back: refund it instead.');
  // An exchange can give money back (a cheaper replacement): it asks for the right to refund too.
  if (move === 'exchange' && actor.role !== undefined) requirePermission(actor.role, 'refunds.manage');
  const now = options.now ?? new Date();
  if (move === 'refund')
    return refundReturn(deps, found, input.manual as ManualRefund | undefined, actor, now);

  const moved = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const items = await tx.select().from(returnItems).where(eq(returnItems.returnId, found.id));
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const effect = planMove(move, input, items, lines, now);
    const [row] = await tx
      .update(orderReturns)
      .set({ ...effect.set, status: returnMoves[move].to, handledBy: actor.id, updatedAt: now })
      .where(and(eq(orderReturns.id, found.id), eq(orderReturns.status, found.status)))
      .returning();
    // Another request moved it first: nothing is written.
    if (!row) return null;
    await applyMove(tx, row, move, input, items);
    await recordMove(tx, order, row, found.status, effect, actor, now);
    return row;
  });
  if (!moved) throw movedOn((await findReturn(deps.db, found.id)) ?? found);
  const view = await getReturnForAdmin(deps.db, found.id);
  let refundKobo = 0;
  if (move === 'exchange') refundKobo = await refundExchangeDifference(deps, view, actor, now);
  await mailStep(deps, view, refundKobo);
  return refundKobo > 0 ? getReturnForAdmin(deps.db, found.id) : view;
}

/** The row's new fields and the timeline's words for one move; refuses a body that does not fit the return. */
function planMove(
  move: Exclude<ReturnMove, 'refund'>,
  input: Record<string, unknown>,
  items: ItemRow[],
  lines: LineRow[],
  now: Date,
): MoveEffect {
  switch (move) {
    case 'approve': {
      const instructions = (input.instructions as string | undefined) ?? '';
      return {
        set: { instructions, approvedAt: now },
        note: `approved${instructions ? `: ${instructions}` : '.'}`,
        detail: instructions || undefined,
      };
    }
    case 'decline': {
      const reason = input.reason as string;
      return { set: { declineReason: reason, closedAt: now }, note: `declined: ${reason}`, detail: reason };
    }
    case 'receive': {
      const restock = restockChoices(input.restock as boolean | Record<string, boolean>, items);
      const words = items.map((item) => {
        const line = lines.find((candidate) => candidate.id === item.orderLineId)!;
        return `${item.quantity} × ${lineName(line)} ${restock.get(item.id) ? 'back in stock' : 'not restocked'}`;
      });
      return { set: { receivedAt: now }, note: `received: ${words.join('; ')}.` };
    }
    case 'exchange': {
      const carrier = input.carrier as string;
      const trackingNumber = input.trackingNumber as string;
      return {
        set: { exchangeCarrier: carrier, exchangeTrackingNumber: trackingNumber },
        note: `exchange sent with ${carrier}, tracking number ${trackingNumber}, at no charge.`,
        detail: `${carrier}, tracking number ${trackingNumber}.`,
      };
    }
    case 'close':
      return { set: { closedAt: now }, note: 'closed.' };
  }
}

/** Receive's answer for each item: one for all, or one per item id (each item answered). */
function restockChoices(restock: boolean | Record<string, boolean>, items: ItemRow[]): Map<number, boolean> {
  if (typeof restock === 'boolean') return new Map(items.map((item) => [item.id, restock]));
  const unknown = Object.keys(restock).filter((id) => !items.some((item) => String(item.id) === id));
  const missing = items.filter((item) => restock[String(item.id)] === undefined);
  if (unknown.length || missing.length)
    throw new AppError('UNPROCESSABLE', 'Say for each returned item whether it goes back in stock.', {
      restock: unknown.length
        ? `Not items of this return: ${unknown.join(', ')}`
        : `Missing items: ${missing.map((item) => item.id).join(', ')}`,
    });
  return new Map(items.map((item) => [item.id, restock[String(item.id)]!]));
}

/**
 * The stock a move changes: decline gives the exchange's units back; receive puts returned units on
 * sale, those still out of stock (a refund with restock may have given them back already, decision
 * 0061), each to the size and colour it was sold from.
 */
async function applyMove(
  tx: DbOrTx,
  row: Pick<ReturnRow, 'id' | 'orderId'>,
  move: Exclude<ReturnMove, 'refund'>,
  input: Record<string, unknown>,
  items: ItemRow[],
): Promise<void> {
  if (move === 'decline') await releaseExchange(tx, row.orderId, items);
  if (move !== 'receive') return;
  const restock = restockChoices(input.restock as boolean | Record<string, boolean>, items);
  const back = items.filter((item) => restock.get(item.id));
  await giveBack(tx, {
    returnId: row.id,
    orderId: row.orderId,
    pieces: back.map((item) => ({ orderLineId: item.orderLineId, quantity: item.quantity })),
  });
  for (const item of items)
    await tx
      .update(returnItems)
      .set({ restocked: restock.get(item.id) === true })
      .where(eq(returnItems.id, item.id));
}
