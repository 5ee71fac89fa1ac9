import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { auth, signInSeededAdmin, signUpAs } from '../../tests/fixtures/admin-api';
import type { TestApp } from '../../tests/fixtures/test-app';
import { createTestDatabase } from '../../tests/fixtures/test-database';
import { testConfig } from '../../tests/fixtures/test-config';

/**
 * What a shopper's browser is told it may keep (decision 0039): the catalogue's pages, their data
 * and its API are `public, no-cache` with an ETag, so a repeat visit costs a 304 and never shows a
 * price the owner has since changed; the shared-cache lifetimes are said to CDNs alone.
 */

let test: TestApp;
let adminToken: string;
let clientDir: string;

beforeAll(async () => {
  // The pages compiled by Vite, served as in production: through the catalogue cache.
  const vite = await import('vite');
  const viteServer = await vite.createServer({
    server: { middlewareMode: true, hmr: false, watch: null, fs: { strict: false } },
    optimizeDeps: { noDiscovery: true, include: [] },
    appType: 'custom',
    logLevel: 'silent',
  });
  const build = (await viteServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-freshness-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  const database = await createTestDatabase({ seed: true });
  const app = await buildApp({
    config: testConfig(),
    database,
    logger: false,
    pages: { mode: 'production', build, clientDir },
  });
  await app.ready();
  test = {
    app,
    database,
    async close() {
      await app.close();
      await viteServer.close();
      await database.destroy();
    },
  };
  adminToken = (await signInSeededAdmin(test)).token;
}, 180_000);

afterAll(async () => {
  await test?.close();
  if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'GET', url, headers });

interface ApiProduct {
  id: number;
  price: number;
}

async function someProduct(): Promise<ApiProduct> {
  const list = (await get('/api/products?pageSize=6&sort=price-asc')).json<{ items: ApiProduct[] }>();
  return list.items[2]!;
}

async function setPrice(id: number, price: number) {
  const response = await test.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${id}`,
    headers: auth(adminToken),
    payload: { price },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A browser may keep the answer only if it asks the shop again before using it: no lifetime of its own. */
function expectBrowserRevalidates(headers: Record<string, unknown>, what: string) {
  const control = String(headers['cache-control']);
  expect(control, what).toBe('public, no-cache');
  expect(control, what).not.toMatch(/max-age|stale-while-revalidate|s-maxage/);
  expect(String(headers.etag), what).toMatch(/^W\/".+"$/);
}

describe("a shopper's browser revalidates the catalogue; CDNs keep their lifetimes", () => {
  it('pages and their .data: no-cache for the browser, 30 s (+60 s stale) for a CDN, and a 304 on a repeat visit', async () => {
    const product = await someProduct();
    for (const url of ['/', `/product/${product.id}`, `/product/${product.id}.data`, '/_root.data']) {
      await get(url);
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expectBrowserRevalidates(page.headers, url);
      expect(page.headers['cdn-cache-control'], url).toBe('public, s-maxage=30, stale-while-revalidate=60');
      expect(page.headers['surrogate-control'], url).toBe('max-age=30, stale-while-revalidate=60');
      expect(String(page.headers.vary), url).toMatch(/Cookie/);

      const repeat = await get(url, { 'if-none-match': String(page.headers.etag) });
      expect(repeat.statusCode, url).toBe(304);
      expect(repeat.body, url).toBe('');
      expect(repeat.headers['cache-control'], url).toBe('public, no-cache');
    }
  });

  it('the catalogue API: no-cache for the browser, a minute (+5 stale) for a CDN, and a 304 on a repeat', async () => {
    const product = await someProduct();
    for (const url of ['/api/products?pageSize=6', `/api/products/${product.id}`, '/api/categories']) {
      await get(url);
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(200);
      expectBrowserRevalidates(answer.headers, url);
      expect(answer.headers['cdn-cache-control'], url).toBe(
        'public, s-maxage=60, stale-while-revalidate=300',
      );
      expect(answer.headers['surrogate-control'], url).toBe('max-age=60, stale-while-revalidate=300');
      const repeat = await get(url, { 'if-none-match': String(answer.headers.etag) });
      expect(repeat.statusCode, url).toBe(304);
      expect(repeat.headers['cache-control'], url).toBe('public, no-cache');
    }
  });

  it('a price the owner changed: the ETag the browser holds no longer matches, so its next visit gets the new price', async () => {
    const product = await someProduct();
    const pageUrl = `/product/${product.id}`;
    const dataUrl = `/product/${product.id}.data`;
    const apiUrl = `/api/products/${product.id}`;
    const held: Record<string, string> = {};
    for (const url of [pageUrl, dataUrl, apiUrl]) held[url] = String((await get(url)).headers.etag);

    const newPrice = product.price + 4321;
    await setPrice(product.id, newPrice);

    const shown = `₦${new Intl.NumberFormat('en-NG').format(newPrice)}`;
    for (const url of [pageUrl, dataUrl, apiUrl]) {
      const revisit = await get(url, { 'if-none-match': held[url]! });
      expect(revisit.statusCode, url).toBe(200);
      expect(revisit.headers.etag, url).not.toBe(held[url]);
      if (url === apiUrl) expect(revisit.json<ApiProduct>().price).toBe(newPrice);
      else if (url === dataUrl) expect(revisit.body, url).toContain(`,${newPrice * 100},`);
      else expect(revisit.body, url).toContain(shown);
    }
  });

  it('nothing answered to a signed-in shopper, or by a secret link, carries a CDN lifetime', async () => {
    const token = await signUpAs(test, 'freshness.shopper@example.ng');
    const product = await someProduct();
    for (const url of ['/', `/product/${product.id}`, `/api/products/${product.id}`]) {
      const answer = await get(url, auth(token));
      expect(answer.headers['cache-control'], url).toBe('private, no-store');
      expect(answer.headers['cdn-cache-control'], url).toBeUndefined();
      expect(answer.headers['surrogate-control'], url).toBeUndefined();
    }
    const secret = await get('/reset-password?token=abcdefghijklmnopqrstuvwxyz012345');
    expect(secret.headers['cache-control']).toBe('private, no-store');
    expect(secret.headers['cdn-cache-control']).toBeUndefined();
    const privateApi = await get('/api/orders', auth(token));
    expect(privateApi.headers['cache-control']).toBe('private, no-store');
    expect(privateApi.headers['cdn-cache-control']).toBeUndefined();
  });
});
