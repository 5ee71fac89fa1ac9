/**
 * `npm run bench:web`: Lighthouse (mobile preset, simulated throttling) on the production build of the shop.
 *
 * Builds the pages, starts the server the way the browser tests do (tests/e2e/global-setup.ts: production mode,
 * a fresh embedded PGlite database in a temporary DATA_DIR, the product pictures reused from the e2e cache),
 * runs Lighthouse RUNS times on each shopping page (home, catalogue, a product, a category, the sale, a search, the
 * checkout with one piece in the bag, the journal), and prints the medians, the
 * bars each page meets or misses, and what holds each page back. The tables also go to docs/benchmarks-web.md,
 * and the full report of each page's median run to test-results/lighthouse/ (ignored by git).
 *
 * A measurement, not a test: it exits 0 when a bar is missed, and non-zero only when it could not measure
 * (the build failed, the server did not start, Chromium or Lighthouse could not run).
 *
 * Environment: CHROME_PATH (default /usr/bin/chromium), BENCH_RUNS (default 3), BENCH_SKIP_BUILD=1 to reuse build/,
 * BENCH_PAGES=home,checkout (a subset, by name). `--before` keeps this run as the "before" table that later runs are
 * set against (docs/benchmarks-web.json holds both).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS } from '../tests/e2e/browser';
import { freePort, tail, waitForExit, waitForOutput } from '../tests/fixtures/processes';
import { picturesDrawn } from '../tests/fixtures/shop-process';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import type { CartLine } from '../app/lib/shop-stores';
import lighthouse, { generateReport, type Flags, type Result } from 'lighthouse';
import * as prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_TEXT = 'Rossy is open at';
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 20_000;
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 3);
const CHROME_PATH = process.env.CHROME_PATH?.trim() || '/usr/bin/chromium';
const CHROME_FLAGS = [...CHROMIUM_FLAGS];
const DOC_FILE = path.join(root, 'docs', 'benchmarks-web.md');
const REPORT_DIR = path.join(root, 'test-results', 'lighthouse');
const JSON_FILE = path.join(root, 'docs', 'benchmarks-web.json');
const AS_BEFORE = process.argv.includes('--before');

/** The bars a page should meet (on the medians). */
const BARS = { score: 95, lcpS: 1.5, cls: 0.02, tbtMs: 100, jsKiB: 160 };

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

