/**
 * `npm run bench`: the server's throughput and latency, measured with autocannon on this machine.
 *
 * Builds the pages, creates a PostgreSQL database (TEST_DATABASE_URL's server, or the local one),
 * starts the shop once to migrate and seed it, grows the catalogue to 10,000 products (100,000 with
 * `--large` or BENCH_PRODUCTS), then measures, one after the other:
 *
 *   - a bare Fastify hello-world (the baseline: what this machine and Node can do at best);
 *   - api: GET /api/products (category + price, sorted), GET /api/products/{id} over 20 products,
 *     GET /api/categories;
 *   - search: GET /api/products?q=… cycling through common words, typos and two-word queries;
 *   - pages, as an anonymous shopper's browser asks for them (brotli or gzip, no cookie): home,
 *     /products, /product/{id} over 20 products, /category/{id}, /sale, and a repeat visitor whose
 *     browser holds the product page (If-None-Match: 304);
 *   - orders: POST /api/orders, 16 connections racing for the same product, each a real order with
 *     its stock check; then every 201 must be an order and the stock must add up (no oversell);
 *   - import: POST /api/admin/products/import of a 10,000-row CSV (2,000 new products in 5 sizes): its
 *     check (dryRun), its import and a second import changing every row's stock, each timed, while 4
 *     shoppers keep reading GET /api/products; their p50/p95 during each is set against the same
 *     reads with no import running. Kept in docs/benchmarks-import.json (a BENCH_ONLY=import run
 *     refreshes that section of docs/benchmarks.md alone).
 *
 * Beside the list API and the product page, a bare Fastify sending the very same bytes (status, content
 * type and encoding, ETag, Cache-Control, Vary and body, captured from the shop's answer to that URL
 * with the same Accept-Encoding) is measured in the same run: the shop's row over it is what the
 * shop's hooks cost a cached answer (kept in docs/benchmarks-same-bytes.json; BENCH_AS=before keeps
 * a run as the "before" table).
 *
 * First reads (BENCH_ONLY=first, scripts/bench-first-reads.ts) run first, before anything warms a
 * cache: 40 distinct lists, 40 distinct product pages and 36 distinct searches, each asked once
 * (kept in docs/benchmarks-first-reads.json per catalogue size).
 *
 * The stock ledger at a million rows (BENCH_ONLY=ledger, scripts/bench-ledger.ts; not part of a full
 * run) runs on a database of its own, with no build and no shop process: a variant's, a product's and
 * the whole ledger's first page through core/inventory, against a `SELECT 1` baseline. It prints its
 * table; docs/benchmarks.md's section on it is written by hand.
 *
 * Each row prints requests per second, p50, p97.5 and p99 latency, the ratio to the baseline, the
 * shop process's CPU use during the run (under 100 % means the load generator, on the same 2 cores,
 * was the limit) and its memory (RSS) after it. Results are kept per catalogue size in
 * docs/benchmarks.json, and docs/benchmarks.md shows the 10,000 and 100,000 sections and how each
 * figure moved between them. A measurement, not a test: it exits non-zero only when it could not
 * measure, or found an oversell or a lost order.
 *
 * Environment: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 16),
 * BENCH_PRODUCTS (default 10000), BENCH_ONLY=first,api,search,pages,orders,import,ledger (a subset), BENCH_SKIP_BUILD=1
 * to reuse build/, BENCH_PROFILE=1 to run the shop under `node --cpu-prof` (the profiles' directory
 * is printed at the end; see docs/benchmarks.md, "How to profile").
 */
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import * as prettier from 'prettier';
import { freePort, waitForExit, waitForOutput } from '../tests/fixtures/processes';
import {
  createScratchDatabase,
  picturesDrawn,
  startShop,
  type ScratchDatabase,
  SYSTEM_ADMIN,
  type ShopProcess,
} from '../tests/fixtures/shop-process';
import { testOrderBody } from '../tests/fixtures/orders';
import { firstReadsSection, measureFirstReads, type FirstReads } from './bench-first-reads';
import { benchLedger } from './bench-ledger';
import { growCatalog } from './grow-catalog';

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
  p97: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** The shop process's CPU use during the run, % of one core (null for the baseline). */
  cpu: number | null;
  /** The shop process's resident memory after the run, MiB. */
  rssMib: number | null;
}

const SECTIONS = ['first', 'api', 'search', 'pages', 'orders', 'import'];
const ONLY = new Set(
  (process.env.BENCH_ONLY ?? SECTIONS.join(','))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
const PROFILE = process.env.BENCH_PROFILE === '1';
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,application/json' };

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
function cpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function rssMib(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : null;
  } catch {
    return null;
  }
}

async function measure(
  name: string,
  what: string,
  options: autocannon.Options,
  pid?: number,
  ok: (status: number) => boolean = (status) => status >= 200 && status < 300,
  onStatus?: (status: number) => void,
): Promise<Row> {
  log(`${name}: ${DURATION} s, ${CONNECTIONS} connections…`);
  const cpuBefore = cpuSeconds(pid);
  const started = process.hrtime.bigint();
  let unexpected = 0;
  const statuses = new Map<number, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { connections: CONNECTIONS, duration: DURATION, ...options },
      (error: Error | null, outcome: autocannon.Result) => (error ? reject(error) : resolve(outcome)),
    );
    instance.on('response', (_client: unknown, statusCode: number) => {
      onStatus?.(statusCode);
      if (!ok(statusCode)) {
        unexpected += 1;
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      }
    });
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuAfter = cpuSeconds(pid);
  const latency = result.latency as unknown as Record<string, number>;
  const row: Row = {
    name,
    what,
    rps: result.requests.average,
    p50: latency.p50 ?? 0,
    p97: latency.p97_5 ?? 0,
    p99: latency.p99 ?? 0,
    errors: result.errors + result.timeouts,
    non2xx: unexpected,
    cpu: cpuBefore !== null && cpuAfter !== null ? ((cpuAfter - cpuBefore) / seconds) * 100 : null,
    rssMib: rssMib(pid),
  };
  log(
    `${name}: ${row.rps.toFixed(0)} req/s, p50 ${row.p50} ms, p97.5 ${row.p97} ms, p99 ${row.p99} ms, ${row.non2xx} unexpected status, ${row.errors} errors` +
      (statuses.size > 0
        ? ` (${[...statuses].map(([status, count]) => `${count} × ${status}`).join(', ')})`
        : '') +
      (row.cpu !== null ? `, shop CPU ${row.cpu.toFixed(0)} %, RSS ${row.rssMib?.toFixed(0)} MiB` : ''),
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

/** The headers of an answer that make it the same answer to a browser or a cache. */
const SAME_BYTES_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'];

interface Captured {
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The body as it left the shop (still compressed), base64. */
  body: string;
}

/** The shop's answer to `requestPath` as bytes on the wire: nothing decoded. */
function capture(base: string, requestPath: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${requestPath}`, { headers: BROWSER_HEADERS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const headers: Record<string, string> = {};
        for (const name of SAME_BYTES_HEADERS) {
          const value = response.headers[name];
          if (typeof value === 'string') headers[name] = value;
        }
        resolve({
          url: requestPath,
          status: response.statusCode ?? 0,
          headers,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * A bare Fastify, in a process of its own, sending the very bytes the shop sent for each of
 * `paths` (captured once, after the shop's run): what the shop would do with no hooks at all.
 */
async function measureSameBytes(name: string, what: string, base: string, paths: string[]): Promise<Row> {
  const answers = await Promise.all(paths.map((requestPath) => capture(base, requestPath)));
  const file = path.join(os.tmpdir(), `rossy-same-bytes-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(answers));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const answers = new Map(JSON.parse(require('fs').readFileSync(${JSON.stringify(file)}, 'utf8'))
         .map((a) => [a.url, { ...a, body: Buffer.from(a.body, 'base64') }]));
       const app = require('fastify')();
       app.get('/*', (request, reply) => {
         const answer = answers.get(request.url);
         if (!answer) return reply.code(404).send();
         reply.code(answer.status).headers(answer.headers).send(answer.body);
       });
       app.listen({ port: ${port}, host: '127.0.0.1' }).then(() => console.log('same bytes ready'));`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    await waitForOutput(child, 'same bytes ready', 20_000);
    const requests = paths.map((requestPath) => ({ method: 'GET' as const, path: requestPath }));
    const url = `http://127.0.0.1:${port}`;
    await autocannon({ url, connections: 4, amount: 200, requests, headers: BROWSER_HEADERS });
    return await measure(name, what, { url, requests, headers: BROWSER_HEADERS }, child.pid);
  } finally {
    child.kill('SIGTERM');
    await waitForExit(child, 5_000);
    fs.rmSync(file, { force: true });
  }
}

