import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, productVariants } from '../../db/schema/catalog';
import { stockLocations } from '../../db/schema/inventory';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { buildShopReport } from './shop-report';
import { stockValueReport } from './stock-value';

/*
 * What the shelves hold and what it is worth: every unit at every location (the store room's too, and
 * an archived piece's), at cost where the owner gave one, and at the price it sells at.
 */
let database: TestDatabase;

async function variant(
  productId: number,
  size: string,
  color: string,
  figures: { stock: number; costKobo?: number; priceKobo?: number },
) {
  const updated = await database.db
    .update(productVariants)
    .set({
      stock: figures.stock,
      costKobo: figures.costKobo ?? null,
      ...(figures.priceKobo ? { priceKobo: figures.priceKobo } : {}),
    })
    .where(
      and(
        eq(productVariants.productId, productId),
        eq(productVariants.size, size),
        eq(productVariants.color, color),
      ),
    )
    .returning({ id: productVariants.id, sku: productVariants.sku });
  expect(updated).toHaveLength(1);
  return updated[0]!;
}

beforeAll(async () => {
  database = await createTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

describe('stock value', () => {
  it('an empty shop holds nothing and has no margin to tell', async () => {
    expect(await stockValueReport(database.db)).toEqual({
      units: 0,
      costedUnits: 0,
      uncostedUnits: 0,
      uncostedVariants: 0,
      costValueKobo: 0,
      retailValueKobo: 0,
      costedRetailValueKobo: 0,
      marginPercent: null,
    });
  });

  it('counts units at every location, values them at cost and at their price, and says how many have no cost', async () => {
    const { db } = database;
    await db.insert(categories).values({ id: 'men', name: 'Men' });
    const product = (name: string, priceKobo: number, extra: Partial<typeof products.$inferInsert> = {}) => ({
      name,
      description: name,
      categoryId: 'men',
      priceKobo,
      ...extra,
    });
    const [shirt, agbada, blazer, cufflinks] = await db
      .insert(products)
      .values([
        product('Linen Shirt', 2_000_000, { sizes: ['S', 'M'], colors: [{ name: 'Olive', hex: '#708238' }] }),
        product('Agbada Set', 1_000_000),
        product('Old Blazer', 900_000, { status: 'archived' }),
        product('Cufflinks', 500_000),
      ])
      .returning({ id: products.id });
    const small = await variant(shirt!.id, 'S', 'Olive', { stock: 4, costKobo: 800_000 });
    // The M sells at its own ₦25,000.
    await variant(shirt!.id, 'M', 'Olive', { stock: 6, costKobo: 1_000_000, priceKobo: 2_500_000 });
    await variant(agbada!.id, '', '', { stock: 5 });
    // No longer sold, still on the shelf.
    await variant(blazer!.id, '', '', { stock: 2, costKobo: 300_000 });
    // A cost and nothing left: nothing to count.
    await variant(cufflinks!.id, '', '', { stock: 0, costKobo: 100_000 });
    // Three more S in the store room, which does not sell online: on hand, not for sale online.
    const [room] = await db
      .insert(stockLocations)
      .values({ name: 'Store room', fulfilsOnline: false, position: 1 })
      .returning({ id: stockLocations.id });
    await db.execute(
      sql`SELECT write_stock_movement(${small.id}, ${shirt!.id}, ${small.sku}, ${room!.id}, 3)`,
    );

    const value = await stockValueReport(db);
    expect(value).toEqual({
      units: 7 + 6 + 5 + 2,
      costedUnits: 7 + 6 + 2,
      uncostedUnits: 5,
      uncostedVariants: 1,
      costValueKobo: 7 * 800_000 + 6 * 1_000_000 + 2 * 300_000,
      retailValueKobo: 7 * 2_000_000 + 6 * 2_500_000 + 5 * 1_000_000 + 2 * 900_000,
      costedRetailValueKobo: 7 * 2_000_000 + 6 * 2_500_000 + 2 * 900_000,
      // (₦308,000 − ₦122,000) / ₦308,000
      marginPercent: 60.4,
    });
    // The shop's report carries it, beside the inventory card's count of what sells online.
    const report = await buildShopReport(db, {});
    expect(report.stockValue).toEqual(value);
    expect(report.inventory.units).toBe(4 + 6 + 5);
  });

  it('a cost above the price is a negative margin', async () => {
    const { db } = database;
    await db
      .update(productVariants)
      .set({ costKobo: 5_000_000 })
      .where(sql`${productVariants.costKobo} IS NOT NULL`);
    const value = await stockValueReport(db);
    expect(value.costValueKobo).toBe(15 * 5_000_000);
    // (₦308,000 − ₦750,000) / ₦308,000
    expect(value.marginPercent).toBe(-143.5);
  });
});
