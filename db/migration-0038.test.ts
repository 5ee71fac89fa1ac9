/**
 * Migration 0038 (locations that sell, stocktakes, costs and thresholds) on a shop run under the
 * migration before it, with a sale already in its ledger: stock, levels and rows are kept, the shop's
 * one location becomes its pickup location, costs and thresholds start unknown, and after it a sale,
 * a restock and a variant removed are still rows that keep every variant's stock the sum of its rows.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationBefore, openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { seedCatalog } from '../seed/seed-catalog';
import type { DatabaseHandle } from './client';

const TAG = '0038_inventory_locations';

let shop: PreviousShop;
let handle: DatabaseHandle;
let before: { id: number; stock: number }[];
let movements: number;

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
  await handle.db.execute(sql`
    UPDATE product_variants SET stock = stock - 1 WHERE id = (SELECT min(id) FROM product_variants WHERE stock > 1)`);
  before = await rows(sql`SELECT id, stock FROM product_variants ORDER BY id`);
  movements = (await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM inventory_movements`))[0]!
    .count;
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe(`migration ${TAG} on a shop of the migration before`, () => {
  it('keeps every stock, level and row; the shop hands over pickups; costs and thresholds start unknown', async () => {
    expect(await rows(sql`SELECT id, stock FROM product_variants ORDER BY id`)).toEqual(before);
    expect(
      (await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM inventory_movements`))[0]!.count,
    ).toBe(movements);
    expect(await rows(sql`SELECT name, fulfils_online, is_default, pickup FROM stock_locations`)).toEqual([
      { name: 'Shop', fulfils_online: true, is_default: true, pickup: true },
    ]);
    expect(
      await rows(sql`SELECT count(*)::int AS count FROM product_variants
                      WHERE cost_kobo IS NOT NULL OR low_stock_threshold IS NOT NULL`),
    ).toEqual([{ count: 0 }]);
    expect(await unbalanced()).toEqual([]);
  });

  it('writes every change after it as a row: a sale, a restock, and a variant removed with its units', async () => {
    const [variant] = before.filter((one) => one.stock > 2);
    await handle.db.execute(sql`UPDATE product_variants SET stock = stock - 2 WHERE id = ${variant!.id}`);
    await handle.db.execute(sql`UPDATE product_variants SET stock = stock + 5 WHERE id = ${variant!.id}`);
    const history = await rows<{ quantity: number; balance: number; reason: string }>(sql`
      SELECT quantity, balance, reason FROM inventory_movements WHERE variant_id = ${variant!.id} ORDER BY id DESC LIMIT 2`);
    expect(history).toEqual([
      { quantity: 5, balance: variant!.stock + 3, reason: 'adjustment' },
      { quantity: -2, balance: variant!.stock - 2, reason: 'adjustment' },
    ]);
    const [gone] = before.filter((one) => one.stock > 0 && one.id !== variant!.id).slice(-1);
    const [named] = await rows<{ sku: string }>(sql`SELECT sku FROM product_variants WHERE id = ${gone!.id}`);
    const sku = named!.sku;
    await handle.db.execute(sql`DELETE FROM product_variants WHERE id = ${gone!.id}`);
    const [removal] = await rows<{ quantity: number; reason: string; variant_id: number | null }>(sql`
      SELECT quantity, reason, variant_id FROM inventory_movements WHERE sku = ${sku} ORDER BY id DESC LIMIT 1`);
    expect(removal).toEqual({ quantity: -gone!.stock, reason: 'edit', variant_id: null });
    expect(await unbalanced()).toEqual([]);
  });
});