/**
 * The bench's database: a new one, dropped at the end; kept with BENCH_KEEP_DATABASE=1 (its address is
 * printed), or an earlier one reused with BENCH_DATABASE_URL (already grown: 100,000 products take
 * minutes to make), e.g. to time first reads again after a change, or to EXPLAIN its queries.
 */
async function benchDatabase(): Promise<ScratchDatabase> {
  const reused = process.env.BENCH_DATABASE_URL?.trim();
  if (!reused) {
    const database = await createScratchDatabase('bench');
    if (process.env.BENCH_KEEP_DATABASE !== '1') return database;
    return {
      ...database,
      drop: () => {
        log(`database kept: ${database.url}`);
        return Promise.resolve();
      },
    };
  }
  const pool = new pg.Pool({ connectionString: reused, max: 3 });
  pool.on('error', () => {});
  return {
    url: reused,
    async query<T extends Record<string, unknown>>(text: string, values: unknown[] = []) {
      return (await pool.query<T>(text, values)).rows;
    },
    drop: () => pool.end(),
  };
}

const JSON_FILE = path.join(root, 'docs', 'benchmarks.json');
const IMPORT_JSON_FILE = path.join(root, 'docs', 'benchmarks-import.json');
const SAME_BYTES_JSON_FILE = path.join(root, 'docs', 'benchmarks-same-bytes.json');
const FIRST_READS_JSON_FILE = path.join(root, 'docs', 'benchmarks-first-reads.json');
/** BENCH_AS=before: this run's same-bytes and first-read figures are kept as the "before" ones. */
const KEEP_AS_BEFORE = process.env.BENCH_AS === 'before';

/** A cached answer of the shop against a bare Fastify sending its very bytes, measured one after the other. */
interface SameBytesPair {
  name: string;
  shop: Row;
  same: Row;
}

interface SameBytesRun {
  date: string;
  machine: string;
  load: string;
  products: number;
  pairs: SameBytesPair[];
}

const readJson = <T>(file: string, fallback: T): T =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : fallback;

/** What the profile of the cached path showed, and what was done about it. */
const SAME_BYTES_NOTES = `What the profile showed (\`BENCH_PROFILE=1 BENCH_ONLY=api\`, the cached list answered over and over): no answer was compressed again (the catalogue cache keeps each encoding's bytes beside the answer, made once per catalogue version), and the socket writes cost the bare Fastify as much as the shop. The rest was hooks doing the same work for every request:

- **@fastify/helmet built helmet's whole middleware again for every request** (and a per-request \`reply.helmet\` closure): its eleven headers are the same for every answer, so they are now learnt once at start from @fastify/helmet itself, on a bare Fastify with the shop's options, and set by one synchronous hook (a test holds them equal to what @fastify/helmet sends, with and without HSTS).
- **The catalogue cache was looked up in preHandler**, after the query's zod validation, the input guard's walk over every parameter and the content-type checks. A kept answer was made for that very URL, so it had passed them all already: the lookup now runs in onRequest, right after the session's hook (a signed-in caller, a cookie or a bearer token still never meets the cache). A test holds a kept answer equal to the one its route made: status, every header that matters, the body once decoded; a refused query is still refused.
- **Every page request matched the path against React Router's route table for its metrics label**: \`matchRoutes\` flattens and ranks the whole table on every call. The label of each path is remembered now (2,000 paths at most).
- The Host check parsed the host with \`new URL\` twice a request, Accept-Encoding was parsed again for every cached answer, and every document drew a CSP nonce even when the page came from the cache with its scripts' hashes: the hosts found valid and the encodings read are remembered (bounded), and a nonce is drawn only when a page is rendered.
- Session, cookies and rate limits cost an anonymous cached answer nothing already: no session is looked up without a session cookie or a bearer token, and the rate limits count only the abuse-prone routes (sign-in, reset, reviews…), never a catalogue read.
- **The shop's row was measured while it drew pictures.** A first start leaves most demo pictures to be drawn in the background (server/index.ts), which took about 50 s of both cores (sharp's threads) on the bench's first start, so the list run, the first after the catalogue grew, shared the machine with it while the bare Fastify, measured next, did not. The bench now waits until every recorded picture is on disk before it measures anything (\`picturesDrawn\`, tests/fixtures/shop-process.ts; bench:web too). Three runs of the same code since, each after the pictures were drawn: 0.42×, 0.31× and 0.39× (the table's), against 0.29× for the run that overlapped the drawing: the spread from run to run on this shared 2-core machine is as large as the change.
- **What remains is the socket and the two cores.** In the profile of the shop's list run, writev (the kernel's loopback write) is 29-32 % of the samples, and it is 31 % in the bare Fastify's own profile too; per request it is 25 µs in the shop against 11 µs in the bare one: the sampler counts the time the shop's thread waits for the core its write just woke the load generator on, and the shop, at 100-107 % CPU (its garbage collector's threads beside the main one), leaves the load generator less room than the bare Fastify at 87-93 %. With the shop and the bare Fastify pinned to one core and the load generator to the other (\`taskset\`), the ratio read 0.36-0.52× over four pairs of 8 s runs against a PGlite shop, two of them with a hit written straight to the socket without the onSend hooks (0.39, 0.46) and two without (0.52, 0.36): the profile's hook frames went away, but the figure moved less than the runs' spread, so that change was not kept.
- **On an idle machine (2026-11-27, the bare hello-world at 72,000 to 79,000 requests/s)** the list's share was 0.46×, 0.497× and 0.49× in three runs within ten minutes, against 0.31× to 0.42× when the machine was busy; the product page's 0.99× and 1.00×, both sides held by the load generator (the shop's CPU 35 %). The list's profile on that machine (\`BENCH_PROFILE=1 BENCH_ONLY=api\`, 20.6 s of busy samples): writev 39 %, Node's header writing and its checks (setHeader, _storeHeader, the token and value patterns) about 7 %, garbage collection 7 %, prom-client's labelled counter and histogram about 2 % (with their label checks and hashing, more), the cache's recency bump (a Map delete and set per hit) 1.6 %.
- **Two of those were the shop's own, and went.** Every answer's count and time are now kept in plain maps and made into the same Prometheus series when /metrics is read (server/plugins/request-figures.ts; a test holds its text equal to prom-client's Counter and Histogram for the same answers), and a cached answer among the newest quarter of the cache is no longer taken out of the map and put back on each hit (a test holds that the least recently used still go first). Two runs after: 0.52× (the table's) and 0.53×.`;

