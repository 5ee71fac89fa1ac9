import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin';
import { products, productVariants } from '../../db/schema/catalog';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { lockVariants, planGrid, variantInputSchema, writeGrid } from './product-grid';
import { saveProductUpload } from './product-images';
import { createProduct, listAdminProducts, updateProduct } from './manage-products';

/*
 * What a size × colour cost the shop and the count under which it runs low, set per row of the grid
 * (migration 0038): written with the grid, kept when a grid leaves them out, cleared by null.
 */

describe('a grid row’s cost and low-stock threshold', () => {
  const parse = (row: Record<string, unknown>) => variantInputSchema.safeParse({ stock: 1, ...row });
  const problem = (row: Record<string, unknown>) => {
    const parsed = parse(row);
    return parsed.success ? null : parsed.error.issues.map((issue) => issue.message).join(' ');
  };

  it('reads a cost in naira and a threshold in units, from the form’s strings or the API’s numbers', () => {
    expect(parse({ cost: '8000.50', lowStockThreshold: '3' }).data).toMatchObject({
      cost: 8000.5,
      lowStockThreshold: 3,
    });
    expect(parse({ cost: 8000, lowStockThreshold: 0 }).data).toMatchObject({
      cost: 8000,
      lowStockThreshold: 0,
    });
    // A piece the shop was given costs nothing.
    expect(parse({ cost: 0 }).data?.cost).toBe(0);
  });

  it('reads blank or null as “not known” / “the shop’s default”, and leaving them out as “keep them”', () => {
    expect(parse({ cost: '', lowStockThreshold: '' }).data).toMatchObject({
      cost: null,
      lowStockThreshold: null,
    });
    expect(parse({ cost: null, lowStockThreshold: null }).data).toMatchObject({
      cost: null,
      lowStockThreshold: null,
    });
    const left = parse({}).data!;
    expect(left.cost).toBeUndefined();
    expect(left.lowStockThreshold).toBeUndefined();
  });

  it('refuses a negative cost or threshold, nonsense, a third decimal and a threshold that is not whole', () => {
    expect(problem({ cost: -1 })).toBe('A cost cannot be below ₦0.');
    expect(problem({ cost: '-0.01' })).toBe('A cost cannot be below ₦0.');
    expect(problem({ cost: 'cheap' })).toBe(
      'Enter the cost in naira, or leave it empty if you do not know it.',
    );
    expect(problem({ cost: 12.345 })).toBe('Use at most two decimals.');
    expect(problem({ cost: 30_000_000 })).toBe('That cost is too high.');
    expect(problem({ lowStockThreshold: -1 })).toBe(
      'Enter the low-stock level as a whole number from 0 to 10,000.',
    );
    expect(problem({ lowStockThreshold: 2.5 })).toBe(
      'Enter the low-stock level as a whole number from 0 to 10,000.',
    );
    expect(problem({ lowStockThreshold: 'few' })).toBe(
      'Enter the low-stock level as a whole number from 0 to 10,000.',
    );
    expect(problem({ lowStockThreshold: 10_001 })).toBe(
      'Enter the low-stock level as a whole number from 0 to 10,000.',
    );
  });
});

let database: TestDatabase;
let uploadDir: string;
const actor = { id: null, email: 'owner@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-product-costs-'));
}, 120_000);
afterAll(async () => {
  await database?.destroy();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

const gridOf = (id: number) =>
  database.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.position));

const figures = async (id: number) =>
  (await gridOf(id)).map((row) => [row.size, row.color, row.stock, row.costKobo, row.lowStockThreshold]);

let serial = 0;
/** An agbada in M and L, Indigo: M 4 at ₦8,000 a piece and low below 2, L 1 with neither. */
async function agbada() {
  serial += 1;
  const bytes = await sharp({
    create: { width: 400, height: 500, channels: 3, background: `#20${String(serial).padStart(2, '0')}40` },
  })
    .png()
    .toBuffer();
  const upload = await saveProductUpload(uploadDir, bytes);
  const created = await createProduct(
    { db: database.db, uploadDir },
    {
      name: `Oshodi Agbada ${serial}`,
      description: 'Hand-embroidered agbada in cotton damask.',
      price: 45000,
      category: 'mens-shirts',
      sizes: ['M', 'L'],
      colors: [{ name: 'Indigo', hex: '#27336B' }],
      images: [upload.id],
      variants: [
        { size: 'M', color: 'Indigo', stock: 4, cost: 8000, lowStockThreshold: 2 },
        { size: 'L', color: 'Indigo', stock: 1 },
      ],
    },
    actor,
  );
  return created.product.id;
}

