/**
 * `npm run bench`: the server's throughput and latency, measured with autocannon on this machine.
 *
 * Builds the pages, creates a PostgreSQL database (TEST_DATABASE_URL's server, or the local one),
 * starts the shop once to migrate and seed it, grows the catalogue to 10,000 products (100,000 with
 * `--large` or BENCH_PRODUCTS), then measures, one after the other and each against a fresh process
 * of its own:
 *
 *   - a bare Fastify hello-world (the baseline: what this machine and Node can do at best);
 *   - GET /api/products, filtered by category and price and sorted;
 *   - a server-rendered product page, /product/{id};
 *   - search, GET /api/products?q=… (full text and trigram similarity);
 *   - POST /api/orders, each placing a real order with its stock check.
 *
 * It prints requests per second, p50 and p99 latency and each figure's ratio to the baseline,
 * checks that no product was oversold after the order run, and writes the table to docs/benchmarks.md
 * with the machine and the date. A measurement, not a test: it exits non-zero only when it could not
 * measure or found an oversell.
 *
 * Environment: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 16),
 * BENCH_PRODUCTS (default 10000), BENCH_SKIP_BUILD=1 to reuse build/.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import * as prettier from 'prettier';
import { freePort, waitForExit, waitForOutput } from '../tests/fixtures/processes';
import { createScratchDatabase, startShop, type ShopProcess } from '../tests/fixtures/shop-process';
import { testOrderBody } from '../tests/fixtures/orders';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Math.max(2, Number(process.env.BENCH_DURATION) || 10);
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS) || 16);
const PRODUCTS = process.argv.includes('--large')
  ? 100_000
  : Math.max(100, Number(process.env.BENCH_PRODUCTS) || 10_000);
const DOC_FILE = path.join(root, 'docs', 'benchmarks.md');

const log = (message: string) => process.stdout.write(`[bench] ${message}\n`);

interface Row {
  name: string;
  what: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, what: string, options: autocannon.Options): Promise<Row> {
  log(`${name}: ${DURATION} s, ${CONNECTIONS} connections…`);
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  const row = {
    name,
    what,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  log(
    `${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.non2xx} non-2xx, ${row.errors} errors`,
  );
  return row;
}

/** The baseline: Fastify answering 'hello world', in a process of its own like the shop. */
async function measureBaseline(): Promise<Row> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const app = require('fastify')(); app.get('/', async () => ({ hello: 'world' }));
       app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('baseline ready'));`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await waitForOutput(child, 'baseline ready', 20_000);
    return await measure('baseline', 'Fastify hello-world (same machine, same Node)', {
      url: `http://127.0.0.1:${port}/`,
    });
  } finally {
    child.kill('SIGTERM');
    await waitForExit(child, 5_000);
  }
}

async function growCatalog(query: (text: string, values?: unknown[]) => Promise<unknown[]>) {
  const rows = (await query('SELECT count(*)::int AS count FROM products')) as { count: number }[];
  const count = rows[0]?.count ?? 0;
  const missing = PRODUCTS - count;
  if (missing <= 0) return;
  log(`growing the catalogue from ${count} to ${PRODUCTS} products…`);
  await query(
    `INSERT INTO products (name, description, category_id, brand_id, price_kobo, original_price_kobo, colors, sizes,
                           stock, is_new, is_hot, free_shipping, tag, specs, rating_average, review_count, sold_count, keywords)
     SELECT p.name || ' ' || (g + 1), p.description, p.category_id, p.brand_id,
            p.price_kobo + (g % 97) * 10000, p.original_price_kobo, p.colors, p.sizes,
            50 + g % 200, g % 11 = 0, g % 13 = 0, p.free_shipping, p.tag, p.specs,
            p.rating_average, p.review_count, p.sold_count, p.keywords
       FROM generate_series(0, $1 - 1) AS g
       JOIN LATERAL (SELECT * FROM products ORDER BY id OFFSET (g % $2) LIMIT 1) p ON true`,
    [missing, count],
  );
  await query('ANALYZE products');
}