/** What the first reads showed, and what was done about them. */
const FIRST_READS_NOTES = `Read these against the machine. The four tables are from 2026-11-27 on this 2-core machine. Its disk was the limit that day: PostgreSQL's buffers (128 MB) and the page cache held little of the grown catalogue, and a first read waited on reads of the disk (up to 40 % of the CPU's time in I/O wait during the runs).

- **Pages touched, not milliseconds (2026-11-27, later).** On this machine the kernel gives file pages back soon after they were read (its page cache held 0.6 GB in all with 23 GB free), so a first read costs what it reads from disk, and the same code moved by tens of ms from run to run: a fresh \`--large\` run of the code behind the tables below (d927933) gave p95 42.0 / 58.5 / 55.5 ms (lists / product pages / searches) where the tables below say 26 / 34–40 / 45. The changes since were measured by the pages each request touches (\`pg_stat_database\` blocks hit and read around each of the bench's questions, asked through the shop's own \`listProducts\` on one connection: \`npx tsx scripts/pages-touched.ts <DATABASE_URL>\`), which does not move with the machine. The 40 lists and 36 searches on the grown 100,000-product catalogue:
  - that code: lists 25,300 pages (median 158 a list), searches 61,200;
  - a corrected search's stems named once and a search in price order gathered at once (\`handbg\` had the planner expect 12,600 matches for 6,600, and walk): searches 54,100 to 56,500;
  - the category's and the price's indexes carrying what a list filters and orders by (migration 0032, decision 0059; measured with the stock in them too, which no list of the bench filters by, since taken out so that a sale writes no index): lists 16,500, the costliest category lists 280 to 340 pages instead of 1,400 to 4,200 (a count of 1,001 matches reads 13 pages instead of 1,004).
  - **From a cold start** (PostgreSQL restarted and the page cache dropped before each run, old and new in turn, four pairs) the p95 of the sequence went the other way: lists 137 to 184 ms against 95 to 132, searches 121 to 163 against 71 to 99, p50 alike (13 to 18 against 14 to 17). A single request from cold costs the same with either code and either indexes (\`q=leather&sort=price-asc\` 444 to 485 ms, the colour list \`bucket-bags&color=Emerald\` 186 to 223, traced statement by statement): the lists that now read 13 pages no longer bring into memory the product pages the colour lists and searches after them read, so those pay their own reads. The colour lists and the searches still read one product page per match (their GIN indexes give rows, not columns), and that is what holds the 100,000 bars back on this machine.
  - **Tried and not kept:** a narrow table of the list columns beside the products, kept by triggers (decision 0059 says why: as many pages touched, a category's matches being one to a page in it too).

- **Options in stock on the product's row (migration 0031, decision 0058), product pages read side by side, and a lighter compression of a first answer.** The "100,000 products, before" and "100,000 products" tables come from one grown database, the code before and after, run in turn (old, new, old, new, \`BENCH_DATABASE_URL\`, minutes apart). p95 lists / product pages / searches in ms:
  - the code before: 156.8 / 51.4 / 38.0, then 139.8 / 62.9 / 78.2;
  - after: 26.8 / 40.1 / 44.7, then 25.7 / 33.7 / 46.0.
  - The 10,000 table, after: 21.6 / 45.7 / 26.3 on a catalogue just grown, then 22.2 / 40.9 / 26.9 (its before table is from the busy machine of the morning).
- **Lists.** The slowest lists were colour filters:
  - \`minPrice=5000&maxPrice=50000&color=Charcoal&sort=price-asc\` walked 43,080 products in price order (charcoal pieces are the dearer ones), asking the variants about each;
  - \`minPrice=100000&color=White&sort=rating&page=2\` sorted the whole catalogue for its first 1,000 rows (the top-rated order had no index: 100 ms);
  - both are now 17 to 30 ms.
  - A product's sizes and colours in stock are on its row behind GIN indexes, and the planner knows how many products each has.
  - A filter or search it expects at most 4,000 matches of gathers them once for the count and the sorted page.
  - The top-rated order has an index.
- **Product pages.** On a first read, a page waited:
  - for its statements one after another: the product, then its pictures and variants, then its related pieces, then their pictures and prices;
  - and for brotli at quality 9 on the way out, 13.8 ms for a 60 KB page.
  - Its three reads (\`getProductPage\`) and the summaries' rows, pictures and prices now run side by side.
  - The kept answer is compressed at quality 6: 1.2 ms, and 75 bytes more.
  - p50 42.5 to 52.2 ms became 26.1 to 28.7 ms.
- **Still short of the bars.**
  - Lists: p95 25.7 and 26.8 ms against 25; the slowest are the colour filters above, each one gathering of about 1,300 products' rows from the disk.
  - Searches: p95 44.7 and 46.0 ms against 30; the slowest is \`q=dress&sort=price-asc\`, 7,895 matches gathered and sorted (118 ms when its rows are not in memory).
  - A product's row is wide (its description and search vector, about 1.2 KB), so each match is a page of the disk. The next step would be a narrow table of what the orders and filters read.

Earlier the same day, measured on tables the ones above replace ("the last table" and "the two 100,000 tables" below are those):

- **A product written once (migration 0030), measured 2026-11-27 on an idle machine** (bare Fastify 83,500 requests/s, load average 1.0): the last table. The products' table of the grown catalogue held 1,084 MB for 100,000 rows, because the database's trigger wrote a product added without variants again for each variant it made; it now writes the grid in one INSERT, and the same catalogue's table holds 118 MB (151 MB with its indexes; the variants 77 MB), which fits in PostgreSQL's buffers. The bench also grows the catalogue in steps that at most double it (42 s; one insert of 100,000 had not ended after 20 minutes, its triggers planned for the seeded few hundred variants). Against the table it replaces: lists p95 187 → 76 ms, product pages 65 → 47 ms, searches 69 → 29.9 ms (the bar met). The machine was idler than for that table (38,000 to 50,000 requests/s then), so the drop is the two together, not the smaller table alone.

- **Searches in newest order, and newest lists, sorted every match**: \`created_at DESC, id DESC\` was read from an index of created_at alone, and the grown catalogue (like any import) adds its products at one moment, so the tie on created_at left the whole match to sort. Migration 0028 replaces that index with one of (created_at, id): at 10,000 products the 36 searches went from p95 57 ms to 22 ms. At 100,000 the slowest search before it was \`q=black&sort=newest\` (476 ms).
- **The colour filter at 100,000 read every Navy variant first** (EXPLAIN ANALYZE of \`category=handbags&minPrice=20000&maxPrice=150000&color=Navy&sort=price-desc&page=2\`, 589 ms before): the planner expected 843 Navy variants in stock and found 119,718, because the grown catalogue's variants (made by the products' trigger) had no statistics: the bench analyzed products only. With \`ANALYZE product_variants\` the page's query went from 444 ms to 19 ms and its count from 351 ms to 76 ms. A shop's autovacuum analyzes after such an import on its own; the bench now does it right after growing the catalogue, as it did for products.
- **The two 100,000 tables are one grown database a minute apart** (\`BENCH_KEEP_DATABASE=1\` once, then \`BENCH_DATABASE_URL=<it>\`): the "before" with the list code as it stood after migration 0028, the other with the change below. They replace two tables measured earlier the same day on another grown database: before migration 0028, p95 lists 588 ms, product pages 158 ms, searches 476 ms; after it, 413, 125 and 117 ms. The same database moved a lot from run to run: the machine's page cache held little of its 1.4 GB while other work read and wrote beside it (I/O pressure up to 38 % of the time stalled), while the CPU was not short: the bare Fastify answered 38,000 to 50,000 requests/s in these runs. Every run of that day, p95 lists / product pages / searches in ms: the code before, 1,252 / 72 / 100, 375 / 61 / 96 and 988 / 60 / 119; with the change, 333 / 74 / 86, 138 / 67 / 58, 714 / 59 / 74, 241 / 53 / 57, 177 / 61 / 52 and 187 / 65 / 69, and one run during an I/O storm at 10,083 / 110 / 1,730 (a single list took 92 s). Read the tables as one pair of runs, not as the code's floor.
- **What the plans showed** (EXPLAIN (ANALYZE, BUFFERS) of the statements the shop sends, on that database): the slow lists walked an ordered index of the whole catalogue, reading product after product, for matches the planner expected to come soon. \`category=evening-bags&size=46&sort=featured&page=3\` read all 100,000 products in featured order (347 ms) and found none: no evening bag comes in size 46, but the planner multiplies the two filters' shares as if they were unrelated and expected 1,162. \`maxPrice=30000&size=Medium&sort=newest&page=2\` read 16,015 products for none (329 ms), \`category=clutch-bags&size=38\` the same. \`q=tote&sort=price-asc\` walked the price index through 19,266 products to find its first 30 totes (84 ms): the cheapest products are no totes, while the planner expected the 6,580 matches spread evenly. Each product read costs a page of its own: the products' table holds 1,084 MB for 100,000 rows of 1.2 KB, because a product inserted without its variants (as the bench grows its catalogue) is written again for each variant the database's trigger makes for it (spread_product_stock inserts them one statement at a time), up to nine versions each, and VACUUM frees that space without giving it back; most of it lies outside PostgreSQL's 128 MB of buffers, at 3 to 10 µs a page.
- **What changed** (core/catalog/list-products.ts; the same pages as before: 544 lists and searches compared on the 100,000 database, every sort, pages 1 to 45, each item, total and page count equal). A list counts its matches first by reading their ids, up to 1,001. With no more than 1,000 matches its page is sorted from those very products, and a page past the last match reads nothing more: the lists of none above now cost their count alone (evening bags in size 46: 331 ms → about 17 ms at the database). A search of more than 1,000 matches in price, newest, featured or rating order looks at the first 1,000 products of that order; when its page is not among them and the planner expects fewer than 16,000 matches (the full-text statistics keep that estimate close: 6,520 for 6,580 totes), up to 8,000 matches are gathered from the full-text index and sorted instead of walking the order: \`q=tote&sort=price-asc\` 90 ms → 30-40 ms, \`q=leather handbag&sort=price-asc\` 95 → 19-26 ms at the database. Lists of more than 1,000 matches are walked in order as before. At 10,000 products, with the change, one run under the profiler (so not kept in the tables above) gave p95 lists 23.7 ms, product pages 62.5 ms, searches 27.2 ms.
- **Short of the bars before migration 0031.** Lists: three colour filters with more than 1,000 matches, walked in order (p95 is the third slowest of 40). \`minPrice=5000&maxPrice=50000&color=Charcoal&sort=price-asc\` reads 43,080 products in that price band to find 29 charcoal ones (charcoal pieces are the dearer ones), each with a probe of the colour index (2 µs, 86 ms in all); \`minPrice=100000&color=White&sort=rating&page=2\` and \`category=handbags&…&color=Navy&sort=price-desc&page=2\` likewise (about 250 and 100 ms at the database). The planner expects 4,019 variants of any one colour in stock (PostgreSQL's default 0.5 %: it ignores the statistics of a partial expression index such as product_variants_colour_in_stock_idx) where white has 67,080. What would cut them: statistics on \`lower(color)\` (CREATE STATISTICS), a colour index that answers from the index alone, and indexes that carry the filters' columns so that counting needs no heap (a product is now written once with its variants: migration 0030). In the run of the last table the Charcoal list was again the slowest (162 ms): at the database its count of the first 1,001 matches walks the products' key and merges with the colour index (66 ms) and its page walks the price index through 43,080 products (90 ms). Searches: in most runs the slowest were those that gather their matches (\`q=dress&sort=price-asc\`, 7,895 matches, each a page of the heap); in the last one a relevance search, unchanged, waited on the disk (\`q=black\`, 1.4 s).
- **Product pages before 0031** did not depend on the catalogue's size: every statement of one (the product, its variants and images, related pieces, reviews) runs under 1 ms at 100,000 products (EXPLAIN ANALYZE). A profile of the first reads (\`BENCH_PROFILE=1\`, \`scripts/profile-summary.ts\` over the 3 s of product pages) shows the process idle 56 % of the time (its ten or so statements one after another, and the client), React rendering the document 14 %, garbage collection 7 %, socket writes 6 %, compression 4 %: rendering and round trips, as at 10,000. p95 53 to 74 ms over the runs above, against the 40 ms bar.`;

