/**
 * A page of the ledger (core/inventory/movements.ts) when a size × colour has more rows than the
 * total is counted to: the page is still the right 50 rows, newest first, and the total says "at
 * least" (200 pages past the page asked) until the page asked is near the end, where it is exact.
 * The rows are written straight into the table: this file reads pages, not the trigger's balances.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createGridProduct, gridOf } from '../../tests/fixtures/variant-grid';
import { listMovements, MOVEMENTS_COUNT_AHEAD, MOVEMENTS_PAGE_SIZE } from './movements';

const ROWS = MOVEMENTS_COUNT_AHEAD + 120;
let database: TestDatabase;
let variantId: number;
let quietId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`INSERT INTO categories (id, name) VALUES ('ledger-pages', 'Ledger pages')`);
  const product = await createGridProduct(database.db, {
    name: 'Busy Ankara Shirt',
    sizes: ['M', 'L'],
    colors: ['Olive'],
    stock: 0,
  });
  const [busy, quiet] = await gridOf(database.db, product.id);
  variantId = busy!.id;
  quietId = quiet!.id;
  await database.db.execute(sql`
    INSERT INTO inventory_movements (variant_id, product_id, sku, location_id, quantity, reason, balance)
    SELECT ${variantId}::int, ${product.id}::int, ${busy!.sku}, (SELECT id FROM stock_locations WHERE is_default),
           CASE WHEN g % 2 = 0 THEN 1 ELSE -1 END, 'adjustment', g % 2
      FROM generate_series(1, ${ROWS}::int) AS g`);
  await database.db.execute(sql`
    INSERT INTO inventory_movements (variant_id, product_id, sku, location_id, quantity, reason, balance)
    VALUES (${quietId}::int, ${product.id}::int, ${quiet!.sku}, (SELECT id FROM stock_locations WHERE is_default), 3, 'import', 3)`);
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

async function idsOf(page: number): Promise<number[]> {
  const result = await database.db.execute(sql`
    SELECT id FROM inventory_movements WHERE variant_id = ${variantId}::int
     ORDER BY id DESC LIMIT ${MOVEMENTS_PAGE_SIZE}::int OFFSET ${(page - 1) * MOVEMENTS_PAGE_SIZE}::int`);
  return (result as { rows: { id: number | string }[] }).rows.map((row) => Number(row.id));
}

describe('a page of a busy size × colour', () => {
  it('is its 50 newest rows, and its total says there are at least 200 pages more', async () => {
    const first = await listMovements(database.db, { variantId, page: 1 });
    expect(first.items.map((item) => item.id)).toEqual(await idsOf(1));
    expect(first.items.every((item) => item.variantId === variantId)).toBe(true);
    expect(first.total).toBe(MOVEMENTS_COUNT_AHEAD + 1);
    expect(first.pageCount).toBe(MOVEMENTS_COUNT_AHEAD / MOVEMENTS_PAGE_SIZE + 1);
  });

  it('counts on from the page asked, so paging on never meets the end of the count', async () => {
    const second = await listMovements(database.db, { variantId, page: 2 });
    expect(second.items.map((item) => item.id)).toEqual(await idsOf(2));
    expect(second.total).toBe(MOVEMENTS_PAGE_SIZE + MOVEMENTS_COUNT_AHEAD + 1);
    expect(second.pageCount).toBe(MOVEMENTS_COUNT_AHEAD / MOVEMENTS_PAGE_SIZE + 2);
  });

  it('is exact once the end is within the count, down to the last page', async () => {
    const lastPage = Math.ceil(ROWS / MOVEMENTS_PAGE_SIZE);
    const near = await listMovements(database.db, { variantId, page: 4 });
    expect(near.total).toBe(ROWS);
    expect(near.pageCount).toBe(lastPage);
    const last = await listMovements(database.db, { variantId, page: lastPage });
    expect(last.items.map((item) => item.id)).toEqual(await idsOf(lastPage));
    expect(last.items).toHaveLength(ROWS - (lastPage - 1) * MOVEMENTS_PAGE_SIZE);
    expect(last.total).toBe(ROWS);
    const past = await listMovements(database.db, { variantId, page: lastPage + 1 });
    expect(past).toMatchObject({ items: [], total: ROWS, pageCount: lastPage });
  });

  it('leaves a quiet size × colour its exact total, and the whole ledger its newest rows', async () => {
    const quiet = await listMovements(database.db, { variantId: quietId, page: 1 });
    expect(quiet).toMatchObject({ total: 1, pageCount: 1, items: [{ variantId: quietId, quantity: 3 }] });
    const all = await listMovements(database.db, { page: 1 });
    expect(all.items[0]?.variantId).toBe(quietId);
    expect(all.total).toBe(MOVEMENTS_COUNT_AHEAD + 1);
  });
});
