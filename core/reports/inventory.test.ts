import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, productVariants } from '../../db/schema/catalog';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { shopOverview } from './overview';
import { inventoryReport } from './inventory';

/*
 * Stock is counted per size and colour: a shirt "30 in stock" may have its S in Olive sold out and
 * two M left. The inventory card and the overview read the variants, not the product's total.
 */
let database: TestDatabase;
const ids = { shirt: 0, agbada: 0, cufflinks: 0, kaftan: 0, blazer: 0 };

async function stockOf(productId: number, size: string, color: string, stock: number, priceKobo?: number) {
  const updated = await database.db
    .update(productVariants)
    .set({ stock, ...(priceKobo ? { priceKobo } : {}) })
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.size, size),
        eq(productVariants.color, color),
      ),
    )
    .returning({ id: productVariants.id });
  expect(updated).toHaveLength(1);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(categories).values({ id: 'men', name: 'Men' });
  const product = (name: string, priceKobo: number, extra: Partial<typeof products.$inferInsert> = {}) => ({
    name,
    description: name,
    categoryId: 'men',
    priceKobo,
    ...extra,
  });
  const made = await db
    .insert(products)
    .values([
      product('Linen Shirt', 2_000_000, {
        sizes: ['S', 'M', 'L'],
        colors: [
          { name: 'Olive', hex: '#708238' },
          { name: 'Black', hex: '#111111' },
        ],
      }),
      product('Agbada Set', 1_000_000, { stock: 20 }),
      product('Cufflinks', 500_000),
      product('Kaftan', 1_500_000, { sizes: ['M', 'L'] }),
      product('Old Blazer', 900_000, { stock: 1, status: 'archived' }),
    ])
    .returning({ id: products.id });
  [ids.shirt, ids.agbada, ids.cufflinks, ids.kaftan, ids.blazer] = made.map((row) => row.id) as [
    number,
    number,
    number,
    number,
    number,
  ];
  await stockOf(ids.shirt, 'S', 'Olive', 0);
  await stockOf(ids.shirt, 'M', 'Olive', 2);
  await stockOf(ids.shirt, 'L', 'Olive', 10);
  await stockOf(ids.shirt, 'S', 'Black', 6);
  // An M in Black costs more than the shirt's price.
  await stockOf(ids.shirt, 'M', 'Black', 4, 2_500_000);
  await stockOf(ids.shirt, 'L', 'Black', 8);
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

const skuOf = async (productId: number, size: string, color: string) =>
  (
    await database.db
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(
          eq(productVariants.productId, productId),
          eq(productVariants.size, size),
          eq(productVariants.color, color),
        ),
      )
  )[0]!.sku;

describe('inventory report', () => {
  it('counts products and their sizes and colours on sale: sold out, low, units and their value', async () => {
    const inventory = await inventoryReport(database.db);
    expect(inventory).toMatchObject({
      products: 4,
      variants: 10, // the shirt's six, the agbada's and the cufflinks' one each, the kaftan's two
      units: 50,
      outOfStock: 2, // the cufflinks and the kaftan: nothing left in any size
      lowStock: 1, // the shirt: 30 in all, but S in Olive sold out and two M left
      outOfStockVariants: 4,
      lowStockVariants: 2,
      lowStockThreshold: 5,
      // Each variant at its own price: the four M in Black at ₦25,000, the shirt's other 26 at ₦20,000.
      stockValueKobo: 26 * 2_000_000 + 4 * 2_500_000 + 20 * 1_000_000,
      stockValueBasis: 'retail',
    });
  });

  it('lists each size and colour with its SKU, sold out first, then low, then the rest', async () => {
    const { lowest } = await inventoryReport(database.db);
    expect(lowest.map((row) => [row.name, row.size, row.color, row.stock, row.status])).toEqual([
      ['Cufflinks', null, null, 0, 'out_of_stock'],
      ['Kaftan', 'M', null, 0, 'out_of_stock'],
      ['Kaftan', 'L', null, 0, 'out_of_stock'],
      ['Linen Shirt', 'S', 'Olive', 0, 'out_of_stock'],
      ['Linen Shirt', 'M', 'Olive', 2, 'low_stock'],
      ['Linen Shirt', 'M', 'Black', 4, 'low_stock'],
      ['Linen Shirt', 'S', 'Black', 6, 'in_stock'],
      ['Linen Shirt', 'L', 'Black', 8, 'in_stock'],
      ['Linen Shirt', 'L', 'Olive', 10, 'in_stock'],
      ['Agbada Set', null, null, 20, 'in_stock'],
    ]);
    const mBlack = lowest.find((row) => row.size === 'M' && row.color === 'Black')!;
    expect(mBlack).toMatchObject({
      productId: ids.shirt,
      sku: await skuOf(ids.shirt, 'M', 'Black'),
      priceKobo: 2_500_000,
      productStock: 30,
    });
    expect(lowest.find((row) => row.size === 'M' && row.color === 'Olive')).toMatchObject({
      priceKobo: 2_000_000,
      productStock: 30,
    });
    // The archived blazer is not on sale.
    expect(lowest.some((row) => row.productId === ids.blazer)).toBe(false);
    expect((await inventoryReport(database.db, { top: 3 })).lowest).toHaveLength(3);
  });
});

describe('overview', () => {
  it("lists the sizes and colours running out, and counts products as the Products tab's stock filter does", async () => {
    const overview = await shopOverview(database.db);
    expect(overview.lowStock.map((row) => [row.name, row.size, row.color, row.stock])).toEqual([
      ['Cufflinks', null, null, 0],
      ['Kaftan', 'M', null, 0],
      ['Kaftan', 'L', null, 0],
      ['Linen Shirt', 'S', 'Olive', 0],
      ['Linen Shirt', 'M', 'Olive', 2],
      ['Linen Shirt', 'M', 'Black', 4],
    ]);
    expect(overview.lowStock[4]).toMatchObject({
      productId: ids.shirt,
      sku: await skuOf(ids.shirt, 'M', 'Olive'),
      status: 'low_stock',
    });
    expect(overview).toMatchObject({
      lowStockCount: 6,
      outOfStockCount: 4,
      lowStockProducts: 1,
      outOfStockProducts: 2,
      lowStockThreshold: 5,
    });
  });

  it('follows a variant as it sells out and comes back', async () => {
    await stockOf(ids.shirt, 'M', 'Olive', 0);
    let overview = await shopOverview(database.db, new Date(), { lowStock: 10 });
    expect(overview.outOfStockCount).toBe(5);
    expect(overview.lowStock.find((row) => row.size === 'M' && row.color === 'Olive')?.status).toBe(
      'out_of_stock',
    );
    await stockOf(ids.shirt, 'M', 'Olive', 12);
    await stockOf(ids.shirt, 'S', 'Olive', 5);
    await stockOf(ids.shirt, 'M', 'Black', 5);
    overview = await shopOverview(database.db, new Date(), { lowStock: 10 });
    expect(overview.lowStock.some((row) => row.productId === ids.shirt)).toBe(false);
    expect(overview).toMatchObject({ lowStockCount: 3, outOfStockCount: 3, lowStockProducts: 0 });
    const inventory = await inventoryReport(database.db);
    expect(inventory).toMatchObject({ lowStock: 0, lowStockVariants: 0, outOfStockVariants: 3 });
  });
});
