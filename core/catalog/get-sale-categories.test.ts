import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountPercent } from '../../contracts/money';
import { productImages, products } from '../../db/schema/catalog';
import * as seed from '../../seed/catalog-data';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { getSaleCategories } from './get-sale-categories';
import { getSaleSummary } from './get-sale-summary';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

const onSale = seed.products.filter(
  (product) => product.originalPriceNaira !== null && product.originalPriceNaira > product.priceNaira,
);
const discountOf = (product: (typeof onSale)[number]) =>
  discountPercent(product.priceNaira * 100, product.originalPriceNaira! * 100);
const departmentOf = (slug: string) => {
  const category = seed.categories.find((item) => item.slug === slug)!;
  return category.parentSlug ?? category.slug;
};

describe('sale by category', () => {
  it('lists each category with pieces on sale, its count and deepest discount, from the database', async () => {
    const sale = await getSaleCategories(database.db);
    const expected = new Map<string, number[]>();
    for (const product of onSale)
      expected.set(product.categorySlug, [
        ...(expected.get(product.categorySlug) ?? []),
        discountOf(product),
      ]);

    expect(sale.categories.map((category) => category.id).sort()).toEqual([...expected.keys()].sort());
    for (const category of sale.categories) {
      const discounts = expected.get(category.id)!;
      expect(category.count, category.id).toBe(discounts.length);
      expect(category.maxDiscountPercent, category.id).toBe(Math.max(...discounts));
      expect(category.name).toBe(seed.categories.find((item) => item.slug === category.id)!.name);
    }
  });

  it("rolls the categories up into departments, whose figures add up to the whole sale's", async () => {
    const [sale, summary] = await Promise.all([getSaleCategories(database.db), getSaleSummary(database.db)]);
    for (const department of sale.departments) {
      const members = onSale.filter((product) => departmentOf(product.categorySlug) === department.id);
      expect(department.count, department.id).toBe(members.length);
      expect(department.maxDiscountPercent, department.id).toBe(Math.max(...members.map(discountOf)));
    }
    expect(sale.departments.reduce((sum, department) => sum + department.count, 0)).toBe(summary.count);
    expect(Math.max(...sale.departments.map((department) => department.maxDiscountPercent))).toBe(
      summary.maxDiscountPercent,
    );
    expect(sale.departments.map((department) => department.id).sort()).toEqual(['mens-wear', 'womens-bags']);
  });

  it("shows each category's most reduced piece, and follows a price change at once", async () => {
    const [first] = (await getSaleCategories(database.db)).categories;
    expect(first).toBeDefined();
    const rows = await database.db
      .select({ id: products.id, price: products.priceKobo, original: products.originalPriceKobo })
      .from(products)
      .where(eq(products.categoryId, first!.id));
    const target = rows.find((row) => row.original !== null && row.original > row.price)!;
    // Reduce one piece to 90% off: it becomes the category's deepest discount and its picture.
    await database.db
      .update(products)
      .set({ priceKobo: Math.round(target.original! / 10) })
      .where(eq(products.id, target.id));
    await database.db.insert(productImages).values({
      productId: target.id,
      position: 0,
      key: 'test/deepest',
      widths: [320, 640],
      width: 640,
      height: 800,
      alt: 'The most reduced piece',
    });
    const after = (await getSaleCategories(database.db)).categories.find(
      (category) => category.id === first!.id,
    )!;
    expect(after.maxDiscountPercent).toBe(90);
    expect(after.image?.key).toBe('test/deepest');
    const department = (await getSaleCategories(database.db)).departments.find(
      (item) => item.id === departmentOf(first!.id),
    )!;
    expect(department.maxDiscountPercent).toBe(90);
    expect(department.image?.key).toBe('test/deepest');

    // Taken off sale: the category leaves the list when it has no other reduced piece.
    await database.db
      .update(products)
      .set({ originalPriceKobo: null })
      .where(eq(products.categoryId, first!.id));
    const ended = await getSaleCategories(database.db);
    expect(ended.categories.find((category) => category.id === first!.id)).toBeUndefined();
  });
});
