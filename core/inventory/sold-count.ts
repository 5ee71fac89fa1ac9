import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { MovementReason } from '../../db/schema/inventory';

/**
 * The one sold-count rule (docs/decisions/0067-inventory-ledger.md, "One home for stock"): units
 * that leave for a shopper add to the product's sold count (a sale online or at the counter, and
 * the piece an exchange sets aside for her); units that come back from her take away (a release, a
 * cancel, a refund with restock, a return received back in stock, an exchange's piece put back),
 * never below zero. Counting and moving stock (an edit, an import, a stocktake, an adjustment, a
 * transfer) sells nothing.
 */
const soldCountSign: Record<MovementReason, -1 | 0 | 1> = {
  sale: 1,
  in_store_sale: 1,
  exchange_out: 1,
  release: -1,
  cancel: -1,
  refund_restock: -1,
  return_restock: -1,
  exchange_back: -1,
  opening: 0,
  import: 0,
  edit: 0,
  stocktake: 0,
  adjustment: 0,
  transfer: 0,
};

/** What `units` moved for `reason` do to the sold count. */
export function soldCountChange(reason: MovementReason, units: number): number {
  return soldCountSign[reason] * units;
}

/** Units of a product moved for a reason. */
export interface SoldMove {
  reason: MovementReason;
  productId: number;
  units: number;
}

/**
 * Moves each product's sold count by the rule for the units moved (the caller holding the products'
 * rows locked): one statement, the products in id order, never below zero.
 */
export async function moveSoldCounts(tx: DbOrTx, moves: readonly SoldMove[]): Promise<void> {
  const change = new Map<number, number>();
  for (const move of moves)
    change.set(move.productId, (change.get(move.productId) ?? 0) + soldCountChange(move.reason, move.units));
  const rows = [...change]
    .filter(([, units]) => units !== 0)
    .sort(([a], [b]) => a - b)
    .map(([productId, units]) => sql`(${productId}::int, ${units}::int)`);
  if (rows.length === 0) return;
  await tx.execute(sql`
    UPDATE products p SET sold_count = greatest(p.sold_count + c.units, 0)
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS c(product_id, units)
     WHERE p.id = c.product_id`);
}
