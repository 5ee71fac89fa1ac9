import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A location as the admin's grid heads a column with it. */
export interface LevelPlace {
  id: number;
  name: string;
  fulfilsOnline: boolean;
}

export interface ProductLevels {
  /** Every location, in the order online orders take from them. */
  locations: LevelPlace[];
  /** Each size × colour's units at each location, in `locations`' order (0 where it has no level). */
  byVariant: Record<number, number[]>;
}

/** The units each of a product's sizes × colours holds at each location (decision 0068): the locations with their levels in one query, the sizes in another. */
export async function productLevels(db: DbOrTx, productId: number): Promise<ProductLevels> {
  const result = (await db.execute(sql`
    SELECT s.id, s.name, s.fulfils_online AS "fulfilsOnline",
           coalesce((SELECT jsonb_object_agg(l.variant_id, l.stock)
                       FROM inventory_levels l JOIN product_variants v ON v.id = l.variant_id
                      WHERE l.location_id = s.id AND v.product_id = ${productId}), '{}'::jsonb) AS levels
      FROM stock_locations s ORDER BY s.position, s.id`)) as {
    rows: (LevelPlace & { levels: Record<string, number> | string })[];
  };
  const variants = (await db.execute(
    sql`SELECT id FROM product_variants WHERE product_id = ${productId} ORDER BY id`,
  )) as { rows: { id: number }[] };
  const locations = result.rows.map(({ id, name, fulfilsOnline }) => ({ id, name, fulfilsOnline }));
  const levels = result.rows.map((row) =>
    typeof row.levels === 'string' ? (JSON.parse(row.levels) as Record<string, number>) : row.levels,
  );
  const byVariant: Record<number, number[]> = {};
  for (const { id } of variants.rows) byVariant[id] = levels.map((at) => Number(at[String(id)] ?? 0));
  return { locations, byVariant };
}
