import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stockCause, type StockCause } from './cause';
import { lockStock } from './lock-stock';

/** The count a size × colour should hold. */
export interface CountTo {
  productId: number;
  variantId: number;
  /** The units it holds after. */
  stock: number;
  /**
   * What the caller read before deciding `stock`, outside the lock. Given, the count moves by
   * `stock − read`, so units sold or given back since are kept (never below zero); left out, the
   * count becomes `stock`.
   */
  read?: number;
}

/**
 * Sets counts as the owner states them (the product editor's grid, the CSV import), in the caller's
 * transaction: the products' rows in id order, then the variants' (the one lock order,
 * lock-stock.ts), then one statement that moves each count from what it holds under the lock. The
 * ledger's row for each change carries `cause`. A count sells nothing: the sold count stays
 * (sold-count.ts).
 */
export async function setCounts(tx: DbOrTx, cause: StockCause, counts: readonly CountTo[]): Promise<void> {
  if (counts.length === 0) return;
  await lockStock(
    tx,
    [...new Set(counts.map((count) => count.productId))].sort((a, b) => a - b),
    [...new Set(counts.map((count) => count.variantId))].sort((a, b) => a - b),
  );
  await stockCause(tx, cause);
  const wanted = counts.map((count) => ({
    id: count.variantId,
    stock: count.stock,
    read: count.read ?? null,
  }));
  const after = sql`CASE WHEN c.read IS NULL THEN c.stock ELSE greatest(0, v.stock + c.stock - c.read) END`;
  await tx.execute(sql`
    UPDATE product_variants v SET stock = ${after}, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) AS c(id int, stock int, read int)
     WHERE v.id = c.id AND v.stock <> ${after}`);
}
