import { describe, expect, it } from 'vitest';
import { brands, categories, products, type SeedColor } from './catalog-data';

const FEATURED = [
  'womens-bags',
  'mens-wear',
  'tote-bags',
  'shoulder-bags',
  'crossbody-bags',
  'clutch-bags',
  'handbags',
  'mens-shirts',
  'mens-suits',
  'mens-trousers',
  'mens-blazers',
  'mens-jackets',
];

const bySlug = new Map(categories.map((category) => [category.slug, category]));
const colorKey = (color: SeedColor) => `${color.name}|${color.hex}`;
const departmentOf = (categorySlug: string) => bySlug.get(categorySlug)?.parentSlug;

/** SPEC.md section 9 price filter bands, with inclusive lower and exclusive upper bounds. */
const BANDS: [string, number, number][] = [
  ['under 25000', 0, 25000],
  ['25000-30000', 25000, 30000],
  ['30000-35000', 30000, 35000],
  ['35000-40000', 35000, 40000],
  ['over 40000', 40000, Number.POSITIVE_INFINITY],
];

describe('catalog seed data: categories', () => {
  it('has the two departments as the only top-level categories', () => {
    const roots = categories
      .filter((category) => category.parentSlug === null)
      .map((category) => category.slug);
    expect(roots.sort()).toEqual(['mens-wear', 'womens-bags']);
    expect(bySlug.get('womens-bags')?.name).toBe("Women's Bags");
    expect(bySlug.get('mens-wear')?.name).toBe("Men's Wear");
  });

  it('has exactly 10 subcategories of Women’s Bags and 12 of Men’s Wear, nested one level', () => {
    expect(categories.filter((category) => category.parentSlug === 'womens-bags')).toHaveLength(10);
    expect(categories.filter((category) => category.parentSlug === 'mens-wear')).toHaveLength(12);
    expect(categories).toHaveLength(24);
  });

  it('has unique slugs derived from names', () => {
    expect(new Set(categories.map((category) => category.slug)).size).toBe(categories.length);
    expect(new Set(categories.map((category) => category.name)).size).toBe(categories.length);
    for (const category of categories) {
      const derived = category.name.toLowerCase().replace(/['’]/g, '').replace(/\s+/g, '-');
      expect(category.slug, category.name).toBe(derived);
      expect(category.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('features exactly the 12 categories named in SPEC.md', () => {
    const featured = categories.filter((category) => category.featured).map((category) => category.slug);
    expect(featured.sort()).toEqual([...FEATURED].sort());
    for (const slug of FEATURED) expect(bySlug.has(slug), slug).toBe(true);
  });

  it('marks a few categories new', () => {
    const count = categories.filter((category) => category.isNew).length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(6);
  });

  it('gives every category a description, sizes and 6-10 distinct colours with valid hexes', () => {
    for (const category of categories) {
      expect(category.description.length, category.slug).toBeGreaterThan(20);
      expect(category.sizes.length, category.slug).toBeGreaterThan(0);
      expect(new Set(category.sizes).size, category.slug).toBe(category.sizes.length);
      expect(category.colors.length, category.slug).toBeGreaterThanOrEqual(6);
      expect(category.colors.length, category.slug).toBeLessThanOrEqual(10);
      expect(new Set(category.colors.map((color) => color.name)).size, category.slug).toBe(
        category.colors.length,
      );
      for (const color of category.colors)
        expect(color.hex, `${category.slug} ${color.name}`).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });
});

describe('catalog seed data: brands', () => {
  it('has exactly 6 brands per department with unique slugs and names', () => {
    expect(brands.filter((brand) => brand.departmentSlug === 'womens-bags')).toHaveLength(6);
    expect(brands.filter((brand) => brand.departmentSlug === 'mens-wear')).toHaveLength(6);
    expect(brands).toHaveLength(12);
    expect(new Set(brands.map((brand) => brand.slug)).size).toBe(12);
    expect(new Set(brands.map((brand) => brand.name)).size).toBe(12);
  });
});

describe('catalog seed data: products', () => {
  const brandBySlug = new Map(brands.map((brand) => [brand.slug, brand]));

  it('has at least 72 products with unique names, roughly half per department', () => {
    expect(products.length).toBeGreaterThanOrEqual(72);
    expect(new Set(products.map((product) => product.name)).size).toBe(products.length);
    const bags = products.filter((product) => departmentOf(product.categorySlug) === 'womens-bags').length;
    const mens = products.filter((product) => departmentOf(product.categorySlug) === 'mens-wear').length;
    expect(bags + mens).toBe(products.length);
    expect(Math.abs(bags - mens)).toBeLessThanOrEqual(products.length * 0.2);
  });

  it('puts every product in an existing subcategory with a brand of the same department', () => {
    for (const product of products) {
      const category = bySlug.get(product.categorySlug);
      expect(category, product.name).toBeDefined();
      expect(category?.parentSlug, product.name).not.toBeNull();
      const brand = brandBySlug.get(product.brandSlug);
      expect(brand, product.name).toBeDefined();
      expect(brand?.departmentSlug, product.name).toBe(category?.parentSlug);
      expect(product.shape, product.name).toBe(category?.shape);
    }
  });

  it('covers every subcategory with at least 2 products', () => {
    for (const category of categories.filter((c) => c.parentSlug !== null)) {
      const count = products.filter((product) => product.categorySlug === category.slug).length;
      expect(count, category.slug).toBeGreaterThanOrEqual(2);
    }
  });

  it('uses only colours and sizes of its category', () => {
    for (const product of products) {
      const category = bySlug.get(product.categorySlug);
      if (!category) throw new Error(`no category for ${product.name}`);
      const categoryColors = new Set(category.colors.map(colorKey));
      expect(product.colors.length, product.name).toBeGreaterThanOrEqual(1);
      expect(product.colors.length, product.name).toBeLessThanOrEqual(4);
      for (const color of product.colors)
        expect(categoryColors.has(colorKey(color)), `${product.name} ${color.name}`).toBe(true);
      expect(product.sizes.length, product.name).toBeGreaterThanOrEqual(1);
      for (const size of product.sizes) expect(category.sizes, `${product.name} ${size}`).toContain(size);
      expect(new Set(product.sizes).size, product.name).toBe(product.sizes.length);
      expect(new Set(product.colors.map((color) => color.name)).size, product.name).toBe(
        product.colors.length,
      );
    }
  });

  it('has whole-naira prices and sale prices 10-40% below the original', () => {
    for (const product of products) {
      expect(Number.isInteger(product.priceNaira), product.name).toBe(true);
      expect(product.priceNaira, product.name).toBeGreaterThan(0);
      if (product.originalPriceNaira !== null) {
        expect(Number.isInteger(product.originalPriceNaira), product.name).toBe(true);
        expect(product.originalPriceNaira, product.name).toBeGreaterThan(product.priceNaira);
        const markUp = product.originalPriceNaira / product.priceNaira;
        expect(markUp, product.name).toBeGreaterThanOrEqual(1.1);
        expect(markUp, product.name).toBeLessThanOrEqual(1.4);
      }
    }
    const onSale = products.filter((product) => product.originalPriceNaira !== null).length;
    expect(onSale).toBeGreaterThanOrEqual(20);
    expect(onSale).toBeLessThanOrEqual(30);
  });

  it('keeps prices in realistic ranges per department', () => {
    for (const product of products) {
      if (departmentOf(product.categorySlug) === 'womens-bags') {
        expect(product.priceNaira, product.name).toBeGreaterThanOrEqual(18000);
        expect(product.priceNaira, product.name).toBeLessThanOrEqual(185000);
      }
      if (product.categorySlug === 'mens-shirts') {
        expect(product.priceNaira, product.name).toBeGreaterThanOrEqual(15000);
        expect(product.priceNaira, product.name).toBeLessThanOrEqual(45000);
      }
      if (product.categorySlug === 'mens-suits') {
        expect(product.priceNaira, product.name).toBeGreaterThanOrEqual(95000);
        expect(product.priceNaira, product.name).toBeLessThanOrEqual(350000);
      }
      if (product.categorySlug === 'agbada') {
        expect(product.priceNaira, product.name).toBeGreaterThanOrEqual(70000);
        expect(product.priceNaira, product.name).toBeLessThanOrEqual(250000);
      }
    }
  });

  it('has at least 4 products in every SPEC price band, none on a band boundary', () => {
    for (const [label, min, max] of BANDS) {
      const count = products.filter(
        (product) => product.priceNaira >= min && product.priceNaira < max,
      ).length;
      expect(count, label).toBeGreaterThanOrEqual(4);
    }
    for (const product of products)
      expect([25000, 30000, 35000, 40000], product.name).not.toContain(product.priceNaira);
  });

  it('has 3 products out of stock and 5 low on stock', () => {
    expect(products.filter((product) => product.stock === 0)).toHaveLength(3);
    expect(products.filter((product) => product.stock >= 1 && product.stock <= 4)).toHaveLength(5);
    for (const product of products) {
      expect(Number.isInteger(product.stock), product.name).toBe(true);
      expect(product.stock, product.name).toBeGreaterThanOrEqual(0);
      expect(product.stock, product.name).toBeLessThanOrEqual(40);
    }
  });

  it('flags about 12 new, about 10 hot and about a third free-shipping products', () => {
    const newCount = products.filter((product) => product.isNew).length;
    const hotCount = products.filter((product) => product.isHot).length;
    const freeCount = products.filter((product) => product.freeShipping).length;
    expect(newCount).toBeGreaterThanOrEqual(9);
    expect(newCount).toBeLessThanOrEqual(15);
    expect(hotCount).toBeGreaterThanOrEqual(8);
    expect(hotCount).toBeLessThanOrEqual(12);
    expect(freeCount).toBeGreaterThanOrEqual(Math.floor(products.length / 4));
    expect(freeCount).toBeLessThanOrEqual(Math.ceil(products.length / 2.5));
    for (const product of products.filter((p) => p.isNew)) {
      expect(product.daysSinceAdded, product.name).toBeLessThanOrEqual(30);
    }
  });

  it('has copy, 4-6 spec rows and an age of 0-180 days', () => {
    for (const product of products) {
      const sentences = product.description.split(/[.!?](?:\s|$)/).filter((part) => part.trim()).length;
      expect(sentences, product.name).toBeGreaterThanOrEqual(2);
      expect(sentences, product.name).toBeLessThanOrEqual(4);
      const rows = Object.entries(product.specs);
      expect(rows.length, product.name).toBeGreaterThanOrEqual(4);
      expect(rows.length, product.name).toBeLessThanOrEqual(6);
      for (const [key, value] of rows) expect(key.length > 0 && value.length > 0, product.name).toBe(true);
      expect(Number.isInteger(product.daysSinceAdded), product.name).toBe(true);
      expect(product.daysSinceAdded, product.name).toBeGreaterThanOrEqual(0);
      expect(product.daysSinceAdded, product.name).toBeLessThanOrEqual(180);
      if (product.tag !== null) expect(product.tag.length, product.name).toBeGreaterThan(0);
    }
  });

  it('has 0-6 believable reviews per product, mostly 4-5 stars, none older than the product', () => {
    let total = 0;
    let high = 0;
    for (const product of products) {
      expect(product.reviews.length, product.name).toBeLessThanOrEqual(6);
      expect(new Set(product.reviews.map((review) => review.author)).size, product.name).toBe(
        product.reviews.length,
      );
      for (const review of product.reviews) {
        total += 1;
        if (review.rating >= 4) high += 1;
        expect([1, 2, 3, 4, 5], product.name).toContain(review.rating);
        expect(review.author, product.name).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
        expect(review.title.length, product.name).toBeGreaterThan(0);
        expect(review.comment.length, product.name).toBeGreaterThan(10);
        expect(Number.isInteger(review.daysAgo), product.name).toBe(true);
        expect(review.daysAgo, product.name).toBeGreaterThanOrEqual(0);
        expect(review.daysAgo, product.name).toBeLessThanOrEqual(product.daysSinceAdded);
      }
    }
    expect(total).toBeGreaterThan(products.length);
    expect(high / total).toBeGreaterThanOrEqual(0.8);
  });

  it('has names that make search testable', () => {
    expect(products.filter((product) => /\bHandbag\b/.test(product.name)).length).toBeGreaterThanOrEqual(2);
    expect(products.filter((product) => /\bTote\b/.test(product.name)).length).toBeGreaterThanOrEqual(2);
  });
});