function log(message: string) {
  process.stdout.write(`[bench:web] ${message}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? NaN;
  return ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

const kib = (bytes: number) => bytes / 1024;
const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

function markdownTable(headings: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(headings), line(headings.map(() => '---')), ...rows.map(line)].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Build and server

function build() {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    log('BENCH_SKIP_BUILD=1: using the existing build/');
    return;
  }
  log('building the shop (npm run build: only when the sources changed)…');
  const started = Date.now();
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error || result.status !== 0) {
    process.stderr.write(result.stdout?.toString() ?? '');
    process.stderr.write(result.stderr?.toString() ?? '');
    throw new Error(`the build failed (${result.error?.message ?? `exit code ${result.status}`})`);
  }
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

interface Server {
  baseUrl: string;
  stop(): Promise<void>;
}

/** One production server on a fresh PGlite database in a temporary directory, as the e2e global setup starts it. */
async function startServer(tempDir: string): Promise<Server> {
  const uploadDir = path.join(root, 'node_modules', '.cache', 'rossy-e2e', 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  const logFile = path.join(tempDir, 'server.log');
  const serverLog = fs.createWriteStream(logFile);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // The compiled server, as `npm start` runs it: one process, so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['build/app-server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tempDir, 'data'),
      UPLOAD_DIR: uploadDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL: 'admin@rossy.test',
      ADMIN_PASSWORD: `Bench-${randomBytes(6).toString('hex')}-Kente-7391`,
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(serverLog, { end: false });
  child.stderr.pipe(serverLog, { end: false });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        process.stderr.write(
          `[bench:web] the server did not stop within ${STOP_TIMEOUT_MS / 1000} s; killing it\n`,
        );
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await new Promise<void>((resolve) => serverLog.end(resolve));
  };

  log('starting the server (first start seeds the demo catalogue)…');
  const started = Date.now();
  try {
    await waitForOutput(child, READY_TEXT, START_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw new Error(
      `could not start the server: ${(error as Error).message}\n--- last lines of the server output ---\n${tail(logFile)}`,
    );
  }
  log(`server ready at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await picturesDrawn(uploadDir, log);
  child.once('exit', (code, signal) => {
    if (stopped) return;
    process.stderr.write(
      `[bench:web] the server stopped during the run (code ${code}, signal ${signal})\n${tail(logFile)}\n`,
    );
  });
  return { baseUrl, stop };
}

/** A bag line as the shop's product page writes it to the browser's storage. */
type BagLine = CartLine;

/** The catalogue's first piece, and the bag line a shopper who chose it would have. */
async function firstProduct(baseUrl: string): Promise<BagLine> {
  const answer = async <T>(address: string): Promise<T> => {
    const response = await fetch(baseUrl + address);
    if (!response.ok) throw new Error(`GET ${address} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const list = await answer<{ items?: { id: number }[] }>('/api/products?pageSize=1');
  const id = list.items?.[0]?.id;
  if (id === undefined) throw new Error('GET /api/products?pageSize=1 returned no product');
  const product = await answer<{
    id: number;
    name: string;
    price: number;
    category: { name: string };
    images: { url: string }[];
    colors: { name: string }[];
    sizes: string[];
  }>(`/api/products/${id}`);
  // As the product page's "Add to Cart" writes it.
  return {
    id: product.id,
    name: product.name,
    price: product.price,
    image: product.images[0]?.url ?? null,
    category: product.category.name,
    quantity: 1,
    selectedColor: product.colors[0]?.name ?? null,
    selectedSize: product.sizes[0] ?? null,
  };
}

/**
 * Puts one line in the bag of the browser Lighthouse drives, and empties its HTTP cache, so a run that keeps the
 * origin's storage (the checkout's) still loads every file as a first visit does.
 */
async function prepareBag(port: number, baseUrl: string, line: BagLine | undefined): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send('Network.clearBrowserCache');
    // What a first visit has none of: a service worker (with its copies of the pages) and cached files.
    await session.send('Storage.clearDataForOrigin', {
      origin: baseUrl,
      storageTypes: 'service_workers,cache_storage,indexeddb',
    });
    await page.goto(`${baseUrl}/robots.txt`);
    // Nothing else a first visit would not have (the web fonts' "kept" note among them), then the bag.
    await page.evaluate(
      (value) => {
        localStorage.clear();
        if (value) localStorage.setItem('rossy.cart', value);
      },
      line ? JSON.stringify([line]) : '',
    );
    await page.close();
  } finally {
    // Leaves the browser running: it is chrome-launcher's, and Lighthouse drives it next.
    await browser.close().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Lighthouse

interface RunFigures {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  jsBytes: number;
  totalBytes: number;
}

interface PageResult {
  name: string;
  path: string;
  runs: RunFigures[];
  median: RunFigures;
  /** The run whose performance score is the median: its audits are the ones reported. */
  representative: Result;
}

/** The parts of Lighthouse's table/list details this script reads; the real types are wide unions. */
interface TableDetails {
  type: string;
  items?: Record<string, unknown>[];
  overallSavingsMs?: number;
  overallSavingsBytes?: number;
}

function details(lhr: Result, id: string): TableDetails | undefined {
  return lhr.audits[id]?.details as unknown as TableDetails | undefined;
}

function numeric(lhr: Result, id: string): number {
  const value = lhr.audits[id]?.numericValue;
  if (typeof value !== 'number') throw new Error(`the report has no value for ${id}`);
  return value;
}

function figures(lhr: Result): RunFigures {
  const score = lhr.categories.performance?.score;
  if (typeof score !== 'number') throw new Error('the report has no performance score');
  const requests = details(lhr, 'network-requests')?.items ?? [];
  const jsBytes = requests
    .filter((request) => request.resourceType === 'Script')
    .reduce((sum, request) => sum + (typeof request.transferSize === 'number' ? request.transferSize : 0), 0);
  return {
    score: Math.round(score * 100),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    jsBytes,
    totalBytes: numeric(lhr, 'total-byte-weight'),
  };
}

function medianFigures(runs: RunFigures[]): RunFigures {
  const of = (key: keyof RunFigures) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    lcpMs: of('lcpMs'),
    cls: of('cls'),
    tbtMs: of('tbtMs'),
    fcpMs: of('fcpMs'),
    jsBytes: of('jsBytes'),
    totalBytes: of('totalBytes'),
  };
}

/** Attempts per run: Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) and passes the next time. */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number, keepStorage: boolean): Promise<Result> {
  // Lighthouse's default config is the mobile preset: formFactor mobile, Moto G Power screen emulation,
  // simulated throttling at 150 ms RTT, 1.6 Mbps down (1638.4 kbps), 4x CPU slowdown.
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    // The checkout is measured with its bag: the origin's storage is kept, the HTTP cache emptied beforehand.
    disableStorageReset: keepStorage,
    // A first visit has nothing in localStorage either (the web fonts' "kept" note, decision 0052): Lighthouse's
    // reset leaves it by default.
    clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'],
  };
  let problem = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const result = await lighthouse(url, flags);
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError && typeof lhr.categories.performance?.score === 'number') return lhr;
    problem = lhr?.runtimeError
      ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
      : 'no result or no performance score';
    if (attempt < ATTEMPTS) log(`${url}: Lighthouse failed (${problem}); trying again`);
  }
  throw new Error(`Lighthouse could not measure ${url} in ${ATTEMPTS} attempts: ${problem}`);
}

interface BenchPage {
  name: string;
  path: string;
  /** The bag the page is opened with (the checkout's); the other pages open with clean storage. */
  bag?: BagLine;
}

async function measure(pages: BenchPage[], baseUrl: string, port: number): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const page of pages) {
    const url = baseUrl + page.path;
    const lhrs: Result[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const started = Date.now();
      loadSamples.push(os.loadavg()[0] ?? 0);
      if (page.bag) await prepareBag(port, baseUrl, page.bag);
      const lhr = await runLighthouse(url, port, page.bag !== undefined);
      const measured = figures(lhr);
      log(
        `${page.path} run ${run}/${RUNS}: score ${measured.score}, LCP ${fixed(measured.lcpMs / 1000, 2)} s, ` +
          `TBT ${Math.round(measured.tbtMs)} ms (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
      lhrs.push(lhr);
    }
    const runs = lhrs.map(figures);
    const byScore = lhrs
      .map((lhr, index) => ({ lhr, score: runs[index]?.score ?? 0, lcp: runs[index]?.lcpMs ?? 0 }))
      .sort((a, b) => a.score - b.score || b.lcp - a.lcp);
    const representative = byScore[Math.floor((byScore.length - 1) / 2)]?.lhr;
    if (!representative) throw new Error(`no Lighthouse run for ${page.path}`);
    results.push({ name: page.name, path: page.path, runs, median: medianFigures(runs), representative });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// Reporting

function shortUrl(value: unknown, origin: string): string {
  if (typeof value !== 'string') return String(value);
  const short = value.startsWith(origin) ? value.slice(origin.length) || '/' : value;
  return short.length > 90 ? `${short.slice(0, 87)}…` : short;
}

function resultsTable(results: PageResult[]): string {
  return markdownTable(
    ['Page', 'Perf', 'LCP (s)', 'CLS', 'TBT (ms)', 'FCP (s)', 'JS gz (KiB)', 'Total (KiB)', 'Perf per run'],
    results.map(({ path: pagePath, median: m, runs }) => [
      `\`${pagePath}\``,
      String(Math.round(m.score)),
      fixed(m.lcpMs / 1000, 2),
      fixed(m.cls, 3),
      String(Math.round(m.tbtMs)),
      fixed(m.fcpMs / 1000, 2),
      fixed(kib(m.jsBytes), 1),
      fixed(kib(m.totalBytes), 1),
      runs.map((run) => run.score).join(' / '),
    ]),
  );
}

/** A run kept to compare with: the medians per page, when and how busy the machine was. */
interface KeptRun {
  date: string;
  load: string;
  pages: { path: string; name: string; median: RunFigures; runs: number[] }[];
}

function keptRun(results: PageResult[]): KeptRun {
  return {
    date: new Date().toISOString(),
    load: loadSummary().text,
    pages: results.map((result) => ({
      path: result.path,
      name: result.name,
      median: result.median,
      runs: result.runs.map((run) => run.score),
    })),
  };
}

function readKept(): { before?: KeptRun } {
  try {
    return JSON.parse(fs.readFileSync(JSON_FILE, 'utf8')) as { before?: KeptRun };
  } catch {
    return {};
  }
}

/** Before and now, page by page (by name: a product's id may differ between seeds). */
function beforeAfterTable(before: KeptRun, results: PageResult[]): string {
  const cell = (was: number | undefined, now: number, shown: (value: number) => string) =>
    was === undefined ? shown(now) : `${shown(was)} → ${shown(now)}`;
  return markdownTable(
    ['Page', 'Perf', 'LCP (s)', 'TBT (ms)', 'CLS', 'FCP (s)', 'JS gz (KiB)'],
    results.map((result) => {
      const was = before.pages.find((page) => page.name === result.name)?.median;
      const now = result.median;
      return [
        `\`${result.path}\``,
        cell(was?.score, now.score, (value) => String(Math.round(value))),
        cell(was?.lcpMs, now.lcpMs, (value) => fixed(value / 1000, 2)),
        cell(was?.tbtMs, now.tbtMs, (value) => String(Math.round(value))),
        cell(was?.cls, now.cls, (value) => fixed(value, 3)),
        cell(was?.fcpMs, now.fcpMs, (value) => fixed(value / 1000, 2)),
        cell(was?.jsBytes, now.jsBytes, (value) => fixed(kib(value), 1)),
      ];
    }),
  );
}

function barsTable(results: PageResult[]): string {
  const mark = (ok: boolean, shown: string) => `${ok ? '✓' : '✗'} ${shown}`;
  return markdownTable(
    [
      'Page',
      `Perf ≥ ${BARS.score}`,
      `LCP ≤ ${BARS.lcpS} s`,
      `CLS ≤ ${BARS.cls}`,
      `TBT ≤ ${BARS.tbtMs} ms`,
      `JS ≤ ${BARS.jsKiB} KiB`,
      'All bars',
    ],
    results.map(({ path: pagePath, median: m }) => {
      const checks = [
        m.score >= BARS.score,
        m.lcpMs / 1000 <= BARS.lcpS,
        m.cls <= BARS.cls,
        m.tbtMs <= BARS.tbtMs,
        kib(m.jsBytes) <= BARS.jsKiB,
      ];
      return [
        `\`${pagePath}\``,
        mark(checks[0] ?? false, String(Math.round(m.score))),
        mark(checks[1] ?? false, `${fixed(m.lcpMs / 1000, 2)} s`),
        mark(checks[2] ?? false, fixed(m.cls, 3)),
        mark(checks[3] ?? false, `${Math.round(m.tbtMs)} ms`),
        mark(checks[4] ?? false, `${fixed(kib(m.jsBytes), 1)} KiB`),
        checks.every(Boolean) ? 'met' : `**${checks.filter((ok) => !ok).length} missed**`,
      ];
    }),
  );
}

/** What holds one page back, from its median run: the LCP element and phases, then the audits named above. */
function diagnostics(result: PageResult, origin: string): string {
  const lhr = result.representative;
  const lines: string[] = [
    `### \`${result.path}\` (${result.name}; median run, score ${result.median.score})`,
    '',
  ];

  // LCP element and its phases.
  const lcp = details(lhr, 'largest-contentful-paint-element');
  const lcpTables = (lcp?.items ?? []) as unknown as TableDetails[];
  const node = lcpTables[0]?.items?.[0]?.node as
    { nodeLabel?: string; snippet?: string; selector?: string } | undefined;
  if (node) {
    lines.push(
      `- **LCP element**: \`${(node.snippet ?? '').split(origin).join('').slice(0, 160)}\` (${node.selector ?? '?'})`,
    );
  }
  const phases = lcpTables[1]?.items ?? [];
  if (phases.length > 0) {
    lines.push(
      `- **LCP phases** (simulated): ${phases
        .map((phase) => `${String(phase.phase)} ${Math.round(Number(phase.timing))} ms`)
        .join(', ')}`,
    );
  }

  // Failing audits with estimated savings, biggest first: Lighthouse's "opportunities and diagnostics".
  const perfAuditIds = new Set((lhr.categories.performance?.auditRefs ?? []).map((ref) => ref.id));
  const metricIds = new Set([
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
    'interactive',
    'max-potential-fid',
  ]);
  const failing = Object.values(lhr.audits)
    .filter(
      (audit) =>
        perfAuditIds.has(audit.id) &&
        !metricIds.has(audit.id) &&
        audit.score !== null &&
        audit.score < 0.9 &&
        audit.scoreDisplayMode !== 'informative' &&
        audit.scoreDisplayMode !== 'notApplicable',
    )
    .map((audit) => {
      const savings = audit.metricSavings ?? {};
      const total = (savings.LCP ?? 0) + (savings.FCP ?? 0) + (savings.TBT ?? 0) + (savings.CLS ?? 0) * 1000;
      return { audit, savings, total };
    })
    .sort((a, b) => b.total - a.total);
  if (failing.length > 0) {
    lines.push('- **Failing audits** (estimated metric savings):');
    for (const { audit, savings } of failing.slice(0, 8)) {
      const saved = Object.entries(savings)
        .filter(([, value]) => typeof value === 'number' && value > 0)
        .map(
          ([metric, value]) =>
            `${metric} −${metric === 'CLS' ? fixed(value ?? 0, 3) : `${Math.round(value ?? 0)} ms`}`,
        )
        .join(', ');
      lines.push(
        `  - ${audit.title} (\`${audit.id}\`)${audit.displayValue ? `: ${audit.displayValue}` : ''}${saved ? ` — ${saved}` : ''}`,
      );
    }
  } else {
    lines.push('- **Failing audits**: none');
  }

  // The named audits, in brief.
  const top = (id: string, format: (item: Record<string, unknown>) => string, count = 4) => {
    const items = details(lhr, id)?.items ?? [];
    return items.slice(0, count).map(format).join('; ');
  };
  const url = (item: Record<string, unknown>) => `\`${shortUrl(item.url, origin)}\``;
  const bytes = (value: unknown) => `${fixed(kib(Number(value)), 1)} KiB`;
  const audit = (id: string) => lhr.audits[id];
  const scoreOf = (id: string) => {
    const score = audit(id)?.score;
    return score === null || score === undefined ? audit(id)?.scoreDisplayMode : `score ${score}`;
  };

  const renderBlocking = top(
    'render-blocking-resources',
    (item) => `${url(item)} ${Math.round(Number(item.wastedMs))} ms`,
  );
  lines.push(
    `- **render-blocking-resources** (${scoreOf('render-blocking-resources')}): ${renderBlocking || 'none'}`,
  );
  const unusedJs = top(
    'unused-javascript',
    (item) => `${url(item)} ${bytes(item.wastedBytes)} unused of ${bytes(item.totalBytes)}`,
  );
  lines.push(`- **unused-javascript** (${scoreOf('unused-javascript')}): ${unusedJs || 'none'}`);
  const fontDisplay = top('font-display', (item) => url(item));
  lines.push(`- **font-display** (${scoreOf('font-display')}): ${fontDisplay || 'all fonts swap/optional'}`);
  const cacheItems = details(lhr, 'uses-long-cache-ttl')?.items ?? [];
  const cache = cacheItems
    .slice(0, 4)
    .map((item) => `${url(item)} ${Math.round(Number(item.cacheLifetimeMs) / 1000)} s`)
    .join('; ');
  lines.push(
    `- **uses-long-cache-ttl** (${scoreOf('uses-long-cache-ttl')}): ${cacheItems.length} resources${cache ? ` — ${cache}` : ''}`,
  );
  const weight = top('total-byte-weight', (item) => `${url(item)} ${bytes(item.totalBytes)}`, 5);
  lines.push(`- **total-byte-weight** (${audit('total-byte-weight')?.displayValue ?? ''}): ${weight}`);
  const bootup = top(
    'bootup-time',
    (item) =>
      `${url(item)} ${Math.round(Number(item.total))} ms (script ${Math.round(Number(item.scripting))} ms)`,
  );
  lines.push(`- **bootup-time** (${audit('bootup-time')?.displayValue ?? ''}): ${bootup || 'none'}`);
  const mainThread = top(
    'mainthread-work-breakdown',
    (item) => `${String(item.groupLabel ?? item.group)} ${Math.round(Number(item.duration))} ms`,
    6,
  );
  lines.push(
    `- **mainthread-work-breakdown** (${audit('mainthread-work-breakdown')?.displayValue ?? ''}): ${mainThread}`,
  );
  const ttfb = audit('server-response-time');
  if (ttfb?.numericValue !== undefined) {
    lines.push(`- **server-response-time** (observed, root document): ${Math.round(ttfb.numericValue)} ms`);
  }
  return lines.join('\n');
}

/** The 1-minute load average before each run: other work on the machine inflates the CPU-bound figures. */
const loadSamples: number[] = [];
/** The same before the build and the server start: this run's own work has not yet raised it. */
const loadAtStart = os.loadavg()[0] ?? 0;

/** Busy: other work was running when the bench started, or the load went well past the core count (Chromium,
 * Lighthouse and the server account for about one core-load of their own). */
function loadSummary(): { text: string; busy: boolean } {
  const cores = os.cpus().length;
  if (loadSamples.length === 0)
    return { text: `${fixed(loadAtStart, 1)} at the start (${cores} cores)`, busy: false };
  const max = Math.max(...loadSamples);
  return {
    text: `${fixed(loadAtStart, 1)} at the start, ${fixed(Math.min(...loadSamples), 1)}–${fixed(max, 1)} during the runs (${cores} cores)`,
    busy: loadAtStart > cores || max > cores * 1.5,
  };
}

function machineInfo(sample: Result | undefined) {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    node: process.version,
    date: new Date().toISOString(),
    chrome: sample?.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? 'unknown',
    lighthouse: sample?.lighthouseVersion ?? 'unknown',
    benchmarkIndex: sample?.environment.benchmarkIndex,
  };
}

function document(results: PageResult[], origin: string, before: KeptRun | undefined): string {
  const machine = machineInfo(results[0]?.representative);
  const settings = results[0]?.representative.configSettings;
  const throttling = settings?.throttling;
  const load = loadSummary();
  return [
    '# Web performance benchmark (Lighthouse)',
    '',
    'Written by `npm run bench:web` (scripts/bench-web.ts); run it again to refresh this page.',
    '',
    `- Date: ${machine.date}`,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${os.platform()} ${os.release()}`,
    `- Browser: ${machine.chrome}, Lighthouse ${machine.lighthouse}` +
      (machine.benchmarkIndex ? ` (benchmarkIndex ${Math.round(machine.benchmarkIndex)})` : ''),
    `- Load average (1 min): ${load.text}` +
      (load.busy
        ? ". **The machine was busy with other work**: TBT, and through Lighthouse's simulation also FCP and " +
          'LCP, come out higher and noisier than on an idle machine.'
        : ''),
    `- Preset: ${settings?.formFactor ?? 'mobile'}, ${settings?.throttlingMethod ?? 'simulate'} throttling` +
      (throttling
        ? ` (${throttling.rttMs} ms RTT, ${fixed((throttling.throughputKbps ?? 0) / 1000, 1)} Mbps, ` +
          `${throttling.cpuSlowdownMultiplier}x CPU)`
        : ''),
    `- Server: production build, embedded PGlite with the seeded demo catalogue, on 127.0.0.1 ` +
      '(gzip over plain HTTP: Chromium asks for Brotli only over HTTPS)',
    `- ${RUNS} runs per page; each figure is the median of the runs, the diagnostics come from the run with the ` +
      'median score. KiB = 1024 bytes; JS is the sum of `transferSize` of the script requests in `network-requests`.',
    '',
    '## Results',
    '',
    resultsTable(results),
    '',
    ...(before
      ? [
          `## Before and now`,
          '',
          `Before: \`npm run bench:web -- --before\` on ${before.date.slice(0, 10)} (load average ${before.load}), ` +
            'kept in docs/benchmarks-web.json; now: this run. Medians of the runs.',
          '',
          beforeAfterTable(before, results),
          '',
        ]
      : []),
    '## Bars',
    '',
    barsTable(results),
    '',
    '## What holds each page back',
    '',
    results.map((result) => diagnostics(result, origin)).join('\n\n'),
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------------------------
// Main

const cleanups: (() => Promise<void> | void)[] = [];
let cleaningUp: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        process.stderr.write(`[bench:web] clean-up failed: ${(error as Error).message}\n`);
      }
    }
  })();
  return cleaningUp;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    process.stderr.write(`\n[bench:web] ${signal}: stopping\n`);
    void cleanUp().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

