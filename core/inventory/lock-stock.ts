import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalog';

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
    await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [...productIds]))
      .orderBy(products.id)
      .for('update');
  if (variantIds.length > 0)
    await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(inArray(productVariants.id, [...variantIds]))
      .orderBy(productVariants.id)
      .for('update');
}
