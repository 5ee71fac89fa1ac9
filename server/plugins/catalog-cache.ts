import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/client';
import { watchCatalogVersion, type CatalogVersion } from '../cache/catalog-version';
import { matchesTag, preferredEncoding, ResponseCache, type CachedAnswer } from '../cache/response-cache';
import { CATALOG_API_ROUTES, isSignedInRequest } from './cache-control';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's answers for anonymous shoppers (null when CATALOG_CACHE is off). */
    catalogCache: CatalogCache | null;
  }
  interface FastifyRequest {
    catalogCacheFill: { key: string; version: number } | null;
  }
}

export interface CatalogCache {
  answers: ResponseCache;
  version: CatalogVersion;
}

export interface CatalogCacheOptions {
  database: DatabaseHandle;
  enabled: boolean;
}

/** An answer is kept at most this long even when nothing changed: the bound on any clock-driven change. */
export const CACHE_MAX_AGE_MS = 5 * 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** The best-selling order moves with every sale: a list in that order is never cached. */
export function isBestSellingOrder(url: string): boolean {
  return /[?&]sort=best-selling(&|$)/.test(url);
}

/** Sends a cached answer: 304 when the client already holds it, else its bytes in the best encoding the client takes. */
export async function sendCachedAnswer(
  cache: ResponseCache,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CachedAnswer,
  state: 'hit' | 'miss',
): Promise<FastifyReply> {
  for (const [name, value] of Object.entries(entry.headers)) reply.header(name, value);
  reply.header('etag', entry.etag);
  reply.header('x-cache', state);
  if (matchesTag(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = await cache.encode(entry, encoding);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  // Compression is chosen by Accept-Encoding: a shared cache must keep the encodings apart.
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary))
    reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  reply.code(200);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(body);
}

/**
 * The catalogue cache: the product list and search, a product, its reviews, the categories and the
 * suggestions as the API answers them to anonymous callers, and (server/plugins/pages.ts) the
 * catalogue's pages. Each answer is kept under the catalogue version it was made from; any change
 * a shopper could see bumps the version in the database and every process drops the old answers
 * (server/cache/catalog-version.ts). Decision record: docs/decisions/0017-catalog-cache.md.
 */
export const catalogCachePlugin = fp(async (app: FastifyInstance, options: CatalogCacheOptions) => {
  app.decorateRequest('catalogCacheFill', null);
  if (!options.enabled) {
    app.decorate('catalogCache', null);
    return;
  }
  const version = await watchCatalogVersion(options.database, {
    onError: (error, message) => app.log.warn({ err: error }, message),
  });
  const answers = new ResponseCache({
    maxAgeMs: CACHE_MAX_AGE_MS,
    maxEntries: 5000,
    maxBytes: 96 * 1024 * 1024,
  });
  const cache: CatalogCache = { answers, version };
  app.decorate('catalogCache', cache);
  app.addHook('onClose', async () => {
    answers.clear();
    await version.close();
  });

  // This process's own writes: before the answer to a change leaves, the version is read again, so
  // whoever made the change (an admin saving a price) never gets the old answer on the next request.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) await version.refresh();
    return payload;
  });

  // Looked up as soon as the route and the caller are known (after the session's onRequest hook):
  // a kept answer was made for this very URL, so it already passed the query's validation and the
  // input guard, and is sent without them. Anything not served here is filled after its handler.
  app.addHook('onRequest', async (request, reply) => {
    if (!SAFE_METHODS.has(request.method)) return;
    if (!CATALOG_API_ROUTES.has(request.routeOptions.url ?? '')) return;
    if (isSignedInRequest(request) || isBestSellingOrder(request.url)) return;
    const current = version.current();
    if (current === null) return;
    const key = `api ${request.url}`;
    const entry = answers.get(key, current);
    if (entry) return sendCachedAnswer(answers, request, reply, entry, 'hit');
    request.catalogCacheFill = { key, version: current };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.catalogCacheFill;
    if (!fill || reply.statusCode !== 200 || reply.hasHeader('set-cookie')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    request.catalogCacheFill = null;
    const contentType = reply.getHeader('content-type');
    const entry = answers.set(
      fill.key,
      fill.version,
      {
        headers: { 'content-type': typeof contentType === 'string' ? contentType : 'application/json' },
        body: Buffer.isBuffer(payload) ? payload : Buffer.from(payload),
      },
      version.staleAt(),
    );
    reply.header('etag', entry.etag);
    reply.header('x-cache', 'miss');
    if (matchesTag(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
});
