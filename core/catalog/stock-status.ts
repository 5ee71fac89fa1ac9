import type { StockStatus } from '../../contracts/catalog';

/** Below this many units the shop shows a low-stock note and the admin a warning colour. */
export const LOW_STOCK_THRESHOLD = 5;

export function stockStatus(stock: number): StockStatus {
  if (stock <= 0) return 'out_of_stock';
  if (stock < LOW_STOCK_THRESHOLD) return 'low_stock';
  return 'in_stock';
}

/**
 * The stock a shopper is shown: the exact count below the low-stock threshold ("Only 3 left"), the
 * threshold itself above it. Exact figures past that tell a shopper nothing, tell a competitor every
 * sale, and would change every cached catalogue answer with every order (db/migrations/0012_catalog_cache.sql
 * watches the same figure).
 */
export function shownStock(stock: number): number {
  return Math.min(Math.max(stock, 0), LOW_STOCK_THRESHOLD);
}
