import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin';
import { productImages, productVariants, products } from '../../db/schema/catalog';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { findProductUpload, saveProductUpload } from './product-images';
import { planGrid } from './product-grid';
import { createProduct, listAdminProducts, parseAdminProductQuery, updateProduct } from './manage-products';
import { setProductStock } from '../../tests/fixtures/stock';

let database: TestDatabase;
let uploadDir: string;
const actor = { id: null, email: 'owner@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-core-products-'));
});
afterAll(async () => {
  await database?.destroy();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

async function photo(hex: string) {
  const bytes = await sharp({ create: { width: 400, height: 500, channels: 3, background: hex } })
    .png()
    .toBuffer();
  return saveProductUpload(uploadDir, bytes);
}

let serial = 0;
/** A shirt in S, M, L × Black, Olive with 2 units of each (12 in all) and two photos. */
async function shirt() {
  serial += 1;
  const hex = (n: number) => `#${((serial * 7919 + n) % 0xffffff).toString(16).padStart(6, '0')}`;
  const images = [await photo(hex(1)), await photo(hex(2))];
  const created = await createProduct(
    { db: database.db, uploadDir },
    {
      name: `Ikoyi Linen Shirt ${serial}`,
      description: 'Breathable linen, cut for the Lagos heat.',
      price: 25000,
      stock: 12,
      category: 'mens-shirts',
      sizes: ['S', 'M', 'L'],
      colors: ['Black', 'Olive'],
      images: images.map((image) => image.id),
    },
    actor,
  );
  return { id: created.product.id, name: created.product.name, images };
}

async function gridOf(id: number) {
  return database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position));
}

async function auditOf(id: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

/** The grid as the editor sends it, from the variants as they are, with `change` applied to some rows. */
async function wholeGrid(
  id: number,
  change: (row: {
    size: string | null;
    color: string | null;
    sku: string;
    stock: number;
    price: number | null;
  }) => {
    size: string | null;
    color: string | null;
    sku: string;
    stock: number;
    price: number | null;
  } | null = (row) => row,
) {
  return (await gridOf(id)).flatMap((variant) => {
    const row = change({
      size: variant.size || null,
      color: variant.color || null,
      sku: variant.sku,
      stock: variant.stock,
      price: variant.priceKobo === null ? null : variant.priceKobo / 100,
    });
    return row ? [row] : [];
  });
}

describe('stock states in the admin list', () => {
  it('follow the variants: out when all are out, low when any is out or 1-4 while others sell, else in stock', async () => {
    const { id } = await shirt();
    const list = async () => (await listAdminProducts(database.db, { q: String(id) })).items[0]!;
    // 2 of each of six variants: every one is low.
    expect(await list()).toMatchObject({ stock: 12, stockStatus: 'low_stock', lowVariants: 6 });
    await database.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.productId, id));
    expect(await list()).toMatchObject({ stock: 30, stockStatus: 'in_stock', lowVariants: 0 });
    // One size sold out while the others sell: low, though the product holds 25.
    const [first] = await gridOf(id);
    await database.db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, first!.id));
    expect(await list()).toMatchObject({ stock: 25, stockStatus: 'low_stock', lowVariants: 1 });
    const low = await listAdminProducts(database.db, { stock: 'low_stock', pageSize: 100, q: String(id) });
    expect(low.items.map((row) => row.id)).toEqual([id]);
    const inStock = await listAdminProducts(database.db, { stock: 'in_stock', pageSize: 100, q: String(id) });
    expect(inStock.items).toEqual([]);
    await setProductStock(database.db, id, 0);
    expect(await list()).toMatchObject({ stock: 0, stockStatus: 'out_of_stock', lowVariants: 0 });
    const out = await listAdminProducts(database.db, { stock: 'out_of_stock', q: String(id) });
    expect(out.items.map((row) => row.id)).toEqual([id]);
  });

  it('a product of one variant keeps the one-figure rule: 0 out, 1-4 low, 5 and up in stock', async () => {
    const created = await createProduct(
      { db: database.db, uploadDir },
      {
        name: 'Yaba Canvas Tote',
        description: 'A plain canvas tote.',
        price: 9000,
        stock: 3,
        category: 'tote-bags',
        images: [(await photo('#335577')).id],
      },
      actor,
    );
    const one = { id: created.product.id };
    expect(await gridOf(one.id)).toHaveLength(1);
    const states: string[] = [];
    for (const level of [0, 1, 4, 5]) {
      await setProductStock(database.db, one.id, level);
      states.push((await listAdminProducts(database.db, { q: String(one.id) })).items[0]!.stockStatus);
    }
    expect(states).toEqual(['out_of_stock', 'low_stock', 'low_stock', 'in_stock']);
  });

  it('items carry their variants with exact stock, SKU and own price', async () => {
    const { id } = await shirt();
    const [row] = (await listAdminProducts(database.db, { q: String(id) })).items;
    expect(row!.variants).toHaveLength(6);
    expect(row!.variants[0]).toMatchObject({ size: 'S', color: 'Black', sku: `ROS-${id}-S-BLC`, stock: 2 });
    expect(row!.variants.map((variant) => `${variant.size}/${variant.color}`)).toEqual([
      'S/Black',
      'M/Black',
      'L/Black',
      'S/Olive',
      'M/Olive',
      'L/Olive',
    ]);
  });

  it('reads filters from an address, dropping nonsense instead of failing the page', () => {
    const query = parseAdminProductQuery(new URLSearchParams('q=tote&stock=plenty&status=archived&page=-3'));
    expect(query).toMatchObject({ q: 'tote', status: 'archived', page: 1 });
    expect(query.stock).toBeUndefined();
  });
});

