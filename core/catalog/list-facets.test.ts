import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseProductListQuery } from '../../contracts/catalog';
import { priceBandLabel } from '../../contracts/price-bands';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import * as seed from '../../seed/catalog-data';
import { compareSizes, listFacets } from './list-facets';
import { listProducts } from './list-products';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * How many active products of a department have each size (or colour) in stock while holding the
 * other option in stock, counted from the variants themselves (not the products' arrays the facets read).
 */
async function countedFromVariants(
  facet: 'size' | 'color',
  department: string,
  other: { column: 'size' | 'color'; value: string } | null,
): Promise<Record<string, number>> {
  const result = await database.db.execute(sql`
    SELECT ${sql.raw(facet === 'size' ? 'v.size' : 'lower(v.color)')} AS value, count(DISTINCT p.id)::int AS count
      FROM products p JOIN product_variants v ON v.product_id = p.id AND v.stock > 0
     WHERE p.status = 'active' AND ${sql.raw(facet === 'size' ? "v.size <> ''" : "v.color <> ''")}
       AND p.category_id IN (SELECT id FROM categories WHERE id = ${department} OR parent_id = ${department})
       AND (${other === null} OR EXISTS (
             SELECT 1 FROM product_variants w
              WHERE w.product_id = p.id AND w.stock > 0
                AND lower(${sql.raw(other?.column === 'color' ? 'w.color' : 'w.size')}) = lower(${other?.value ?? ''})))
     GROUP BY 1`);
  return Object.fromEntries(
    rows<{ value: string; count: number }>(result).map((row) => [row.value, row.count]),
  );
}

describe('listFacets: sizes and colours', () => {
  it('counts each size the list holds with its colour filter applied but not its own size, and each colour with the size but not the colour', async () => {
    const facets = await listFacets(database.db, { category: 'mens-wear', color: 'Navy', size: 'L' });

    const sizes = await countedFromVariants('size', 'mens-wear', { column: 'color', value: 'Navy' });
    expect(Object.fromEntries(facets.sizes.map((option) => [option.value, option.count]))).toEqual(sizes);
    const colours = await countedFromVariants('color', 'mens-wear', { column: 'size', value: 'L' });
    expect(
      Object.fromEntries(facets.colors.map((option) => [option.value.toLowerCase(), option.count])),
    ).toEqual(colours);
    expect(Object.keys(sizes).length).toBeGreaterThan(3);
    expect(Object.keys(colours).length).toBeGreaterThan(3);

    // Each count is what the list shows once the option is chosen.
    for (const option of facets.sizes.slice(0, 4)) {
      const page = await listProducts(database.db, {
        category: 'mens-wear',
        color: 'Navy',
        size: option.value,
      });
      expect(page.total, `size ${option.value}`).toBe(option.count);
    }
    for (const option of facets.colors.slice(0, 4)) {
      const page = await listProducts(database.db, { category: 'mens-wear', size: 'L', color: option.value });
      expect(page.total, `colour ${option.value}`).toBe(option.count);
    }
  });

  it('orders sizes XS to XXL, then the bags’ Mini to Large, then numbers ascending; colours alphabetically, with their swatches', async () => {
    const facets = await listFacets(database.db, {});
    const sizes = facets.sizes.map((option) => option.value);
    expect(sizes.slice(0, 5)).toEqual(['S', 'M', 'L', 'XL', 'XXL']);
    expect(sizes.indexOf('Mini')).toBeLessThan(sizes.indexOf('Small'));
    expect(sizes.indexOf('Large')).toBeLessThan(sizes.indexOf('30'));
    const numeric = sizes.filter((size) => /^\d+$/.test(size));
    expect(numeric).toEqual([...numeric].sort((a, b) => Number(a) - Number(b)));
    expect(numeric.length).toBeGreaterThan(5);
    expect(sizes.at(-1)).toBe('One Size');
    expect(['XL', '40', 'M', '46', 'XS', 'One Size', 'Small'].sort(compareSizes)).toEqual([
      'XS',
      'M',
      'XL',
      'Small',
      '40',
      '46',
      'One Size',
    ]);

    const names = facets.colors.map((option) => option.value);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    const seededHex = new Map(
      seed.categories.flatMap((category) => category.colors.map((color) => [color.name, color.hex] as const)),
    );
    for (const option of facets.colors) expect(option.hex, option.value).toBe(seededHex.get(option.value));
    expect(names).toContain('Sky Blue');
  });

  it('offers only what the list holds, and keeps the chosen size, counted 0, when nothing holds it', async () => {
    const bags = await listFacets(database.db, { category: 'womens-bags' });
    expect(bags.sizes.map((option) => option.value)).not.toContain('XL');
    expect(bags.sizes.every((option) => option.count > 0)).toBe(true);
    const chosen = await listFacets(database.db, { category: 'womens-bags', size: 'XL' });
    expect(chosen.sizes).toContainEqual({ value: 'XL', count: 0 });
    expect(chosen.sizes.filter((option) => option.value !== 'XL')).toEqual(bags.sizes);
  });
});

describe('listFacets: price bands', () => {
  it("shares the list's products over about five bands, each counted as the list shows it, with or without a price chosen", async () => {
    const all = await listProducts(database.db, {});
    const facets = await listFacets(database.db, {});
    expect(facets.price.bands.map((band) => priceBandLabel(band))).toEqual([
      'Under ₦25,000',
      '₦25,000 – ₦35,000',
      '₦35,000 – ₦50,000',
      '₦50,000 – ₦100,000',
      '₦100,000 and over',
    ]);
    expect(facets.price.bands.reduce((sum, band) => sum + band.count, 0)).toBe(all.total);
    for (const band of facets.price.bands) {
      expect(band.count, band.id).toBeLessThanOrEqual(Math.ceil(all.total * 0.3));
      const query = parseProductListQuery(new URLSearchParams({ price: band.id }));
      expect((await listProducts(database.db, query)).total, band.id).toBe(band.count);
    }
    const prices = seed.products.map((product) => product.priceNaira * 100);
    expect(facets.price).toMatchObject({ minKobo: Math.min(...prices), maxKobo: Math.max(...prices) });

    // A band chosen: the bands stay (they count the list without its price), and its own count is the list's.
    const chosen = facets.price.bands[2]!;
    const withBand = await listFacets(
      database.db,
      parseProductListQuery(new URLSearchParams({ price: chosen.id })),
    );
    expect(withBand.price.bands).toEqual(facets.price.bands);
    expect(withBand.sizes.reduce((sum, option) => sum + option.count, 0)).toBeLessThan(
      facets.sizes.reduce((sum, option) => sum + option.count, 0),
    );
  });

  it("follows the list's own prices: a department's, and those of a colour", async () => {
    for (const query of [{ category: 'womens-bags' }, { category: 'mens-wear', color: 'Navy' }]) {
      const total = (await listProducts(database.db, query)).total;
      const { bands } = (await listFacets(database.db, query)).price;
      expect(bands.length, JSON.stringify(query)).toBeGreaterThanOrEqual(3);
      expect(
        bands.reduce((sum, band) => sum + band.count, 0),
        JSON.stringify(query),
      ).toBe(total);
      for (const band of bands) expect(band.count).toBeGreaterThan(0);
    }
  });

  it('counts a search with a typo as its page is found, by its corrected words', async () => {
    const query = { q: 'handbg' };
    const page = await listProducts(database.db, { ...query, pageSize: 48 });
    expect(page.total).toBeGreaterThan(0);
    const facets = await listFacets(database.db, query);
    expect(facets.price.bands.reduce((sum, band) => sum + band.count, 0)).toBe(page.total);
  });
});

describe('listFacets: a list too long to count', () => {
  it('offers the options and bands of its first matches, saying they are not counted', async () => {
    const all = await listFacets(database.db, {}, 30);
    expect(all.counted).toBe(false);
    expect(all.sizes.length).toBeGreaterThan(1);
    expect(all.colors.length).toBeGreaterThan(1);
    expect(all.price.bands.length).toBeGreaterThan(1);
    expect(all.price.bands.reduce((sum, band) => sum + band.count, 0)).toBeLessThanOrEqual(31);

    const totes = await listProducts(database.db, { category: 'tote-bags' });
    expect(totes.total).toBeLessThanOrEqual(30);
    expect((await listFacets(database.db, { category: 'tote-bags' }, 30)).counted).toBe(true);
    expect((await listFacets(database.db, {})).counted).toBe(true);
  });
});
