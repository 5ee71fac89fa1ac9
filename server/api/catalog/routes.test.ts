import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as seed from '../../../seed/catalog-data';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { signUpAs } from '../../../tests/fixtures/admin-api';
import { sql } from 'drizzle-orm';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

describe('GET /api/products', () => {
  it('answers a page of products with prices in naira', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products?pageSize=5&sort=price-asc' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(seed.products.length);
    expect(body.items).toHaveLength(5);
    const cheapest = Math.min(...seed.products.map((product) => product.priceNaira));
    expect(body.items[0].price).toBe(cheapest);
    expect(body.items[0]).toMatchObject({
      inStock: expect.any(Boolean),
      category: { id: expect.any(String) },
    });
  });

  it('filters by category and on-sale together', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/products?category=womens-bags&onSale=true&pageSize=48',
    });
    const body = response.json();
    expect(body.items.length).toBeGreaterThan(0);
    for (const item of body.items) {
      expect(item.originalPrice).toBeGreaterThan(item.price);
      expect(item.discountPercent).toBe(
        Math.round(((item.originalPrice - item.price) / item.originalPrice) * 100),
      );
    }
  });

  it('answers 400 naming the field for a bad query value', async () => {
    for (const query of [
      'sort=cheapest',
      'rating=9',
      'pageSize=1000',
      'page=0',
      'minPrice=-5',
      'availability=maybe',
    ]) {
      const response = await test.app.inject({ method: 'GET', url: `/api/products?${query}` });
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe('BAD_REQUEST');
      expect(Object.keys(body.error.fields ?? {})).toContain(query.split('=')[0]);
    }
  });
});

