/**
 * Migration 0028 (the newest products read in order from an index of created_at and id) on a shop
 * seeded and run under migration 0027: its products are kept as they were, the list in newest order
 * is the same list, and the index that served created_at alone is replaced by one of (created_at, id).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { seedCatalog } from '../seed/seed-catalog';
import { listProducts } from '../core/catalog/list-products';
import type { DatabaseHandle } from './client';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

const productRows = () =>
  rows<Record<string, unknown>>(sql`SELECT id, name, price_kobo, created_at FROM products ORDER BY id`);
const newest = async () =>
  (await listProducts(handle.db, { sort: 'newest', pageSize: 48 })).items.map((item) => item.id);

let productsBefore: Record<string, unknown>[];
let newestBefore: number[];

beforeAll(async () => {
  shop = await openShopMigratedTo('0027_web_vitals');
  handle = shop.handle;
  await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
  // Forty pieces imported at one moment: the newest order falls back on their ids.
  await handle.db.execute(sql`
    INSERT INTO products (name, description, category_id, price_kobo, sizes, colors, stock, created_at)
    SELECT p.name || ' (import ' || g || ')', p.description, p.category_id, p.price_kobo, p.sizes, p.colors, p.stock,
           '2026-11-20T09:00:00Z'::timestamptz
      FROM generate_series(1, 40) g
      JOIN LATERAL (SELECT * FROM products ORDER BY id LIMIT 1) p ON true`);
  productsBefore = await productRows();
  newestBefore = await newest();
  expect(newestBefore).toHaveLength(48);
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0028 on a shop of 0027', () => {
  it('keeps every product, and the newest list is the same list in the same order', async () => {
    expect(await productRows()).toEqual(productsBefore);
    expect(await newest()).toEqual(newestBefore);
  });

  it('reads the newest order from one index of (created_at, id), in place of the one of created_at alone', async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(sql`
      SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'products' AND indexname IN ('products_created_idx', 'products_newest_idx')`);
    expect(indexes.map((index) => index.indexname)).not.toContain('products_created_idx');
    const newestIndex = indexes.find((index) => index.indexname === 'products_newest_idx');
    expect(newestIndex?.indexdef).toMatch(/\(created_at, id\)/);
  });
});
