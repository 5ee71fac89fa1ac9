import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stockCause, type StockCause } from './cause';
import { anyId, lockStock } from './lock-stock';

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
 * lock-stock.ts); each count before is read under the lock and returned (variant id → units). The
 * ledger's row for each change carries `cause`. A count sells nothing: the sold count stays
 * (sold-count.ts).
 */
export async function setCounts(
  tx: DbOrTx,
  cause: StockCause,
  counts: readonly CountTo[],
): Promise<Map<number, number>> {
  if (counts.length === 0) return new Map();
  const variantIds = [...new Set(counts.map((count) => count.variantId))].sort((a, b) => a - b);
  await lockStock(
    tx,
    [...new Set(counts.map((count) => count.productId))].sort((a, b) => a - b),
    variantIds,
  );
  const read = (await tx.execute(
    sql`SELECT id, stock FROM product_variants WHERE id = ${anyId(variantIds)}`,
  )) as unknown as { rows: { id: number; stock: number }[] };
  const before = new Map(read.rows.map((row) => [Number(row.id), Number(row.stock)]));
  const changes = counts.flatMap((count) => {
    const now = before.get(count.variantId);
    if (now === undefined) return [];
    const stock = count.read === undefined ? count.stock : Math.max(0, now + count.stock - count.read);
    return stock === now ? [] : [{ id: count.variantId, stock }];
  });
  if (changes.length === 0) return before;
  await stockCause(tx, cause);
  await tx.execute(sql`
    UPDATE product_variants v SET stock = c.stock, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) AS c(id int, stock int)
     WHERE v.id = c.id`);
  return before;
}
