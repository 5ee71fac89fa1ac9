// Kept free of zod: the browser imports these.
/** Why stock moved, as the ledger keeps it (db/schema/inventory.ts, decision 0067). */
export const movementReasons = [
  'opening',
  'sale',
  'release',
  'cancel',
  'refund_restock',
  'return_restock',
  'exchange_out',
  'exchange_back',
  'import',
  'edit',
  'stocktake',
  'adjustment',
  'transfer',
  'in_store_sale',
] as const;
export type MovementReason = (typeof movementReasons)[number];

/** Each reason in the owner's words, for the editor's stock history. */
export const movementReasonLabels: Record<MovementReason, string> = {
  opening: 'Opening balance',
  sale: 'Sold',
  release: 'Released (unpaid)',
  cancel: 'Cancelled',
  refund_restock: 'Refunded, back in stock',
  return_restock: 'Returned, back in stock',
  exchange_out: 'Set aside for an exchange',
  exchange_back: 'Exchange piece back',
  import: 'Import',
  edit: 'Edited',
  stocktake: 'Stocktake',
  adjustment: 'Adjusted',
  transfer: 'Transfer',
  in_store_sale: 'Sold in the shop',
};

/** A change of units as the history writes it: "+12", "−1" (a true minus sign). */
export const unitsChange = (quantity: number): string =>
  quantity > 0 ? `+${quantity}` : quantity < 0 ? `−${Math.abs(quantity)}` : '0';

/** The highest low-stock level a size × colour or the shop may have (units). */
export const MAX_LOW_STOCK_LEVEL = 10_000;

/**
 * The one low-stock rule (decision 0068): a size × colour is low when it holds fewer units than its
 * own level, or else the shop's (Settings → Policies & Timing, 5 unless changed). Sold out is low too.
 */
export const isLowStock = (
  variant: { stock: number; lowStockThreshold?: number | null },
  shopLevel: number,
) => variant.stock < (variant.lowStockThreshold ?? shopLevel);