function sameBytesSection(): string {
  const runs = readJson<{ before?: SameBytesRun; now?: SameBytesRun }>(SAME_BYTES_JSON_FILE, {});
  if (!runs.before && !runs.now) return '';
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const table = (
    title: string,
    run: SameBytesRun,
  ) => `### ${title} (measured ${run.date}, ${run.products.toLocaleString('en')} products; load average at the start ${run.load})

${line(['Answer', 'Shop req/s', 'Same bytes req/s', 'Shop / same bytes', 'Shop p99 (ms)', 'Same bytes p99 (ms)', 'Shop CPU', 'Same bytes CPU', 'Bar'])}
${line(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---'])}
${run.pairs
  .map((pair) => {
    const share = pair.shop.rps / pair.same.rps;
    return line([
      `${pair.name}: ${pair.shop.what}`,
      pair.shop.rps.toFixed(0),
      pair.same.rps.toFixed(0),
      `${share.toFixed(2)}×`,
      pair.shop.p99.toFixed(1),
      pair.same.p99.toFixed(1),
      pair.shop.cpu === null ? '—' : `${pair.shop.cpu.toFixed(0)} %`,
      pair.same.cpu === null ? '—' : `${pair.same.cpu.toFixed(0)} %`,
      share >= 0.5 ? '≥ 0.5× (met)' : '≥ 0.5× (**missed**)',
    ]);
  })
  .join('\n')}`;
  return `## Cached answers against the same bytes

A cached answer set against a bare Fastify that sends the very same bytes (status, Content-Type, Content-Encoding, ETag, Cache-Control, Vary and the compressed body, captured from the shop's answer to the same URL with the same \`Accept-Encoding\`), measured right after the shop's row in the same run, with the same requests and connections. The ratio is what the shop's hooks (security headers, cookies and session, limits, input guard, metrics, cache lookup) cost an anonymous shopper's cached answer.

${[
  runs.before ? table('Before', runs.before) : '',
  runs.now ? table(runs.before ? 'After' : 'Latest', runs.now) : '',
]
  .filter(Boolean)
  .join('\n\n')}
${SAME_BYTES_NOTES ? `\n${SAME_BYTES_NOTES}\n` : ''}`;
}

