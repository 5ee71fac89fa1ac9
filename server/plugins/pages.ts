import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { PageServices } from '../../core/page-services';
import { AppError } from '../../core/errors';
import { CURRENCY_COOKIE, currencyFromCookie } from '../../contracts/currency';
import { controlCharacterError, findControlCharacter, isValidHost } from './input-guard';
import { isSignedInRequest, PAGE_CDN_HEADERS, PUBLIC_REVALIDATE } from './cache-control';
import { pageRouteMatcher } from './page-routes';
import { isBestSellingOrder, sendCachedAnswer, type CatalogCache } from './catalog-cache';
import { trafficPlugin } from './traffic';

export interface PagesOptions {
  /** The compiled server build, or a function that loads it afresh (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  services: PageServices;
}

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** Page actions that take a JSON body (the pages' quote requests, app/lib/cart-quote-client.ts); every other takes forms. */
const JSON_ACTIONS = new Set(['/cart/quote']);
/** The largest page action body: an admin's form with a 10 MB product photo or a 5 MB blog cover. */
const PAGE_BODY_LIMIT = 12 * 1024 * 1024;
const BODILESS_METHODS = new Set(['GET', 'HEAD']);
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** The route an action request is for: React Router's data requests add `.data` (`/_root.data` for `/`). */
function actionPath(url: string): string {
  const pathname = url.split('?', 1)[0] ?? '/';
  if (pathname === '/_root.data') return '/';
  return pathname.replace(/\.data$/, '').replace(/\/+$/, '') || '/';
}

/**
 * Checks a page action's body before React Router reads it: a form (or JSON where the action takes
 * JSON), readable, with no control characters in any field. Throws a 4xx AppError otherwise, so a
 * wrong or broken body is the client's mistake, never a 500 from inside an action.
 */
async function checkActionBody(request: FastifyRequest, body: Buffer): Promise<void> {
  const contentType = request.headers['content-type'] ?? '';
  const mediaType = (contentType.split(';', 1)[0] ?? '').trim().toLowerCase();
  const path = actionPath(request.url);
  if (mediaType === 'application/json' && JSON_ACTIONS.has(path)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', 'The request body is not valid JSON.');
    }
    const field = findControlCharacter(parsed, '');
    if (field !== null) throw controlCharacterError(field || 'body');
    return;
  }
  if (!FORM_TYPES.has(mediaType)) {
    throw Object.assign(
      new Error(
        `This page takes a form (application/x-www-form-urlencoded or multipart/form-data), not ${mediaType || 'an untyped body'}.`,
      ),
      { statusCode: 415 },
    );
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', 'The form could not be read. Please try again.');
  }
  for (const [name, value] of form) {
    if (findControlCharacter(name, 'form') !== null) throw controlCharacterError('form');
    if (typeof value === 'string' && findControlCharacter(value, name) !== null)
      throw controlCharacterError(name);
  }
}

/**
 * The page's URL on this shop. X-Forwarded-Host and -Proto count only from a trusted proxy
 * (TRUST_PROXY): request.host and .protocol check. The input guard has refused a malformed host
 * already; should one get here all the same, the page is made for localhost, never a 500.
 * The path is always a path: a request target such as `//other.host/x` never names the host.
 */
function pageUrl(request: FastifyRequest): URL {
  const scheme = request.protocol.toLowerCase() === 'https' ? 'https' : 'http';
  const host = request.host && isValidHost(request.host) ? request.host : 'localhost';
  const target = request.url.startsWith('/') ? request.url : `/${request.url}`;
  try {
    return new URL(`${scheme}://${host}${target}`);
  } catch {
    throw new AppError('BAD_REQUEST', 'The request URL is not valid.');
  }
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = pageUrl(request);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: toWebHeaders(request),
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body)) {
    init.body = new Uint8Array(request.body);
  }
  return new Request(url, init);
}

/** The catalogue's pages, served to anonymous shoppers from the catalogue cache (`.data`: their data for a client-side visit). */
const CACHED_PAGES =
  /^\/(?:_root|products|product\/[^/]+|category\/[^/]+|categories|sale|search)?(?:\.data)?$/;

/**
 * A page answer others may share: a browser keeps it but asks again before each use (its ETag makes
 * that a 304), a CDN may keep it for a short while (the shop's own cache drops it the moment the
 * catalogue changes); kept apart by cookie (the display currency; a signed-in shopper's page is never
 * this one) and by encoding. Decision 0039.
 */
export const PUBLIC_PAGE = PUBLIC_REVALIDATE;

/**
 * The cache key of an anonymous catalogue page, or null when the page must be rendered for this
 * request alone. The host is part of it: a page never answers for another host than it was made for.
 */
