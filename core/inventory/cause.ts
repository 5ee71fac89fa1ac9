import { sql, type SQL } from 'drizzle-orm';
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

/** The transaction-local setting each part of a cause is kept in, all of them set every time. */
const causeSettings = {
  reason: 'rossy.stock_reason',
  orderId: 'rossy.stock_order',
  returnId: 'rossy.stock_return',
  actorId: 'rossy.stock_actor',
  note: 'rossy.stock_note',
  locationId: 'rossy.stock_location',
  stocktakeId: 'rossy.stock_stocktake',
  unitCostKobo: 'rossy.stock_unit_cost',
} as const satisfies Record<keyof StockCause, string>;

/**
 * A cause as SQL that sets every one of its settings and is true: for a statement that names its
 * own change as it ends (Place Order's, once its order has an id). Each value is text, '' for none.
 */
export function stockCauseSql(values: Record<keyof StockCause, SQL>): SQL {
  return sql.join(
    (Object.keys(causeSettings) as (keyof StockCause)[]).map(
      (key) => sql`set_config(${sql.raw(`'${causeSettings[key]}'`)}, ${values[key]}, true) IS NOT NULL`,
    ),
    sql`\n             AND `,
  );
}

export async function stockCause(tx: DbOrTx, cause: StockCause): Promise<void> {
  const text = (value: number | string | null | undefined) =>
    sql`${value === null || value === undefined ? '' : String(value)}`;
  await tx.execute(sql`
    SELECT ${stockCauseSql({
      reason: text(cause.reason),
      orderId: text(cause.orderId),
      returnId: text(cause.returnId),
      actorId: text(cause.actorId),
      note: text(cause.note),
      locationId: text(cause.locationId),
      stocktakeId: text(cause.stocktakeId),
      unitCostKobo: text(cause.unitCostKobo),
    })}`);
}
