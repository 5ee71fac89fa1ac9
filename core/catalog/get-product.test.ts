import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import * as seed from '../../db/seed/catalog-data';
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

  it('suggests up to four other products from the same category', async () => {
    const product = await getProduct(database.db, 1001);
    const related = await listRelatedProducts(database.db, product);
    expect(related.length).toBeGreaterThan(0);
    expect(related.length).toBeLessThanOrEqual(4);
    expect(related.every((item) => item.categoryId === product.categoryId && item.id !== product.id)).toBe(
      true,
    );
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
