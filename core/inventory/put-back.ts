import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stockCause, type StockCause } from './cause';
import { lockStock } from './lock-stock';
import { moveSoldCounts } from './sold-count';

/** The ways a unit that left for a shopper comes back. */
export type PutBackReason = 'release' | 'cancel' | 'refund_restock' | 'return_restock' | 'exchange_back';

/** Units of a product coming back, to a size × colour. */
export interface UnitsBack {
  productId: number;
  /** null: the size and colour are gone from the grid; the units go nowhere, yet leave the sold count. */
  variantId: number | null;
  units: number;
}

/** Units coming back for one cause (one order's cancel, one refund, one return…). */
export interface PutBack {
  cause: StockCause & { reason: PutBackReason };
  units: readonly UnitsBack[];
}

/**
 * Puts units that left for shoppers back on sale, in the caller's transaction: every product's row in
 * id order, then every variant's (the one lock order, lock-stock.ts), then each cause's units in the
 * order given, so each row of the ledger names its own cause; the sold counts then lose them by the
 * rule (sold-count.ts), never below zero. The caller decides how many come back (core/orders'
 * stock-back.ts: at most what is still out, decision 0061).
 */
export async function putBack(tx: DbOrTx, batches: readonly PutBack[]): Promise<void> {
  const moving = batches
    .map((batch) => ({ ...batch, units: batch.units.filter((back) => back.units > 0) }))
    .filter((batch) => batch.units.length > 0);
  if (moving.length === 0) return;
  const all = moving.flatMap((batch) => batch.units);
  const ids = (values: (number | null)[]) =>
    [...new Set(values.filter((id): id is number => id !== null))].sort((a, b) => a - b);
  await lockStock(tx, ids(all.map((back) => back.productId)), ids(all.map((back) => back.variantId)));
  for (const batch of moving) {
    const byVariant = new Map<number, number>();
    for (const back of batch.units)
      if (back.variantId !== null)
        byVariant.set(back.variantId, (byVariant.get(back.variantId) ?? 0) + back.units);
    if (byVariant.size === 0) continue;
    await stockCause(tx, batch.cause);
    const pairs = [...byVariant.keys()]
      .sort((a, b) => a - b)
      .map((id) => sql`(${id}::int, ${byVariant.get(id)!}::int)`);
    await tx.execute(sql`
      UPDATE product_variants v SET stock = v.stock + back.units, updated_at = now()
        FROM (VALUES ${sql.join(pairs, sql`, `)}) AS back(variant_id, units)
       WHERE v.id = back.variant_id`);
  }
  await moveSoldCounts(
    tx,
    moving.flatMap((batch) =>
      batch.units.map((back) => ({
        reason: batch.cause.reason,
        productId: back.productId,
        units: back.units,
      })),
    ),
  );
}
