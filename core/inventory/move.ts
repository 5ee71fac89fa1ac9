import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** A location as the moves need it: whether its units sell online. */
export interface PlaceRow {
  id: number;
  name: string;
  fulfilsOnline: boolean;
}

export async function readPlace(tx: DbOrTx, locationId: number | undefined): Promise<PlaceRow | null> {
  const result = (await tx.execute(sql`
    SELECT id, name, fulfils_online AS "fulfilsOnline" FROM stock_locations
     WHERE ${locationId === undefined ? sql`is_default` : sql`id = ${locationId}`}`)) as unknown as {
    rows: PlaceRow[];
  };
  return result.rows[0] ?? null;
}

/** A size × colour's units at each location; the variant's row must be locked by the caller. */
export async function levelAt(tx: DbOrTx, variantId: number, locationId: number): Promise<number> {
  const result = (await tx.execute(sql`
    SELECT stock FROM inventory_levels WHERE variant_id = ${variantId} AND location_id = ${locationId}`)) as unknown as {
    rows: { stock: number }[];
  };
  return result.rows[0]?.stock ?? 0;
}

/**
 * Moves `delta` units of a size × colour at one location, as the cause named for the transaction
 * (core/inventory/cause.ts) says. At a location that sells online the variant's stock (what sells
 * online) changes with it, named to that location; at one that does not (a store room) only the
 * level and its ledger row do (db/migrations/0038, decision 0068). The caller holds the product's then
 * the variant's row locked (core/inventory/lock-stock.ts) and has checked the level can give `delta`.
 * `levelOnly` moves the level without the variant's stock: a transfer between two locations that
 * both sell online leaves what sells online as it was.
 */
export async function moveAt(
  tx: DbOrTx,
  variantId: number,
  place: PlaceRow,
  delta: number,
  levelOnly = false,
): Promise<void> {
  if (delta === 0) return;
  if (place.fulfilsOnline && !levelOnly) {
    await tx.execute(sql`
      UPDATE product_variants SET stock = stock + ${delta}, updated_at = now() WHERE id = ${variantId}`);
    return;
  }
  await tx.execute(sql`
    SELECT write_stock_movement(v.id, v.product_id, v.sku, ${place.id}::int, ${delta}::int)
      FROM product_variants v WHERE v.id = ${variantId}`);
}
