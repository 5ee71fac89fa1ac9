import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** `= anyId(ids)`: ids as one parameter, however many (an import may lock 20,000 sizes and colours). */
export const anyId = (ids: readonly number[]) =>
  sql`ANY(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`;

/**
 * Locks stock rows in the one order every writer of stock takes them: the products in id order (Place
 * Order's order), then their variants in id order. A variant's stock is summed onto its product's row
 * by the database, so a writer that took a variant before its product could deadlock with a sale.
 */
export async function lockStock(
  tx: DbOrTx,
  productIds: readonly number[],
  variantIds: readonly number[] = [],
): Promise<void> {
  if (productIds.length > 0)
    await tx.execute(sql`SELECT id FROM products WHERE id = ${anyId(productIds)} ORDER BY id FOR UPDATE`);
  if (variantIds.length > 0)
    await tx.execute(
      sql`SELECT id FROM product_variants WHERE id = ${anyId(variantIds)} ORDER BY id FOR UPDATE`,
    );
}