function pageCacheKey(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const pathname = request.url.split('?', 1)[0] ?? '/';
  if (!CACHED_PAGES.test(pathname)) return null;
  if (request.user || isSignedInRequest(request) || isBestSellingOrder(request.url)) return null;
  const cookie = request.headers.cookie;
  const currency = cookie?.includes(CURRENCY_COOKIE) ? (currencyFromCookie(cookie) ?? '') : '';
  return `page ${request.host} ${currency} ${request.url}`;
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The CSP sources of a page's inline scripts: a cached page carries no per-answer nonce, so each script is allowed by its hash. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/**
 * The bridge between Fastify and React Router: every path that is not /api, a static file or an
 * image becomes a Web Request for React Router's handler, with the shop's services as load context.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  // The metrics name a page request by its route, from the build's own route table (the latest one in development).
  let routes = typeof options.build === 'function' ? (await options.build()).routes : options.build.routes;
  const load = options.build;
  const build =
    typeof load === 'function'
      ? async () => {
          const latest = await load();
          routes = latest.routes;
          return latest;
        }
      : load;
  app.metrics.routePagesBy((pathname) => pageRouteMatcher(routes)(pathname));
  const handle = createRequestHandler(build, options.mode);
  // First-party page views: only the pages served here are counted (not /api, files or images).
  await app.register(trafficPlugin, { db: options.services.db, publicUrl: options.services.publicUrl });

  // Actions read their own bodies (forms, JSON): Fastify only collects the bytes (up to
  // PAGE_BODY_LIMIT), and checkActionBody refuses a wrong, broken or poisoned body before an action runs.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      // Every action request is checked, a missing or empty body too: an action would fail reading it.
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (body.length > 0 || !BODILESS_METHODS.has(request.method)) await checkActionBody(request, body);
      const cache = options.mode === 'production' ? app.catalogCache : null;
      const cacheKey = cache ? pageCacheKey(request) : null;
      const version = cache?.version.current() ?? null;
      if (cache && cacheKey !== null && version !== null) {
        const cached = cache.answers.get(cacheKey, version);
        if (cached) return sendCachedAnswer(cache.answers, request, reply, cached, 'hit');
        if (request.method === 'GET') return renderForCache(cache, cacheKey, version, request, reply);
      }
      return sendResponse(request, reply, await render(request, reply, request.cspNonce));
    },
  });

  /**
   * Renders a catalogue page once for everyone who asks for it at the same version (a crowd right
   * after a change waits for one rendering), without a per-answer nonce: its inline scripts are
   * allowed by their hashes, so the very bytes can be kept and sent to the next shopper.
   */
  async function renderForCache(
    cache: CatalogCache,
    cacheKey: string,
    version: number,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    let made: { status: number; headers: Record<string, string>; cookies: string[]; body: Buffer };
    let shared: boolean;
    try {
      ({ value: made, shared } = await cache.answers.once(`${version} ${cacheKey}`, async () => {
        const response = await render(request, reply, '');
        const body = Buffer.from(await response.arrayBuffer());
        const headers: Record<string, string> = {};
        for (const [name, value] of response.headers) if (name !== 'set-cookie') headers[name] = value;
        if ((headers['content-type'] ?? '').startsWith('text/html') && cspApplies())
          headers['content-security-policy'] = app.contentSecurityPolicy(
            inlineScriptHashes(body.toString('utf8')),
            request.url.split('?', 1)[0] ?? '/',
          );
        return { status: response.status, headers, cookies: response.headers.getSetCookie(), body };
      }));
    } catch (error) {
      if (reply.raw.destroyed) throw error;
      // The rendering this request waited on failed (its own client went away): render for this one.
      return sendResponse(request, reply, await render(request, reply, request.cspNonce));
    }
    const cacheable = made.status === 200 && made.cookies.length === 0 && !made.headers['cache-control'];
    if (cacheable) {
      const entry = cache.answers.set(
        cacheKey,
        version,
        {
          headers: { ...made.headers, 'cache-control': PUBLIC_PAGE, ...PAGE_CDN_HEADERS, vary: 'Cookie' },
          body: made.body,
        },
        cache.version.staleAt(),
      );
      return sendCachedAnswer(cache.answers, request, reply, entry, shared ? 'hit' : 'miss');
    }
    // Not to be kept (a 404, a redirect, a cookie): another request's such answer is not this one's.
    if (shared) return sendResponse(request, reply, await render(request, reply, request.cspNonce));
    const headers = new Headers(made.headers);
    for (const cookie of made.cookies) headers.append('set-cookie', cookie);
    return sendResponse(
      request,
      reply,
      new Response(made.body.length > 0 ? new Uint8Array(made.body) : null, { status: made.status, headers }),
    );
  }

  function cspApplies(): boolean {
    return app.config.isProduction || process.env.NODE_ENV === 'test';
  }

  function render(request: FastifyRequest, reply: FastifyReply, cspNonce: string): Promise<Response> {
    const context: AppLoadContext = {
      services: options.services,
      cspNonce,
      user: request.user,
      client: { ip: request.ip, userAgent: request.headers['user-agent'] },
    };
    return handle(toWebRequest(request, reply), context);
  }

  function sendResponse(request: FastifyRequest, reply: FastifyReply, response: Response) {
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
    if (!response.body || request.method === 'HEAD') return reply.send();
    return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
  }
}
