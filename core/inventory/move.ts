import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../errors';
import { anyId } from './lock-stock';

/** A location as the moves need it: whether its units sell online. */
export interface PlaceRow {
  id: number;
  name: string;
  fulfilsOnline: boolean;
}

/** A location by id, or the shop's default one when none is given; 404 naming `field` when there is none. */
export async function readPlace(
  tx: DbOrTx,
  locationId: number | undefined,
  field = 'locationId',
): Promise<PlaceRow> {
  const result = (await tx.execute(sql`
    SELECT id, name, fulfils_online AS "fulfilsOnline" FROM stock_locations
     WHERE ${locationId === undefined ? sql`is_default` : sql`id = ${locationId}`}`)) as {
    rows: PlaceRow[];
  };
  const place = result.rows[0];
  if (!place) throw new AppError('NOT_FOUND', 'No such location', { [field]: 'No such location' });
  return place;
}

/** The units each size × colour holds at a location (0 where it has no level); the rows locked by the caller. */
export async function levelsAt(
  tx: DbOrTx,
  locationId: number,
  variantIds: readonly number[],
): Promise<Map<number, number>> {
  const result = (await tx.execute(sql`
    SELECT variant_id, stock FROM inventory_levels
     WHERE location_id = ${locationId} AND variant_id = ${anyId(variantIds)}`)) as {
    rows: { variant_id: number; stock: number }[];
  };
  const levels = new Map(variantIds.map((id) => [id, 0]));
  for (const row of result.rows) levels.set(row.variant_id, row.stock);
  return levels;
}

/** The units changed at a location, by size × colour. */
export interface LevelMove {
  variantId: number;
  delta: number;
}

/**
 * Moves units at one location, one statement for them all, as the cause named for the transaction
 * (core/inventory/cause.ts) says. At a location that sells online the variants' stock (what sells
 * online) changes with them, named to that location, and the trigger writes the levels and rows; at
 * one that does not (a store room) only the levels and their rows do (`write_stock_movement`,
 * db/migrations/0038, decision 0068). `levelOnly` moves the levels without the variants' stock: a
 * transfer between two locations that both sell online leaves what sells online as it was. The
 * caller holds the products' then the variants' rows locked (lock-stock.ts) and has checked that each
 * level can give its units.
 */
export async function moveAt(
  tx: DbOrTx,
  place: PlaceRow,
  moves: readonly LevelMove[],
  levelOnly = false,
): Promise<void> {
  const moving = moves.filter((move) => move.delta !== 0).sort((a, b) => a.variantId - b.variantId);
  if (moving.length === 0) return;
  const values = sql.join(
    moving.map((move) => sql`(${move.variantId}::int, ${move.delta}::int)`),
    sql`, `,
  );
  if (place.fulfilsOnline && !levelOnly)
    await tx.execute(sql`
      UPDATE product_variants v SET stock = v.stock + m.delta, updated_at = now()
        FROM (VALUES ${values}) AS m(variant_id, delta)
       WHERE v.id = m.variant_id`);
  else
    await tx.execute(sql`
      SELECT write_stock_movement(v.id, v.product_id, v.sku, ${place.id}::int, m.delta)
        FROM (VALUES ${values}) AS m(variant_id, delta)
        JOIN product_variants v ON v.id = m.variant_id
       ORDER BY v.id`);
}

/** A size × colour with its product's name, as the stocktake and the transfer name it. */
export interface VariantRow {
  id: number;
  productId: number;
  sku: string;
  stock: number;
  name: string;
  size: string;
  color: string;
}

/** The sizes × colours with these ids or SKUs (upper case), in id order. */
export async function variantsFor(
  tx: DbOrTx,
  ids: readonly number[],
  skus: readonly string[] = [],
): Promise<VariantRow[]> {
  if (ids.length === 0 && skus.length === 0) return [];
  const result = (await tx.execute(sql`
    SELECT v.id, v.product_id AS "productId", v.sku, v.stock, p.name, v.size, v.color
      FROM product_variants v JOIN products p ON p.id = v.product_id
     WHERE v.id = ${anyId(ids)}
        OR v.sku IN (SELECT value FROM jsonb_array_elements_text(${JSON.stringify(skus)}::jsonb))
     ORDER BY v.id`)) as { rows: VariantRow[] };
  return result.rows;
}
