import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import * as seed from '../../seed/catalog-data';
import { AppError } from '../errors';
import { getProduct, listRelatedProducts } from './get-product';
import { listCategories } from './list-categories';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

describe('getProduct', () => {
  it('returns the product with its sizes, specifications, department and review figures', async () => {
    const product = await getProduct(database.db, '1001');
    const source = seed.products[0]!;
    expect(product.name).toBe(source.name);
    expect(product.priceKobo).toBe(source.priceNaira * 100);
    expect(product.sizes).toEqual(source.sizes);
    expect(product.specs).toEqual(source.specs);
    expect(product.reviewCount).toBe(source.reviews.length);
    if (source.reviews.length > 0) {
      const average = source.reviews.reduce((sum, review) => sum + review.rating, 0) / source.reviews.length;
      expect(product.ratingAverage).toBeCloseTo(average, 2);
    }
    const department = seed.categories.find((category) => category.slug === source.categorySlug)!.parentSlug;
    expect(product.department?.id).toBe(department);
  });

  it('answers NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of ['99999999', 'abc', '-1', '1.5', '']) {
      await expect(getProduct(database.db, id)).rejects.toSatisfy(
        (error) => error instanceof AppError && error.code === 'NOT_FOUND',
      );
    }
  });

  it('suggests four varied pieces: at most two of its own category (brands differ), the rest one per category of its department', async () => {
    const departmentOf = new Map(seed.categories.map((category) => [category.slug, category.parentSlug]));
    for (let index = 0; index < seed.products.length; index++) {
      const product = await getProduct(database.db, 1001 + index);
      const related = await listRelatedProducts(database.db, product.id);
      const label = `related to ${product.name}`;
      expect(related, label).toHaveLength(4);
      expect(new Set(related.map((item) => item.id)).size, label).toBe(4);
      expect(
        related.some((item) => item.id === product.id),
        label,
      ).toBe(false);
      expect(
        related.every((item) => departmentOf.get(item.categoryId) === departmentOf.get(product.categoryId)),
        label,
      ).toBe(true);
      const own = related.filter((item) => item.categoryId === product.categoryId);
      expect(own.length, label).toBeLessThanOrEqual(2);
      expect(new Set(own.map((item) => item.brandName ?? item.id)).size, label).toBe(own.length);
      const others = related
        .filter((item) => item.categoryId !== product.categoryId)
        .map((item) => item.categoryId);
      expect(new Set(others).size, label).toBe(others.length);
    }
  });
});

describe('listCategories', () => {
  it('lists both departments with their subcategories, brands and counts', async () => {
    const categories = await listCategories(database.db);
    expect(categories).toHaveLength(seed.categories.length);
    const bags = categories.find((category) => category.id === 'womens-bags')!;
    const mens = categories.find((category) => category.id === 'mens-wear')!;
    expect(bags.subcategories).toHaveLength(10);
    expect(mens.subcategories).toHaveLength(12);
    expect(bags.brands).toHaveLength(6);
    expect(mens.brands).toHaveLength(6);
    expect(bags.productCount + mens.productCount).toBe(seed.products.length);
    expect(categories.filter((category) => category.featured)).toHaveLength(12);
  });
});
