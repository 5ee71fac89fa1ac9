import type { Registry } from 'prom-client';

/** The request-time histogram's upper bounds, in seconds. */
export const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

interface Timing {
  labels: { method: string; route: string };
  /** Answers per bucket: index i counts those over bounds[i - 1] and at most bounds[i]. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Every answer's count (by method, route and status) and time (by method and route), kept in plain
 * maps and turned into Prometheus series only when /metrics is read. prom-client's labelled `inc`
 * and `observe` check and hash their labels on every call: a few microseconds of each answer, the
 * largest share of the shop's own work on a cached one (docs/benchmarks.md). The series and their
 * text are the same as prom-client's Counter and Histogram write.
 */
export class RequestFigures {
  readonly #counts = new Map<
    string,
    { labels: { method: string; route: string; status: string }; count: number }
  >();
  readonly #timings = new Map<string, Timing>();
  readonly #cache = { hit: 0, miss: 0 };

  constructor(private readonly bounds: readonly number[] = REQUEST_SECONDS_BUCKETS) {}

  /** One answer: its method, route label, status code and time in seconds. */
  record(method: string, route: string, status: number, seconds: number): void {
    const countKey = `${method} ${status} ${route}`;
    const counted = this.#counts.get(countKey);
    if (counted) counted.count += 1;
    else this.#counts.set(countKey, { labels: { method, route, status: String(status) }, count: 1 });
    const timeKey = `${method} ${route}`;
    let timing = this.#timings.get(timeKey);
    if (!timing) {
      timing = { labels: { method, route }, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.#timings.set(timeKey, timing);
    }
    timing.sum += seconds;
    timing.count += 1;
    for (let index = 0; index < this.bounds.length; index++) {
      if (seconds <= this.bounds[index]!) {
        timing.buckets[index]! += 1;
        break;
      }
    }
  }

  /** A catalogue answer served from the cache (hit) or made afresh and kept (miss). */
  cached(result: 'hit' | 'miss'): void {
    this.#cache[result] += 1;
  }

  /** The three families, in `registry`. */
  register(registry: Registry): void {
    const family = (
      name: string,
      help: string,
      type: 'counter' | 'histogram',
      values: () => { metricName?: string; labels: Record<string, string | number>; value: number }[],
    ) =>
      registry.registerMetric({
        name,
        help,
        type,
        aggregator: 'sum',
        get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
      } as unknown as Parameters<Registry['registerMetric']>[0]);

    family(
      'rossy_http_requests_total',
      'Requests answered, by method, route and status code.',
      'counter',
      () => [...this.#counts.values()].map(({ labels, count }) => ({ labels, value: count })),
    );
    const name = 'rossy_http_request_duration_seconds';
    family(name, 'Time to answer a request, by method and route.', 'histogram', () =>
      [...this.#timings.values()].flatMap(({ labels, buckets, sum, count }) => {
        let below = 0;
        return [
          ...this.bounds.map((bound, index) => {
            below += buckets[index]!;
            return { metricName: `${name}_bucket`, labels: { ...labels, le: bound }, value: below };
          }),
          { metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count },
          { metricName: `${name}_sum`, labels, value: sum },
          { metricName: `${name}_count`, labels, value: count },
        ];
      }),
    );
    family(
      'rossy_catalog_cache_total',
      'Catalogue answers served from the cache (hit) or made afresh and kept (miss).',
      'counter',
      () =>
        (['hit', 'miss'] as const)
          .filter((result) => this.#cache[result] > 0)
          .map((result) => ({ labels: { result }, value: this.#cache[result] })),
    );
  }
}
