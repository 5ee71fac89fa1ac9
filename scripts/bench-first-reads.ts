/**
 * First reads: what a shopper waits for when no cache holds the answer. Part of `npm run bench`
 * (BENCH_ONLY=first for this run alone; `-- --large` for 100,000 products).
 *
 * Against the running shop, one request at a time over HTTP, each question asked once so the
 * catalogue cache never serves it: 40 distinct filtered lists (GET /api/products: category, price,
 * size, colour, sort and page combinations), 40 distinct product pages (GET /product/{id}, the
 * server-rendered document, ids spread over the whole catalogue) and 36 distinct searches
 * (GET /api/products?q=…: common words, typos and two words, in three sorts). A few other
 * questions of each kind go first, untimed: the figures are the database's and the renderer's work,
 * not the first compilation of the code.
 */

export type Query = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;

export interface ReadTimes {
  /** What was asked, in words. */
  what: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  /** Answers that were not 200. */
  failures: number;
  /** The slowest question, to look at first. */
  slowest: string;
}

export interface FirstReads {
  date: string;
  machine: string;
  load: string;
  products: number;
  lists: ReadTimes;
  pages: ReadTimes;
  searches: ReadTimes;
}

/** The bars at 100,000 products (p95, ms). */
export const FIRST_READ_BARS = { lists: 25, pages: 40, searches: 30 } as const;

const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function timeOne(base: string, path: string): Promise<{ ms: number; ok: boolean }> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: HEADERS });
  await response.arrayBuffer();
  return {
    ms: performance.now() - started,
    ok: response.status === 200 && response.headers.get('x-cache') !== 'hit',
  };
}

async function timeAll(base: string, what: string, paths: string[]): Promise<ReadTimes> {
  const times: { ms: number; path: string }[] = [];
  let failures = 0;
  for (const path of paths) {
    const { ms, ok } = await timeOne(base, path);
    if (!ok) failures += 1;
    times.push({ ms, path });
  }
  const sorted = times.map((time) => time.ms).sort((a, b) => a - b);
  const slowest = times.reduce((a, b) => (b.ms > a.ms ? b : a), times[0]!);
  return {
    what,
    requests: paths.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? 0,
    failures,
    slowest: slowest.path,
  };
}

/** Evenly spread picks from `values`, starting `offset` in. */
function spread<T>(values: T[], count: number, offset = 0): T[] {
  if (values.length === 0) return [];
  const step = values.length / count;
  return Array.from(
    { length: count },
    (_, index) => values[Math.floor(offset + index * step) % values.length]!,
  );
}

/** The questions: distinct lists, product ids and searches drawn from the catalogue as it stands. */
export async function questions(query: Query) {
  const categories = (
    await query<{ id: string }>(
      "SELECT category_id AS id FROM products WHERE status = 'active' GROUP BY category_id ORDER BY count(*) DESC, category_id",
    )
  ).map((row) => row.id);
  const sizes = (
    await query<{ size: string }>(
      "SELECT DISTINCT unnest(sizes) AS size FROM (SELECT sizes FROM products WHERE status = 'active' LIMIT 2000) s ORDER BY 1",
    )
  ).map((row) => row.size);
  const colours = (
    await query<{ colour: string }>(
      "SELECT DISTINCT c->>'name' AS colour FROM (SELECT colors FROM products WHERE status = 'active' LIMIT 2000) s, jsonb_array_elements(s.colors) c WHERE c->>'name' IS NOT NULL ORDER BY 1",
    ).catch(() => [])
  ).map((row) => row.colour);
  const ids = (
    await query<{ id: number }>("SELECT id FROM products WHERE status = 'active' ORDER BY id")
  ).map((row) => row.id);

  const sorts = ['featured', 'price-asc', 'price-desc', 'newest', 'rating'];
  const prices: [number | null, number | null][] = [
    [null, null],
    [5_000, 50_000],
    [20_000, 150_000],
    [null, 30_000],
    [100_000, null],
  ];
  const lists: string[] = [];
  const warmLists: string[] = [];
  for (let index = 0; lists.length < 40; index++) {
    const params = new URLSearchParams();
    const category = categories[index % Math.max(1, categories.length)];
    if (category && index % 7 !== 6) params.set('category', category);
    const [min, max] = prices[index % prices.length]!;
    if (min !== null) params.set('minPrice', String(min));
    if (max !== null) params.set('maxPrice', String(max));
    if (index % 4 === 1 && sizes.length > 0) params.set('size', sizes[index % sizes.length]!);
    if (index % 4 === 2 && colours.length > 0) params.set('color', colours[index % colours.length]!);
    params.set('sort', sorts[index % sorts.length]!);
    params.set('page', String(1 + (index % 3)));
    const path = `/api/products?${params}`;
    if (!lists.includes(path)) lists.push(path);
    if (index > 400) break;
  }
  for (const category of categories.slice(0, 5))
    warmLists.push(`/api/products?category=${encodeURIComponent(category)}&page=9`);

  const pages = spread(ids, 40, Math.floor(ids.length / 80)).map((id) => `/product/${id}`);
  const warmPages = spread(ids, 5, Math.floor(ids.length / 13)).map((id) => `/product/${id}`);

  const terms = [
    'leather',
    'tote',
    'black',
    'dress',
    'lether',
    'handbg',
    'snekers',
    'shrit',
    'leather handbag',
    'black shirt',
    'red dress',
    'canvas tote',
  ];
  const searches = terms.flatMap((term) =>
    ['relevance', 'price-asc', 'newest'].map(
      (sort) => `/api/products?q=${encodeURIComponent(term)}&sort=${sort}&pageSize=24`,
    ),
  );
  const warmSearches = ['bag', 'shoes', 'wallet'].map((term) => `/api/products?q=${term}&page=2`);
  return { lists, pages, searches, warm: [...warmLists, ...warmPages, ...warmSearches] };
}

