import { sql } from 'drizzle-orm';
import { isbot } from 'isbot';
import type { DbOrTx } from '../../db/client';
import { pageViews } from '../../db/schema/admin';
import { lagosDay } from '../../contracts/lagos-time';

/**
 * First-party traffic counting. A page view is one HTML page the shop served to a person: the day
 * (Lagos), the page's path and where the visitor came from. Nothing that identifies a visitor (no
 * address, cookie, user agent or user id) is kept. Views are counted in memory and written in one
 * upsert every few seconds, so serving a page never waits on the database.
 */

export interface PageViewKey {
  /** yyyy-mm-dd, Lagos time. */
  day: string;
  path: string;
  source: string;
}

/** What the server knows about an answered request, as far as counting needs it. */
export interface ServedRequest {
  method: string;
  /** Path and query as requested: '/product/1042?ref=home'. */
  url: string;
  status: number;
  contentType: string | undefined;
  userAgent: string | undefined;
  referrer: string | undefined;
  /** `Purpose` / `Sec-Purpose` headers: 'prefetch' for a speculative load. */
  purpose: string | undefined;
  /** The hosts that mean "this shop" (the request's Host and the public URL's host). */
  ownHosts: readonly string[];
}

export const MAX_PATH_LENGTH = 200;
const MAX_SOURCE_LENGTH = 100;

/** The search engines named as a source; any other referring site is named by its host. */
const searchEngines: [RegExp, string][] = [
  [/(^|\.)google\.[a-z.]+$|googlequicksearchbox/, 'Google'],
  [/(^|\.)bing\.com$/, 'Bing'],
  [/(^|\.)duckduckgo\.com$/, 'DuckDuckGo'],
  [/(^|\.)yahoo\.com$/, 'Yahoo'],
  [/(^|\.)yandex\.[a-z.]+$/, 'Yandex'],
  [/(^|\.)baidu\.com$/, 'Baidu'],
  [/(^|\.)ecosia\.org$/, 'Ecosia'],
  [/(^|\.)search\.brave\.com$/, 'Brave Search'],
];

/**
 * The page's path as it is counted: the query and fragment dropped, a trailing slash removed, ids in
 * the path kept ('/product/1042'). Null for what is not a shopper's page (admin, API, files, data).
 */
export function countedPath(url: string): string | null {
  let path: string;
  try {
    path = new URL(url, 'http://shop.invalid').pathname;
  } catch {
    return null;
  }
  path = path.replace(/\/+$/, '') || '/';
  if (path.length > MAX_PATH_LENGTH) return null;
  const lower = path.toLowerCase();
  if (lower === '/admin' || lower.startsWith('/admin/')) return null;
  if (lower === '/api' || lower.startsWith('/api/')) return null;
  // React Router's data requests (/cart.data) and anything with a file extension (/robots.txt).
  if (/\.[a-z0-9]+$/i.test(path)) return null;
  return path;
}

/** Where a visitor came from: 'direct', 'internal' (another page of the shop), a search engine by name, or a site's host. */
export function trafficSource(referrer: string | undefined, ownHosts: readonly string[]): string {
  if (!referrer) return 'direct';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return 'direct';
  }
  if (!host) return 'direct';
  const own = ownHosts.map((value) => value.toLowerCase().replace(/:\d+$/, ''));
  if (own.includes(host)) return 'internal';
  for (const [pattern, name] of searchEngines) if (pattern.test(host)) return name;
  return host.replace(/^www\./, '').slice(0, MAX_SOURCE_LENGTH);
}

/**
 * Whether an answered request is a page view, and under which key. Counted: a GET answered 200 with
 * HTML, for a shopper's page, by a browser that is not a known robot or headless browser (isbot's
 * list, which includes HeadlessChrome and Lighthouse), and not a prefetch.
 */
export function pageViewOf(served: ServedRequest, now = new Date()): PageViewKey | null {
  if (served.method !== 'GET' || served.status !== 200) return null;
  if (!served.contentType?.toLowerCase().startsWith('text/html')) return null;
  if (served.purpose && /prefetch|prerender/i.test(served.purpose)) return null;
  const userAgent = served.userAgent?.trim();
  if (!userAgent || isbot(userAgent)) return null;
  const path = countedPath(served.url);
  if (!path) return null;
  return { day: lagosDay(now), path, source: trafficSource(served.referrer, served.ownHosts) };
}

export interface PageViewCounter {
  record(view: PageViewKey): void;
  /** Writes the counted views in one upsert; returns how many views were written. */
  flush(): Promise<number>;
  /** Views counted and not yet written. */
  pending(): number;
}

/**
 * Page views counted in memory and written in batches. At most `maxKeys` different (day, path,
 * source) keys wait at once; past that, views are dropped rather than letting memory grow. A failed
 * write keeps the counts for the next flush.
 */
export function createPageViewCounter(db: DbOrTx, options: { maxKeys?: number } = {}): PageViewCounter {
  const maxKeys = options.maxKeys ?? 5_000;
  let buffer = new Map<string, { key: PageViewKey; views: number }>();
  let flushing: Promise<number> | null = null;

  const add = (key: PageViewKey, views: number) => {
    const id = `${key.day}\u0000${key.path}\u0000${key.source}`;
    const entry = buffer.get(id);
    if (entry) entry.views += views;
    else if (buffer.size < maxKeys) buffer.set(id, { key, views });
  };

  const write = async (): Promise<number> => {
    if (buffer.size === 0) return 0;
    const batch = buffer;
    buffer = new Map();
    const rows = [...batch.values()].map(({ key, views }) => ({ ...key, views }));
    try {
      await db
        .insert(pageViews)
        .values(rows)
        .onConflictDoUpdate({
          target: [pageViews.day, pageViews.path, pageViews.source],
          set: { views: sql`${pageViews.views} + excluded.views` },
        });
    } catch (error) {
      for (const row of rows) add(row, row.views);
      throw error;
    }
    return rows.reduce((total, row) => total + row.views, 0);
  };

  return {
    record: (view) => add(view, 1),
    async flush() {
      // One write at a time: a flush asked for during a write waits for it, then writes what came since.
      while (flushing) await flushing.catch(() => 0);
      flushing = write();
      try {
        return await flushing;
      } finally {
        flushing = null;
      }
    },
    pending: () => [...buffer.values()].reduce((total, entry) => total + entry.views, 0),
  };
}
