import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../../db/client';
import { RequestFigures } from './request-figures';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: ShopMetrics;
  }
}

export interface ShopMetrics {
  registry: Registry;
  ordersPlaced: Counter<'payment_method'>;
  paymentsVerified: Counter<'provider'>;
  /** Names the page route of a path (server/plugins/page-routes.ts): set by the page bridge, which knows the routes. */
  routePagesBy(match: (pathname: string) => string): void;
}

export interface MetricsOptions {
  /** METRICS_TOKEN: /metrics answers only a request bearing it, and is not found without one. */
  token: string | undefined;
  database: DatabaseHandle;
}

/**
 * The route a request matched, as a label drawn from a bounded set: the API's pattern, a page's route
 * pattern ("/product/:id", "not-found" for a path no page has), a fixed label for the file folders,
 * or "unmatched". Never anything taken from the path itself: every distinct label is a set of
 * series kept for the life of the process.
 */
export function routeLabel(
  request: Pick<FastifyRequest, 'routeOptions' | 'url'>,
  pageRoute?: (pathname: string) => string,
): string {
  const pattern = request.routeOptions.url;
  if (pattern && pattern !== '*' && pattern !== '/*') return pattern;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (path.startsWith('/media/')) return '/media/*';
  if (path.startsWith('/assets/')) return '/assets/*';
  // The page bridge's catch-all ("/*") took it: the page route it belongs to, if the routes are known.
  if (pattern && pageRoute) return pageRoute(path);
  return path === '/' ? '/' : 'unmatched';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics at /metrics: requests and their latency per route, the database pool, the
 * catalogue cache's hits and misses, orders placed and payments verified, and Node's own figures
 * (memory, CPU, event-loop delay). Each process counts its own; Prometheus adds them up. Without
 * METRICS_TOKEN the endpoint does not exist (docs/operations.md, "Metrics").
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'rossy' });
  collectDefaultMetrics({ register: registry });

  const figures = new RequestFigures();
  figures.register(registry);
  const ordersPlaced = new Counter({
    name: 'rossy_orders_placed_total',
    help: 'Orders placed, by payment method.',
    labelNames: ['payment_method'] as const,
    registers: [registry],
  });
  const paymentsVerified = new Counter({
    name: 'rossy_payments_verified_total',
    help: 'Payments verified and recorded, by provider (flutterwave, paystack, sandbox, bank-transfer).',
    labelNames: ['provider'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'rossy_db_pool_connections',
    help: 'PostgreSQL pool connections by state (max, open, idle) and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = options.database.poolStats();
      if (!stats) return;
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'open' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  let pageRoute: ((pathname: string) => string) | undefined;
  app.decorate('metrics', {
    registry,
    ordersPlaced,
    paymentsVerified,
    routePagesBy(match) {
      pageRoute = match;
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    if (request.url === '/metrics') return;
    figures.record(
      request.method,
      routeLabel(request, pageRoute),
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    const cached = reply.getHeader('x-cache');
    if (cached === 'hit' || cached === 'miss') figures.cached(cached);
  });

  const token = options.token;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('cache-control', 'no-store')
        .send({ error: 'Unauthorized', message: 'Send the METRICS_TOKEN as a bearer token.' });
    }
    return reply
      .header('cache-control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
});
