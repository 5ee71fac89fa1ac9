/**
 * Migration 0031 (a product's sizes and colours in stock on its own row) on a shop seeded and run
 * under migration 0030, with a size and a colour already sold out: the migration fills them in from
 * the variants, a list by size or colour finds what it found before, and the database keeps them as
 * stock moves (a sale, a restock, a variant removed, a product added without variants).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import { seedCatalog } from '../seed/seed-catalog';
import { listProducts } from '../core/catalog/list-products';
import type { DatabaseHandle } from './client';

let shop: PreviousShop;
let handle: DatabaseHandle;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A product of the seed with three sizes or more and two colours or more, and its options. */
let product: { id: number; sizes: string[]; colours: string[] };

/** What the variants say a shopper can buy of every product, as 0030's filters read them. */
async function fromVariants() {
  return rowsOf<{ id: number; sizes: string[]; colours: string[] }>(
    await handle.db.execute(sql`
      SELECT p.id,
             coalesce(array_agg(DISTINCT v.size ORDER BY v.size) FILTER (WHERE v.stock > 0 AND v.size <> ''), '{}') AS sizes,
             coalesce(array_agg(DISTINCT lower(v.color) ORDER BY lower(v.color)) FILTER (WHERE v.stock > 0 AND v.color <> ''), '{}') AS colours
        FROM products p LEFT JOIN product_variants v ON v.product_id = p.id
       GROUP BY p.id ORDER BY p.id`),
  );
}

async function onRows() {
  return rowsOf<{ id: number; sizes: string[]; colours: string[] }>(
    await handle.db.execute(sql`
      SELECT id, in_stock_sizes AS sizes, in_stock_colours AS colours FROM products ORDER BY id`),
  );
}

async function optionsOf(id: number) {
  const [row] = rowsOf<{ sizes: string[]; colours: string[]; stock: number }>(
    await handle.db.execute(sql`
      SELECT in_stock_sizes AS sizes, in_stock_colours AS colours, stock FROM products WHERE id = ${id}`),
  );
  return row!;
}

/** A product in sizes S and M and one colour, inserted directly (its grid made by the database). */
async function addDirectly(name: string, colour: string, stock: number): Promise<number> {
  const [added] = rowsOf<{ id: number }>(
    await handle.db.execute(sql`
      INSERT INTO products (name, description, category_id, price_kobo, sizes, colors, stock)
      SELECT ${name}, p.description, p.category_id, p.price_kobo, ARRAY['S', 'M'],
             jsonb_build_array(jsonb_build_object('name', ${colour}::text, 'hex', '#777777')), ${stock}::int
        FROM products p ORDER BY p.id LIMIT 1
      RETURNING id`),
  );
  return added!.id;
}

/** The ids a list by this size or colour finds, among the product's own (searched by its name). */
async function found(filter: { size?: string; color?: string }, name: string) {
  const page = await listProducts(handle.db, { ...filter, q: name, pageSize: 48 });
  return page.items.map((item) => item.id);
}

let name: string;
let listedBefore: { bySize: number; byColour: number };

