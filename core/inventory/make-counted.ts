import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stockCause, type StockCause } from './cause';

/**
 * Sizes and colours made with their first units, in one statement: the CSV import makes thousands of
 * them, and making each with none and counting it after wrote every row twice (the import of 2,000
 * new products took half as long again). `rows` is a query giving
 * `(product_id, size, color, sku, stock, price_kobo, position)` in the order to insert; `prefix` may
 * hold the WITH that makes their products in the same statement. A size not made yet is seen by no
 * other writer, so it needs no lock; a product the shop already has must be locked first
 * (lock-stock.ts). Each size's first units are a row of the ledger with `cause`.
 */
export async function makeCounted(tx: DbOrTx, cause: StockCause, rows: SQL, prefix?: SQL): Promise<void> {
  await stockCause(tx, cause);
  await tx.execute(sql`${prefix ?? sql``}
    INSERT INTO product_variants (product_id, size, color, sku, stock, price_kobo, position)
    ${rows}`);
}
