import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './session';

/**
 * Who may keep an answer. Anything answered to a signed-in caller (session cookie or bearer token),
 * and every API answer that is not a public catalog read, is `private, no-store`: no shared cache
 * (CDN, proxy) and no browser history keeps another shopper's orders or profile.
 *
 * The public catalogue, read anonymously, is `public, no-cache` for everyone that reads
 * Cache-Control, the shopper's browser first: it may keep the answer but asks the shop before each
 * use (If-None-Match, a 304 when nothing changed), so a price the owner changed shows on the very next
 * visit. A browser honours `stale-while-revalidate` as a CDN does, so the lifetimes that spare the
 * shop a crowd are said only to CDNs, in CDN-Cache-Control (RFC 9213) and Surrogate-Control
 * (decision 0039).
 */
export const NO_STORE = 'private, no-store';
/** What a browser (and any cache that reads only Cache-Control) is told about a public answer. */
export const PUBLIC_REVALIDATE = 'public, no-cache';
export const PUBLIC_CATALOG = PUBLIC_REVALIDATE;

/** A CDN's lifetimes for a public answer: fresh for `fresh` seconds, served stale `stale` more while it refreshes. */
export function sharedCacheHeaders(fresh: number, stale: number): Record<string, string> {
  return {
    'cdn-cache-control': `public, s-maxage=${fresh}, stale-while-revalidate=${stale}`,
    'surrogate-control': `max-age=${fresh}, stale-while-revalidate=${stale}`,
  };
}

/** The catalogue API's lifetimes at a CDN: a minute fresh, five more served stale while it refreshes. */
export const CATALOG_CDN_HEADERS = sharedCacheHeaders(60, 300);
/** The catalogue pages' lifetimes at a CDN: 30 seconds fresh, a minute more served stale while it refreshes. */
export const PAGE_CDN_HEADERS = sharedCacheHeaders(30, 60);

/** The API's catalogue reads (route patterns as Fastify registers them): what the catalogue cache keeps too. */
export const CATALOG_API_ROUTES: ReadonlySet<string> = new Set([
  '/api/products',
  '/api/products/facets',
  '/api/products/:id',
  '/api/products/:id/reviews',
  '/api/categories',
  '/api/categories/:id',
  '/api/categories/:id/products',
  '/api/search/suggestions',
]);

/** The API's public reads: the catalogue and the Journal. */
const PUBLIC_CATALOG_ROUTES = new Set([...CATALOG_API_ROUTES, '/api/blog/posts', '/api/blog/posts/:id']);

const SECRET_LINK = /[?&](key|token)=/i;

export function isSignedInRequest(request: FastifyRequest): boolean {
  if (request.user) return true;
  if (request.headers.authorization) return true;
  const cookies = (request as { cookies?: Record<string, string | undefined> }).cookies;
  return Boolean(cookies?.[SESSION_COOKIE]);
}

function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === name.toLowerCase())) return;
  reply.header('vary', [...values, name].join(', '));
}

/** An answer kept nowhere carries no CDN lifetime either. */
function dropSharedLifetimes(reply: FastifyReply): void {
  reply.removeHeader('cdn-cache-control');
  reply.removeHeader('surrogate-control');
}

export const cacheControlPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    const isApi = route === '/api' || route.startsWith('/api/');
    const isPage = route === '/*';
    if (!isApi && !isPage) return payload; // files, pictures, the sandbox's scripts: their own rules
    if (isSignedInRequest(request)) {
      dropSharedLifetimes(reply);
      reply.header('cache-control', NO_STORE);
      addVary(reply, 'Cookie');
      addVary(reply, 'Authorization');
      return payload;
    }
    if (isPage) {
      // A page opened by a secret link (an order's ?key=, a reset or confirmation ?token=) is kept nowhere.
      if (SECRET_LINK.test(request.url)) {
        dropSharedLifetimes(reply);
        reply.header('cache-control', NO_STORE);
      }
      return payload; // other anonymous pages: what the route says (pages.ts: private, no-cache, or public for the catalogue's)
    }
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && PUBLIC_CATALOG_ROUTES.has(route) && (reply.statusCode === 200 || reply.statusCode === 304)) {
      reply.header('cache-control', PUBLIC_CATALOG);
      for (const [name, value] of Object.entries(CATALOG_CDN_HEADERS)) reply.header(name, value);
    } else {
      dropSharedLifetimes(reply);
      reply.header('cache-control', NO_STORE);
    }
    return payload;
  });
});
