/**
 * The stock ledger at a million rows: `BENCH_ONLY=ledger npm run bench` (issue 46: "the ledger is
 * indexed for a variant's history, first page < 20 ms at 1M rows").
 *
 * On a database of its own (migrated, seeded, the catalogue grown to BENCH_LEDGER_PRODUCTS products,
 * default 10,000), `inventory_movements` is grown to BENCH_LEDGER_ROWS rows (default 1,000,000) with
 * `INSERT … SELECT generate_series` in steps of 100,000: one busy size × colour takes every 20th row
 * (5 %), the others a long tail (a few take thousands, most a handful), and a store room that does not
 * sell online every 1,000th. The rows are written straight into the table, not through the trigger on
 * `product_variants`, so the invariant the trigger keeps (a variant's last row's balance is its stock)
 * does not hold for them: for a benchmark of reads that is fine, and the database is dropped after.
 * Each sale names one of 20,000 orders made for the bench (so the page's join to orders finds one);
 * no row names a staff member.
 *
 * Then, in rounds (each read once per round, in turn, so a busy moment of the shared machine slows
 * them all alike), through the shop's own core functions: `SELECT 1` (the baseline: one round trip
 * on the same connection pool), the first page of `listMovements` for the busy variant, a quiet one,
 * the store room and the whole ledger, the busy variant's 20th and last pages, and `productStockHistory` for the
 * busy variant's product. Each prints its median, p95 and the ratio of its median to the baseline's.
 * BENCH_LEDGER_COMPARE=<path of another movements.ts> measures that version's reads too, in the same
 * rounds (e.g. the one before a change: `git show HEAD~1:core/inventory/movements.ts`, its imports made
 * absolute, beside a node_modules link to the shop's).
 * With BENCH_EXPLAIN=1 each statement those reads send is shown with EXPLAIN (ANALYZE, BUFFERS).
 *
 * BENCH_LEDGER_ON=postgres,pglite picks the databases (default postgres: TEST_DATABASE_URL's server
 * or the local one; BENCH_DATABASE_URL reuses one already grown; pglite: the embedded database in a
 * temporary directory, or BENCH_PGLITE_DIR to keep and reuse one). BENCH_LEDGER_ROUNDS (default 41).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { openDatabase, schema, type Db, type DatabaseHandle } from '../db/client';
import { listMovements, productStockHistory } from '../core/inventory/movements';
import { seedCatalog } from '../seed/seed-catalog';
import { createScratchDatabase } from '../tests/fixtures/shop-process';
import { growCatalog } from './grow-catalog';

type Log = (line: string) => void;
type Query = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

const ROWS = Math.max(10_000, Number(process.env.BENCH_LEDGER_ROWS) || 1_000_000);
const PRODUCTS = Math.max(100, Number(process.env.BENCH_LEDGER_PRODUCTS) || 10_000);
const ROUNDS = Math.max(5, Number(process.env.BENCH_LEDGER_ROUNDS) || 41);
const STEP = 100_000;
/** Orders the sales name, each by several rows. */
const ORDERS = 20_000;
const STORE_ROOM = 'Store room (ledger bench)';

export interface LedgerRead {
  name: string;
  median: number;
  p95: number;
  /** The median over the baseline's. */
  ratio: number;
}

export interface LedgerFigures {
  database: string;
  rows: number;
  variants: number;
  busyRows: number;
  quietRows: number;
  storeRoomRows: number;
  baseline: LedgerRead;
  reads: LedgerRead[];
}

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

/** The pool or PGlite under a Drizzle database: both answer `query(text, values)` with rows. */
interface RawClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}
const clientOf = (db: Db) => (db as unknown as { $client: RawClient }).$client;

