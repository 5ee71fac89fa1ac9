import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * What the shop holds and what it is worth, as it stands now: every unit at every location (a store
 * room's too, and a piece no longer on sale that is still on the shelf), at what it cost where the
 * owner gave a cost (product_variants.cost_kobo, migration 0038), and at the price it sells at.
 */
export interface StockValueReport {
  /** Units on hand: the sum of inventory_levels over every location. */
  units: number;
  /** Of them, units of sizes and colours with a cost. */
  costedUnits: number;
  /** Units of sizes and colours without one: not in the value at cost. */
  uncostedUnits: number;
  /** The sizes and colours on hand without a cost. */
  uncostedVariants: number;
  /** The costed units at their cost. */
  costValueKobo: number;
  /** Every unit at the price it sells at: its own, or its product's (VAT included where the shop includes it). */
  retailValueKobo: number;
  /** The costed units at the price they sell at: the margin's base. */
  costedRetailValueKobo: number;
  /** (price − cost) / price over the costed units, as a percentage to one decimal; null: nothing costed on hand. */
  marginPercent: number | null;
}

/** One query: each variant's units over its locations, then the sums. */
export async function stockValueReport(db: DbOrTx): Promise<StockValueReport> {
  const result = (await db.execute(sql`
    WITH on_hand AS (
      SELECT v.id, v.cost_kobo, coalesce(v.price_kobo, p.price_kobo)::bigint AS price_kobo,
             sum(l.stock)::bigint AS units
        FROM inventory_levels l
        JOIN product_variants v ON v.id = l.variant_id
        JOIN products p ON p.id = v.product_id
       GROUP BY v.id, p.price_kobo
      HAVING sum(l.stock) > 0
    )
    SELECT coalesce(sum(units), 0)::bigint AS units,
           coalesce(sum(units) FILTER (WHERE cost_kobo IS NOT NULL), 0)::bigint AS costed_units,
           count(*) FILTER (WHERE cost_kobo IS NULL)::int AS uncosted_variants,
           coalesce(sum(units * cost_kobo), 0)::bigint AS cost_value,
           coalesce(sum(units * price_kobo), 0)::bigint AS retail_value,
           coalesce(sum(units * price_kobo) FILTER (WHERE cost_kobo IS NOT NULL), 0)::bigint AS costed_retail_value
      FROM on_hand`)) as {
    rows: Record<
      'units' | 'costed_units' | 'uncosted_variants' | 'cost_value' | 'retail_value' | 'costed_retail_value',
      string | number
    >[];
  };
  const row = result.rows[0];
  const units = Number(row?.units ?? 0);
  const costedUnits = Number(row?.costed_units ?? 0);
  const costValueKobo = Number(row?.cost_value ?? 0);
  const costedRetailValueKobo = Number(row?.costed_retail_value ?? 0);
  return {
    units,
    costedUnits,
    uncostedUnits: units - costedUnits,
    uncostedVariants: Number(row?.uncosted_variants ?? 0),
    costValueKobo,
    retailValueKobo: Number(row?.retail_value ?? 0),
    costedRetailValueKobo,
    marginPercent:
      costedRetailValueKobo > 0
        ? Math.round(((costedRetailValueKobo - costValueKobo) / costedRetailValueKobo) * 1000) / 10
        : null,
  };
}
