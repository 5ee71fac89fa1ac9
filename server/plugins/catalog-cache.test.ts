import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../../tests/fixtures/test-app';
import { signInSeededAdmin, signUpAs } from '../../tests/fixtures/admin-api';
import { testConfig } from '../../tests/fixtures/test-config';
import { testOrderBody } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';

let test: TestApp;
let adminToken: string;

beforeAll(async () => {
  test = await createTestApp();
  adminToken = (await signInSeededAdmin(test)).token;
});
afterAll(async () => {
  await test?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

const BROWSER = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'Mozilla/5.0 (Linux; Android 13)' };

/** An answer's body as the browser reads it, whatever its Content-Encoding. */
function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
}

/** Every header a browser or a cache acts on: all but the date, the length of these bytes and the cache's own note. */
function headersThatMatter(headers: Record<string, unknown>): Record<string, unknown> {
  const kept = { ...headers };
  for (const name of ['date', 'content-length', 'x-cache', 'connection', 'keep-alive', 'transfer-encoding'])
    delete kept[name];
  // Header values are compared as sent, but Vary's field names, which are case-insensitive.
  if (typeof kept.vary === 'string') kept.vary = kept.vary.toLowerCase();
  return kept;
}

/**
 * After a change made straight in the database, its announcements (one per trigger that fired) may
 * arrive a few milliseconds apart: waits until an answer is kept again, so a later hit or miss is the
 * next change's doing.
 */
async function settled(app: { inject: typeof test.app.inject }, url: string): Promise<void> {
  await expect
    .poll(async () => (await app.inject({ method: 'GET', url })).headers['x-cache'], {
      timeout: 2000,
      interval: 20,
    })
    .toBe('hit');
}

async function setPrice(id: number, price: number) {
  const response = await test.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: { authorization: `Bearer ${adminToken}` },
    payload: { price },
  });
  expect(response.statusCode).toBe(200);
}

