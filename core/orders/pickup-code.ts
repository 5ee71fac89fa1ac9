import { and, eq, isNotNull } from 'drizzle-orm';
import { normalizePickupCode } from '../../contracts/tracking-links';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/orders';
import { keyedProof, open, seal } from '../accounts/secret-box';
import type { ShopSettings } from '../settings/shop-settings';
import { collectOrder, newPickupCode, pickupCodeMatches, readyOrder, type MoveResult } from './lifecycle';
import type { OrderRow } from './order-view';

/*
 * A pickup code proves that the person at the counter is the shopper (decision 0060). Staff type it,
 * they never read it, and what the shop keeps of it opens nothing without the shop key, which no
 * backup holds (decision 0027):
 *   - its proof, an HMAC-SHA-256 under a key derived from the shop key, bound to the order: what the
 *     code staff type is checked against (the lifecycle compares the two proofs, and collects only
 *     on the row that still holds it);
 *   - the code sealed with the shop key for this order (AES-256-GCM): opened only for its shopper's
 *     page, and sent once in her ready-for-pickup e-mail.
 * 25⁶ codes are few: a bare hash would be tried against all of them in seconds. Keyed, it cannot be.
 */

/** The proof of a code for one order: hex, upper case, so that it reads as a typed code does. */
export function pickupCodeProof(shopKey: string, orderNumber: string, typed: string): string {
  return keyedProof(
    shopKey,
    'rossy pickup code proof',
    `${orderNumber}\n${normalizePickupCode(typed)}`,
  ).toUpperCase();
}

/** The code sealed for one order's row: it opens for that order only, with the shop key only. */
export function sealPickupCode(shopKey: string, orderNumber: string, code: string): string {
  return seal(shopKey, orderNumber, code, 'rossy pickup code');
}

/** The code of an order ready for pickup, for its shopper only; null when it has none (or does not open). */
export function openPickupCode(
  shopKey: string,
  order: Pick<OrderRow, 'number' | 'status' | 'pickupCodeSealed'>,
): string | null {
  if (order.status !== 'ready_for_pickup' || !order.pickupCodeSealed) return null;
  return open(shopKey, order.number, order.pickupCodeSealed, 'rossy pickup code');
}

/**
 * Start-up, after the migrations: the codes of orders readied before migration 0033 are kept in
 * plain. Each gets its proof and its sealed copy, and its plain column is emptied, in one update
 * conditional on the code it read, so the codes already sent still collect, and two processes
 * starting together (or a start after a restore of an older backup) do it once. Returns how many.
 */
export async function protectPlainPickupCodes(db: DbOrTx, shopKey: string): Promise<number> {
  const plain = await db
    .select({ id: orders.id, number: orders.number, code: orders.plainPickupCode })
    .from(orders)
    .where(isNotNull(orders.plainPickupCode));
  let protectedCodes = 0;
  for (const { id, number, code } of plain) {
    if (code === null) continue;
    const changed = await db
      .update(orders)
      .set({
        pickupCode: pickupCodeProof(shopKey, number, code),
        pickupCodeSealed: sealPickupCode(shopKey, number, normalizePickupCode(code)),
        plainPickupCode: null,
      })
      .where(and(eq(orders.id, id), eq(orders.plainPickupCode, code)))
      .returning({ id: orders.id });
    protectedCodes += changed.length;
  }
  return protectedCodes;
}

/**
 * ready, with a fresh code: the lifecycle's move keeps the code's proof on the row (and tells its
 * shopper where and when, not the code), and its sealed copy is written in the same transaction.
 * Returns the move's note and the code, for the shopper's e-mail only; null when the order moved first.
 */
export async function readyWithNewCode(
  tx: DbOrTx,
  shopKey: string,
  order: OrderRow,
  pickup: ShopSettings['pickup'],
  now: Date,
  note?: string,
): Promise<{ note: string; code: string } | null> {
  const code = newPickupCode();
  const proof = pickupCodeProof(shopKey, order.number, code);
  const moved = await readyOrder(tx, { ...order, pickupCode: proof }, pickup, now, note);
  if (moved === null) return null;
  await tx
    .update(orders)
    .set({ pickupCodeSealed: sealPickupCode(shopKey, order.number, code) })
    .where(eq(orders.id, order.id));
  return { note: moved, code };
}

/** Whether the code staff typed is the order's: its proof against the row's, in constant time. */
export function pickupCodeIsRight(shopKey: string, order: OrderRow, typed: string): boolean {
  return pickupCodeMatches(order, pickupCodeProof(shopKey, order.number, typed));
}

/** collect, with the code staff typed: the lifecycle collects only on the row that still holds its proof. */
export function collectWithCode(
  tx: DbOrTx,
  shopKey: string,
  order: OrderRow,
  typed: string,
  now: Date,
  note?: string,
): MoveResult {
  return collectOrder(tx, order, pickupCodeProof(shopKey, order.number, typed), now, note);
}
