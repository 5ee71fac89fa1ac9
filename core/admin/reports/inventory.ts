import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { products } from '../../../db/schema/catalog';
import { LOW_STOCK_THRESHOLD } from '../../catalog/stock-status';
import { sumOf } from './range';

/** The Inventory card: stock as it stands now. */
export interface InventoryReport {
  /** Products on sale (not archived). */
  products: number;
  units: number;
  outOfStock: number;
  /** In stock but below the low-stock threshold. */
  lowStock: number;
  lowStockThreshold: number;
  /** Units on hand at the selling price: the catalog keeps no cost price. */
  stockValueKobo: number;
  stockValueBasis: 'retail';
  lowest: { productId: number; name: string; stock: number; priceKobo: number }[];
}

export async function inventoryReport(db: DbOrTx, options: { top?: number } = {}): Promise<InventoryReport> {
  const onSale = eq(products.status, 'active');
  const [[totals], lowest] = await Promise.all([
    db
      .select({
        products: count(),
        units: sumOf(sql`${products.stock}`),
        outOfStock: sql<number>`count(*) filter (where ${products.stock} <= 0)`.mapWith(Number),
        lowStock:
          sql<number>`count(*) filter (where ${products.stock} > 0 and ${products.stock} < ${LOW_STOCK_THRESHOLD})`.mapWith(
            Number,
          ),
        stockValueKobo: sumOf(sql`${products.stock}::bigint * ${products.priceKobo}`),
      })
      .from(products)
      .where(onSale),
    db
      .select({
        productId: products.id,
        name: products.name,
        stock: products.stock,
        priceKobo: products.priceKobo,
      })
      .from(products)
      .where(onSale)
      .orderBy(asc(products.stock), asc(products.name))
      .limit(options.top ?? 10),
  ]);
  return {
    products: totals?.products ?? 0,
    units: totals?.units ?? 0,
    outOfStock: totals?.outOfStock ?? 0,
    lowStock: totals?.lowStock ?? 0,
    lowStockThreshold: LOW_STOCK_THRESHOLD,
    stockValueKobo: totals?.stockValueKobo ?? 0,
    stockValueBasis: 'retail',
    lowest,
  };
}
