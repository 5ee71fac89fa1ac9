import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS, importTemplateCsv } from '../../contracts/product-import';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { importProducts } from './product-import';
import { saveProductUpload } from './product-images';

let database: TestDatabase;
let uploadDir: string;
const actor = { id: null, email: 'owner@rossy.ng' };
const HEADER =
  'handle,product id,name,description,category,brand,price,original price,size,colour,colour hex,sku,stock,variant price,image url';

const services = () => ({ db: database.db, uploadDir });
const check = (csv: string, variants?: 'rows' | 'grid') =>
  importProducts(services(), csv, { dryRun: true, actor, variants });
const apply = (csv: string, variants?: 'rows' | 'grid') =>
  importProducts(services(), csv, { dryRun: false, actor, variants });
const csv = (...rows: string[]) => [HEADER, ...rows].join('\r\n');

async function count(table: 'products' | 'product_variants' | 'audit_log'): Promise<number> {
  const result = await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
  return Number((result as { rows: { n: number }[] }).rows[0]!.n);
}

async function variantsOf(productId: number) {
  const result = await database.db.execute(
    sql`SELECT size, color, sku, stock, price_kobo AS "priceKobo" FROM product_variants WHERE product_id = ${productId} ORDER BY position`,
  );
  return (
    result as {
      rows: { size: string; color: string; sku: string; stock: number; priceKobo: number | null }[];
    }
  ).rows;
}

/** A seeded product with sizes and colours, and two of its variants. */
async function seededShirt() {
  const result = await database.db.execute(sql`
    SELECT p.id, p.name, p.stock, c.name AS category FROM products p JOIN categories c ON c.id = p.category_id
     WHERE cardinality(p.sizes) >= 3 AND jsonb_array_length(p.colors) >= 2 ORDER BY p.id LIMIT 1`);
  const product = (result as { rows: { id: number; name: string; stock: number; category: string }[] })
    .rows[0]!;
  return { ...product, variants: await variantsOf(product.id) };
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-import-'));
});
afterAll(async () => {
  await database?.destroy();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

describe('checking a file', () => {
  it('reads the template as two sizes of one new product', async () => {
    const { report, problem } = await check(importTemplateCsv());
    expect(problem).toBeNull();
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ rows: 2, created: 1, updated: 0, variantsCreated: 2 });
    expect(report.products[0]).toMatchObject({
      action: 'create',
      name: 'Linen Camp Shirt',
      rows: [2, 3],
      stock: 8,
    });
  });

  it('names every bad row and its column: stock, price, duplicate SKU in the file, unknown category', async () => {
    const { report, problem } = await check(
      csv(
        "tee,,Cotton Tee,Soft tee,Men's Shirts,,9000,,S,Black,,TEE-S-BLK,-1,,",
        'tee,,Cotton Tee,,,,,,M,Black,,TEE-S-BLK,2,,',
        'tee,,Cotton Tee,,,,,,L,Black,,TEE-L-BLK,two,,',
        'cap,,Wool Cap,A cap,Hats,,abc,,,,,CAP-1,1,,',
      ),
    );
    expect(problem).toBe('rows');
    expect(report.errors).toEqual(
      expect.arrayContaining([
        { row: 2, column: 'stock', message: 'Stock cannot be below zero.' },
        { row: 3, column: 'sku', message: expect.stringContaining('already in row 2') },
        { row: 4, column: 'stock', message: expect.stringContaining('whole number') },
        { row: 5, column: 'price', message: expect.stringContaining('in naira') },
        { row: 5, column: 'category', message: expect.stringContaining('no category “Hats”') },
      ]),
    );
  });

  it('refuses a SKU another product has, naming that product and its size', async () => {
    const shirt = await seededShirt();
    const taken = shirt.variants[0]!;
    const { report } = await check(
      csv(`,,New Shirt,A shirt,${shirt.category},,9000,,M,Black,,${taken.sku},1,,`),
    );
    expect(report.errors).toEqual([
      {
        row: 2,
        column: 'sku',
        message: expect.stringContaining(`${taken.sku} is already used by ${shirt.name}`),
      },
    ]);
  });

  it("refuses a SKU's row naming another size of it, and a colour neither the product nor its category has without a hex", async () => {
    const shirt = await seededShirt();
    const [first, second] = shirt.variants;
    const otherSize = shirt.variants.find((v) => v.size !== first!.size)!.size;
    const { report } = await check(
      csv(
        `,${shirt.id},,,,,,,${otherSize},${first!.color},,${first!.sku},3,,`,
        `,${shirt.id},,,,,,,${second!.size},Neon Teal,,,3,,`,
      ),
    );
    expect(report.errors).toEqual([
      {
        row: 2,
        column: 'size',
        message: expect.stringContaining(`${first!.sku} is ${first!.size} / ${first!.color}`),
      },
      { row: 3, column: 'colour', message: expect.stringContaining('Neon Teal is not a colour') },
    ]);
  });

  it('refuses a file that is not UTF-8, an unknown column, and a second product of a name the shop has', async () => {
    const latin1 = Buffer.from('name,price\nCaf\xe9,100\n', 'latin1');
    expect(
      (await importProducts(services(), latin1, { dryRun: true, actor })).report.errors[0]!.message,
    ).toMatch(/not UTF-8/);
    const unknown = await check('name,prcie\nShirt,100\n');
    expect(unknown.problem).toBe('file');
    expect(unknown.report.errors[0]).toMatchObject({ row: 1, column: 'prcie' });
    const shirt = await seededShirt();
    const twin = await check(
      `name,description,category,price,stock\n${shirt.name},Again,${shirt.category},100,1\n`,
    );
    expect(twin.report.errors[0]).toMatchObject({
      row: 2,
      column: 'name',
      message: expect.stringContaining('already has'),
    });
  });

  it('takes a colour the category does not list when the row gives its hex, and refuses a file past the row cap', async () => {
    const { report } = await check(
      csv(`,,Teal Kaftan,A kaftan,Men's Shirts,,30000,,M,Deep Teal,#0f5e5a,,2,,`),
    );
    expect(report.errors).toEqual([]);
    expect(report.products[0]).toMatchObject({ action: 'create', variantsCreated: 1 });
    const rows = Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `,,,,,,,,,,,SKU-${i},1,,`);
    const big = await check(csv(...rows));
    expect(big.problem).toBe('file');
    expect(big.report.errors[0]!.message).toMatch(/more than 20,000 rows/);
  });

  it('writes nothing', async () => {
    const before = [await count('products'), await count('product_variants'), await count('audit_log')];
    await check(importTemplateCsv());
    expect([await count('products'), await count('product_variants'), await count('audit_log')]).toEqual(
      before,
    );
  });
});