describe('the grid writes costs and thresholds', () => {
  it('a new product’s grid keeps each row’s cost and threshold; the admin list reads them', async () => {
    const id = await agbada();
    expect(await figures(id)).toEqual([
      ['M', 'Indigo', 4, 800_000, 2],
      ['L', 'Indigo', 1, null, null],
    ]);
    const [row] = (await listAdminProducts(database.db, { q: String(id) })).items;
    expect(row!.variants.map((variant) => [variant.costKobo, variant.lowStockThreshold])).toEqual([
      [800_000, 2],
      [null, null],
    ]);
  });

  it('changes them in the editor’s save, logs each change, keeps them when left out, and null clears them', async () => {
    const id = await agbada();
    const updated = await updateProduct(
      database.db,
      id,
      {
        variants: [
          { size: 'M', color: 'Indigo', stock: '4', cost: '8500.50', lowStockThreshold: '' },
          { size: 'L', color: 'Indigo', stock: '1', cost: '9000', lowStockThreshold: '1' },
        ],
      },
      actor,
    );
    expect(updated.changed).toEqual(['variants']);
    expect(await figures(id)).toEqual([
      ['M', 'Indigo', 4, 850_050, null],
      ['L', 'Indigo', 1, 900_000, 1],
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id))
      .offset(1);
    expect(entry!.summary).toContain('M / Indigo cost ₦8,000 → ₦8,500.50');
    expect(entry!.summary).toContain('M / Indigo low-stock level 2 → shop default');
    expect(entry!.summary).toContain('L / Indigo cost not known → ₦9,000');
    expect(entry!.after).toMatchObject({ 'M / Indigo cost': 850_050, 'L / Indigo low-stock level': 1 });

    // A grid that says nothing of them (an older client, a stock change) keeps them.
    await updateProduct(
      database.db,
      id,
      {
        variants: [
          { size: 'M', color: 'Indigo', stock: 3 },
          { size: 'L', color: 'Indigo', stock: 1 },
        ],
      },
      actor,
    );
    expect(await figures(id)).toEqual([
      ['M', 'Indigo', 3, 850_050, null],
      ['L', 'Indigo', 1, 900_000, 1],
    ]);
    // A new size without a grid joins with neither; the others keep theirs.
    await updateProduct(database.db, id, { sizes: ['M', 'L', 'XL'] }, actor);
    expect(await figures(id)).toEqual([
      ['M', 'Indigo', 3, 850_050, null],
      ['L', 'Indigo', 1, 900_000, 1],
      ['XL', 'Indigo', 0, null, null],
    ]);
    await updateProduct(
      database.db,
      id,
      {
        variants: [
          { size: 'M', color: 'Indigo', stock: 3, cost: null },
          { size: 'L', color: 'Indigo', stock: 1, lowStockThreshold: null },
          { size: 'XL', color: 'Indigo', stock: 0, cost: 0 },
        ],
      },
      actor,
    );
    expect(await figures(id)).toEqual([
      ['M', 'Indigo', 3, null, null],
      ['L', 'Indigo', 1, 900_000, null],
      ['XL', 'Indigo', 0, 0, null],
    ]);
  });

  it('refuses a negative cost or threshold by its cell and writes nothing', async () => {
    const id = await agbada();
    const before = await figures(id);
    for (const [row, field] of [
      [{ cost: -5 }, 'variants[1].cost'],
      [{ lowStockThreshold: 1.5 }, 'variants[1].lowStockThreshold'],
    ] as const) {
      const failure = await updateProduct(
        database.db,
        id,
        {
          variants: [
            { size: 'M', color: 'Indigo', stock: 4, cost: 9999 },
            { size: 'L', color: 'Indigo', stock: 1, ...row },
          ],
        },
        actor,
      ).then(
        () => null,
        (error: { status: number; fields: Record<string, string> }) => error,
      );
      expect(failure?.status, field).toBe(400);
      expect(Object.keys(failure?.fields ?? {})).toContain(field);
    }
    expect(await figures(id)).toEqual(before);
  });

  it('writeGrid round-trips a plan’s costs and thresholds without moving a unit', async () => {
    const id = await agbada();
    const [product] = await database.db.select().from(products).where(eq(products.id, id));
    await database.db.transaction(async (tx) => {
      const current = await lockVariants(tx, id);
      const plan = planGrid(
        { sizes: product!.sizes, colors: product!.colors, variants: current },
        {
          variants: [
            { size: 'M', color: 'Indigo', stock: 4, cost: 7000, lowStockThreshold: 6 },
            { size: 'L', color: 'Indigo', stock: 1, cost: 7250.25 },
          ],
        },
      );
      expect(plan.errors).toEqual({});
      expect(plan.rows?.map((row) => [row.costKobo, row.lowStockThreshold])).toEqual([
        [700_000, 6],
        [725_025, undefined],
      ]);
      const change = await writeGrid(tx, id, current, { rows: plan.rows!, removed: plan.removed });
      expect(change.summary).toEqual([
        'M / Indigo cost ₦8,000 → ₦7,000',
        'M / Indigo low-stock level 2 → 6',
        'L / Indigo cost not known → ₦7,250.25',
      ]);
    });
    expect(await figures(id)).toEqual([
      ['M', 'Indigo', 4, 700_000, 6],
      ['L', 'Indigo', 1, 725_025, null],
    ]);
    // Only the product's first units are rows of the ledger: a cost is no change of stock.
    const moves = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM inventory_movements WHERE product_id = ${id}`,
    )) as { rows: { n: number }[] };
    expect(moves.rows[0]!.n).toBe(2);
  });
});
