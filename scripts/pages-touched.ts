/**
 * `npx tsx scripts/pages-touched.ts <DATABASE_URL> [top]`: how many pages of the database each of
 * the first-reads bench's lists and searches touches (PostgreSQL's blocks hit and read, from
 * `pg_stat_database`), asked through the shop's own `listProducts` on one connection. Unlike their
 * milliseconds, the count does not move with what the machine's memory holds: it is how changes to
 * the lists' queries and indexes are compared (docs/benchmarks.md, first reads). With `top`, the
 * costliest questions of each kind are printed too. PostgreSQL 15 or later; nothing else may use the
 * database meanwhile.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client';
import { listProducts } from '../core/catalog/list-products';
import { questions } from './bench-first-reads';

const url = process.argv[2];
if (!url) {
  process.stderr.write('usage: npx tsx scripts/pages-touched.ts <DATABASE_URL> [top]\n');
  process.exit(2);
}
const top = Number(process.argv[3] ?? 0);

const reader = new pg.Pool({ connectionString: url, max: 1 });
const asked = await questions(async (text, values) => (await reader.query(text, values)).rows as never);
const database = await openDatabase({ databaseUrl: url, maxConnections: 1 });

/** The shop's connection's figures, sent now rather than up to a second later, then everyone's. */
async function pagesSoFar(): Promise<number> {
  await database.db.execute(sql`SELECT pg_stat_force_next_flush()`);
  await database.db.execute(sql`SELECT 1`);
  await reader.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await reader.query<{ pages: string }>(
    'SELECT blks_hit + blks_read AS pages FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]?.pages ?? 0);
}

for (const [kind, paths] of [
  ['lists', asked.lists],
  ['searches', asked.searches],
] as const) {
  const touched: { path: string; pages: number }[] = [];
  for (const path of paths) {
    const before = await pagesSoFar();
    await listProducts(database.db, Object.fromEntries(new URL(path, 'http://shop').searchParams));
    // pagesSoFar's own two statements (no table) are in every figure alike.
    touched.push({ path, pages: (await pagesSoFar()) - before });
  }
  const sorted = touched.map((entry) => entry.pages).sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
  process.stdout.write(
    `${kind}: ${touched.length} questions, ${sorted.reduce((sum, pages) => sum + pages, 0)} pages touched (median ${at(0.5)}, p95 ${at(0.95)})\n`,
  );
  for (const entry of [...touched].sort((a, b) => b.pages - a.pages).slice(0, top))
    process.stdout.write(`  ${String(entry.pages).padStart(6)}  ${entry.path}\n`);
}
await database.close();
await reader.end();