describe('the catalogue cache (API)', () => {
  it('answers a repeat from the cache, with an ETag a repeat visitor gets 304 for', async () => {
    const url = '/api/products?category=womens-bags&sort=price-asc&pageSize=6';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const second = await get(url);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    // Shared caches may keep it: said in Cache-Control, or to CDNs alone in CDN-Cache-Control.
    expect(second.headers['cache-control']).toContain('public');
    expect(`${second.headers['cache-control']} ${second.headers['cdn-cache-control'] ?? ''}`).toContain(
      's-maxage=',
    );
    const etag = String(second.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const revisit = await get(url, { 'if-none-match': etag });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.body).toBe('');
    expect(revisit.headers['cache-control']).toContain('public');
  });

  it('a kept answer is the very answer the route made: status, every header that matters, the body once decoded', async () => {
    for (const url of [
      '/api/products?category=womens-bags&minPrice=10000&maxPrice=200000&sort=price-asc&page=1&pageSize=5',
      '/api/products/1020',
      '/api/categories',
    ]) {
      const made = await get(url, BROWSER);
      const kept = await get(url, BROWSER);
      expect(made.headers['x-cache']).toBe('miss');
      expect(kept.headers['x-cache']).toBe('hit');
      expect(kept.statusCode).toBe(made.statusCode);
      expect(kept.headers['content-encoding']).toBe('br');
      expect(headersThatMatter(kept.headers)).toEqual(headersThatMatter(made.headers));
      expect(decoded(kept)).toBe(decoded(made));
      // A HEAD is answered from the same entry, with the same headers.
      const head = await test.app.inject({ method: 'HEAD', url, headers: BROWSER });
      expect(head.headers['x-cache']).toBe('hit');
      expect(headersThatMatter(head.headers)).toEqual(headersThatMatter(kept.headers));
    }
  });

  it('a hit while the server is stopping still asks the client to close its connection', async () => {
    const url = '/api/products?category=mens-wear&pageSize=7';
    await get(url, BROWSER);
    expect((await get(url, BROWSER)).headers.connection).not.toBe('close');
    test.app.lifecycle.draining = true;
    try {
      const hit = await get(url, BROWSER);
      expect(hit.headers['x-cache']).toBe('hit');
      expect(hit.headers.connection).toBe('close');
    } finally {
      test.app.lifecycle.draining = false;
    }
  });

  it('a query the route refuses is never answered from the cache, whatever was kept before', async () => {
    const good = '/api/products?pageSize=9';
    await get(good);
    expect((await get(good)).headers['x-cache']).toBe('hit');
    const bad = await get('/api/products?pageSize=999');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-cache']).toBeUndefined();
    expect(bad.headers['cache-control']).toBe('private, no-store');
  });

  it('serves the cached answer compressed as the client asks', async () => {
    const url = '/api/products?pageSize=24';
    await get(url);
    const brotli = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['x-cache']).toBe('hit');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('shows a price the admin changed on the very next request, in the list and on the product', async () => {
    const list = '/api/products?sort=price-asc&pageSize=48';
    const before = (await get(list)).json<{ items: { id: number; price: number }[] }>();
    const product = before.items[3]!;
    await get(`/api/products/${product.id}`);
    expect((await get(`/api/products/${product.id}`)).headers['x-cache']).toBe('hit');

    await setPrice(product.id, product.price + 1234);

    const detail = await get(`/api/products/${product.id}`);
    expect(detail.headers['x-cache']).toBe('miss');
    expect(detail.json().price).toBe(product.price + 1234);
    const after = (await get(list)).json<{ items: { id: number; price: number }[] }>();
    expect(after.items.find((item) => item.id === product.id)?.price ?? product.price + 1234).toBe(
      product.price + 1234,
    );
  });

  it('shows a change made straight in the database (a job, a script) at once too', async () => {
    const url = '/api/products/1005';
    const before = (await get(url)).json<{ name: string }>();
    await get(url);
    await test.database.db.execute(sql`UPDATE products SET name = name || ' Edition' WHERE id = 1005`);
    // The announcement arrives when the change commits; the next read waits for nothing else.
    await expect
      .poll(async () => (await get(url)).json().name, { timeout: 2000, interval: 5 })
      .toBe(`${before.name} Edition`);
  });

  it('keeps answers through a sale that leaves the stock a shopper sees alone, and drops them when it does not', async () => {
    await setProductStock(test.database.db, 1010, 40);
    const url = '/api/products/1010';
    await settled(test.app, url);

    const product = (await get(url)).json<{ sizes: string[] }>();
    const order = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: testOrderBody({ id: 1010, size: product.sizes[0] ?? null }),
    });
    expect(order.statusCode, order.body).toBe(201);
    expect((await get(url)).headers['x-cache']).toBe('hit');

    await setProductStock(test.database.db, 1010, 3);
    // Changed outside any request (as the unpaid-order job restocks): the commit's announcement drops it.
    await expect
      .poll(async () => (await get(url)).json().stockStatus, { timeout: 2000, interval: 5 })
      .toBe('low_stock');
    expect((await get(url)).json()).toMatchObject({ stockStatus: 'low_stock', stockCount: 3 });
  });

  it('shows a count above the low-stock threshold as the threshold, never the exact figure', async () => {
    await setProductStock(test.database.db, 1011, 37);
    expect((await get('/api/products/1011')).json()).toMatchObject({
      stockStatus: 'in_stock',
      stockCount: 5,
    });
  });

  it('never keeps the best-selling order, which moves with every sale', async () => {
    const url = '/api/products?sort=best-selling&pageSize=6';
    await get(url);
    expect((await get(url)).headers['x-cache']).toBeUndefined();
  });

  it('never answers a signed-in caller from the cache, nor keeps its answer for others', async () => {
    const token = await signUpAs(test, 'cache.reader@example.ng');
    const url = '/api/products?pageSize=7';
    const signedIn = await get(url, { authorization: `Bearer ${token}` });
    expect(signedIn.headers['x-cache']).toBeUndefined();
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    expect((await get(url)).headers['x-cache']).toBe('miss');
  });
});