describe('the grid', () => {
  it("sets one size's stock and price and another's SKU, and logs each change with who made it", async () => {
    const { id, name } = await shirt();
    const variants = await wholeGrid(id, (row) =>
      row.size === 'M' && row.color === 'Olive'
        ? { ...row, stock: 0, price: 27500 }
        : row.size === 'L' && row.color === 'Black'
          ? { ...row, sku: `ikoyi-${id}-l-blk`, stock: 9 }
          : row,
    );
    const updated = await updateProduct(database.db, id, { variants }, actor);
    expect(updated.changed).toEqual(['stock', 'variants']);
    expect(updated.product.stock).toBe(2 * 4 + 0 + 9);
    const grid = await gridOf(id);
    expect(grid.find((row) => row.size === 'M' && row.color === 'Olive')).toMatchObject({
      stock: 0,
      priceKobo: 2_750_000,
    });
    expect(grid.find((row) => row.size === 'L' && row.color === 'Black')).toMatchObject({
      sku: `IKOYI-${id}-L-BLK`,
      stock: 9,
    });
    const entry = (await auditOf(id)).at(-1)!;
    expect(entry).toMatchObject({ action: 'product.update', actorEmail: 'owner@rossy.ng' });
    expect(entry.summary).toContain(`${name}: `);
    expect(entry.summary).toContain('M / Olive stock 2 → 0, price product price → ₦27,500');
    expect(entry.summary).toContain(`L / Black stock 2 → 9, SKU ROS-${id}-L-BLC → IKOYI-${id}-L-BLK`);
    expect(entry.before).toMatchObject({ 'M / Olive stock': 2, stock: 12 });
    expect(entry.after).toMatchObject({ 'M / Olive stock': 0, 'M / Olive price': 2_750_000, stock: 17 });
  });

  it('removes the rows the grid leaves out, and the log says their units are gone', async () => {
    const { id } = await shirt();
    const variants = await wholeGrid(id, (row) => (row.size === 'L' && row.color === 'Olive' ? null : row));
    const updated = await updateProduct(database.db, id, { variants }, actor);
    expect(updated.product.stock).toBe(10);
    expect((await gridOf(id)).map((row) => `${row.size}/${row.color}`)).not.toContain('L/Olive');
    expect((await auditOf(id)).at(-1)!.summary).toContain('L / Olive removed (2 units gone)');
  });

  it('refuses a negative stock, an unknown size, a row twice and a SKU of another product, changing nothing', async () => {
    const first = await shirt();
    const { id } = await shirt();
    const before = await gridOf(id);
    const attempts: [unknown, number, Record<string, string | RegExp>][] = [
      [
        await wholeGrid(id, (row) =>
          row.size === 'S' && row.color === 'Black' ? { ...row, stock: -1 } : row,
        ),
        400,
        { 'variants[0].stock': 'Stock cannot be below zero.' },
      ],
      [
        [...(await wholeGrid(id)), { size: 'XXL', color: 'Black', stock: 3 }],
        422,
        { 'variants[6].size': 'XXL is not a size of this product.' },
      ],
      [
        [...(await wholeGrid(id)), { size: 'S', color: 'Black', stock: 3 }],
        422,
        { 'variants[6].size': /S \/ Black is in the grid twice/ },
      ],
      [
        await wholeGrid(id, (row) =>
          row.size === 'M' && row.color === 'Black' ? { ...row, sku: `ros-${first.id}-m-blc` } : row,
        ),
        422,
        { 'variants[1].sku': `ROS-${first.id}-M-BLC is already used by ${first.name} (M / Black).` },
      ],
      [
        await wholeGrid(id, (row) =>
          row.size === 'M' && row.color === 'Black' ? { ...row, sku: `ROS-${id}-S-BLC` } : row,
        ),
        422,
        { 'variants[1].sku': `ROS-${id}-S-BLC is used twice in the grid.` },
      ],
    ];
    for (const [variants, status, fields] of attempts) {
      const failure = await updateProduct(database.db, id, { variants, name: 'Renamed' }, actor).then(
        () => null,
        (error: { status: number; fields: Record<string, string>; message: string }) => error,
      );
      expect(failure?.status, JSON.stringify(fields)).toBe(status);
      for (const [name, message] of Object.entries(fields))
        expect(failure?.fields[name], name).toMatch(message);
    }
    expect(await gridOf(id)).toEqual(before);
    const [row] = await database.db.select().from(products).where(eq(products.id, id));
    expect(row!.name).not.toBe('Renamed');
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(['product.create']);
  });

  it('two variants may swap their SKUs', async () => {
    const { id } = await shirt();
    const grid = await gridOf(id);
    const [a, b] = [grid[0]!.sku, grid[1]!.sku];
    const variants = await wholeGrid(id, (row) =>
      row.sku === a ? { ...row, sku: b } : row.sku === b ? { ...row, sku: a } : row,
    );
    await updateProduct(database.db, id, { variants }, actor);
    const after = await gridOf(id);
    expect([after[0]!.sku, after[1]!.sku]).toEqual([b, a]);
  });

  it("the old stock field sets a one-variant product's stock and is refused for a product of several", async () => {
    const { id } = await shirt();
    await expect(updateProduct(database.db, id, { stock: 20 }, actor)).rejects.toMatchObject({
      status: 422,
      message: 'Set stock per size and colour.',
      fields: { stock: 'Set stock per size and colour.' },
    });
    // Its own total is no change at all.
    expect((await updateProduct(database.db, id, { stock: 12 }, actor)).changed).toEqual([]);

    const [row] = await database.db.select().from(products).where(eq(products.id, 1020));
    const variants = await gridOf(1020);
    const one = variants.length === 1 ? 1020 : null;
    if (one === null) {
      // Make it one variant through the grid, as the owner would.
      await updateProduct(
        database.db,
        1020,
        { sizes: [], colors: [], variants: [{ size: null, color: null, stock: row!.stock }] },
        actor,
      );
    }
    const same = await updateProduct(
      database.db,
      1020,
      { name: row!.name, price: row!.priceKobo / 100, stock: row!.stock },
      actor,
    );
    expect(same.changed).toEqual([]);
    const changed = await updateProduct(database.db, 1020, { name: row!.name, stock: row!.stock + 3 }, actor);
    expect(changed.changed).toEqual(['stock']);
    const last = (await auditOf(1020)).at(-1)!;
    expect(last).toMatchObject({ before: { stock: row!.stock }, after: { stock: row!.stock + 3 } });
    expect(last.summary).toContain(`stock ${row!.stock} → ${row!.stock + 3}`);
  });
});

