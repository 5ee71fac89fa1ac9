/**
 * Migration 0017 (stock per size and colour) on a shop seeded and run under migration 0016: every
 * product keeps its total stock, spread over a grid of variants with unique SKUs; every line already
 * ordered points at a variant of its product (its own size and colour when the product sells them);
 * and cancelling an order placed before variants gives its units back to those variants, once.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelOrder } from '../core/orders/lifecycle';
import { seedCatalog } from '../seed/seed-catalog';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import type { DatabaseHandle } from './client';
import { orders } from './schema/orders';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

/** The four shapes a product takes: sizes and colours, sizes only, colours only, neither. */
const shapes = {
  shirt: { sizes: ['S', 'M', 'L'], colors: ['Olive', 'Navy'], stock: 7 },
  sandal: { sizes: ['40', '41'], colors: [], stock: 0 },
  scarf: { sizes: [], colors: ['Red', 'Blue', 'Green'], stock: 10 },
  tote: { sizes: [], colors: [], stock: 5 },
} as const;
type Shape = keyof typeof shapes;

let ids: Record<Shape, number>;
let totalsBefore: Map<number, number>;
let linesBefore: { id: number; product_id: number; size: string | null; color: string | null }[];
const unpaidNumber = 'ORD-17001';
const paidNumber = 'ORD-17002';

