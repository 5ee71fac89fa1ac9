import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import * as seed from '../../db/seed/catalog-data';
import { listProducts } from './list-products';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

const all = { pageSize: 48 };

describe('listProducts', () => {
  it('lists every seeded product with its total and pages', async () => {
    const page = await listProducts(database.db, { pageSize: 24 });
    expect(page.total).toBe(seed.products.length);
    expect(page.items).toHaveLength(24);
    expect(page.pageCount).toBe(Math.ceil(seed.products.length / 24));
    const last = await listProducts(database.db, { pageSize: 24, page: page.pageCount });
    expect(last.items.length).toBe(seed.products.length - 24 * (page.pageCount - 1));
  });

  it('a department includes the products of its subcategories', async () => {
    const bags = await listProducts(database.db, { category: 'womens-bags', ...all });
    const bagSlugs = new Set(
      seed.categories
        .filter((category) => category.parentSlug === 'womens-bags')
        .map((category) => category.slug),
    );
    expect(bags.total).toBe(seed.products.filter((product) => bagSlugs.has(product.categorySlug)).length);
    expect(bags.items.every((item) => bagSlugs.has(item.categoryId))).toBe(true);

    const totes = await listProducts(database.db, { category: 'tote-bags', ...all });
    expect(totes.total).toBe(seed.products.filter((product) => product.categorySlug === 'tote-bags').length);
  });

  it('filters by a price band in naira', async () => {
    const page = await listProducts(database.db, { minPrice: 25000, maxPrice: 30000, ...all });
    const expected = seed.products.filter(
      (product) => product.priceNaira >= 25000 && product.priceNaira <= 30000,
    );
    expect(page.total).toBe(expected.length);
    expect(page.items.every((item) => item.priceKobo >= 2_500_000 && item.priceKobo <= 3_000_000)).toBe(true);
  });

  it('sorts by price both ways and by newest', async () => {
    const ascending = await listProducts(database.db, { sort: 'price-asc', ...all });
    const prices = ascending.items.map((item) => item.priceKobo);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await listProducts(database.db, { sort: 'price-high', ...all });
    expect(descending.items[0]!.priceKobo).toBe(
      Math.max(...seed.products.map((product) => product.priceNaira * 100)),
    );
    const newest = await listProducts(database.db, { sort: 'newest', pageSize: 1 });
    const freshest = Math.min(...seed.products.map((product) => product.daysSinceAdded));
    expect(seed.products.find((product) => product.name === newest.items[0]!.name)!.daysSinceAdded).toBe(
      freshest,
    );
  });

  it('filters by availability, sale and rating', async () => {
    const out = await listProducts(database.db, { availability: 'out-of-stock', ...all });
    expect(out.total).toBe(seed.products.filter((product) => product.stock === 0).length);
    expect(out.items.every((item) => item.stockStatus === 'out_of_stock')).toBe(true);

    const sale = await listProducts(database.db, { onSale: 'true', ...all });
    expect(sale.total).toBe(seed.products.filter((product) => product.originalPriceNaira !== null).length);
    expect(sale.items.every((item) => item.discountPercent > 0)).toBe(true);

    const rated = await listProducts(database.db, { rating: 4, ...all });
    expect(rated.items.every((item) => item.ratingAverage >= 4)).toBe(true);
  });

  it('filters by colour and size, case-insensitively for colour', async () => {
    const withColor = seed.products.find((product) => product.colors.length > 0)!;
    const colorName = withColor.colors[0]!.name;
    const page = await listProducts(database.db, { color: colorName.toUpperCase(), ...all });
    expect(page.total).toBe(
      seed.products.filter((product) => product.colors.some((color) => color.name === colorName)).length,
    );

    const size = withColor.sizes[0]!;
    const sized = await listProducts(database.db, { size, ...all });
    expect(sized.total).toBe(seed.products.filter((product) => product.sizes.includes(size)).length);
  });

  it('finds products by words in the name, without treating % as a wildcard', async () => {
    const page = await listProducts(database.db, { q: 'tote', ...all });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.some((item) => /tote/i.test(item.name))).toBe(true);
    const literal = await listProducts(database.db, { q: '%', ...all });
    expect(literal.total).toBe(0);
  });

  it('rejects a page size above the limit', async () => {
    await expect(listProducts(database.db, { pageSize: 1000 })).rejects.toThrow();
  });
});

describe('search', () => {
  it('finds products despite a typo, best matches first', async () => {
    const page = await listProducts(database.db, { q: 'handbg', sort: 'relevance', ...all });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items[0]!.name).toMatch(/handbag/i);
  });

  it('finds products by their category and brand names, and by stemmed words', async () => {
    const brand = seed.brands[0]!;
    const byBrand = await listProducts(database.db, { q: brand.name, ...all });
    expect(byBrand.items.some((item) => item.brandName === brand.name)).toBe(true);
    const byCategory = await listProducts(database.db, { q: 'clutches', ...all });
    expect(byCategory.items.some((item) => item.categoryId === 'clutch-bags')).toBe(true);
  });

  it('finds nothing for text unlike anything in the catalog', async () => {
    const page = await listProducts(database.db, { q: 'xylophone quartz', ...all });
    expect(page.total).toBe(0);
  });
});
