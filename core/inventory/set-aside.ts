import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productVariants } from '../../db/schema/catalog';
import { stockCause, type StockCause } from './cause';
import { lockStock } from './lock-stock';
import { moveSoldCounts } from './sold-count';

/** Units of a size × colour set aside for a shopper. */
export interface PieceOut {
  productId: number;
  variantId: number;
  units: number;
}

/**
 * Sets units aside for a shopper outside a sale (the piece an exchange sends her), in the caller's
 * transaction: the products' rows in id order, then the variants' (the one lock order,
 * lock-stock.ts), all of them or none. Returns the first piece (by variant id) that has fewer units
 * than asked, or that is gone, and then moves nothing; otherwise takes them, and the sold count adds
 * them by the rule (sold-count.ts: a piece out counts as sold until it comes back).
 */
export async function setAside(
  tx: DbOrTx,
  cause: StockCause & { reason: 'exchange_out' },
  pieces: readonly PieceOut[],
): Promise<PieceOut | null> {
  const wanted = new Map<number, PieceOut>();
  for (const piece of pieces) {
    if (piece.units <= 0) continue;
    const same = wanted.get(piece.variantId);
    wanted.set(piece.variantId, { ...piece, units: (same?.units ?? 0) + piece.units });
  }
  if (wanted.size === 0) return null;
  const ordered = [...wanted.values()].sort((a, b) => a.variantId - b.variantId);
  await lockStock(
    tx,
    [...new Set(ordered.map((piece) => piece.productId))].sort((a, b) => a - b),
    ordered.map((piece) => piece.variantId),
  );
  const held = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        ordered.map((piece) => piece.variantId),
      ),
    );
  const short = ordered.find(
    (piece) => (held.find((row) => row.id === piece.variantId)?.stock ?? 0) < piece.units,
  );
  if (short) return short;
  await stockCause(tx, cause);
  const pairs = ordered.map((piece) => sql`(${piece.variantId}::int, ${piece.units}::int)`);
  await tx.execute(sql`
    UPDATE product_variants v SET stock = v.stock - piece.units, updated_at = now()
      FROM (VALUES ${sql.join(pairs, sql`, `)}) AS piece(variant_id, units)
     WHERE v.id = piece.variant_id`);
  await moveSoldCounts(
    tx,
    ordered.map((piece) => ({ reason: cause.reason, productId: piece.productId, units: piece.units })),
  );
  return null;
}