async function main(): Promise<number> {
  if (!fs.existsSync(CHROME_PATH)) {
    throw new Error(
      `no Chromium at ${CHROME_PATH}: install it (apt-get install chromium) or set CHROME_PATH`,
    );
  }
  build();

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-bench-web-'));
  cleanups.push(() => fs.rmSync(tempDir, { recursive: true, force: true }));
  const server = await startServer(tempDir);
  cleanups.push(() => server.stop());

  const product = await firstProduct(server.baseUrl);
  const allPages: BenchPage[] = [
    { name: 'home', path: '/' },
    { name: 'catalogue', path: '/products' },
    { name: 'product', path: `/product/${product.id}` },
    { name: 'category', path: '/category/womens-bags' },
    { name: 'sale', path: '/sale' },
    { name: 'search', path: '/search?q=tote' },
    { name: 'checkout', path: '/checkout', bag: product },
    { name: 'journal', path: '/blog' },
  ];
  const only = process.env.BENCH_PAGES?.split(',').map((name) => name.trim());
  const pages = only ? allPages.filter((page) => only.includes(page.name)) : allPages;
  if (pages.length === 0) throw new Error(`BENCH_PAGES=${process.env.BENCH_PAGES} names no page`);
  // One unmeasured request per page first, so the server's first-render costs do not land in a run.
  for (const page of pages) {
    const response = await fetch(server.baseUrl + page.path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${page.path} answered ${response.status}`);
  }

  log(`launching ${CHROME_PATH}…`);
  const chrome = await chromeLauncher
    .launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, handleSIGINT: false, logLevel: 'error' })
    .catch((error: unknown) => {
      throw new Error(`could not start ${CHROME_PATH}: ${(error as Error).message}`);
    });
  cleanups.push(() => chrome.kill());

  const results = await measure(pages, server.baseUrl, chrome.port);
  const load = loadSummary();
  if (load.busy) {
    log(`warning: the machine was busy (load average ${load.text}); the CPU-bound figures are inflated`);
  }

  fs.mkdirSync(REPORT_DIR, { recursive: true });
  for (const result of results) {
    fs.writeFileSync(
      path.join(REPORT_DIR, `${result.name}.html`),
      generateReport(result.representative, 'html'),
    );
  }
  // Formatted the way `npm run format:check` wants it (aligned tables, too, which read better in a terminal).
  const kept = readKept();
  const thisRun = keptRun(results);
  const before = AS_BEFORE ? thisRun : kept.before;
  fs.writeFileSync(JSON_FILE, `${JSON.stringify({ before, latest: thisRun }, null, 2)}\n`);
  const markdown = await prettier.format(document(results, server.baseUrl, AS_BEFORE ? undefined : before), {
    ...(await prettier.resolveConfig(DOC_FILE)),
    filepath: DOC_FILE,
  });
  fs.mkdirSync(path.dirname(DOC_FILE), { recursive: true });
  fs.writeFileSync(DOC_FILE, markdown);

  process.stdout.write(`\n${markdown}`);
  log(
    `wrote ${path.relative(root, DOC_FILE)}, and the median runs' reports to ${path.relative(root, REPORT_DIR)}/`,
  );
  return 0;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  process.stderr.write(
    `\n[bench:web] could not measure: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  exitCode = 1;
}
await cleanUp();
process.exit(exitCode);
