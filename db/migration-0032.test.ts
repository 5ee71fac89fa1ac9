/**
 * Migration 0032 (the list indexes carry what a list filters and orders by) on a shop seeded and run
 * under migration 0031: every product is kept as it was, the lists of a category and of a price range
 * are the same lists in every order, and the category's and the price's indexes hold the columns a
 * list reads, for active products only.
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
  rows<Record<string, unknown>>(
    sql`SELECT id, name, status, category_id, price_kobo, rating_average, stock FROM products ORDER BY id`,
  );

const SORTS = ['featured', 'price-asc', 'price-desc', 'newest', 'rating', 'best-selling'] as const;

/** Every list the test compares: a category, a price range, a category in a price range, the whole shop. */
async function lists(category: string) {
  const asked = SORTS.flatMap((sort) => [
    { category, sort },
    { minPrice: 20_000, maxPrice: 150_000, sort },
    { category, maxPrice: 100_000, sort, rating: 1 },
    { sort, availability: 'in-stock' as const, pageSize: 12, page: 2 },
  ]);
  return Promise.all(
    asked.map(async (query) => {
      const page = await listProducts(handle.db, { pageSize: 48, ...query });
      return { query, total: page.total, ids: page.items.map((item) => item.id) };
    }),
  );
}

let category: string;
let productsBefore: Record<string, unknown>[];
let listsBefore: Awaited<ReturnType<typeof lists>>;

beforeAll(async () => {
  shop = await openShopMigratedTo('0031_in_stock_options');
  handle = shop.handle;
  await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
  const [row] = await rows<{ id: string }>(sql`
    SELECT category_id AS id FROM products GROUP BY category_id ORDER BY count(*) DESC, category_id LIMIT 1`);
  category = row!.id;
  // One product archived: the lists leave it out, before and after.
  await handle.db.execute(sql`
    UPDATE products SET status = 'archived' WHERE id = (SELECT max(id) FROM products WHERE category_id = ${category})`);
  productsBefore = await productRows();
  listsBefore = await lists(category);
  expect(listsBefore.every((list) => list.ids.length > 0)).toBe(true);
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0032 on a shop of 0031', () => {
  it('keeps every product, and every list is the same list in the same order', async () => {
    expect(await productRows()).toEqual(productsBefore);
    expect(await lists(category)).toEqual(listsBefore);
  });

  it('holds in the category’s and the price’s indexes what a list reads, for the products on sale', async () => {
    const indexes = await rows<{ indexname: string; indexdef: string }>(sql`
      SELECT indexname, indexdef FROM pg_indexes
       WHERE tablename = 'products' AND indexname IN ('products_active_category_price_idx', 'products_price_idx')
       ORDER BY indexname`);
    expect(indexes.map((index) => index.indexname)).toEqual([
      'products_active_category_price_idx',
      'products_price_idx',
    ]);
    for (const index of indexes) {
      expect(index.indexdef).toMatch(
        / id, is_hot, rating_average, review_count, created_at, original_price_kobo\)/,
      );
      expect(index.indexdef).toMatch(/WHERE \(status = 'active'::text\)/);
    }
  });
});