/** What the shop's readers saw while something ran: GET /api/products latencies. */
interface ReadFigures {
  requests: number;
  p50: number;
  p95: number;
  max: number;
  failures: number;
}

interface ImportStep {
  name: string;
  what: string;
  seconds: number;
  status: number;
  reads: ReadFigures;
}

interface ImportFigures {
  date: string;
  machine: string;
  load: string;
  products: number;
  rows: number;
  bytes: number;
  idle: ReadFigures;
  steps: ImportStep[];
  ok: boolean;
  note: string;
}

const IMPORT_PRODUCTS = 2_000;
const IMPORT_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const IMPORT_READERS = 4;

/** 10,000 rows: 2,000 new shirts in five sizes, one colour; `shift` moves every stock figure. */
function importCsv(run: string, shift: number): string {
  const lines = ['handle,name,description,category,price,size,colour,sku,stock'];
  for (let i = 0; i < IMPORT_PRODUCTS; i++)
    for (const [index, size] of IMPORT_SIZES.entries())
      lines.push(
        `bench-${run}-${i},Bench Oxford Shirt ${run} ${i},An Oxford shirt for the import benchmark,Men's Shirts,${18000 + i},${size},Navy,B${run}-${i}-${size},${(i + index + shift) % 12}`,
      );
  return `${lines.join('\r\n')}\r\n`;
}

const percentile = (sorted: number[], share: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

/**
 * Shoppers reading product lists (IMPORT_READERS at a time, one after another, pages 1-5 of a few
 * categories in turn) until `until` settles, or for `idleMs`; each answer's time is kept.
 */
async function readWhile(base: string, until: Promise<unknown> | null, idleMs = 5_000): Promise<ReadFigures> {
  const paths = ['mens-shirts', 'mens-wear', 'womens-bags', 'tote-bags'].flatMap((category) =>
    [1, 2, 3, 4, 5].map((page) => `/api/products?category=${category}&page=${page}`),
  );
  let done = false;
  const stop = until ? until.finally(() => (done = true)) : null;
  const timer = until ? null : setTimeout(() => (done = true), idleMs);
  const times: number[] = [];
  let failures = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: IMPORT_READERS }, async () => {
      while (!done) {
        const requestPath = paths[next++ % paths.length]!;
        const started = performance.now();
        try {
          const response = await fetch(`${base}${requestPath}`, { headers: BROWSER_HEADERS });
          await response.arrayBuffer();
          if (!response.ok) failures += 1;
        } catch {
          failures += 1;
        }
        times.push(performance.now() - started);
      }
    }),
  );
  await stop?.catch(() => undefined);
  if (timer) clearTimeout(timer);
  const sorted = times.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    max: sorted[sorted.length - 1] ?? 0,
    failures,
  };
}

/** The import of 10,000 rows through the REST API, as the admin's page sends it, with shoppers reading meanwhile. */
async function measureImport(base: string, products: number, load: string): Promise<ImportFigures> {
  log('import: signing in as the administrator…');
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SYSTEM_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  if (!token) throw new Error(`the administrator could not sign in (${login.status})`);
  const run = Date.now().toString(36).toUpperCase();
  const first = importCsv(run, 0);
  const send = async (csv: string, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bench-products.csv');
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/products/import${dryRun ? '?dryRun=true' : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await response.json()) as {
      created?: number;
      updated?: number;
      variantsCreated?: number;
      variantsUpdated?: number;
      errorCount?: number;
    };
    return { seconds: (performance.now() - started) / 1000, status: response.status, body };
  };
  // The readers' pages warm up first: the figures compare reads, not the first query plans.
  await readWhile(base, null, 2_000);
  log('import: shoppers reading with no import running…');
  const idle = await readWhile(base, null, 5_000);
  const steps: ImportStep[] = [];
  const step = async (name: string, what: string, csv: string, dryRun: boolean) => {
    log(`import: ${name}…`);
    const sending = send(csv, dryRun);
    const reads = await readWhile(base, sending);
    const { seconds, status, body } = await sending;
    log(
      `import: ${name} answered ${status} in ${seconds.toFixed(2)} s (${JSON.stringify(body).slice(0, 160)}); reads meanwhile p50 ${reads.p50.toFixed(1)} ms, p95 ${reads.p95.toFixed(1)} ms over ${reads.requests}`,
    );
    steps.push({ name, what, seconds, status, reads });
    return body;
  };
  const checked = await step(
    'check',
    'POST …/import?dryRun=true: every row checked, nothing written',
    first,
    true,
  );
  const applied = await step(
    'import',
    'POST …/import: 2,000 products and 10,000 variants created in one transaction',
    first,
    false,
  );
  const again = await step(
    're-import',
    'POST …/import of the same products with every stock changed: 10,000 variants updated',
    importCsv(run, 5),
    false,
  );
  const ok =
    steps.every((s) => s.status === 200) &&
    checked.created === IMPORT_PRODUCTS &&
    applied.created === IMPORT_PRODUCTS &&
    applied.variantsCreated === IMPORT_PRODUCTS * IMPORT_SIZES.length &&
    again.variantsUpdated !== undefined &&
    again.variantsUpdated > 0 &&
    steps.every((s) => s.reads.failures === 0);
  const cpus = os.cpus();
  return {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`,
    load,
    products,
    rows: IMPORT_PRODUCTS * IMPORT_SIZES.length,
    bytes: Buffer.byteLength(first),
    idle,
    steps,
    ok,
    note: ok
      ? `Every step answered 200; the import created ${applied.created} products and ${applied.variantsCreated} variants, the second import changed ${again.variantsUpdated} variants; no reader's request failed.`
      : `**Something went wrong**: ${JSON.stringify({ checked, applied, again }).slice(0, 400)}`,
  };
}

