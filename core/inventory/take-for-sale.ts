import { sql, type SQL } from 'drizzle-orm';
import { stockCauseSql } from './cause';

/** One line of a sale: the units a size × colour gives. */
export interface SaleLine {
  variantId: number;
  productId: number;
  quantity: number;
}

/**
 * The stock part of Place Order's one statement (core/orders/place-order.ts), composed into it so the
 * order stays one round trip: each lock is held only while PostgreSQL runs it. Written after a CTE
 * `gate(ok)` (the order may go ahead), it defines:
 *
 *   - `wanted(variant_id, product_id, quantity)`: the lines;
 *   - `locked`: the products' rows, in id order, once the gate is passed (the one lock order,
 *     core/inventory/lock-stock.ts: products by id, then their variants; no deadlock between carts);
 *   - `taken(id, stock)`: each line's size × colour after its units are taken, by a conditional update
 *     (never below zero) of active products only: fewer rows than lines means some were short;
 *   - `sold(id)`: the products whose sold count the sale added to (sold-count.ts: a sale adds), only
 *     when every line was taken.
 *
 * The ledger's rows are written as the statement ends, named by `saleCause` (decision 0067).
 */
export function takeForSale(lines: readonly SaleLine[], at: Date): SQL {
  const wanted = JSON.stringify(
    lines.map((line) => ({
      variant_id: line.variantId,
      product_id: line.productId,
      quantity: line.quantity,
    })),
  );
  return sql`wanted AS (
      SELECT w.variant_id, w.product_id, w.quantity
        FROM jsonb_to_recordset(${wanted}::jsonb)
          AS w(variant_id integer, product_id integer, quantity integer)
    ),
    locked AS (
      SELECT p.id FROM products p, gate
       WHERE gate.ok AND p.id IN (SELECT product_id FROM wanted)
       ORDER BY p.id FOR UPDATE OF p
    ),
    taken AS (
      UPDATE product_variants v SET stock = v.stock - w.quantity, updated_at = ${at.toISOString()}::timestamptz
        FROM wanted w, products p
       WHERE v.id = w.variant_id AND v.product_id = w.product_id AND p.id = v.product_id
         AND p.status = 'active' AND v.stock >= w.quantity
         AND (SELECT count(*) FROM locked) >= 0
      RETURNING v.id, v.stock
    ),
    sold AS (
      UPDATE products p SET sold_count = p.sold_count + s.quantity
        FROM (SELECT product_id, sum(quantity)::int AS quantity FROM wanted GROUP BY product_id) s
       WHERE p.id = s.product_id AND (SELECT count(*) FROM taken) = ${lines.length}
      RETURNING p.id
    )`;
}

/**
 * The sale's cause for the ledger, as SQL that is true: its order (`orderId`, text) and, for a pickup
 * order, the pickup location it takes from first (`locationId`, text, '' for none).
 */
export function saleCause(orderId: SQL, locationId: SQL): SQL {
  return stockCauseSql({
    reason: sql`'sale'`,
    orderId,
    returnId: sql`''`,
    actorId: sql`''`,
    note: sql`''`,
    locationId,
    stocktakeId: sql`''`,
    unitCostKobo: sql`''`,
  });
}