/** The shop's schema, seeded catalogue and grown ledger; each step skipped when already done. */
async function prepare(handle: DatabaseHandle, log: Log): Promise<void> {
  const query: Query = async (text, values = []) => {
    return (await clientOf(handle.db).query(text, values)).rows as Record<string, unknown>[];
  };
  await handle.migrate();
  const [products] = await query('SELECT count(*)::int AS count FROM products');
  if (Number(products?.count) === 0) {
    log('seeding the catalogue…');
    await seedCatalog(handle.db, { uploadDir: '/nonexistent', images: false });
  }
  await growCatalog(query, PRODUCTS, log);
  await query(
    `INSERT INTO stock_locations (name, fulfils_online, position)
     SELECT $1, false, 99 WHERE NOT EXISTS (SELECT 1 FROM stock_locations WHERE name = $1)`,
    [STORE_ROOM],
  );
  // Orders for the sales to name (the page joins each row's order for its number).
  await query(
    `INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                         payment_method, status, subtotal_kobo, shipping_kobo, tax_kobo, total_kobo,
                         tax_rate_percent, access_token_hash)
     SELECT 'LB-' || g, 'ledger-bench+' || g || '@example.ng', '08000000000', '{}', 'standard', 'Standard',
            'bank-transfer', 'delivered', 1000000, 0, 0, 1000000, 0, md5(g::text)
       FROM generate_series(1, $1::int) AS g
      WHERE NOT EXISTS (SELECT 1 FROM orders WHERE number LIKE 'LB-%')`,
    [ORDERS],
  );
  const [ledger] = await query(
    'SELECT count(*)::int AS count, coalesce(max(id), 0)::bigint AS last FROM inventory_movements',
  );
  let rows = Number(ledger?.count);
  if (rows >= ROWS) return;
  log(`growing the ledger from ${rows.toLocaleString('en')} to ${ROWS.toLocaleString('en')} rows…`);
  const started = Date.now();
  for (let from = rows; from < ROWS; from += STEP) {
    const to = Math.min(ROWS, from + STEP);
    // Row g: every 20th the busy variant (the first), every 1,000th at the store room, the rest a
    // long tail over the others (the golden ratio's multiples cubed: low numbers take most rows).
    // Times a minute apart, oldest first, ending now.
    await query(
      `WITH v AS (SELECT row_number() OVER (ORDER BY id) AS n, id, product_id, sku FROM product_variants),
            total AS (SELECT count(*) AS variants FROM product_variants),
            g AS (
              SELECT g, CASE WHEN g % 20 = 0 THEN 1
                             ELSE 2 + floor((variants - 2) * power((g * 0.6180339887498949) % 1, 3))::int END AS pick
                FROM generate_series($1::int, $2::int - 1) AS g, total)
       INSERT INTO inventory_movements (variant_id, product_id, sku, location_id, quantity, reason, balance,
                                        note, created_at, order_id)
       SELECT v.id, v.product_id, v.sku,
              CASE WHEN g.g % 1000 = 7 THEN (SELECT id FROM stock_locations WHERE name = $3)
                   ELSE (SELECT id FROM stock_locations WHERE is_default) END,
              CASE WHEN g.g % 10 < 6 THEN -(1 + g.g % 3) ELSE 1 + g.g % 5 END,
              (ARRAY['sale', 'sale', 'sale', 'sale', 'sale', 'sale', 'release', 'import', 'adjustment',
                     'refund_restock'])[1 + g.g % 10],
              (g.g * 7) % 200, '', now() - (($4::int - g.g) * interval '1 minute'),
              CASE WHEN g.g % 10 < 6 THEN first_order.id + g.g % $5::int END
         FROM g JOIN v ON v.n = g.pick
        CROSS JOIN (SELECT min(id) AS id FROM orders WHERE number LIKE 'LB-%') AS first_order
        ORDER BY g.g`,
      [from, to, STORE_ROOM, ROWS, ORDERS],
    );
    rows = to;
    log(`  ${rows.toLocaleString('en')} rows (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await query('VACUUM ANALYZE inventory_movements');
  await query('CHECKPOINT').catch(() => undefined);
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)] ?? 0;
const p95 = (sorted: number[]) => sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;

interface Subjects {
  busy: number;
  busyProduct: number;
  busyRows: number;
  quiet: number;
  quietRows: number;
  storeRoom: number;
  storeRoomRows: number;
  variants: number;
  rows: number;
}

async function subjects(db: Db): Promise<Subjects> {
  const one = async (statement: ReturnType<typeof sql>) => rowsOf(await db.execute(statement))[0] ?? {};
  const busy = await one(sql`
    SELECT variant_id, product_id, count(*)::int AS count FROM inventory_movements
     WHERE variant_id IS NOT NULL GROUP BY variant_id, product_id ORDER BY count(*) DESC, variant_id LIMIT 1`);
  // A quiet size × colour: a handful of rows, the last of the long tail.
  const quiet = await one(sql`
    SELECT variant_id, count(*)::int AS count FROM inventory_movements
     WHERE variant_id IS NOT NULL GROUP BY variant_id HAVING count(*) BETWEEN 2 AND 10
     ORDER BY variant_id DESC LIMIT 1`);
  const room = await one(sql`
    SELECT s.id, (SELECT count(*)::int FROM inventory_movements m WHERE m.location_id = s.id) AS count
      FROM stock_locations s WHERE s.name = ${STORE_ROOM}`);
  const totals = await one(sql`
    SELECT (SELECT count(*)::int FROM product_variants) AS variants,
           (SELECT count(*)::int FROM inventory_movements) AS rows`);
  return {
    busy: Number(busy.variant_id),
    busyProduct: Number(busy.product_id),
    busyRows: Number(busy.count),
    quiet: Number(quiet.variant_id),
    quietRows: Number(quiet.count),
    storeRoom: Number(room.id),
    storeRoomRows: Number(room.count),
    variants: Number(totals.variants),
    rows: Number(totals.rows),
  };
}

/** The reads measured, as a movements module (the shop's, or another version to compare) makes them. */
interface Reader {
  listMovements: typeof listMovements;
  productStockHistory: typeof productStockHistory;
}
const shops: Reader = { listMovements, productStockHistory };

function reads(
  db: Db,
  s: Subjects,
  { listMovements, productStockHistory }: Reader = shops,
): [string, () => Promise<unknown>][] {
  return [
    [
      `listMovements: busy variant (${s.busyRows.toLocaleString('en')} rows), page 1`,
      () => listMovements(db, { variantId: s.busy, page: 1 }),
    ],
    [
      `listMovements: quiet variant (${s.quietRows} rows), page 1`,
      () => listMovements(db, { variantId: s.quiet, page: 1 }),
    ],
    [
      `productStockHistory: the busy variant's product (newest 20)`,
      () => productStockHistory(db, s.busyProduct),
    ],
    [
      `listMovements: whole ledger (${s.rows.toLocaleString('en')} rows), page 1`,
      () => listMovements(db, { page: 1 }),
    ],
    [
      `listMovements: store room (${s.storeRoomRows.toLocaleString('en')} rows), page 1`,
      () => listMovements(db, { locationId: s.storeRoom, page: 1 }),
    ],
    [`listMovements: busy variant, page 20`, () => listMovements(db, { variantId: s.busy, page: 20 })],
    [
      `listMovements: busy variant, last page (${Math.ceil(s.busyRows / 50)})`,
      () => listMovements(db, { variantId: s.busy, page: Math.ceil(s.busyRows / 50) }),
    ],
  ];
}

