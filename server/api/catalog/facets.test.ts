import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

const get = (url: string) => test.app.inject({ method: 'GET', url });

interface Facets {
  sizes: { value: string; count: number }[];
  colors: { name: string; hex: string | null; count: number }[];
  price: {
    bands: { id: string; label: string; min: number | null; below: number | null; count: number }[];
    min: number | null;
    max: number | null;
  };
}

const facetsOf = async (query: string) => {
  const response = await get(`/api/products/facets?${query}`);
  expect(response.statusCode, query).toBe(200);
  return response.json<Facets>();
};
const totalOf = async (query: string) => (await get(`/api/products?${query}`)).json().total as number;

describe('GET /api/products/facets', () => {
  it("counts a list's sizes, colours and price bands as the list answers once each is chosen", async () => {
    const list = 'category=mens-wear&color=Navy';
    const facets = await facetsOf(list);
    expect(facets.sizes.length).toBeGreaterThan(3);
    expect(facets.sizes.slice(0, 3).map((option) => option.value)).toEqual(['S', 'M', 'L']);
    for (const option of facets.sizes.slice(0, 3))
      expect(await totalOf(`${list}&size=${option.value}`), `size ${option.value}`).toBe(option.count);

    expect(facets.colors.find((option) => option.name === 'Navy')).toMatchObject({ hex: '#1E2940' });
    const charcoal = facets.colors.find((option) => option.name === 'Charcoal')!;
    expect(await totalOf('category=mens-wear&color=Charcoal')).toBe(charcoal.count);

    const total = await totalOf(list);
    expect(facets.price.bands.reduce((sum, band) => sum + band.count, 0)).toBe(total);
    for (const band of facets.price.bands) {
      const range = [
        band.min === null ? '' : `&minPrice=${band.min}`,
        band.below === null ? '' : `&maxPrice=${band.below - 0.01}`,
      ].join('');
      expect(await totalOf(`${list}${range}`), band.label).toBe(band.count);
    }
    expect(facets.price.min).toBeLessThanOrEqual(facets.price.max!);
  });

  it('answers 400 for a bad filter, as the list does', async () => {
    const response = await get('/api/products/facets?rating=9');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BAD_REQUEST');
  });

  it('a kept answer changes at once when a size sells out', async () => {
    const url = '/api/products/facets?category=mens-wear';
    const before = await facetsOf('category=mens-wear');
    await expect
      .poll(async () => (await get(url)).headers['x-cache'], { timeout: 2000, interval: 20 })
      .toBe('hit');
    const size = before.sizes.find((option) => option.count > 1)!;
    const [product] = (
      (await test.database.db.execute(sql`
        SELECT id FROM products
         WHERE status = 'active' AND in_stock_sizes @> ARRAY[${size.value}::text]
           AND category_id IN (SELECT id FROM categories WHERE id = 'mens-wear' OR parent_id = 'mens-wear')
         ORDER BY id LIMIT 1`)) as { rows: { id: number }[] }
    ).rows;
    await test.database.db.execute(
      sql`UPDATE product_variants SET stock = 0 WHERE product_id = ${product!.id} AND size = ${size.value}`,
    );
    await expect
      .poll(
        async () =>
          (await get(url)).json<Facets>().sizes.find((option) => option.value === size.value)?.count,
        { timeout: 2000, interval: 5 },
      )
      .toBe(size.count - 1);
  });
});
