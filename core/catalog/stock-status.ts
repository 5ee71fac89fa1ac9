import type { StockStatus } from '../../contracts/catalog';

/** Below this many units the shop shows a low-stock note and the admin a warning colour. */
export const LOW_STOCK_THRESHOLD = 5;

export function stockStatus(stock: number): StockStatus {
  if (stock <= 0) return 'out_of_stock';
  if (stock < LOW_STOCK_THRESHOLD) return 'low_stock';
  return 'in_stock';
}
