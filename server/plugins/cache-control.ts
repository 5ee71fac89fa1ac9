import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from './session';

/**
 * Who may keep an answer. Anything answered to a signed-in caller (session cookie or bearer token),
 * and every API answer that is not a public catalog read, is `private, no-store`: no shared cache
 * (CDN, proxy) and no browser history keeps another shopper's orders or profile. The public catalog,
 * read anonymously, may be cached by a shared cache for a minute and served stale while it refreshes.
 */
export const NO_STORE = 'private, no-store';
export const PUBLIC_CATALOG = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';

/** The API's catalogue reads (route patterns as Fastify registers them): what the catalogue cache keeps too. */
export const CATALOG_API_ROUTES: ReadonlySet<string> = new Set([
  '/api/products',
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

export const cacheControlPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url ?? '';
    const isApi = route === '/api' || route.startsWith('/api/');
    const isPage = route === '/*';
    if (!isApi && !isPage) return payload; // files, pictures, the sandbox's scripts: their own rules
    if (isSignedInRequest(request)) {
      reply.header('cache-control', NO_STORE);
      addVary(reply, 'Cookie');
      addVary(reply, 'Authorization');
      return payload;
    }
    if (isPage) {
      // A page opened by a secret link (an order's ?key=, a reset or confirmation ?token=) is kept nowhere.
      if (SECRET_LINK.test(request.url)) reply.header('cache-control', NO_STORE);
      return payload; // other anonymous pages: what the route says (pages.ts: private, no-cache)
    }
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (read && PUBLIC_CATALOG_ROUTES.has(route) && (reply.statusCode === 200 || reply.statusCode === 304)) {
      reply.header('cache-control', PUBLIC_CATALOG);
    } else {
      reply.header('cache-control', NO_STORE);
    }
    return payload;
  });
});
