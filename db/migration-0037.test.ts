/**
 * Migration 0037 (the stock ledger) on a shop seeded and run under the migration before it, with an
 * order that took units: the shop gets its one location, selling online, every variant its level
 * there, and every variant with units an opening row of exactly its stock, so from then on each
 * variant's stock is the sum of its rows; a sale and a restock after it are rows too, and a variant
 * removed with units leaves a row taking them away.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBefore, openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { seedCatalog } from '../seed/seed-catalog';
import type { DatabaseHandle } from './client';

const TAG = '0037_inventory_ledger';

let shop: PreviousShop;
let handle: DatabaseHandle;
let before: { id: number; stock: number }[];

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

const unbalanced = () =>
  rows(sql`
    SELECT v.id FROM product_variants v
      LEFT JOIN (SELECT variant_id, sum(quantity)::int AS sum FROM inventory_movements GROUP BY variant_id) m
             ON m.variant_id = v.id
      LEFT JOIN inventory_levels l ON l.variant_id = v.id
     WHERE v.stock <> coalesce(m.sum, 0) OR v.stock <> coalesce(l.stock, -1)`);

beforeAll(async () => {
  shop = await openShopMigratedTo(migrationBefore(TAG));
  handle = shop.handle;
  await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
  // Units sold before the ledger: the stock it opens with is what is left.
  await handle.db.execute(sql`
    UPDATE product_variants SET stock = stock - 1 WHERE id = (SELECT min(id) FROM product_variants WHERE stock > 1)`);
  before = await rows(sql`SELECT id, stock FROM product_variants ORDER BY id`);
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe(`migration ${TAG} on a shop of the migration before`, () => {
  it('keeps every variant’s stock and opens it as one row at the shop’s one location', async () => {
    expect(await rows(sql`SELECT id, stock FROM product_variants ORDER BY id`)).toEqual(before);
    expect(await rows(sql`SELECT name, fulfils_online, is_default FROM stock_locations`)).toEqual([
      { name: 'Shop', fulfils_online: true, is_default: true },
    ]);
    const opening = await rows<{ variant_id: number; quantity: number; balance: number; reason: string }>(
      sql`SELECT variant_id, quantity, balance, reason FROM inventory_movements ORDER BY variant_id`,
    );
    const stocked = before.filter((variant) => variant.stock > 0);
    expect(opening).toEqual(
      stocked.map((variant) => ({
        variant_id: variant.id,
        quantity: variant.stock,
        balance: variant.stock,
        reason: 'opening',
      })),
    );
    const [levels] = await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM inventory_levels`);
    expect(levels?.count).toBe(before.length);
    expect(await unbalanced()).toEqual([]);
  });

  it('writes every change after it as a row: a sale, a restock, and a variant removed with its units', async () => {
    const [variant] = before.filter((one) => one.stock > 2);
    await handle.db.execute(sql`UPDATE product_variants SET stock = stock - 2 WHERE id = ${variant!.id}`);
    await handle.db.execute(sql`UPDATE product_variants SET stock = stock + 5 WHERE id = ${variant!.id}`);
    const history = await rows<{ quantity: number; balance: number; reason: string }>(sql`
      SELECT quantity, balance, reason FROM inventory_movements WHERE variant_id = ${variant!.id} ORDER BY id`);
    expect(history).toEqual([
      { quantity: variant!.stock, balance: variant!.stock, reason: 'opening' },
      { quantity: -2, balance: variant!.stock - 2, reason: 'adjustment' },
      { quantity: 5, balance: variant!.stock + 3, reason: 'adjustment' },
    ]);
    const [sku] = await rows<{ sku: string }>(
      sql`SELECT sku FROM product_variants WHERE id = ${variant!.id}`,
    );
    await handle.db.execute(sql`DELETE FROM product_variants WHERE id = ${variant!.id}`);
    const gone = await rows<{
      variant_id: number | null;
      quantity: number;
      balance: number;
      reason: string;
    }>(sql`
      SELECT variant_id, quantity, balance, reason FROM inventory_movements
       WHERE sku = ${sku!.sku} ORDER BY id DESC LIMIT 1`);
    expect(gone).toEqual([{ variant_id: null, quantity: -(variant!.stock + 3), balance: 0, reason: 'edit' }]);
    expect(await unbalanced()).toEqual([]);
  });
});