/** docs/benchmarks.md's section for the import, from docs/benchmarks-import.json. */
function importSection(): string {
  if (!fs.existsSync(IMPORT_JSON_FILE)) return '';
  const figures = JSON.parse(fs.readFileSync(IMPORT_JSON_FILE, 'utf8')) as ImportFigures;
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const reads = (r: ReadFigures) => [
    r.requests,
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.max.toFixed(0),
    r.failures,
  ];
  return `## Importing 10,000 rows (measured ${figures.date})

- ${figures.rows.toLocaleString('en')} rows (${(figures.bytes / 1024 / 1024).toFixed(1)} MB: ${IMPORT_PRODUCTS.toLocaleString('en')} new products in ${IMPORT_SIZES.length} sizes) sent to \`POST /api/admin/products/import\` as the admin's page sends it, on a catalogue of ${figures.products.toLocaleString('en')} products; ${IMPORT_READERS} shoppers read \`GET /api/products\` (pages 1-5 of four categories in turn, one request after another) before and during each step. Machine: ${figures.machine}; load average at the start: ${figures.load}.

${line(['Step', 'What', 'Took (s)', 'Reads during it', 'Read p50 (ms)', 'Read p95 (ms)', 'Read max (ms)', 'Failed reads'])}
${line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:'])}
${line(['no import', 'the same reads with nothing else running (5 s)', '—', ...reads(figures.idle)])}
${figures.steps.map((s) => line([s.name, s.what, s.seconds.toFixed(2), ...reads(s.reads)])).join('\n')}

${figures.note} The catalogue's version changes when the import commits, so the reads right after it miss the cache once: the import's p95 includes those first reads.
`;
}

interface SizeResult {
  date: string;
  machine: string;
  load: string;
  products: number;
  rows: Row[];
  orders: string;
  startup?: Startup;
}

