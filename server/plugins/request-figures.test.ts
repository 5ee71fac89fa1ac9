import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { REQUEST_SECONDS_BUCKETS, RequestFigures } from './request-figures';

/** The same answers, counted by prom-client's own Counter and Histogram. */
function promClientRegistry() {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'rossy' });
  const requests = new Counter({
    name: 'rossy_http_requests_total',
    help: 'Requests answered, by method, route and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'rossy_http_request_duration_seconds',
    help: 'Time to answer a request, by method and route.',
    labelNames: ['method', 'route'] as const,
    buckets: [...REQUEST_SECONDS_BUCKETS],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'rossy_catalog_cache_total',
    help: 'Catalogue answers served from the cache (hit) or made afresh and kept (miss).',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  return {
    registry,
    record(method: string, route: string, status: number, seconds: number) {
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
    },
    cached: (result: 'hit' | 'miss') => cache.inc({ result }),
  };
}

describe('RequestFigures', () => {
  it("writes the very series prom-client's Counter and Histogram write for the same answers", async () => {
    const theirs = promClientRegistry();
    const registry = new Registry();
    registry.setDefaultLabels({ app: 'rossy' });
    const ours = new RequestFigures();
    ours.register(registry);
    const answers: [string, string, number, number][] = [
      ['GET', '/api/products', 200, 0.0004],
      ['GET', '/api/products', 200, 0.005],
      ['GET', '/api/products', 304, 0.012],
      ['GET', '/product/:id', 200, 0.3],
      ['POST', '/api/orders', 201, 1.7],
      ['GET', '/api/products', 200, 11],
      ['GET', 'not-found', 404, 0.05],
    ];
    for (const [method, route, status, seconds] of answers) {
      ours.record(method, route, status, seconds);
      theirs.record(method, route, status, seconds);
    }
    for (const result of ['hit', 'hit', 'miss'] as const) {
      ours.cached(result);
      theirs.cached(result);
    }
    // Each series with its labels in one order (Prometheus reads them in any).
    const series = async (of: Registry) =>
      (await of.metrics())
        .split('\n')
        .filter(Boolean)
        .map((line) =>
          line.replace(/\{([^}]*)\}/, (_all, labels: string) => `{${labels.split(',').sort().join(',')}}`),
        )
        .sort();
    expect(await series(registry)).toEqual(await series(theirs.registry));
    expect(await series(registry)).toContain(
      'rossy_http_request_duration_seconds_bucket{app="rossy",le="0.005",method="GET",route="/api/products"} 2',
    );
  });

  it('counts as it goes: a second read sees the answers since the first', async () => {
    const registry = new Registry();
    const figures = new RequestFigures();
    figures.register(registry);
    figures.record('GET', '/api/products', 200, 0.001);
    expect(await registry.metrics()).toContain(
      'rossy_http_requests_total{method="GET",route="/api/products",status="200"} 1',
    );
    figures.record('GET', '/api/products', 200, 0.001);
    expect(await registry.metrics()).toContain(
      'rossy_http_requests_total{method="GET",route="/api/products",status="200"} 2',
    );
  });
});