describe('importing a file', () => {
  it('changes nothing when one row is bad', async () => {
    const shirt = await seededShirt();
    const before = [await count('products'), await count('product_variants'), await count('audit_log')];
    const { problem, report } = await apply(
      csv(
        `,,Silk Scarf,A scarf,${shirt.category},,5000,,M,Black,,SCARF-M,3,,`,
        `,,,,,,,,,,,${shirt.variants[0]!.sku},-4,,`,
      ),
    );
    expect(problem).toBe('rows');
    expect(report.applied).toBe(false);
    expect([await count('products'), await count('product_variants'), await count('audit_log')]).toEqual(
      before,
    );
    expect(await variantsOf(shirt.id)).toEqual(shirt.variants);
  });

  it('creates a product with its full grid when asked, and updates variants by SKU; the totals follow, and a second run changes nothing', async () => {
    const shirt = await seededShirt();
    const [first, second] = shirt.variants;
    const file = csv(
      `linen,,Linen Camp Shirt,Washed linen,Men's Shirts,,25500,30000,M,Olive,,LIN-M-OLV,6,,`,
      `linen,,,,,,,,XXL,Olive,,LIN-XXL-OLV,2,27500,`,
      `linen,,,,,,,,M,Black,,,4,,`,
      `,,,,,,,,,,,${first!.sku},7,,`,
      `,,,,,,,,,,,${second!.sku},0,31000,`,
    );
    const { report, problem } = await apply(file, 'grid');
    expect(report.errors).toEqual([]);
    expect(problem).toBeNull();
    expect(report).toMatchObject({ applied: true, created: 1, updated: 1, variants: 'grid' });
    const created = report.products.find((p) => p.action === 'create')!;
    expect(created.id).toEqual(expect.any(Number));
    const grid = await variantsOf(created.id!);
    // M and XXL in Olive and Black: the cell no row names (XXL / Black) at 0, with a generated SKU.
    expect(grid.map((v) => [v.size, v.color, v.stock])).toEqual([
      ['M', 'Olive', 6],
      ['XXL', 'Olive', 2],
      ['M', 'Black', 4],
      ['XXL', 'Black', 0],
    ]);
    expect(grid[1]!.priceKobo).toBe(2_750_000);
    expect(grid[2]!.sku).toBe(`ROS-${created.id}-M-BLC`);
    const totals = await database.db.execute(
      sql`SELECT id, stock, keywords FROM products WHERE id IN (${created.id}, ${shirt.id}) ORDER BY id`,
    );
    const byId = new Map(
      (totals as { rows: { id: number; stock: number; keywords: string }[] }).rows.map((r) => [r.id, r]),
    );
    expect(byId.get(created.id!)!.stock).toBe(12);
    expect(byId.get(created.id!)!.keywords).toContain('Olive');
    expect(byId.get(shirt.id)!.stock).toBe(shirt.stock - first!.stock - second!.stock + 7);
    const updated = await variantsOf(shirt.id);
    expect(updated.find((v) => v.sku === second!.sku)).toMatchObject({ stock: 0, priceKobo: 3_100_000 });

    const audit = await database.db.execute(
      sql`SELECT action, summary FROM audit_log WHERE action = 'product.import' ORDER BY id DESC LIMIT 1`,
    );
    expect((audit as { rows: { summary: string }[] }).rows[0]!.summary).toMatch(
      /5 rows: 1 product added, 1 updated/,
    );

    const again = await apply(
      file.replace(/^linen,,Linen Camp Shirt/m, `linen,${created.id},Linen Camp Shirt`),
      'grid',
    );
    expect(again.report.errors).toEqual([]);
    expect(again.report).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
      variantsCreated: 0,
      variantsUpdated: 0,
    });
    expect(await variantsOf(created.id!)).toEqual(grid);
  });

  it('adds a size to a product it updates: its row alone by default, every colour of it with the full grid', async () => {
    const shirt = await seededShirt();
    const colours = [...new Set(shirt.variants.map((v) => v.color))];
    const rows = await apply(csv(`,${shirt.id},,,,,,,4XL,${colours[0]},,,5,,`));
    expect(rows.report.errors).toEqual([]);
    expect(rows.report.products[0]).toMatchObject({
      variantsCreated: 1,
      addedCombinations: colours.slice(1).map((color) => ({ size: '4XL', color })),
      addedCombinationCount: colours.length - 1,
    });
    expect(
      (await variantsOf(shirt.id)).filter((v) => v.size === '4XL').map((v) => [v.color, v.stock]),
    ).toEqual([[colours[0], 5]]);

    const grid = await apply(csv(`,${shirt.id},,,,,,,5XL,${colours[0]},,,5,,`), 'grid');
    expect(grid.report.errors).toEqual([]);
    expect(grid.report.products[0]).toMatchObject({ variantsCreated: colours.length });
    const after = await variantsOf(shirt.id);
    expect(after.filter((v) => v.size === '5XL').map((v) => [v.color, v.stock])).toEqual(
      colours.map((color, index) => [color, index === 0 ? 5 : 0]),
    );
    // The size the owner imported row by row stays as it was: the full grid of a later file adds 5XL only.
    expect(after.filter((v) => v.size === '4XL')).toHaveLength(1);
  });

  it('makes only the rows of the file into variants by default, naming in the check each size × colour the full grid would add', async () => {
    const rows = [
      `adire,,Adire Shirt,Hand-dyed adire,Men's Shirts,,32000,,M,Navy,,,3,,`,
      `adire,,,,,,,,L,Navy,,,1,,`,
      `adire,,,,,,,,XL,Navy,,,2,,`,
      `adire,,,,,,,,L,Orange,#E07A1F,,4,,`,
    ];
    const checked = await check(csv(...rows));
    expect(checked.report.errors).toEqual([]);
    expect(checked.report).toMatchObject({ variants: 'rows', variantsCreated: 4, addedCombinationCount: 2 });
    expect(checked.report.products[0]).toMatchObject({
      action: 'create',
      variantsCreated: 4,
      stock: 10,
      addedCombinations: [
        { size: 'M', color: 'Orange' },
        { size: 'XL', color: 'Orange' },
      ],
      addedCombinationCount: 2,
    });
    const fullGrid = await check(csv(...rows), 'grid');
    expect(fullGrid.report).toMatchObject({ variants: 'grid', variantsCreated: 6, addedCombinationCount: 2 });
    expect(fullGrid.report.products[0]!.addedCombinations).toEqual(
      checked.report.products[0]!.addedCombinations,
    );

    const { report } = await apply(csv(...rows));
    expect(report.errors).toEqual([]);
    expect(report).toMatchObject({ applied: true, variantsCreated: 4 });
    const id = report.products[0]!.id!;
    expect((await variantsOf(id)).map((v) => [v.size, v.color, v.stock])).toEqual([
      ['M', 'Navy', 3],
      ['L', 'Navy', 1],
      ['XL', 'Navy', 2],
      ['L', 'Orange', 4],
    ]);
    const product = await database.db.execute(
      sql`SELECT sizes, colors, stock FROM products WHERE id = ${id}`,
    );
    expect((product as { rows: { sizes: string[]; stock: number }[] }).rows[0]).toMatchObject({
      sizes: ['M', 'L', 'XL'],
      stock: 10,
    });
    // Imported again (its rows now naming the product), nothing changes and the grid is not filled in.
    const again = await apply(csv(...rows.map((row) => row.replace('adire,,', `adire,${id},`))));
    expect(again.report.errors).toEqual([]);
    expect(again.report).toMatchObject({
      unchanged: 1,
      variantsCreated: 0,
      variantsUpdated: 0,
      addedCombinationCount: 0,
    });
    expect(await variantsOf(id)).toHaveLength(4);
  });

  it('fills the full grid at 0 units when the owner chooses it', async () => {
    const { report } = await apply(
      csv(
        `kampala,,Kampala Shirt,Tie-dyed cotton,Men's Shirts,,28000,,M,Navy,,,3,,`,
        `kampala,,,,,,,,XL,Navy,,,2,,`,
        `kampala,,,,,,,,M,Orange,#E07A1F,,4,,`,
      ),
      'grid',
    );
    expect(report.errors).toEqual([]);
    expect(report.products[0]).toMatchObject({
      variantsCreated: 4,
      addedCombinations: [{ size: 'XL', color: 'Orange' }],
    });
    expect((await variantsOf(report.products[0]!.id!)).map((v) => [v.size, v.color, v.stock])).toEqual([
      ['M', 'Navy', 3],
      ['XL', 'Navy', 2],
      ['M', 'Orange', 4],
      ['XL', 'Orange', 0],
    ]);
  });

  it('takes a photo the shop already has by its /media/ address, and no other', async () => {
    const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#7a4b2a' } })
      .png()
      .toBuffer();
    const image = await saveProductUpload(uploadDir, photo);
    const url = `/media/${image.key}-${image.widths[0]}.webp`;
    const bad = await check(
      `name,description,category,price,stock,image url\nTote,A tote,Tote Bags,100,1,https://example.com/a.jpg\n`,
    );
    expect(bad.report.errors[0]).toMatchObject({ row: 2, column: 'image url' });
    const { report } = await apply(
      `name,description,category,price,stock,image url\nCanvas Tote,A tote,Tote Bags,15000,3,${url}\n`,
    );
    expect(report.errors).toEqual([]);
    const images = await database.db.execute(
      sql`SELECT key FROM product_images WHERE product_id = ${report.products[0]!.id}`,
    );
    expect((images as { rows: { key: string }[] }).rows).toEqual([{ key: image.key }]);
  });
});