describe('sizes and colours', () => {
  it("the shop's own: new combinations join the grid with 0 units, the grid's order follows", async () => {
    const { id } = await shirt();
    const updated = await updateProduct(
      database.db,
      id,
      {
        sizes: ['S', 'M', 'L', '3XL Tall'],
        colors: [
          { name: 'Black', hex: '#1B1B1B' },
          { name: 'Olive', hex: '#5A5A36' },
          { name: 'Ankara Blue', hex: '#1D4E89' },
        ],
      },
      actor,
    );
    expect(updated.changed).toEqual(expect.arrayContaining(['sizes', 'colors', 'variants']));
    const grid = await gridOf(id);
    expect(grid).toHaveLength(12);
    expect(grid.map((row) => row.position)).toEqual([...Array(12).keys()]);
    expect(grid.find((row) => row.size === '3XL Tall' && row.color === 'Ankara Blue')).toMatchObject({
      stock: 0,
      sku: `ROS-${id}-3XLTALL-ANK`,
    });
    expect(updated.product.stock).toBe(12);
  });

  it('refuses removing an option whose variants still hold units, unless the grid says so', async () => {
    const { id, images } = await shirt();
    await updateProduct(
      database.db,
      id,
      {
        images: [
          { key: images[0]!.id, color: 'Olive' },
          { key: images[1]!.id, color: null },
        ],
      },
      actor,
      { uploadDir },
    );
    await expect(
      updateProduct(database.db, id, { colors: [{ name: 'Black', hex: '#1B1B1B' }] }, actor),
    ).rejects.toMatchObject({ status: 422, fields: { colors: expect.stringMatching(/S \/ Olive \(2\)/) } });
    expect(await gridOf(id)).toHaveLength(6);

    const variants = await wholeGrid(id, (row) => (row.color === 'Olive' ? null : row));
    await updateProduct(database.db, id, { colors: [{ name: 'Black', hex: '#1B1B1B' }], variants }, actor);
    expect((await gridOf(id)).map((row) => row.color)).toEqual(['Black', 'Black', 'Black']);
    // The photo of Olive now shows for every colour.
    const photos = await database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position));
    expect(photos.map((row) => row.colorName)).toEqual([null, null]);
  });
});