function markdownTable(rows: Row[], baseline: Row): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line([
      'Run',
      'What',
      'Requests/s',
      'p50 (ms)',
      'p99 (ms)',
      'Throughput vs baseline',
      'Non-2xx',
      'Errors',
    ]),
    line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...rows.map((row) =>
      line([
        row.name,
        row.what,
        row.rps.toFixed(0),
        row.p50.toFixed(1),
        row.p99.toFixed(1),
        `${((row.rps / baseline.rps) * 100).toFixed(1)} %`,
        row.non2xx,
        row.errors,
      ]),
    ),
  ].join('\n');
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('building the pages…');
    const build = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const database = await createScratchDatabase('bench');
  let shop: ShopProcess | undefined;
  try {
    log('first start: migrating and seeding…');
    shop = await startShop({ databaseUrl: database.url, env: { LOG_LEVEL: 'error' } });
    await growCatalog(database.query);
    const [sample] = await database.query<{ id: number; category_id: string }>(
      "SELECT p.id, p.category_id FROM products p WHERE EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id) AND p.status = 'active' ORDER BY p.id LIMIT 1",
    );
    const [orderable] = await database.query<{ id: number; sizes: string[] }>(
      "SELECT id, sizes FROM products WHERE status = 'active' AND cardinality(sizes) <= 1 ORDER BY id DESC LIMIT 1",
    );
    // Enough stock that the order run never runs out: every request places an order.
    await database.query('UPDATE products SET stock = 1000000 WHERE id = $1', [orderable!.id]);
    // The benchmark is one client placing thousands of unpaid orders: the limits on open unpaid
    // orders (per e-mail, per address) would answer 429 after a few, so they step aside here.
    await database.query(
      `INSERT INTO settings (key, value) VALUES ('shop', $1::jsonb)
         ON CONFLICT (key) DO UPDATE SET value = settings.value || excluded.value`,
      [JSON.stringify({ maxUnpaidOrdersPerEmail: 1_000_000, maxUnpaidOrdersPerAddress: 1_000_000 })],
    );
    const [before] = await database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [
      orderable!.id,
    ]);

    const baseline = await measureBaseline();
    const rows: Row[] = [baseline];
    const base = shop.url;
    // Warm the caches (route modules, query plans) before each measured run.
    const warm = (url: string) => autocannon({ url, connections: 4, amount: 200 });

    const listUrl = `${base}/api/products?category=${encodeURIComponent(sample!.category_id)}&minPrice=10000&maxPrice=200000&sort=price-asc&page=2`;
    await warm(listUrl);
    rows.push(
      await measure(
        'products',
        `GET /api/products, category + price filter, sorted (${PRODUCTS.toLocaleString('en')} products)`,
        { url: listUrl },
      ),
    );

    const pageUrl = `${base}/product/${sample!.id}`;
    await warm(pageUrl);
    rows.push(await measure('product page', 'GET /product/{id}, server-rendered HTML', { url: pageUrl }));

    const searchUrl = `${base}/api/products?q=leather%20handbag&pageSize=24`;
    await warm(searchUrl);
    rows.push(
      await measure('search', 'GET /api/products?q=leather handbag (full text + trigram)', {
        url: searchUrl,
      }),
    );

    const body = JSON.stringify(
      testOrderBody({ id: orderable!.id, size: orderable!.sizes[0] ?? null }, { email: 'bench@example.ng' }),
    );
    rows.push(
      await measure('orders', 'POST /api/orders, a real order with its stock check', {
        url: `${base}/api/orders`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
    );

    log('checking stock against the orders…');
    const [after] = await database.query<{ stock: number; sold: string; negative: string }>(
      `SELECT p.stock,
              (SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
                WHERE l.product_id = p.id AND o.email = 'bench@example.ng') AS sold,
              (SELECT count(*) FROM products WHERE stock < 0) AS negative
         FROM products p WHERE p.id = $1`,
      [orderable!.id],
    );
    const oversold =
      Number(before!.stock) - Number(after!.sold) !== Number(after!.stock) || Number(after!.negative) > 0;
    log(
      `orders placed in the run: ${after!.sold}; stock ${before!.stock} → ${after!.stock}; oversell: ${oversold ? 'YES' : 'none'}`,
    );

    const table = markdownTable(rows, baseline);
    process.stdout.write(`\n${table}\n\n`);
    const cpus = os.cpus();
    const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
    const doc = `# Server benchmarks

Measured by \`npm run bench\` (scripts/bench.ts) on ${new Date().toISOString().slice(0, 10)}.

- Machine: ${machine}.
- Database: PostgreSQL on the same machine (${database.url.replace(/\/\/[^@]*@/, '//').replace(/\/[^/]*$/, '/…')}), catalogue grown to ${PRODUCTS.toLocaleString('en')} products.
- Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, after a warm-up; the shop is one production process (\`NODE_ENV=production\`), the client runs on the same 2 cores, so every figure includes the client's own cost.
- Ratios compare throughput with the baseline, a bare Fastify hello-world on the same machine.

${table}

After the order run: ${after!.sold} orders placed, stock ${before!.stock} → ${after!.stock}, ${oversold ? '**an oversell was found**' : 'no oversell (stock equals the starting stock minus the units ordered, no product below zero)'}.

QUALITY.md's bars are read against these figures in docs/operations.md.
`;
    fs.writeFileSync(DOC_FILE, await prettier.format(doc, { parser: 'markdown', proseWrap: 'preserve' }));
    log(`written to ${path.relative(root, DOC_FILE)}`);
    if (oversold) process.exitCode = 1;
  } finally {
    await shop?.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench] could not measure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
