import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productVariants } from '../../db/schema/catalog';
import { getShopSettings } from '../settings/shop-settings';

/**
 * The one low-stock rule in SQL (contracts/inventory.ts `isLowStock`): a size × colour's level is its
 * own, or else the shop's; it is low below it. `units` is what is compared: its online stock by
 * default, or its units on hand (the digest).
 */
export const lowLevelSql = (shopLevel: number): SQL =>
  sql`coalesce(${productVariants.lowStockThreshold}, ${shopLevel}::int)`;

export const variantIsLowSql = (shopLevel: number, units: SQL = sql`${productVariants.stock}`): SQL =>
  sql`${units} < ${lowLevelSql(shopLevel)}`;

/** The shop's low-stock level, for the sizes that have none of their own. */
export async function shopLowStockLevel(db: DbOrTx): Promise<number> {
  return (await getShopSettings(db)).lowStockThreshold;
}
