import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productVariants } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { refundLines, refunds } from '../../db/schema/payments';
import { returnItems } from '../../db/schema/returns';
import type { StockCause } from '../inventory/cause';
import { putBack, type PutBackReason, type UnitsBack } from '../inventory/put-back';

/*
 * A unit sold comes back at most once (decision 0061). Four paths give an order's units back to
 * stock: the order's cancel or release (every unit still out), a refund of lines with restock when it
 * completes, and a return received back in stock. What each line has given back already is read from
 * what those paths record, never kept apart:
 *
 *   - a cancelled or released order (`status = 'cancelled'`, or `stock_released_at` set): all of it;
 *   - otherwise, the units of its completed refunds with restock (`refund_lines` of `refunds.restock`)
 *     and of its return items received back in stock (`return_items.restocked`).
 *
 * Every path calls `giveBack` in the transaction that records it, and gives back at most what is
 * still out: the line's quantity less what was given back. The order's row is locked first, then the
 * products in id order and their variants in id order, as Place Order takes them, so two paths (or a
 * path and a sale) queue on the same locks in the same order and never deadlock.
 *
 * A unit given back leaves the product's sold count, as a sale added it, and goes to the variant it
 * was taken from (or, that variant removed, to the same size and colour of the product; else nowhere).
 */

/** Some units of one order line. */
export interface Piece {
  orderLineId: number;
  quantity: number;
}

/**
 * Who gives back, with the record it writes in the same transaction (left out of what was given back
 * before, whether written yet or not):
 * - `release`: these orders' cancel or release; every unit still out comes back;
 * - `refundId`: a refund of lines with restock, completing; its pieces;
 * - `returnId`: a return received, the pieces staff put back in stock.
 */
export type GiveBackBy =
  | { release: readonly number[]; reason?: 'cancel' | 'release'; actorId?: string | null }
  | { refundId: number; orderId: number; pieces: readonly Piece[] }
  | { returnId: number; orderId: number; pieces: readonly Piece[] };

interface LineOut {
  orderId: number;
  productId: number | null;
  variantId: number | null;
  size: string | null;
  color: string | null;
  /** Units sold on the line. */
  quantity: number;
  /** Units not given back yet. */
  out: number;
}

const ordersOf = (by: GiveBackBy): number[] =>
  'release' in by ? [...new Set(by.release)].sort((a, b) => a - b) : [by.orderId];

/** Locks the orders' rows, in id order (a no-op for the rows this transaction holds already). */
async function lockOrders(tx: DbOrTx, orderIds: number[]) {
  return tx
    .select({ id: orders.id, status: orders.status, stockReleasedAt: orders.stockReleasedAt })
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(orders.id)
    .for('update');
}

/**
 * Units of each line of these orders not yet given back, by line id, read under the orders' locks.
 * `besides` is the caller's own record, not counted: its refund, its return, or (the orders' own
 * cancel or release) the orders' cancelled state.
 */
async function linesOut(
  tx: DbOrTx,
  orderIds: number[],
  besides?: { refundId?: number; returnId?: number; release?: boolean },
): Promise<Map<number, LineOut>> {
  const locked = await lockOrders(tx, orderIds);
  if (locked.length === 0) return new Map();
  const ids = locked.map((order) => order.id);
  const allBack = new Set(
    besides?.release
      ? []
      : locked
          .filter((order) => order.status === 'cancelled' || order.stockReleasedAt !== null)
          .map((order) => order.id),
  );
  const refundedBack: (SQL | undefined)[] = [
    inArray(refunds.orderId, ids),
    eq(refunds.restock, true),
    eq(refunds.status, 'completed'),
    besides?.refundId === undefined ? undefined : ne(refunds.id, besides.refundId),
  ];
  const returnedBack: (SQL | undefined)[] = [
    inArray(orderLines.orderId, ids),
    eq(returnItems.restocked, true),
    besides?.returnId === undefined ? undefined : ne(returnItems.returnId, besides.returnId),
  ];
  const lines = await tx
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      size: orderLines.size,
      color: orderLines.color,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(orderLines.id);
  const refunded = await tx
    .select({ lineId: refundLines.orderLineId, units: sql<number>`sum(${refundLines.quantity})::int` })
    .from(refundLines)
    .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
    .where(and(...refundedBack))
    .groupBy(refundLines.orderLineId);
  const returned = await tx
    .select({ lineId: returnItems.orderLineId, units: sql<number>`sum(${returnItems.quantity})::int` })
    .from(returnItems)
    .innerJoin(orderLines, eq(orderLines.id, returnItems.orderLineId))
    .where(and(...returnedBack))
    .groupBy(returnItems.orderLineId);
  const back = new Map<number, number>();
  for (const row of [...refunded, ...returned]) back.set(row.lineId, (back.get(row.lineId) ?? 0) + row.units);
  return new Map(
    lines.map((line) => [
      line.id,
      {
        ...line,
        out: allBack.has(line.orderId) ? 0 : Math.max(0, line.quantity - (back.get(line.id) ?? 0)),
      },
    ]),
  );
}