async function measure(handle: DatabaseHandle, log: Log, explain: boolean): Promise<LedgerFigures> {
  const { db } = handle;
  const s = await subjects(db);
  const cases: [string, () => Promise<unknown>][] = [
    ['baseline: SELECT 1 (one round trip)', () => db.execute(sql`SELECT 1`)],
    ...reads(db, s),
  ];
  const compare = process.env.BENCH_LEDGER_COMPARE?.trim();
  if (compare) {
    const other = (await import(path.resolve(compare))) as Reader;
    cases.push(
      ...reads(db, s, other).map(([name, work]): [string, () => Promise<unknown>] => [
        `${name} [${compare}]`,
        work,
      ]),
    );
  }
  const samples = cases.map(() => [] as number[]);
  // Untimed rounds first: the plans are made and the indexes' pages read into memory.
  for (let round = 0; round < ROUNDS + 3; round += 1) {
    for (const [index, [, work]] of cases.entries()) {
      const started = performance.now();
      await work();
      if (round >= 3) samples[index]!.push(performance.now() - started);
    }
  }
  const figures = cases.map(([name], index) => {
    const sorted = samples[index]!.sort((a, b) => a - b);
    return { name, median: median(sorted), p95: p95(sorted), ratio: 0 };
  });
  const baseline = figures[0]!;
  for (const read of figures) read.ratio = read.median / baseline.median;

  if (explain) {
    const client = clientOf(db);
    const native = (db as unknown as { $client: pg.Pool | PGlite }).$client;
    const captured: { query: string; params: unknown[] }[] = [];
    const logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
    const capturing = (handle.kind === 'postgres'
      ? drizzlePg(native as pg.Pool, { schema, logger })
      : drizzlePglite(native as PGlite, { schema, logger })) as unknown as Db;
    for (const [name, work] of reads(capturing, s)) {
      captured.length = 0;
      await work();
      log(`EXPLAIN (ANALYZE, BUFFERS): ${name}`);
      for (const { query, params } of [...captured]) {
        const result = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
        const plan = (result.rows as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
        process.stdout.write(`${query}\n-- ${JSON.stringify(params)}\n${plan}\n\n`);
      }
    }
  }

  return {
    database: handle.label,
    rows: s.rows,
    variants: s.variants,
    busyRows: s.busyRows,
    quietRows: s.quietRows,
    storeRoomRows: s.storeRoomRows,
    baseline,
    reads: figures.slice(1),
  };
}

function table(figures: LedgerFigures): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    `${figures.database}: ${figures.rows.toLocaleString('en')} rows over ${figures.variants.toLocaleString('en')} variants; ${ROUNDS} rounds; ms`,
    '',
    line(['Read', 'median', 'p95', 'median / baseline']),
    line(['---', '---:', '---:', '---:']),
    ...[figures.baseline, ...figures.reads].map((read) =>
      line([read.name, read.median.toFixed(2), read.p95.toFixed(2), `${read.ratio.toFixed(1)}×`]),
    ),
  ].join('\n');
}

