import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '../../db/schema/admin';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import {
  countedPath,
  createPageViewCounter,
  pageViewOf,
  trafficSource,
  type ServedRequest,
} from './page-views';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const served = (overrides: Partial<ServedRequest> = {}): ServedRequest => ({
  method: 'GET',
  url: '/product/1042?ref=home',
  status: 200,
  contentType: 'text/html; charset=utf-8',
  userAgent: chrome,
  referrer: undefined,
  purpose: undefined,
  ownHosts: ['shop.rossy.ng'],
  ...overrides,
});
// 23:30 UTC on 31 March is 00:30 on 1 April in Lagos.
const lateNight = new Date('2030-03-31T23:30:00Z');

describe('what counts as a page view', () => {
  it('counts a browser GET of a shopper page under its Lagos day, path without the query, and source', () => {
    expect(pageViewOf(served({ referrer: 'https://www.google.com/' }), lateNight)).toEqual({
      day: '2030-04-01',
      path: '/product/1042',
      source: 'Google',
    });
  });

  it('leaves out robots, headless browsers, Lighthouse, prefetches, admin pages, errors, non-HTML and non-GET', () => {
    const excluded: Partial<ServedRequest>[] = [
      { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { userAgent: chrome.replace('Chrome/', 'HeadlessChrome/') },
      { userAgent: `${chrome} Chrome-Lighthouse` },
      { userAgent: undefined },
      { userAgent: '' },
      { purpose: 'prefetch' },
      { purpose: 'prefetch;prerender' },
      { url: '/admin?tab=orders' },
      { url: '/admin/reports' },
      { url: '/api/products' },
      { url: '/cart.data' },
      { url: '/robots.txt' },
      { status: 404 },
      { status: 302 },
      { contentType: 'application/json' },
      { contentType: undefined },
      { method: 'POST' },
      { method: 'HEAD' },
    ];
    for (const overrides of excluded)
      expect(pageViewOf(served(overrides)), JSON.stringify(overrides)).toBeNull();
  });

  it('normalises paths: trailing slash and query dropped, ids kept', () => {
    expect(countedPath('/')).toBe('/');
    expect(countedPath('/search?q=agbada')).toBe('/search');
    expect(countedPath('/category/tote-bags/')).toBe('/category/tote-bags');
    expect(countedPath('/orders/ORD-10001#top')).toBe('/orders/ORD-10001');
    expect(countedPath(`/${'x'.repeat(300)}`)).toBeNull();
  });

  it('names the source: direct, internal, a search engine, or the referring host', () => {
    const own = ['shop.rossy.ng', 'localhost:3000'];
    expect(trafficSource(undefined, own)).toBe('direct');
    expect(trafficSource('not a url', own)).toBe('direct');
    expect(trafficSource('https://shop.rossy.ng/sale', own)).toBe('internal');
    expect(trafficSource('http://localhost:3000/cart', own)).toBe('internal');
    expect(trafficSource('https://www.google.com.ng/', own)).toBe('Google');
    expect(trafficSource('android-app://com.google.android.googlequicksearchbox/', own)).toBe('Google');
    expect(trafficSource('https://www.bing.com/search?q=rossy', own)).toBe('Bing');
    expect(trafficSource('https://duckduckgo.com/', own)).toBe('DuckDuckGo');
    expect(trafficSource('https://www.instagram.com/rossy.ng', own)).toBe('instagram.com');
  });
});

describe('counting page views in batches', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  const rows = () =>
    database.db
      .select({ day: pageViews.day, path: pageViews.path, source: pageViews.source, views: pageViews.views })
      .from(pageViews)
      .orderBy(asc(pageViews.path), asc(pageViews.source));

  it('writes nothing per view, then one upsert per flush that adds to the stored counts', async () => {
    const counter = createPageViewCounter(database.db);
    const home = { day: '2030-04-01', path: '/', source: 'direct' };
    counter.record(home);
    counter.record(home);
    counter.record({ day: '2030-04-01', path: '/sale', source: 'Google' });
    expect(counter.pending()).toBe(3);
    expect(await rows()).toEqual([]);

    expect(await counter.flush()).toBe(3);
    expect(counter.pending()).toBe(0);
    expect(await rows()).toEqual([
      { ...home, views: 2 },
      { day: '2030-04-01', path: '/sale', source: 'Google', views: 1 },
    ]);

    counter.record(home);
    expect(await counter.flush()).toBe(1);
    expect(await counter.flush()).toBe(0);
    expect((await rows())[0]).toEqual({ ...home, views: 3 });
  });

  it('keeps the counts when a write fails, and drops views past the key limit', async () => {
    let fail = true;
    const failing = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'insert' && fail)
          return () => ({
            values: () => ({ onConflictDoUpdate: () => Promise.reject(new Error('database down')) }),
          });
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const counter = createPageViewCounter(failing, { maxKeys: 2 });
    counter.record({ day: '2030-04-02', path: '/a', source: 'direct' });
    counter.record({ day: '2030-04-02', path: '/b', source: 'direct' });
    counter.record({ day: '2030-04-02', path: '/c', source: 'direct' });
    counter.record({ day: '2030-04-02', path: '/a', source: 'direct' });
    expect(counter.pending()).toBe(3);
    await expect(counter.flush()).rejects.toThrow('database down');
    expect(counter.pending()).toBe(3);
    fail = false;
    expect(await counter.flush()).toBe(3);
    expect(
      (await rows()).filter((row) => row.day === '2030-04-02').map((row) => [row.path, row.views]),
    ).toEqual([
      ['/a', 2],
      ['/b', 1],
    ]);
  });
});