beforeAll(async () => {
  shop = await openShopMigratedTo('0016_every_transfer_recorded');
  handle = shop.handle;
  const db = handle.db;
  await seedCatalog(db, { uploadDir: '/nonexistent', images: false });
  // Products of each shape, inserted as 0016's admin did (its stock one number).
  ids = {} as Record<Shape, number>;
  for (const [name, shape] of Object.entries(shapes) as [Shape, (typeof shapes)[Shape]][]) {
    const colors = shape.colors.map((color, index) => ({
      name: color,
      hex: `#${index}${index}${index}${index}${index}${index}`,
    }));
    const [row] = await rows<{ id: number }>(sql`
      INSERT INTO products (name, description, category_id, price_kobo, sizes, colors, stock)
      SELECT ${`Old ${name}`}, 'Sold before variants.', c.id, 1200000,
             ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(shape.sizes)}::jsonb)),
             ${JSON.stringify(colors)}::jsonb, ${shape.stock}::int
        FROM categories c ORDER BY c.id LIMIT 1
      RETURNING id`);
    ids[name] = Number(row!.id);
  }
  // Some seeded products sold out, some with odd totals.
  await db.execute(sql`UPDATE products SET stock = (id * 7) % 23 WHERE name NOT LIKE 'Old %'`);

  // Orders as 0016's checkout recorded them (raw SQL: today's checkout writes variants).
  const place = async (
    number: string,
    state: { status: string; paymentStatus: string },
    lines: { product: Shape; size: string | null; color: string | null; quantity: number }[],
  ) => {
    await db.execute(sql`
      INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                          payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                          tax_kobo, total_kobo, tax_rate_percent, access_token_hash, stock_held_until)
      VALUES (${number}, 'old-shopper@example.ng', '08031234567',
              ${JSON.stringify({ firstName: 'Ngozi', lastName: 'Eze', address: '12 Admiralty Way', city: 'Lekki', state: 'Lagos', country: 'Nigeria' })}::jsonb,
              'standard', 'Standard Delivery (3-5 business days)', 'bank-transfer', ${state.paymentStatus},
              ${state.status}, 1200000, 0, 150000, 0, 1350000, 0, ${`hash-${number}`},
              ${state.paymentStatus === 'paid' ? null : new Date(Date.now() + 86_400_000).toISOString()}::timestamptz)`);
    for (const line of lines)
      await db.execute(sql`
        INSERT INTO order_lines (order_id, product_id, name, unit_price_kobo, quantity, size, color)
        SELECT o.id, ${ids[line.product]}::int, ${`Old ${line.product}`}, 1200000, ${line.quantity}::int,
               ${line.size}::text, ${line.color}::text
          FROM orders o WHERE o.number = ${number}`);
  };
  await place(unpaidNumber, { status: 'awaiting_payment', paymentStatus: 'pending' }, [
    { product: 'shirt', size: 'M', color: 'Olive', quantity: 2 },
    // A line without a colour: the product's first colour, as the product page chose it.
    { product: 'shirt', size: 'L', color: null, quantity: 1 },
    // A size the shirt no longer comes in: its first variant.
    { product: 'shirt', size: 'XL', color: 'Navy', quantity: 1 },
    { product: 'sandal', size: '41', color: null, quantity: 1 },
    { product: 'scarf', size: null, color: 'Blue', quantity: 3 },
    { product: 'tote', size: null, color: null, quantity: 1 },
  ]);
  await place(paidNumber, { status: 'processing', paymentStatus: 'paid' }, [
    { product: 'shirt', size: 'S', color: 'Navy', quantity: 1 },
    { product: 'scarf', size: null, color: null, quantity: 1 },
  ]);

  totalsBefore = new Map(
    (await rows<{ id: number; stock: number }>(sql`SELECT id, stock FROM products`)).map((row) => [
      Number(row.id),
      Number(row.stock),
    ]),
  );
  linesBefore = await rows(sql`SELECT id, product_id, size, color FROM order_lines ORDER BY id`);
  expect(linesBefore).toHaveLength(8);

  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

interface Cell {
  id: number;
  product_id: number;
  size: string;
  color: string;
  sku: string;
  stock: number;
}
const grid = async (productId: number) =>
  (
    await rows<Cell>(sql`SELECT id, product_id, size, color, sku, stock FROM product_variants
                          WHERE product_id = ${productId} ORDER BY position, id`)
  ).map((cell) => ({ ...cell, id: Number(cell.id), stock: Number(cell.stock) }));
const stockByCell = async (productId: number) =>
  Object.fromEntries((await grid(productId)).map((cell) => [`${cell.size}/${cell.color}`, cell.stock]));

describe('migration 0017 on a shop of 0016', () => {
  it("keeps every product's total stock: the product's stock is the sum of its variants'", async () => {
    const after = await rows<{ id: number; stock: number; sum: number }>(sql`
      SELECT p.id, p.stock, (SELECT coalesce(sum(v.stock), 0)::int FROM product_variants v WHERE v.product_id = p.id) AS sum
        FROM products p ORDER BY p.id`);
    expect(after.length).toBe(totalsBefore.size);
    expect(after.length).toBeGreaterThan(20);
    for (const row of after) {
      expect(Number(row.stock), `product ${row.id}`).toBe(totalsBefore.get(Number(row.id)));
      expect(Number(row.sum), `product ${row.id}`).toBe(Number(row.stock));
    }
  });

  it('gives each product its whole grid (sizes × colours, or one default variant), the stock spread evenly', async () => {
    expect(await stockByCell(ids.shirt)).toEqual({
      'S/Olive': 2,
      'M/Olive': 1,
      'L/Olive': 1,
      'S/Navy': 1,
      'M/Navy': 1,
      'L/Navy': 1,
    });
    expect(await stockByCell(ids.sandal)).toEqual({ '40/': 0, '41/': 0 });
    expect(await stockByCell(ids.scarf)).toEqual({ '/Red': 4, '/Blue': 3, '/Green': 3 });
    expect(await stockByCell(ids.tote)).toEqual({ '/': 5 });

    const missing = await rows<{ id: number }>(sql`
      SELECT p.id FROM products p
       WHERE (SELECT count(*) FROM product_variants v WHERE v.product_id = p.id)
          <> greatest(cardinality(p.sizes), 1) * greatest(jsonb_array_length(p.colors), 1)`);
    expect(missing).toEqual([]);
  });

  it('gives every variant a SKU of its own, upper case, made from the product, size and colour', async () => {
    const [counts] = await rows<{ variants: number; skus: number }>(sql`
      SELECT count(*)::int AS variants, count(DISTINCT sku)::int AS skus FROM product_variants`);
    expect(Number(counts!.skus)).toBe(Number(counts!.variants));
    expect((await grid(ids.shirt)).map((cell) => cell.sku)).toEqual(
      ['S-OLV', 'M-OLV', 'L-OLV', 'S-NVY', 'M-NVY', 'L-NVY'].map((part) => `ROS-${ids.shirt}-${part}`),
    );
    expect((await grid(ids.tote)).map((cell) => cell.sku)).toEqual([`ROS-${ids.tote}`]);
    const odd = await rows(
      sql`SELECT sku FROM product_variants WHERE sku <> upper(sku) OR sku !~ '^ROS-[0-9]+'`,
    );
    expect(odd).toEqual([]);
  });

  it('points every old order line at a variant of its product: its own size and colour when sold, with its SKU', async () => {
    const lines = await rows<{
      id: number;
      product_id: number;
      size: string | null;
      color: string | null;
      variant_id: number | null;
      sku: string | null;
      v_product: number;
      v_size: string;
      v_color: string;
      v_sku: string;
    }>(sql`
      SELECT l.id, l.product_id, l.size, l.color, l.variant_id, l.sku,
             v.product_id AS v_product, v.size AS v_size, v.color AS v_color, v.sku AS v_sku
        FROM order_lines l LEFT JOIN product_variants v ON v.id = l.variant_id ORDER BY l.id`);
    expect(lines.map((line) => ({ id: line.id, size: line.size, color: line.color }))).toEqual(
      linesBefore.map((line) => ({ id: line.id, size: line.size, color: line.color })),
    );
    for (const line of lines) {
      expect(line.variant_id, `line ${line.id}`).not.toBeNull();
      expect(Number(line.v_product)).toBe(Number(line.product_id));
      expect(line.sku).toBe(line.v_sku);
    }
    const chosen = lines.map((line) => `${line.v_size}/${line.v_color}`);
    expect(chosen).toEqual([
      'M/Olive', // its own size and colour
      'L/Olive', // no colour: the same size in the first colour
      'S/Olive', // a size no longer sold: the product's first variant
      '41/', // a size, no colours
      '/Blue', // a colour, no sizes
      '/', // the one default variant
      'S/Navy',
      '/Red', // no colour for a scarf of three: the first
    ]);
  });

  it('refuses a direct write to a product’s stock from now on', async () => {
    await expect(
      handle.db.execute(sql`UPDATE products SET stock = stock + 1 WHERE id = ${ids.tote}`),
    ).rejects.toThrow();
    expect((await grid(ids.tote))[0]!.stock).toBe(5);
  });

  it('cancelling an order placed before variants gives its units back to those variants, once', async () => {
    const before = {
      shirt: await stockByCell(ids.shirt),
      sandal: await stockByCell(ids.sandal),
      scarf: await stockByCell(ids.scarf),
      tote: await stockByCell(ids.tote),
    };
    const [order] = await handle.db.select().from(orders).where(eq(orders.number, unpaidNumber));
    const outcomes = await Promise.all(
      [1, 2].map(() => handle.db.transaction((tx) => cancelOrder(tx, order!, 'shop', new Date()))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    const [again] = await handle.db.select().from(orders).where(eq(orders.number, unpaidNumber));
    expect(again!.status).toBe('cancelled');
    expect(await handle.db.transaction((tx) => cancelOrder(tx, again!, 'shop', new Date()))).toBeNull();

    expect(await stockByCell(ids.shirt)).toEqual({
      ...before.shirt,
      'M/Olive': before.shirt['M/Olive']! + 2,
      'L/Olive': before.shirt['L/Olive']! + 1,
      'S/Olive': before.shirt['S/Olive']! + 1,
    });
    expect(await stockByCell(ids.sandal)).toEqual({ ...before.sandal, '41/': 1 });
    expect(await stockByCell(ids.scarf)).toEqual({ ...before.scarf, '/Blue': before.scarf['/Blue']! + 3 });
    expect(await stockByCell(ids.tote)).toEqual({ '/': 6 });
    const [shirt] = await rows<{ stock: number }>(sql`SELECT stock FROM products WHERE id = ${ids.shirt}`);
    expect(Number(shirt!.stock)).toBe(7 + 4);
  });
});