/** A later start of the compiled server on a seeded database: time until it answers, and its memory then. */
interface Startup {
  medianSeconds: number;
  baselineSeconds: number;
  rssMib: number | null;
  runs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Starts the shop three times on its seeded database, beside a bare Node process started as often. */
async function measureStartup(databaseUrl: string): Promise<Startup> {
  const seconds: number[] = [];
  const baseline: number[] = [];
  let rss: number | null = null;
  for (let run = 0; run < 3; run++) {
    let started = Date.now();
    const bare = spawn(process.execPath, ['-e', "console.log('bare node ready')"], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await waitForOutput(bare, 'bare node ready', 20_000);
    baseline.push((Date.now() - started) / 1000);
    await waitForExit(bare, 5_000);
    started = Date.now();
    const shop = await startShop({ databaseUrl, env: { LOG_LEVEL: 'error' } });
    seconds.push((Date.now() - started) / 1000);
    const answer = await fetch(`${shop.url}/api/health`);
    await answer.arrayBuffer();
    rss = rssMib(shop.child.pid);
    await shop.stop();
  }
  const result = { medianSeconds: median(seconds), baselineSeconds: median(baseline), rssMib: rss, runs: 3 };
  log(
    `startup: ${result.medianSeconds.toFixed(2)} s to answer (median of 3; bare Node ${result.baselineSeconds.toFixed(2)} s), RSS ${rss?.toFixed(0) ?? '—'} MiB after start`,
  );
  return result;
}

function ratio(row: Row, baseline: Row): string {
  return `${((row.rps / baseline.rps) * 100).toFixed(1)} %`;
}

function markdownTable(rows: Row[]): string {
  const baseline = rows[0]!;
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [
    line([
      'Run',
      'What',
      'Requests/s',
      'p50 (ms)',
      'p97.5 (ms)',
      'p99 (ms)',
      'vs baseline',
      'Shop CPU',
      'RSS (MiB)',
      'Unexpected',
      'Errors',
    ]),
    line(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...rows.map((row) =>
      line([
        row.name,
        row.what,
        row.rps.toFixed(0),
        row.p50.toFixed(1),
        row.p97.toFixed(1),
        row.p99.toFixed(1),
        ratio(row, baseline),
        row.cpu === null ? '—' : `${row.cpu.toFixed(0)} %`,
        row.rssMib === null ? '—' : row.rssMib.toFixed(0),
        row.non2xx,
        row.errors,
      ]),
    ),
  ].join('\n');
}

/** How each figure moved from 10,000 to 100,000 products, row by row. */
function growthTable(small: SizeResult, large: SizeResult): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const rows = large.rows
    .filter((row) => row.name !== 'baseline')
    .map((row) => {
      const before = small.rows.find((candidate) => candidate.name === row.name);
      if (!before) return null;
      const change = (a: number, b: number) => (a > 0 ? `${(((b - a) / a) * 100).toFixed(0)} %` : '—');
      return line([
        row.name,
        `${before.rps.toFixed(0)} → ${row.rps.toFixed(0)}`,
        change(before.rps, row.rps),
        `${before.p99.toFixed(1)} → ${row.p99.toFixed(1)}`,
        `${ratio(before, small.rows[0]!)} → ${ratio(row, large.rows[0]!)}`,
      ]);
    })
    .filter((value): value is string => value !== null);
  return [
    line(['Run', 'Requests/s (10k → 100k)', 'Change', 'p99 ms (10k → 100k)', 'vs baseline (10k → 100k)']),
    line(['---', '---:', '---:', '---:', '---:']),
    ...rows,
  ].join('\n');
}

function section(result: SizeResult): string {
  const clientBound = result.rows.filter((row) => row.cpu !== null && row.cpu < 80).map((row) => row.name);
  return `## ${result.products.toLocaleString('en')} products (measured ${result.date})

- Machine: ${result.machine}; load average at the start: ${result.load}.

${markdownTable(result.rows)}

${result.orders}
${result.startup ? `\nA later start (the compiled server on this seeded database, build already made): ${result.startup.medianSeconds.toFixed(2)} s until it answers, median of ${result.startup.runs} (a bare \`node -e\` takes ${result.startup.baselineSeconds.toFixed(2)} s); ${result.startup.rssMib?.toFixed(0) ?? '—'} MiB resident after start.\n` : ''}
${clientBound.length > 0 ? `\nRows where the shop used well under one core (${clientBound.join(', ')}) were limited by the load generator, which runs on the same two cores and parses every answer: the shop had time to spare.\n` : ''}`;
}

function writeDocs(results: Record<string, SizeResult>): string {
  const small = results['10000'];
  const large = results['100000'];
  const others = Object.entries(results)
    .filter(([size]) => size !== '10000' && size !== '100000')
    .map(([, result]) => result);
  const sections = [small, large, ...others].filter((value): value is SizeResult => value !== undefined);
  return `# Server benchmarks

Written by \`npm run bench\` (scripts/bench.ts; \`npm run bench -- --large\` for 100,000 products); run it again to refresh a section. QUALITY.md's bars are read against these figures in docs/operations.md.

- Database: PostgreSQL on the same machine, catalogue grown from the seed with one \`INSERT … SELECT generate_series\`.
- Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run after an untimed warm-up, sending \`Accept-Encoding: gzip, deflate, br\` and no cookie (an anonymous shopper). The shop is one production process; the load generator runs on the same 2 cores, so every figure includes its cost: the "Shop CPU" column says how much of a core the shop itself used.
- "vs baseline" compares requests per second with a bare Fastify hello-world measured in the same run. Latency columns are autocannon's percentiles (p97.5 stands in for the p95 bars: it is the stricter of the two).
- Catalogue answers come from the shop's version-keyed cache (docs/decisions/0017-catalog-cache.md) after the warm-up; the query plans behind a miss are in docs/benchmarks-queries.md, rendering in docs/benchmarks-ssr.md.

${sections.map(section).join('\n')}
${small && large ? `## From 10,000 to 100,000 products\n\n${growthTable(small, large)}\n` : ''}
${sameBytesSection()}
${firstReadsSection(readJson<Record<string, FirstReads>>(FIRST_READS_JSON_FILE, {}), FIRST_READS_NOTES)}
${importSection()}
## How to profile

\`BENCH_PROFILE=1 BENCH_ONLY=pages npm run bench\` runs the shop under \`node --cpu-prof\`; when it stops, the \`.cpuprofile\` files are in the directory the bench prints (open them in Chrome DevTools' Performance panel, or \`npx tsx scripts/profile-summary.ts <file> 10\` for the last 10 s by package and function; docs/benchmarks-ssr.md). Profile with \`CATALOG_CACHE=off\` in the shop's environment to see what a miss costs. For a query, \`npx tsx scripts/explain-queries.ts <DATABASE_URL>\` prints timings and \`EXPLAIN (ANALYZE, BUFFERS)\`.
`;
}

async function main() {
  if (ONLY.size === 1 && ONLY.has('docs')) {
    // BENCH_ONLY=docs: docs/benchmarks.md written again from the JSON files, nothing measured.
    const results = readJson<Record<string, SizeResult>>(JSON_FILE, {});
    fs.writeFileSync(
      DOC_FILE,
      await prettier.format(writeDocs(results), { parser: 'markdown', proseWrap: 'preserve' }),
    );
    log(`written to ${path.relative(root, DOC_FILE)} from the figures kept`);
    return;
  }
  if (ONLY.has('ledger')) {
    await benchLedger(log);
    ONLY.delete('ledger');
    if (ONLY.size === 0) return;
  }
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('building the pages and the server (only if the sources changed)…');
    const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const database = await benchDatabase();
  let shop: ShopProcess | undefined;
  const profileDir = PROFILE ? fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-profile-')) : undefined;
  try {
    log('first start: migrating and seeding…');
    shop = await startShop({
      databaseUrl: database.url,
      // The order run's crowd comes through a proxy on this machine, each shopper from an address of their own.
      env: { LOG_LEVEL: 'error', TRUST_PROXY: 'loopback' },
      nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    });
    const grown = Date.now();
    await growCatalog(database.query, PRODUCTS, log);
    log(`catalogue ready in ${((Date.now() - grown) / 1000).toFixed(0)} s`);
    await picturesDrawn(shop.uploadDir, log);
    const pid = shop.child.pid;
    const products = await database.query<{ id: number; category_id: string }>(
      "SELECT p.id, p.category_id FROM products p WHERE EXISTS (SELECT 1 FROM product_images i WHERE i.product_id = p.id) AND p.status = 'active' ORDER BY p.id LIMIT 20",
    );
    const sample = products[0]!;
    const [orderable] = await database.query<{ id: number; sizes: string[] }>(
      "SELECT id, sizes FROM products WHERE status = 'active' AND cardinality(sizes) <= 1 ORDER BY id DESC LIMIT 1",
    );
    // Enough stock that the order run never runs out: every request places an order.
    await database.query('UPDATE product_variants SET stock = 1000000 WHERE product_id = $1', [
      orderable!.id,
    ]);
    const [before] = await database.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [
      orderable!.id,
    ]);
    const load = os.loadavg()[0]!.toFixed(1);
    const cpus = os.cpus();
    const machine = `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;

    // Before anything else asks the shop a question: nothing is cached, no query has run yet.
    if (ONLY.has('first')) {
      const figures = await measureFirstReads(
        shop.url,
        database.query as never,
        { machine, products: PRODUCTS, load },
        log,
      );
      if (!PROFILE) {
        const runs = readJson<Record<string, FirstReads>>(FIRST_READS_JSON_FILE, {});
        runs[`${PRODUCTS}${KEEP_AS_BEFORE ? ' before' : ''}`] = figures;
        fs.writeFileSync(FIRST_READS_JSON_FILE, `${JSON.stringify(runs, null, 2)}\n`);
      }
    }

    const baseline = await measureBaseline();
    const rows: Row[] = [baseline];
    const base = shop.url;
    const size = PRODUCTS.toLocaleString('en');
    const run = async (
      name: string,
      what: string,
      paths: string[],
      extra: Partial<autocannon.Options> = {},
    ) => {
      const requests = paths.map((requestPath) => ({ method: 'GET' as const, path: requestPath }));
      // An untimed pass first: route modules, query plans and the catalogue cache warm up.
      await autocannon({
        url: base,
        connections: 4,
        amount: Math.max(200, paths.length * 4),
        requests,
        headers: BROWSER_HEADERS,
      });
      rows.push(await measure(name, what, { ...extra, url: base, requests, headers: BROWSER_HEADERS }, pid));
    };
    const category = encodeURIComponent(sample.category_id);
    const ids = products.map((product) => product.id);
    const pairs: SameBytesPair[] = [];
    /** The shop's last row against a bare Fastify sending the bytes the shop sent for the same paths. */
    const sameBytes = async (name: string, paths: string[]) => {
      const shopRow = rows[rows.length - 1]!;
      const same = await measureSameBytes(
        `same bytes: ${name}`,
        `bare Fastify sending the shop's very bytes for the ${name} row's requests`,
        base,
        paths,
      );
      rows.push(same);
      pairs.push({ name, shop: shopRow, same });
      log(`${name}: ${(shopRow.rps / same.rps).toFixed(2)}× of the same bytes from a bare Fastify`);
    };

    if (ONLY.has('api')) {
      const listPath = `/api/products?category=${category}&minPrice=10000&maxPrice=200000&sort=price-asc&page=2`;
      await run('api list', `GET /api/products, category + price filter, sorted, page 2 (${size} products)`, [
        listPath,
      ]);
      await sameBytes('api list', [listPath]);
      await run(
        'api product',
        'GET /api/products/{id}, 20 products in turn',
        ids.map((id) => `/api/products/${id}`),
      );
      await run('api categories', 'GET /api/categories', ['/api/categories']);
    }
    if (ONLY.has('search')) {
      const queries = ['leather', 'bag', 'black', 'handbg', 'lether', 'leather handbag', 'black shirt'];
      await run(
        'search',
        `GET /api/products?q=… in turn: ${queries.map((query) => `'${query}'`).join(', ')}`,
        queries.map((query) => `/api/products?q=${encodeURIComponent(query)}&pageSize=24`),
      );
    }
    if (ONLY.has('pages')) {
      await run('home', 'GET / (server-rendered)', ['/']);
      await run('product list', 'GET /products', ['/products']);
      const pagePaths = ids.map((id) => `/product/${id}`);
      await run('product page', 'GET /product/{id}, 20 products in turn', pagePaths);
      await sameBytes('product page', pagePaths);
      await run('category', 'GET /category/{id}', [`/category/${category}`]);
      await run('sale', 'GET /sale', ['/sale']);
      const first = await fetch(`${base}/product/${sample.id}`, { headers: BROWSER_HEADERS });
      await first.arrayBuffer();
      const etag = first.headers.get('etag');
      if (etag) {
        rows.push(
          await measure(
            'repeat visit',
            'GET /product/{id} with If-None-Match (the browser holds the page: 304)',
            { url: `${base}/product/${sample.id}`, headers: { ...BROWSER_HEADERS, 'if-none-match': etag } },
            pid,
            (status) => status === 304,
          ),
        );
      } else log('repeat visit: the page has no ETag; skipped');
    }

    let ordersNote = '';
    let failed = false;
    if (ONLY.has('orders')) {
      // A crowd of shoppers, each with an e-mail and an address of their own, all after one product.
      let shopper = 0;
      const orderBody = () => {
        shopper += 1;
        const order = testOrderBody(
          { id: orderable!.id, size: orderable!.sizes[0] ?? null },
          { email: `bench+${shopper}@example.ng` },
        );
        order.shippingAddress = { ...order.shippingAddress, address: `${shopper} Allen Avenue` };
        return JSON.stringify(order);
      };
      let created = 0;
      const ordersStarted = new Date();
      const instanceRow = await measure(
        'orders',
        'POST /api/orders, 16 connections of new shoppers racing for one product, each a real order with its stock check',
        {
          url: `${base}/api/orders`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          requests: [
            {
              method: 'POST',
              path: '/api/orders',
              setupRequest: (request) => {
                const body = orderBody();
                const forwardedFor = `10.${(shopper >> 16) & 255}.${(shopper >> 8) & 255}.${shopper & 255}`;
                return { ...request, body, headers: { ...request.headers, 'x-forwarded-for': forwardedFor } };
              },
            },
          ],
        },
        pid,
        (status) => status === 201,
        (status) => {
          if (status === 201) created += 1;
        },
      );
      rows.push(instanceRow);
      // Requests still in flight when the run stopped finish on their own: let them land.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      log('checking stock and orders…');
      const [after] = await database.query<{ stock: number; sold: string; orders: string; negative: string }>(
        `SELECT p.stock,
                (SELECT COALESCE(SUM(l.quantity), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id
                  WHERE l.product_id = p.id AND o.email LIKE 'bench+%@example.ng') AS sold,
                (SELECT count(*) FROM orders o WHERE o.email LIKE 'bench+%@example.ng' AND o.created_at >= $2) AS orders,
                (SELECT count(*) FROM products WHERE stock < 0) AS negative
           FROM products p WHERE p.id = $1`,
        [orderable!.id, ordersStarted],
      );
      const oversold =
        Number(before!.stock) - Number(after!.sold) !== Number(after!.stock) || Number(after!.negative) > 0;
      const lost = created > Number(after!.orders);
      failed = oversold || lost;
      ordersNote = `After the order run: ${created.toLocaleString('en')} answers 201, ${Number(after!.orders).toLocaleString('en')} orders in the database (${lost ? '**orders were lost**' : 'none lost; a few more may come from requests still in flight when the run stopped'}); stock ${before!.stock} → ${after!.stock}, ${oversold ? '**an oversell was found**' : 'no oversell (stock equals the starting stock minus the units ordered, no product below zero)'}.`;
      log(ordersNote);
    }

    const startup = await measureStartup(database.url);
    process.stdout.write(`\n${markdownTable(rows)}\n\n`);
    if (pairs.length > 0 && !PROFILE) {
      const runs = readJson<{ before?: SameBytesRun; now?: SameBytesRun }>(SAME_BYTES_JSON_FILE, {});
      const figures: SameBytesRun = {
        date: new Date().toISOString().slice(0, 10),
        machine,
        load,
        products: PRODUCTS,
        pairs,
      };
      runs[KEEP_AS_BEFORE ? 'before' : 'now'] = figures;
      fs.writeFileSync(SAME_BYTES_JSON_FILE, `${JSON.stringify(runs, null, 2)}\n`);
    }
    if (ONLY.has('import')) {
      const figures = await measureImport(base, PRODUCTS, os.loadavg()[0]!.toFixed(1));
      if (!figures.ok) failed = true;
      fs.writeFileSync(IMPORT_JSON_FILE, `${JSON.stringify(figures, null, 2)}\n`);
    }

    if (SECTIONS.every((name) => ONLY.has(name)) && !PROFILE) {
      const results = (
        fs.existsSync(JSON_FILE) ? JSON.parse(fs.readFileSync(JSON_FILE, 'utf8')) : {}
      ) as Record<string, SizeResult>;
      results[String(PRODUCTS)] = {
        date: new Date().toISOString().slice(0, 10),
        machine,
        load,
        products: PRODUCTS,
        rows,
        orders: ordersNote,
        startup,
      };
      fs.writeFileSync(JSON_FILE, `${JSON.stringify(results, null, 2)}\n`);
      const small = results['10000'];
      const large = results['100000'];
      if (small && large) process.stdout.write(`${growthTable(small, large)}\n\n`);
      fs.writeFileSync(
        DOC_FILE,
        await prettier.format(writeDocs(results), { parser: 'markdown', proseWrap: 'preserve' }),
      );
      log(`written to ${path.relative(root, DOC_FILE)} and ${path.relative(root, JSON_FILE)}`);
    } else if (!PROFILE && fs.existsSync(JSON_FILE)) {
      // A subset: its own sections (import, same bytes, first reads) are new, the others are written
      // again from what docs/benchmarks.json holds.
      const results = JSON.parse(fs.readFileSync(JSON_FILE, 'utf8')) as Record<string, SizeResult>;
      fs.writeFileSync(
        DOC_FILE,
        await prettier.format(writeDocs(results), { parser: 'markdown', proseWrap: 'preserve' }),
      );
      log(`this subset's sections written to ${path.relative(root, DOC_FILE)}`);
    } else log('a subset or a profiled run: docs/benchmarks.md is left as it is');
    if (failed) process.exitCode = 1;
  } finally {
    await shop?.stop();
    await database.drop();
    if (profileDir) log(`CPU profiles of the shop: ${profileDir}`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `[bench] could not measure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