describe('GET /api/products/{id}', () => {
  it('answers the product with its images, sizes, specifications and related products', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products/1001' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.name).toBe(seed.products[0]!.name);
    expect(body.sizes).toEqual(seed.products[0]!.sizes);
    expect(body.specifications).toEqual(seed.products[0]!.specs);
    expect(body.related.length).toBeLessThanOrEqual(4);
  });

  it('carries every size × colour with its SKU, price and stock, the count exact only below 5', async () => {
    const product = seed.products.find((item) => item.sizes.length > 1 && item.colors.length > 1)!;
    const id = 1001 + seed.products.indexOf(product);
    const [first, second, third] = [
      product.sizes[0]!,
      product.sizes[1]!,
      product.sizes[2] ?? product.sizes[0]!,
    ];
    const colour = product.colors[0]!.name;
    const setVariant = (size: string, stock: number, priceKobo: number | null = null) =>
      test.database.db.execute(sql`
        UPDATE product_variants SET stock = ${stock}, price_kobo = ${priceKobo}
         WHERE product_id = ${id} AND size = ${size} AND color = ${colour}`);
    await setVariant(first, 0);
    await setVariant(second, 2, product.priceNaira * 100 + 150_000);
    if (third !== first) await setVariant(third, 37);

    // A change made straight in the database reaches the catalogue cache when it commits.
    let body: { variants: Record<string, unknown>[] } = { variants: [] };
    await expect
      .poll(async () => {
        body = (await test.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
        return body.variants.find((item) => item.size === first && item.color === colour)?.inStock;
      })
      .toBe(false);
    expect(body.variants).toHaveLength(product.sizes.length * product.colors.length);
    const variant = (size: string) =>
      body.variants.find((item) => item.size === size && item.color === colour);
    expect(variant(first)).toEqual({
      sku: expect.stringMatching(/^ROS-\d+-/),
      size: first,
      color: colour,
      price: product.priceNaira,
      inStock: false,
      stockStatus: 'out_of_stock',
      stockCount: 0,
    });
    expect(variant(second)).toMatchObject({
      price: product.priceNaira + 1500,
      inStock: true,
      stockStatus: 'low_stock',
      stockCount: 2,
    });
    if (third !== first)
      expect(variant(third)).toMatchObject({ inStock: true, stockStatus: 'in_stock', stockCount: 5 });
    // Colours outer, sizes inner: the order a shopper reads them in.
    expect(body.variants.slice(0, product.sizes.length).map((item) => item.size)).toEqual(product.sizes);
    expect(new Set(body.variants.map((item) => item.sku)).size).toBe(body.variants.length);
  });

  it('says "from ₦X" when the sizes in stock cost less than the product, and not when they all cost its price', async () => {
    // Not the product the test above changed.
    const product = seed.products.filter((item) => item.sizes.length > 1).at(-1)!;
    const id = 1001 + seed.products.indexOf(product);
    const cheaper = product.priceNaira * 100 - 100_000;
    const read = async () => {
      const detail = (await test.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
      const list = (
        await test.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(product.name)}` })
      ).json();
      const item = list.items.find((entry: { id: number }) => entry.id === id);
      return { detail: detail.priceFrom, list: item?.priceFrom };
    };
    expect(await read()).toEqual({ detail: null, list: null });

    await test.database.db.execute(sql`
      UPDATE product_variants SET price_kobo = ${cheaper}, stock = 3
       WHERE id = (SELECT id FROM product_variants WHERE product_id = ${id} ORDER BY position DESC LIMIT 1)`);
    await expect.poll(read).toEqual({ detail: cheaper / 100, list: cheaper / 100 });

    // Sold out, the cheaper size is no longer a price a shopper can pay: the card says the product's.
    await test.database.db.execute(sql`
      UPDATE product_variants SET stock = 0
       WHERE id = (SELECT id FROM product_variants WHERE product_id = ${id} ORDER BY position DESC LIMIT 1)`);
    await expect.poll(read).toEqual({ detail: null, list: null });
    const detail = (await test.app.inject({ method: 'GET', url: `/api/products/${id}` })).json();
    expect(detail.price, 'sorting and price filters keep the product price').toBe(product.priceNaira);
  });

  it('answers 404 in the one error shape for an unknown or malformed id', async () => {
    for (const id of ['99999999', 'not-a-number']) {
      const response = await test.app.inject({ method: 'GET', url: `/api/products/${id}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Product not found' } });
    }
  });
});

describe('categories', () => {
  it('lists categories with subcategories and brands', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/categories' });
    const { categories } = response.json();
    expect(
      categories.find((category: { id: string }) => category.id === 'mens-wear').subcategories,
    ).toHaveLength(12);
  });

  it("answers a category's products, and 404 for an unknown category", async () => {
    const ok = await test.app.inject({ method: 'GET', url: '/api/categories/tote-bags/products' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().total).toBe(
      seed.products.filter((product) => product.categorySlug === 'tote-bags').length,
    );
    const missing = await test.app.inject({ method: 'GET', url: '/api/categories/nothing-here/products' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/search/suggestions', () => {
  it('suggests names from the catalog and refuses an overlong query', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/search/suggestions?q=tote' });
    expect(response.statusCode).toBe(200);
    expect(response.json().suggestions).toContain('Tote Bags');
    const long = await test.app.inject({
      method: 'GET',
      url: `/api/search/suggestions?q=${'a'.repeat(101)}`,
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('reviews', () => {
  async function shopper(label: string) {
    const token = await signUpAs(test, `${label}.${Date.now()}@example.ng`, `Ngozi ${label}`);
    return { authorization: `Bearer ${token}` };
  }

  it('lists stored reviews with the star distribution', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/products/1001/reviews' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(seed.products[0]!.reviews.length);
    const starTotal = Object.values(body.distribution as Record<string, number>).reduce(
      (sum, value) => sum + value,
      0,
    );
    expect(starTotal).toBe(body.total);
  });

  it('lets a signed-in shopper review once, under their name, and updates the rating aggregate', async () => {
    const headers = await shopper('reviewer');
    const before = (await test.app.inject({ method: 'GET', url: '/api/products/1002' })).json();
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/products/1002/reviews',
      headers,
      payload: {
        rating: 1,
        title: 'Strap came loose',
        comment: 'The strap stitching gave way after a week.',
        author: 'Someone Else',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().author).toBe('Ngozi reviewer');
    const after = (await test.app.inject({ method: 'GET', url: '/api/products/1002' })).json();
    expect(after.reviews).toBe(before.reviews + 1);
    const all = (await test.app.inject({ method: 'GET', url: '/api/products/1002/reviews?page=1' })).json();
    const ratings = [...seed.products[1]!.reviews.map((review) => review.rating), 1];
    expect(after.rating).toBeCloseTo(ratings.reduce((sum, value) => sum + value, 0) / ratings.length, 2);
    expect(all.total).toBe(ratings.length);
    const twice = await test.app.inject({
      method: 'POST',
      url: '/api/products/1002/reviews',
      headers,
      payload: { rating: 5, title: 'Again', comment: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
  });

  it("asks for every field with the shop's message, and refuses guests", async () => {
    const headers = await shopper('incomplete');
    for (const payload of [
      { rating: 0, title: 'Nice', comment: 'Nice bag' },
      { rating: 4, title: '   ', comment: 'Nice bag' },
      { rating: 4, title: 'Nice', comment: '' },
    ]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/products/1003/reviews',
        headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe('Please fill in all review fields.');
    }
    const guest = await test.app.inject({
      method: 'POST',
      url: '/api/products/1003/reviews',
      payload: { rating: 5, title: 'a', comment: 'b' },
    });
    expect(guest.statusCode).toBe(401);
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/products/99999999/reviews',
      headers,
      payload: { rating: 5, title: 'a', comment: 'b' },
    });
    expect(missing.statusCode).toBe(404);
  });
});