describe('photos', () => {
  it('reordered, one replaced by a new upload and tied to a colour, in one change', async () => {
    const { id, images } = await shirt();
    const fresh = await photo('#abcdef');
    const updated = await updateProduct(
      database.db,
      id,
      {
        images: [
          { key: images[1]!.id, color: 'Olive' },
          { key: fresh.id, color: 'Black' },
        ],
      },
      actor,
      { uploadDir },
    );
    expect(updated.changed).toEqual(['images']);
    const rows = await database.db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, id))
      .orderBy(asc(productImages.position));
    expect(rows.map((row) => [row.key, row.colorName, row.position])).toEqual([
      [images[1]!.id, 'Olive', 0],
      [fresh.id, 'Black', 1],
    ]);
    expect(rows[1]!.alt).toContain('in Black');
    expect((await auditOf(id)).at(-1)!.summary).toContain('photos changed (2 → 2)');

    await expect(
      updateProduct(database.db, id, { images: [{ key: images[0]!.id, color: 'Purple' }] }, actor, {
        uploadDir,
      }),
    ).rejects.toMatchObject({
      status: 422,
      fields: { 'images[0].color': 'Purple is not a colour of this product.' },
    });
    await expect(
      updateProduct(database.db, id, { images: [{ key: 'products/0000000000000000', color: null }] }, actor, {
        uploadDir,
      }),
    ).rejects.toMatchObject({
      status: 422,
      fields: { 'images[0].key': expect.stringMatching(/upload it again/) },
    });
  });
});