/** Units of each line of the order not yet given back to stock, by line id (locks the order's row). */
export async function unitsStillOut(tx: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const lines = await linesOut(tx, [orderId]);
  return new Map([...lines].map(([id, line]) => [id, line.out]));
}

/** The ledger's reason and cause for units coming back from one order. */
function causeOf(by: GiveBackBy, orderId: number): StockCause & { reason: PutBackReason } {
  if ('release' in by) return { reason: by.reason ?? 'release', orderId, actorId: by.actorId ?? null };
  if ('refundId' in by) return { reason: 'refund_restock', orderId, note: `Refund ${by.refundId}` };
  return { reason: 'return_restock', orderId, returnId: by.returnId };
}

/**
 * Gives units back to stock by the rule above, in the caller's transaction, and returns how many
 * each line gave back (at most what was still out: a piece asked beyond it gives back the rest, or
 * nothing).
 */
export async function giveBack(tx: DbOrTx, by: GiveBackBy): Promise<Map<number, number>> {
  const orderIds = ordersOf(by);
  if (orderIds.length === 0) return new Map();
  const lines = await linesOut(tx, orderIds, {
    release: 'release' in by,
    ...('refundId' in by ? { refundId: by.refundId } : {}),
    ...('returnId' in by ? { returnId: by.returnId } : {}),
  });
  const asked = new Map<number, number>();
  if ('release' in by) for (const [id, line] of lines) asked.set(id, line.out);
  else
    for (const piece of by.pieces)
      if (lines.has(piece.orderLineId) && piece.quantity > 0)
        asked.set(piece.orderLineId, (asked.get(piece.orderLineId) ?? 0) + piece.quantity);
  const given = new Map<number, number>();
  for (const [id, quantity] of asked) {
    const units = Math.min(quantity, lines.get(id)!.out);
    if (units > 0) given.set(id, units);
  }
  if (given.size === 0) return given;

  // Where each line's units go: its own variant, or (removed since) the same size and colour.
  const homeless = [...given.keys()]
    .map((id) => lines.get(id)!)
    .filter((line) => line.variantId === null && line.productId !== null);
  const again =
    homeless.length === 0
      ? []
      : await tx
          .select({
            id: productVariants.id,
            productId: productVariants.productId,
            size: productVariants.size,
            color: productVariants.color,
          })
          .from(productVariants)
          .where(
            inArray(
              productVariants.productId,
              homeless.map((line) => line.productId!),
            ),
          );
  // Order by order, so each row of the ledger names the order it came back from (decision 0067).
  const back = new Map<number, UnitsBack[]>();
  for (const [id, units] of given) {
    const line = lines.get(id)!;
    if (line.productId === null) continue;
    const variantId =
      line.variantId ??
      again.find(
        (variant) =>
          variant.productId === line.productId &&
          variant.size === (line.size ?? '') &&
          variant.color === (line.color ?? ''),
      )?.id ??
      null;
    back.set(line.orderId, [
      ...(back.get(line.orderId) ?? []),
      { productId: line.productId, variantId, units },
    ]);
  }
  await putBack(
    tx,
    [...back.keys()]
      .sort((a, b) => a - b)
      .map((orderId) => ({ cause: causeOf(by, orderId), units: back.get(orderId)! })),
  );
  return given;
}