beforeAll(async () => {
  shop = await openShopMigratedTo('0030_variant_grid_in_one_statement');
  handle = shop.handle;
  await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
  const [row] = rowsOf<{ id: number; name: string; sizes: string[]; colours: string[] }>(
    await handle.db.execute(sql`
      SELECT p.id, p.name, p.sizes,
             ARRAY(SELECT c->>'name' FROM jsonb_array_elements(p.colors) AS c) AS colours
        FROM products p
       WHERE cardinality(p.sizes) >= 3 AND jsonb_array_length(p.colors) >= 2
       ORDER BY p.id LIMIT 1`),
  );
  product = { id: row!.id, sizes: row!.sizes, colours: row!.colours };
  name = row!.name;
  // Under 0030: its largest size sold out in every colour, its first colour in every size.
  await handle.db.execute(sql`
    UPDATE product_variants SET stock = 0
     WHERE product_id = ${product.id} AND (size = ${product.sizes.at(-1)!} OR color = ${product.colours[0]!})`);
  // What 0030's filters found: the products with a variant of that size, or of that colour, in stock.
  const under0030 = async (column: 'size' | 'color', value: string) => {
    const [counted] = rowsOf<{ total: number }>(
      await handle.db.execute(sql`
        SELECT count(*)::int AS total FROM products p WHERE p.status = 'active' AND EXISTS (
          SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.stock > 0
             AND lower(${sql.raw(`v.${column}`)}) = lower(${value}))`),
    );
    return counted!.total;
  };
  listedBefore = {
    bySize: await under0030('size', product.sizes[0]!),
    byColour: await under0030('color', product.colours[1]!),
  };
  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0031 on a shop of 0030', () => {
  it('fills in every product’s sizes and colours in stock from its variants', async () => {
    const rows = await onRows();
    expect(rows.length).toBeGreaterThan(20);
    expect(rows).toEqual(await fromVariants());
    const { sizes, colours } = await optionsOf(product.id);
    expect(sizes).not.toContain(product.sizes.at(-1));
    expect(colours).not.toContain(product.colours[0]!.toLowerCase());
    expect(colours).toContain(product.colours[1]!.toLowerCase());
  });

  it('lists by size and by colour what it listed before, a sold-out size or colour nowhere', async () => {
    expect((await listProducts(handle.db, { size: product.sizes[0]!, pageSize: 48 })).total).toBe(
      listedBefore.bySize,
    );
    expect((await listProducts(handle.db, { color: product.colours[1]!, pageSize: 48 })).total).toBe(
      listedBefore.byColour,
    );
    expect(await found({ size: product.sizes.at(-1)! }, name)).not.toContain(product.id);
    expect(await found({ color: product.colours[0]! }, name)).not.toContain(product.id);
  });

  it('keeps them as stock moves: a restock, a sale of the last one, a variant removed', async () => {
    const largest = product.sizes.at(-1)!;
    await handle.db.execute(sql`
      UPDATE product_variants SET stock = 2
       WHERE product_id = ${product.id} AND size = ${largest} AND color = ${product.colours[1]!}`);
    expect((await optionsOf(product.id)).sizes).toContain(largest);
    expect(await found({ size: largest }, name)).toContain(product.id);

    await handle.db.execute(sql`
      UPDATE product_variants SET stock = stock - 2
       WHERE product_id = ${product.id} AND size = ${largest} AND color = ${product.colours[1]!}`);
    expect((await optionsOf(product.id)).sizes).not.toContain(largest);
    expect(await found({ size: largest }, name)).not.toContain(product.id);

    await handle.db.execute(
      sql`DELETE FROM product_variants WHERE product_id = ${product.id} AND size = ${product.sizes[0]!}`,
    );
    expect((await optionsOf(product.id)).sizes).not.toContain(product.sizes[0]);
    expect(await onRows()).toEqual(await fromVariants());
  });

  it('keeps the stock right when two writers sell two sizes of one product at the same moment', async () => {
    const id = await addDirectly('Two-size shirt (0031)', 'White', 20);
    // The first sale holds the product's row until it commits; the second, of the other size, waits
    // for it and must then count the first one's unit, not the stock it read before waiting. (Ten to
    // nine is no change a shopper sees: neither bumps the catalogue's version, which would queue them.)
    let sold!: () => void;
    let release!: () => void;
    const firstSold = new Promise<void>((resolve) => (sold = resolve));
    const first = handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE product_variants SET stock = stock - 1 WHERE product_id = ${id} AND size = 'S'`,
      );
      sold();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await firstSold;
    const second = handle.db.transaction(async (tx) => {
      await tx.execute(
        sql`UPDATE product_variants SET stock = stock - 1 WHERE product_id = ${id} AND size = 'M'`,
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await Promise.all([first, second]);
    expect(await optionsOf(id)).toEqual({ sizes: ['M', 'S'], colours: ['white'], stock: 18 });
  });

  it('gives a product added without variants its options with its grid', async () => {
    const id = await addDirectly('Kaftan (added under 0031)', 'Olive', 4);
    expect(await optionsOf(id)).toEqual({ sizes: ['M', 'S'], colours: ['olive'], stock: 4 });
  });

  it('refuses a direct write to them, as to the stock', async () => {
    await expect(
      handle.db.execute(sql`UPDATE products SET in_stock_sizes = ARRAY['XXL'] WHERE id = ${product.id}`),
    ).rejects.toMatchObject({ cause: { code: '23514', message: expect.stringMatching(/variants/) } });
    await expect(
      handle.db.execute(sql`UPDATE products SET in_stock_colours = '{}' WHERE id = ${product.id}`),
    ).rejects.toMatchObject({ cause: { code: '23514', message: expect.stringMatching(/variants/) } });
    expect((await optionsOf(product.id)).colours).toContain(product.colours[1]!.toLowerCase());
  });
});
