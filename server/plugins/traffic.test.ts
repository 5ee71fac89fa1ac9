import { asc } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema/admin';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { trafficPlugin } from './traffic';

const chrome =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const headless = chrome.replace('Chrome/', 'HeadlessChrome/');

let database: TestDatabase;
let app: FastifyInstance;
let pages: FastifyInstance | undefined;

/** The shape of the real server: pages (counted) in one scope, the API beside it (not counted). */
async function shop(): Promise<FastifyInstance> {
  const server = Fastify();
  await server.register(async (api) => {
    api.get('/api/products', async () => ({ products: [] }));
  });
  await server.register(async (scope) => {
    await scope.register(trafficPlugin, {
      db: database.db,
      publicUrl: 'https://shop.rossy.ng',
      flushEveryMs: 60_000,
    });
    pages = scope;
    scope.get('/*', async (request, reply) => {
      const path = request.url.split('?')[0]!;
      if (path === '/missing') return reply.status(404).type('text/html').send('<h1>Not found</h1>');
      if (path === '/sitemap.xml') return reply.type('application/xml').send('<urlset/>');
      return reply.type('text/html; charset=utf-8').send('<h1>Rossy</h1>');
    });
  });
  await server.ready();
  return server;
}

const rows = () =>
  database.db
    .select({ path: pageViews.path, source: pageViews.source, views: pageViews.views })
    .from(pageViews)
    .orderBy(asc(pageViews.path), asc(pageViews.source));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await shop();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.destroy();
});

describe('page-view counting on the pages the server serves', () => {
  it('counts shopper pages once written, and leaves out robots, prefetches, admin pages, errors, the API and files', async () => {
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { 'user-agent': chrome, ...headers } });
    await get('/');
    await get('/?utm_source=newsletter');
    await get('/product/1042', { referer: 'https://www.google.com/' });
    await get('/sale', { referer: 'https://shop.rossy.ng/' });
    await get('/sale', { referer: 'https://www.instagram.com/rossy.ng' });
    // Not counted:
    await get('/', { 'user-agent': headless });
    await get('/', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' });
    await get('/', { 'sec-purpose': 'prefetch' });
    await get('/', { purpose: 'prefetch' });
    await get('/admin');
    await get('/admin/reports');
    await get('/missing');
    await get('/sitemap.xml');
    await get('/api/products');
    await app.inject({ method: 'POST', url: '/cart', headers: { 'user-agent': chrome } });

    expect(pages?.pageViewCounter.pending()).toBe(5);
    expect(await rows()).toEqual([]);
    await pages?.pageViewCounter.flush();
    expect(await rows()).toEqual([
      { path: '/', source: 'direct', views: 2 },
      { path: '/product/1042', source: 'Google', views: 1 },
      { path: '/sale', source: 'instagram.com', views: 1 },
      { path: '/sale', source: 'internal', views: 1 },
    ]);
  });

  it('writes what is still counted when the server closes', async () => {
    const server = await shop();
    await server.inject({ method: 'GET', url: '/faq', headers: { 'user-agent': chrome } });
    expect(await rows()).not.toContainEqual(expect.objectContaining({ path: '/faq' }));
    await server.close();
    expect(await rows()).toContainEqual({ path: '/faq', source: 'direct', views: 1 });
  });
});