/** Grows, measures and prints the ledger on each database BENCH_LEDGER_ON names. */
export async function benchLedger(log: Log): Promise<LedgerFigures[]> {
  const targets = (process.env.BENCH_LEDGER_ON ?? 'postgres').split(',').map((part) => part.trim());
  const explain = process.env.BENCH_EXPLAIN === '1';
  const results: LedgerFigures[] = [];
  log(`ledger: load average at the start ${os.loadavg()[0]!.toFixed(1)}`);
  for (const target of targets) {
    if (target !== 'postgres' && target !== 'pglite') throw new Error(`BENCH_LEDGER_ON: unknown ${target}`);
    let cleanUp = async () => {};
    let handle: DatabaseHandle;
    if (target === 'postgres') {
      const reused = process.env.BENCH_DATABASE_URL?.trim();
      let url = reused;
      if (!url) {
        const scratch = await createScratchDatabase('ledger');
        url = scratch.url;
        cleanUp =
          process.env.BENCH_KEEP_DATABASE === '1'
            ? () => Promise.resolve(log(`database kept: ${url}`))
            : scratch.drop;
      }
      handle = await openDatabase({ databaseUrl: url, maxConnections: 4 });
    } else {
      const kept = process.env.BENCH_PGLITE_DIR?.trim();
      const dataDir = kept || fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-ledger-'));
      if (!kept) cleanUp = () => Promise.resolve(fs.rmSync(dataDir, { recursive: true, force: true }));
      handle = await openDatabase({ dataDir, purpose: 'the ledger benchmark' });
    }
    try {
      const started = Date.now();
      await prepare(handle, log);
      log(`${handle.label}: ready in ${((Date.now() - started) / 1000).toFixed(0)} s; measuring…`);
      const figures = await measure(handle, log, explain);
      process.stdout.write(`\n${table(figures)}\n\n`);
      results.push(figures);
    } finally {
      await handle.close();
      await cleanUp();
    }
  }
  log(`ledger: load average at the end ${os.loadavg()[0]!.toFixed(1)}`);
  return results;
}