describe('the catalogue cache across two instances of the shop', () => {
  it('a price changed through one shows at once on the other', async () => {
    const other = await buildApp({ config: testConfig(), database: test.database, logger: false });
    await other.ready();
    try {
      const url = '/api/products/1020';
      const before = (await other.inject({ method: 'GET', url })).json<{ price: number }>();
      expect((await other.inject({ method: 'GET', url })).headers['x-cache']).toBe('hit');

      await setPrice(1020, before.price + 777);

      await expect
        .poll(async () => (await other.inject({ method: 'GET', url })).json().price, {
          timeout: 2000,
          interval: 5,
        })
        .toBe(before.price + 777);
    } finally {
      await other.close();
    }
  });

  it('a compressed answer kept in the other process (its brotli and gzip bytes) is dropped at once when a price changes', async () => {
    const other = await buildApp({ config: testConfig(), database: test.database, logger: false });
    await other.ready();
    try {
      const url = '/api/products/1021';
      const read = async (encoding: string) => {
        const response = await other.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(response.headers['content-encoding']).toBe(encoding);
        return {
          cache: response.headers['x-cache'],
          price: (JSON.parse(decoded(response)) as { price: number }).price,
        };
      };
      const before = await read('br');
      expect(await read('br')).toEqual({ cache: 'hit', price: before.price });
      expect(await read('gzip')).toEqual({ cache: 'hit', price: before.price });

      await setPrice(1021, before.price + 555);

      for (const encoding of ['br', 'gzip'])
        await expect
          .poll(async () => (await read(encoding)).price, { timeout: 2000, interval: 5 })
          .toBe(before.price + 555);
    } finally {
      await other.close();
    }
  });

  it('a size selling out shows at once on the product and in the size filter, in the process that sold it and in the other', async () => {
    const other = await buildApp({ config: testConfig(), database: test.database, logger: false });
    await other.ready();
    try {
      // A piece with sizes and colours: its second size has one unit left, in its first colour only.
      const candidates = (await get('/api/products?pageSize=48&availability=in-stock')).json<{
        items: { id: number }[];
      }>();
      let product: { id: number; sizes: string[]; colors: { name: string }[] } | undefined;
      for (const item of candidates.items) {
        const detail = (await get(`/api/products/${item.id}`)).json<typeof product & {}>();
        if (detail.sizes.length > 1 && detail.colors.length > 1) {
          product = detail;
          break;
        }
      }
      expect(product, 'the seed has a piece with sizes and colours').toBeTruthy();
      const { id } = product!;
      const size = product!.sizes[1]!;
      const colour = product!.colors[0]!.name;
      await test.database.db.execute(sql`
        UPDATE product_variants
           SET stock = CASE WHEN size <> ${size} THEN 6 WHEN color = ${colour} THEN 1 ELSE 0 END
         WHERE product_id = ${id}`);

      const productUrl = `/api/products/${id}`;
      const listUrl = `/api/products?size=${encodeURIComponent(size)}&pageSize=48`;
      type Detail = { variants: { size: string; color: string; inStock: boolean; stockCount: number }[] };
      const shown = async (app: typeof test.app) => {
        const detail = (await app.inject({ method: 'GET', url: productUrl })).json<Detail>();
        const list = (await app.inject({ method: 'GET', url: listUrl })).json<{
          items: { id: number }[];
        }>();
        return {
          variant: detail.variants.find((variant) => variant.size === size && variant.color === colour)
            ?.stockCount,
          listedBySize: list.items.some((item) => item.id === id),
        };
      };
      // Both processes hold both answers in their caches.
      for (const app of [test.app, other]) {
        await expect
          .poll(() => shown(app), { timeout: 2000, interval: 5 })
          .toEqual({
            variant: 1,
            listedBySize: true,
          });
        await settled(app, productUrl);
        await settled(app, listUrl);
      }

      const order = await test.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          ...testOrderBody({ id, size }),
          items: [{ id, quantity: 1, selectedSize: size, selectedColor: colour }],
        },
      });
      expect(order.statusCode, order.body).toBe(201);

      // The process that sold it: on the very next request.
      expect(await shown(test.app)).toEqual({ variant: 0, listedBySize: false });
      // The other: as soon as the commit's announcement arrives.
      await expect
        .poll(() => shown(other), { timeout: 2000, interval: 5 })
        .toEqual({ variant: 0, listedBySize: false });
    } finally {
      await other.close();
    }
  });

  it('the settings every page shows follow a change at once, in the process that made it and in the other', async () => {
    const other = await buildApp({ config: testConfig(), database: test.database, logger: false });
    await other.ready();
    const setTagline = async (tagline: string) => {
      const response = await test.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { tagline },
      });
      expect(response.statusCode).toBe(200);
    };
    const original = (await test.app.services.shopSettings()).tagline;
    try {
      expect((await other.services.shopSettings()).tagline).toBe(original);
      await setTagline('Tailored in Lagos, carried everywhere.');
      expect((await test.app.services.shopSettings()).tagline).toBe('Tailored in Lagos, carried everywhere.');
      await expect
        .poll(async () => (await other.services.shopSettings()).tagline, { timeout: 2000, interval: 5 })
        .toBe('Tailored in Lagos, carried everywhere.');
    } finally {
      await setTagline(original);
      await other.close();
    }
  });
});