describe('adding a product', () => {
  it('with its grid: the given stock, SKUs and prices, the total their sum', async () => {
    const upload = await photo('#102030');
    const created = await createProduct(
      { db: database.db, uploadDir },
      {
        name: 'Lekki Oxford Shirt',
        description: 'Oxford cloth with a button-down collar.',
        price: 30000,
        category: 'mens-shirts',
        sizes: ['M', 'L'],
        colors: ['White'],
        images: [upload.id],
        variants: [
          { size: 'M', color: 'White', stock: 4, sku: 'lekki-m' },
          { size: 'L', color: 'White', stock: 1, price: 32000 },
        ],
      },
      actor,
    );
    expect(created.product.stock).toBe(5);
    const grid = await gridOf(created.product.id);
    expect(grid.map((row) => [row.size, row.sku, row.stock, row.priceKobo])).toEqual([
      ['M', 'LEKKI-M', 4, null],
      ['L', `ROS-${created.product.id}-L-WHT`, 1, 3_200_000],
    ]);
  });

  it("with the shop's own sizes and colours beside the category's, in the order given", async () => {
    const upload = await photo('#203040');
    const created = await createProduct(
      { db: database.db, uploadDir },
      {
        name: 'Ikoyi Kaftan Shirt',
        description: 'A long kaftan shirt with side slits.',
        price: 45000,
        stock: 6,
        category: 'mens-shirts',
        sizes: ['M', 'Tall 42'],
        colors: ['white', { name: 'Indigo Adire', hex: '#2B3A67' }],
        images: [upload.id],
      },
      actor,
    );
    const [stored] = await database.db
      .select({ sizes: products.sizes, colors: products.colors })
      .from(products)
      .where(eq(products.id, created.product.id));
    expect(stored!.sizes).toEqual(['M', 'Tall 42']);
    expect(stored!.colors).toEqual([
      { name: 'White', hex: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/) },
      { name: 'Indigo Adire', hex: '#2B3A67' },
    ]);
    const grid = await gridOf(created.product.id);
    expect(grid.map((row) => [row.size, row.color])).toEqual([
      ['M', 'White'],
      ['Tall 42', 'White'],
      ['M', 'Indigo Adire'],
      ['Tall 42', 'Indigo Adire'],
    ]);
    expect(grid.reduce((sum, row) => sum + row.stock, 0)).toBe(6);
  });

  it('refuses a size or colour listed twice, a colour name the category lacks without its hex, and a bad hex', async () => {
    const upload = await photo('#304050');
    const base = {
      name: 'Yaba Work Shirt',
      description: 'A sturdy work shirt.',
      price: 20000,
      stock: 3,
      category: 'mens-shirts',
      images: [upload.id],
    };
    const before = await database.db.select({ id: products.id }).from(products);
    await expect(
      createProduct({ db: database.db, uploadDir }, { ...base, sizes: ['Tall 42', 'tall 42'] }, actor),
    ).rejects.toMatchObject({ status: 422, fields: { sizes: 'tall 42 is listed twice.' } });
    await expect(
      createProduct(
        { db: database.db, uploadDir },
        { ...base, colors: ['White', { name: 'white', hex: '#FFFFFF' }] },
        actor,
      ),
    ).rejects.toMatchObject({ status: 422, fields: { colors: 'white is listed twice.' } });
    await expect(
      createProduct({ db: database.db, uploadDir }, { ...base, colors: ['Indigo Adire'] }, actor),
    ).rejects.toMatchObject({
      status: 422,
      fields: { colors: expect.stringMatching(/^Indigo Adire is not a colour of .+: give its hex/) },
    });
    await expect(
      createProduct(
        { db: database.db, uploadDir },
        { ...base, colors: [{ name: 'Indigo Adire', hex: 'blue' }] },
        actor,
      ),
    ).rejects.toMatchObject({ status: 400, fields: { 'colors[0].hex': 'Pick the colour (#RRGGBB).' } });
    await expect(
      createProduct({ db: database.db, uploadDir }, { ...base, sizes: ['  '] }, actor),
    ).rejects.toMatchObject({ status: 400, fields: { 'sizes[0]': 'Enter the size.' } });
    expect(await database.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
  });

  it('refuses a brand from the other department', async () => {
    const upload = await photo('#654321');
    expect(await findProductUpload(uploadDir, upload.id)).toMatchObject({ width: 400, height: 500 });
    await expect(
      createProduct(
        { db: database.db, uploadDir },
        {
          name: 'Lagos Linen Shirt',
          description: 'Breathable linen.',
          price: 25000,
          stock: 4,
          category: 'mens-shirts',
          brand: 'maison-ebele',
          images: [upload.id],
        },
        actor,
      ),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE', fields: { brand: expect.any(String) } });
  });
});

describe('planGrid', () => {
  it('a product with no sizes or colours has one default variant; adding sizes needs the grid to move its units', () => {
    const variants = [
      {
        id: 1,
        productId: 1,
        size: '',
        color: '',
        sku: 'ROS-1',
        stock: 4,
        priceKobo: null,
        costKobo: null,
        lowStockThreshold: null,
        position: 0,
        createdAt: new Date(),
        updatedAt: new Date(),
      },
    ];
    const plan = planGrid({ sizes: [], colors: [], variants }, { sizes: ['S', 'M'] });
    expect(plan.errors.sizes).toMatch(/The product \(4\) still holds stock/);
    const moved = planGrid(
      { sizes: [], colors: [], variants },
      {
        sizes: ['S', 'M'],
        variants: [
          { size: 'S', stock: 2 },
          { size: 'M', stock: 2 },
        ],
      },
    );
    expect(moved.errors).toEqual({});
    expect(moved.removed.map((row) => row.id)).toEqual([1]);
    expect(moved.rows?.map((row) => [row.size, row.stock, row.position])).toEqual([
      ['S', 2, 0],
      ['M', 2, 1],
    ]);
  });
});
