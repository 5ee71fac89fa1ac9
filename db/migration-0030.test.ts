/**
 * Migration 0030 (a product added without variants gets its grid from one INSERT) on a shop seeded
 * and run under migration 0029: the grid is the one 0017's rule made (variants, SKUs, stock spread,
 * positions), and the product's row is no longer written again for each variant, which left as many
 * dead copies of it behind as it has variants.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { seedCatalog } from '../seed/seed-catalog';
import type { DatabaseHandle } from './client';

let shop: PreviousShop;
let handle: DatabaseHandle;

interface Added {
  /** The grid, its SKUs written with `{id}` for the product's id. */
  grid: { size: string; color: string; sku: string; stock: number; position: number }[];
  /** Rows of products the insert updated (the product written again). */
  productUpdates: number;
}

/**
 * A product inserted directly, as an older tool or a bulk import adds one: sizes S, M, M. (one SKU
 * part, so the second takes -2), L; colours Black and Navy; 21 units.
 */
async function addDirectly(name: string): Promise<Added> {
  return handle.db.transaction(async (tx) => {
    const updates = async () =>
      (
        (await tx.execute(sql`
          SELECT n_tup_upd::int AS updates FROM pg_stat_xact_user_tables WHERE relname = 'products'`)) as {
          rows: { updates: number }[];
        }
      ).rows[0]?.updates ?? 0;
    const updatesBefore = await updates();
    const inserted = (await tx.execute(sql`
      INSERT INTO products (name, description, category_id, price_kobo, sizes, colors, stock)
      SELECT ${name}, p.description, p.category_id, p.price_kobo, ARRAY['S', 'M', 'M.', 'L'],
             '[{"name": "Black", "hex": "#000000"}, {"name": "Navy", "hex": "#1f2a44"}]'::jsonb, 21
        FROM products p ORDER BY p.id LIMIT 1
      RETURNING id`)) as { rows: { id: number }[] };
    const id = inserted.rows[0]!.id;
    const grid = (await tx.execute(sql`
      SELECT size, color, sku, stock, position FROM product_variants WHERE product_id = ${id} ORDER BY position`)) as {
      rows: Added['grid'];
    };
    const productUpdates = (await updates()) - updatesBefore;
    const stock = (await tx.execute(sql`SELECT stock FROM products WHERE id = ${id}`)) as {
      rows: { stock: number }[];
    };
    expect(stock.rows[0]!.stock).toBe(21);
    return {
      grid: grid.rows.map((row) => ({ ...row, sku: row.sku.replace(`ROS-${id}-`, 'ROS-{id}-') })),
      productUpdates,
    };
  });
}

let before: Added;

beforeAll(async () => {
  shop = await openShopMigratedTo('0029_test_money');
  handle = shop.handle;
  await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
  before = await addDirectly('Agbada set (added under 0029)');
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0030 on a shop of 0029', () => {
  it('under 0029, a product added without variants was written again for each of its variants', () => {
    expect(before.grid).toHaveLength(8);
    expect(before.productUpdates).toBe(8);
  });

  it('makes the same grid, SKUs, stock and positions, and does not write the product again for each variant', async () => {
    const after = await addDirectly('Agbada set (added under 0030)');
    expect(after.grid).toEqual(before.grid);
    expect(after.grid.map((variant) => variant.sku)).toContain('ROS-{id}-M-NVY-2');
    expect(after.grid.map((variant) => variant.stock)).toEqual([3, 3, 3, 3, 3, 2, 2, 2]);
    // Written once since migration 0031: its sizes and colours in stock, set with its grid.
    expect(after.productUpdates).toBe(1);
  });
});
