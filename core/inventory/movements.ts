import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { inventoryMovements, type MovementReason } from '../../db/schema/inventory';
import { orders } from '../../db/schema/orders';
import { users } from '../../db/schema/accounts';

export const MOVEMENTS_PAGE_SIZE = 50;

export const movementsQuerySchema = z.object({
  variantId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  locationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().positive().max(100_000).default(1),
});
export type MovementsQuery = z.infer<typeof movementsQuerySchema>;

/** One row of the ledger as the admin reads it. */
export interface MovementView {
  id: number;
  variantId: number | null;
  sku: string;
  locationId: number;
  quantity: number;
  reason: MovementReason;
  balance: number;
  orderId: number | null;
  orderNumber: string | null;
  returnId: number | null;
  actor: string | null;
  note: string;
  at: string;
}

/**
 * How far past the page asked the total is counted: 200 pages. At a million rows an exact count of
 * the whole ledger read it all (70-130 ms every page) and of a busy size × colour's 46,000 rows took
 * 8 ms; counting at most this many rows costs about 2 ms, and a size × colour with fewer (nearly
 * all of them) still gets its exact total (docs/benchmarks.md, "The stock ledger at a million rows").
 */
export const MOVEMENTS_COUNT_AHEAD = 10_000;

/**
 * The ledger's rows, newest first, for a size × colour and a location when given
 * (docs/decisions/0067-inventory-ledger.md). The page's ids are read from an index alone (the
 * variant's, the location's or the ledger's own) and only those 50 rows are read and joined to
 * their order and staff member, so a page deep in a busy variant's history joins 50 rows, not every
 * row before it. `total` is exact up to MOVEMENTS_COUNT_AHEAD rows past the page's first; with more,
 * it is the rows before the page plus MOVEMENTS_COUNT_AHEAD + 1 (at least that many: `pageCount` then
 * reaches 200 pages past the page asked, and grows as the owner reads on).
 */
export async function listMovements(
  db: DbOrTx,
  query: MovementsQuery,
): Promise<{ items: MovementView[]; total: number; page: number; pageCount: number }> {
  const filters: SQL[] = [];
  if (query.variantId !== undefined) filters.push(eq(inventoryMovements.variantId, query.variantId));
  if (query.locationId !== undefined) filters.push(eq(inventoryMovements.locationId, query.locationId));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const offset = (query.page - 1) * MOVEMENTS_PAGE_SIZE;
  const onPage = db
    .select({ id: inventoryMovements.id })
    .from(inventoryMovements)
    .where(where)
    .orderBy(desc(inventoryMovements.id))
    .limit(MOVEMENTS_PAGE_SIZE)
    .offset(offset)
    .as('on_page');
  const counted = db
    .select({ one: sql`1`.as('one') })
    .from(inventoryMovements)
    .where(where)
    .limit(offset + MOVEMENTS_COUNT_AHEAD + 1)
    .as('counted');
  const [rows, [tally]] = await Promise.all([
    db
      .select({
        id: inventoryMovements.id,
        variantId: inventoryMovements.variantId,
        sku: inventoryMovements.sku,
        locationId: inventoryMovements.locationId,
        quantity: inventoryMovements.quantity,
        reason: inventoryMovements.reason,
        balance: inventoryMovements.balance,
        orderId: inventoryMovements.orderId,
        orderNumber: orders.number,
        returnId: inventoryMovements.returnId,
        actor: users.email,
        note: inventoryMovements.note,
        at: inventoryMovements.createdAt,
      })
      .from(onPage)
      .innerJoin(inventoryMovements, eq(inventoryMovements.id, onPage.id))
      .leftJoin(orders, eq(orders.id, inventoryMovements.orderId))
      .leftJoin(users, eq(users.id, inventoryMovements.actorId))
      .orderBy(desc(inventoryMovements.id)),
    db.select({ total: count() }).from(counted),
  ]);
  const total = tally?.total ?? 0;
  return {
    items: rows.map((row) => ({ ...row, id: Number(row.id), at: row.at.toISOString() })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / MOVEMENTS_PAGE_SIZE)),
  };
}

/** One line of a product's stock history in the editor. */
export interface ProductStockMove {
  id: number;
  /** "M / Olive", or the SKU of a size and colour since removed. */
  option: string;
  quantity: number;
  reason: MovementReason;
  balance: number;
  orderNumber: string | null;
  actor: string | null;
  note: string;
  at: string;
}

/** The newest changes to a product's stock, every size and colour together (the editor's history). */
export async function productStockHistory(
  db: DbOrTx,
  productId: number,
  limit = 20,
): Promise<ProductStockMove[]> {
  const rows = (await db.execute(sql`
    SELECT m.id, m.quantity, m.reason, m.balance, m.note, m.created_at, o.number AS order_number,
           u.email AS actor,
           coalesce(nullif(concat_ws(' / ', nullif(v.size, ''), nullif(v.color, '')), ''), m.sku) AS option
      FROM inventory_movements m
      LEFT JOIN product_variants v ON v.id = m.variant_id
      LEFT JOIN orders o ON o.id = m.order_id
      LEFT JOIN users u ON u.id = m.actor_id
     WHERE m.product_id = ${productId}
     ORDER BY m.id DESC
     LIMIT ${limit}`)) as {
    rows: {
      id: number | string;
      quantity: number;
      reason: MovementReason;
      balance: number;
      note: string;
      created_at: Date | string;
      order_number: string | null;
      actor: string | null;
      option: string;
    }[];
  };
  return rows.rows.map((row) => ({
    id: Number(row.id),
    option: row.option,
    quantity: row.quantity,
    reason: row.reason,
    balance: row.balance,
    orderNumber: row.order_number,
    actor: row.actor,
    note: row.note,
    at: new Date(row.created_at).toISOString(),
  }));
}
