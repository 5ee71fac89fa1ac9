import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { MovementReason } from '../../db/schema/inventory';

/**
 * Why the stock changes next in this transaction, and what caused it: the database writes each change
 * to a variant's stock as a row of the ledger with these (trigger `product_variants_stock_ledger`,
 * docs/decisions/0067-inventory-ledger.md). Every key is set each time, so a cause never leaks into
 * the next change; all of them end with the transaction. A change made with no cause named is an
 * `adjustment` (an update) or an `edit` (a variant made or removed).
 */
export interface StockCause {
  reason: MovementReason;
  orderId?: number | null;
  returnId?: number | null;
  /** The staff member who made the change, when one did. */
  actorId?: string | null;
  note?: string;
  /** The location it happens at; left out, the locations that sell online in the owner's order. */
  locationId?: number | null;
  /** The stocktake whose count it applies. */
  stocktakeId?: number | null;
  /** What a unit received cost, in kobo. */
  unitCostKobo?: number | null;
}

export async function stockCause(tx: DbOrTx, cause: StockCause): Promise<void> {
  const text = (value: number | string | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  await tx.execute(sql`
    SELECT set_config('rossy.stock_reason', ${cause.reason}, true),
           set_config('rossy.stock_order', ${text(cause.orderId)}, true),
           set_config('rossy.stock_return', ${text(cause.returnId)}, true),
           set_config('rossy.stock_actor', ${text(cause.actorId)}, true),
           set_config('rossy.stock_note', ${cause.note ?? ''}, true),
           set_config('rossy.stock_location', ${text(cause.locationId)}, true),
           set_config('rossy.stock_stocktake', ${text(cause.stocktakeId)}, true),
           set_config('rossy.stock_unit_cost', ${text(cause.unitCostKobo)}, true)`);
}
