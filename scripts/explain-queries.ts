/**
 * `npx tsx scripts/explain-queries.ts <DATABASE_URL> [--grow N]`: what the catalogue's hot queries
 * cost in the database alone, without any cache: each runs 20 times through the shop's own core
 * functions (median and p95 in ms), then every statement they send is shown with EXPLAIN (ANALYZE, BUFFERS)
 * (PostgreSQL only).
 * `--grow N` first grows the catalogue to N products the way `npm run bench` does.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { openDatabase, schema, TYPO_SIMILARITY, type Db } from '../db/client';
import { listProducts } from '../core/catalog/list-products';
import { getProduct } from '../core/catalog/get-product';
import { growCatalog } from './grow-catalog';
import { listCategories } from '../core/catalog/list-categories';

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: npx tsx scripts/explain-queries.ts <DATABASE_URL> [--grow N]\n');
  process.exit(2);
}
const growIndex = process.argv.indexOf('--grow');
const grow = growIndex > 0 ? Number(process.argv[growIndex + 1]) : 0;
const RUNS = 20;

const database = await openDatabase({ databaseUrl: url, maxConnections: 2 });
const { db } = database;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

if (grow > 0) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await growCatalog(
    async (text, values) => (await pool.query<Record<string, unknown>>(text, values)).rows,
    grow,
    (line) => process.stdout.write(`${line}\n`),
  );
  await pool.end();
}

const [{ count: products } = { count: 0 }] = rowsOf<{ count: number }>(
  await db.execute(sql`SELECT count(*)::int AS count FROM products`),
);
const [sample] = rowsOf<{ id: number; category_id: string }>(
  await db.execute(sql`SELECT id, category_id FROM products WHERE status = 'active' ORDER BY id LIMIT 1`),
);

async function time(name: string, work: () => Promise<unknown>): Promise<string> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const p95 = samples[Math.ceil(samples.length * 0.95) - 1]!;
  return `| ${name} | ${median.toFixed(1)} | ${p95.toFixed(1)} |`;
}

const lines = [
  `Catalogue: ${products.toLocaleString('en')} products; ${RUNS} runs each after one unmeasured run; milliseconds.`,
  '',
  '| Query | median | p95 |',
  '| --- | ---: | ---: |',
  await time('list: category + price, price-asc, page 2', () =>
    listProducts(db, {
      category: sample!.category_id,
      minPrice: 20_000,
      maxPrice: 150_000,
      sort: 'price-asc',
      page: 2,
    }),
  ),
  await time('list: everything, featured', () => listProducts(db, {})),
  await time('product by id', () => getProduct(db, sample!.id)),
  await time('categories', () => listCategories(db)),
  await time("list: size 'M' in stock", () => listProducts(db, { size: 'M' })),
  await time("list: colour 'black' in stock", () => listProducts(db, { color: 'black' })),
  await time("list: colour 'Olive' in stock", () => listProducts(db, { color: 'Olive' })),
];
for (const q of ['leather', 'bag', 'black', 'handbg', 'lether', 'leather handbag', 'black shirt']) {
  lines.push(await time(`search '${q}'`, () => listProducts(db, { q, pageSize: 24 })));
}
process.stdout.write(`${lines.join('\n')}\n\n`);

/**
 * The plans of what the shop really sends: each operation runs once more through a second
 * connection whose logger keeps every statement with its parameters, and each is explained.
 */
const captured: { query: string; params: unknown[] }[] = [];
const explainPool = new pg.Pool({
  connectionString: url,
  max: 1,
  options: `-c pg_trgm.similarity_threshold=${TYPO_SIMILARITY}`,
});
const capturing = drizzlePg(explainPool, {
  schema,
  logger: { logQuery: (query, params) => captured.push({ query, params }) },
}) as unknown as Db;

const explained: [string, () => Promise<unknown>][] = [
  ['list: everything, featured', () => listProducts(capturing, {})],
  [
    'list: category + price, price-asc, page 2',
    () =>
      listProducts(capturing, {
        category: sample!.category_id,
        minPrice: 20_000,
        maxPrice: 150_000,
        sort: 'price-asc',
        page: 2,
      }),
  ],
  ["search 'leather' (relevance)", () => listProducts(capturing, { q: 'leather', sort: 'relevance' })],
  ["search 'leather', price-asc", () => listProducts(capturing, { q: 'leather', sort: 'price-asc' })],
  ["search 'handbg' (a typo)", () => listProducts(capturing, { q: 'handbg', sort: 'relevance' })],
  ['product by id', () => getProduct(capturing, sample!.id)],
  ['categories', () => listCategories(capturing)],
  ["list: size 'M' in stock", () => listProducts(capturing, { size: 'M' })],
  ["list: colour 'Olive' in stock", () => listProducts(capturing, { color: 'Olive' })],
];
const plans: string[] = [];
for (const [name, work] of explained) {
  captured.length = 0;
  await work();
  plans.push(`### ${name}\n`);
  for (const { query, params } of [...captured]) {
    const result = await explainPool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
    const plan = (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
    plans.push('```sql', query, `-- ${JSON.stringify(params)}`, '```', '```', plan, '```', '');
  }
}
process.stdout.write(`${plans.join('\n')}\n`);
await explainPool.end();
await database.close();