export async function measureFirstReads(
  base: string,
  query: Query,
  context: { machine: string; products: number; load: string },
  log: (message: string) => void,
): Promise<FirstReads> {
  const asked = await questions(query);
  log(`first reads: warming up with ${asked.warm.length} other questions…`);
  for (const path of asked.warm) await timeOne(base, path);
  const show = (name: string, times: ReadTimes) =>
    log(
      `first reads: ${name}: p50 ${times.p50.toFixed(1)} ms, p95 ${times.p95.toFixed(1)} ms, max ${times.max.toFixed(1)} ms over ${times.requests} (slowest ${times.slowest}), ${times.failures} not a fresh 200`,
    );
  const lists = await timeAll(
    base,
    `${asked.lists.length} distinct filtered lists: GET /api/products, category, price, size, colour, sort and page combinations`,
    asked.lists,
  );
  show('lists', lists);
  const pages = await timeAll(
    base,
    `${asked.pages.length} distinct product pages: GET /product/{id} documents, ids spread over the catalogue`,
    asked.pages,
  );
  show('product pages', pages);
  const searches = await timeAll(
    base,
    `${asked.searches.length} distinct searches: GET /api/products?q=… (words, typos, two words) in three sorts`,
    asked.searches,
  );
  show('searches', searches);
  return {
    date: new Date().toISOString().slice(0, 10),
    machine: context.machine,
    load: context.load,
    products: context.products,
    lists,
    pages,
    searches,
  };
}

/** docs/benchmarks.md's section: one table per catalogue size measured. */
export function firstReadsSection(runs: Record<string, FirstReads>, notes = ''): string {
  // By catalogue size, the figures from before a change ahead of the latest ones.
  const entries = Object.entries(runs).sort(
    ([a, x], [b, y]) =>
      x.products - y.products || Number(b.endsWith('before')) - Number(a.endsWith('before')),
  );
  if (entries.length === 0) return '';
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const bar = (kind: keyof typeof FIRST_READ_BARS, times: ReadTimes, products: number) =>
    products >= 100_000
      ? `< ${FIRST_READ_BARS[kind]} ${times.p95 < FIRST_READ_BARS[kind] ? '(met)' : '(**missed**)'}`
      : `—`;
  const tables = entries.map(([label, run]) => {
    const rows = (
      [
        ['lists', run.lists],
        ['pages', run.pages],
        ['searches', run.searches],
      ] as const
    ).map(([kind, times]) =>
      line([
        kind === 'pages' ? 'product pages' : kind,
        times.what,
        times.p50.toFixed(1),
        times.p95.toFixed(1),
        times.max.toFixed(1),
        bar(kind, times, run.products),
        times.failures,
        `\`${times.slowest}\``,
      ]),
    );
    return `### ${run.products.toLocaleString('en')} products${label.endsWith('before') ? ', before' : ''} (measured ${run.date}; load average at the start ${run.load})

${line(['Reads', 'What', 'p50 (ms)', 'p95 (ms)', 'max (ms)', 'Bar p95 (ms)', 'Not a fresh 200', 'Slowest'])}
${line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---'])}
${rows.join('\n')}`;
  });
  return `## First reads (no cache serves them)

\`BENCH_ONLY=first npm run bench\` (scripts/bench-first-reads.ts), also part of the full run: right after the catalogue is grown and before any other run, one request at a time over HTTP, each question asked once so the catalogue cache misses every time (a few other questions go first, untimed). Times are the client's, from request to the last byte.

${tables.join('\n\n')}
${notes ? `\n${notes}\n` : ''}`;
}
