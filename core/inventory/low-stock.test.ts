/**
 * One low-stock rule (contracts/inventory.ts `isLowStock`, core/inventory/low-stock.ts): the Products
 * tab's filter, the dashboard, the Inventory report and the morning digest call the same sizes low: a
 * size's own level when it has one, else the shop's, and a change of the shop's level moves them all.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLowStock } from '../../contracts/inventory';
import { categories, products, productVariants } from '../../db/schema/catalog';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { shopOverview } from '../reports/overview';
import { listAdminProducts } from '../catalog/manage-products';
import { inventoryReport } from '../reports/inventory';
import { saveShopSettings } from '../settings/shop-settings';
import { lowStockProducts } from './low-stock-digest';

let database: TestDatabase;
let tee: number;
let bag: number;

async function setVariant(productId: number, size: string, stock: number, lowStockThreshold: number | null) {
  const updated = await database.db
    .update(productVariants)
    .set({ stock, lowStockThreshold })
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, size)))
    .returning({ id: productVariants.id });
  expect(updated).toHaveLength(1);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(categories).values({ id: 'men', name: 'Men' });
  const made = await db
    .insert(products)
    .values([
      { name: 'Polo Tee', description: 'Polo', categoryId: 'men', priceKobo: 1_500_000, sizes: ['M', 'L'] },
      { name: 'Tote Bag', description: 'Tote', categoryId: 'men', priceKobo: 4_000_000, sizes: ['One'] },
    ])
    .returning({ id: products.id });
  [tee, bag] = made.map((row) => row.id) as [number, number];
  // The tee's M: 12 left under its own level of 20, low whatever the shop's level.
  await setVariant(tee, 'M', 12, 20);
  await setVariant(tee, 'L', 30, null);
  // The bag: 4 left and no level of its own, so the shop's level decides.
  await setVariant(bag, 'One', 4, null);
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

/** What each of the four views calls low, by product name. */
async function lowEverywhere() {
  const { db } = database;
  const filtered = await listAdminProducts(db, { stock: 'low_stock' });
  const overview = await shopOverview(db);
  const report = await inventoryReport(db, { top: 50 });
  const digest = await lowStockProducts(db, overview.lowStockThreshold);
  return {
    filter: filtered.items.map((row) => row.name).sort(),
    overview: [
      ...new Set(overview.lowStock.filter((row) => row.status !== 'in_stock').map((row) => row.name)),
    ].sort(),
    overviewCount: overview.lowStockCount,
    report: [
      ...new Set(report.lowest.filter((row) => row.status === 'low_stock').map((row) => row.name)),
    ].sort(),
    reportVariants: report.lowStockVariants,
    digest: digest.products.map((row) => row.name).sort(),
    digestTotal: digest.total,
  };
}

describe('the one low-stock rule', () => {
  it('reads a size against its own level, else the shop’s', () => {
    expect(isLowStock({ stock: 12, lowStockThreshold: 20 }, 5)).toBe(true);
    expect(isLowStock({ stock: 4, lowStockThreshold: 2 }, 5)).toBe(false);
    expect(isLowStock({ stock: 4, lowStockThreshold: null }, 5)).toBe(true);
    expect(isLowStock({ stock: 5 }, 5)).toBe(false);
    expect(isLowStock({ stock: 0 }, 0)).toBe(false);
  });

  it('is the same in the Products filter, the dashboard, the report and the digest, and follows the shop’s level', async () => {
    // At the shop's 5 both the tee (its M under 20) and the bag (4 under 5) are low.
    expect(await lowEverywhere()).toEqual({
      filter: ['Polo Tee', 'Tote Bag'],
      overview: ['Polo Tee', 'Tote Bag'],
      overviewCount: 2,
      report: ['Polo Tee', 'Tote Bag'],
      reportVariants: 2,
      digest: ['Polo Tee', 'Tote Bag'],
      digestTotal: 2,
    });
    // The owner lowers the shop's level to 3: the bag's 4 is no longer low anywhere; the tee's own 20 holds.
    await saveShopSettings(database.db, { lowStockThreshold: 3 });
    expect(await lowEverywhere()).toEqual({
      filter: ['Polo Tee'],
      overview: ['Polo Tee'],
      overviewCount: 1,
      report: ['Polo Tee'],
      reportVariants: 1,
      digest: ['Polo Tee'],
      digestTotal: 1,
    });
    // The grid's row for the product says the same.
    const [teeRow] = (await listAdminProducts(database.db, { q: 'Polo' })).items;
    expect(teeRow).toMatchObject({ stockStatus: 'low_stock', lowVariants: 1 });
    const [bagRow] = (await listAdminProducts(database.db, { q: 'Tote' })).items;
    expect(bagRow).toMatchObject({ stockStatus: 'in_stock', lowVariants: 0 });
  });
});
