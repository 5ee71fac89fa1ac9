import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALLOW_MANY_UNPAID_ORDERS_SQL } from '../fixtures/orders';
import { freePort, tail, waitForExit, waitForOutput } from '../fixtures/processes';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's PostgreSQL database (created for this run), or null when it runs on the embedded PGlite. */
    databaseUrl: string | null;
    /** The administrator the server creates on its first start. */
    adminEmail: string;
    adminPassword: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY_TEXT = 'Rossy is open at';
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 20_000;

/** The PostgreSQL server tried when TEST_DATABASE_URL is not set: the one on this machine and in CI. */
const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_PREFIX = 'rossy_e2e_';

/** Fixed, so a test can sign in as the administrator; strong enough for the shop's password policy. */
const ADMIN_EMAIL = 'admin@rossy.test';
const ADMIN_PASSWORD = 'E2e-Admin-Kente-7391';

async function withClient<T>(
  connectionString: string,
  body: (client: pg.Client) => Promise<T>,
  connectionTimeoutMillis = 5_000,
): Promise<T> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis });
  client.on('error', () => {});
  await client.connect();
  try {
    return await body(client);
  } finally {
    await client.end().catch(() => {});
  }
}

function withoutPassword(address: string): string {
  const parsed = new URL(address);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

interface E2eDatabase {
  /** DATABASE_URL for the server. */
  url: string;
  /** Where it lives, for the log; never shows a password. */
  label: string;
  drop(): Promise<void>;
}

/**
 * A fresh PostgreSQL database for this run, on TEST_DATABASE_URL's server, or else on the local server when it
 * answers; null when neither is there (the server then runs on the embedded PGlite). A TEST_DATABASE_URL that
 * does not work is an error, not a reason to fall back.
 */
async function createE2eDatabase(): Promise<E2eDatabase | null> {
  const configured = process.env.TEST_DATABASE_URL?.trim();
  const serverUrl = configured || LOCAL_POSTGRES_URL;
  const name = `${DATABASE_PREFIX}${Date.now().toString(36)}_${process.pid}_${randomBytes(3).toString('hex')}`;
  try {
    await withClient(
      serverUrl,
      async (client) => {
        await dropAbandonedDatabases(client, serverUrl);
        await client.query(`CREATE DATABASE ${name}`);
      },
      configured ? 10_000 : 2_000,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (configured) {
      throw new Error(
        `TEST_DATABASE_URL is set (${withoutPassword(serverUrl)}), but a database for the browser tests could not ` +
          `be created there: ${message}`,
      );
    }
    process.stdout.write(
      `[e2e] no PostgreSQL at ${LOCAL_POSTGRES_URL} (${message}); the server runs on the embedded PGlite, ` +
        'and tests that read the database (such as the password-reset mail) will fail\n',
    );
    return null;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: withoutPassword(url.toString()),
    drop: () =>
      withClient(serverUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/**
 * Databases of earlier runs on this machine that ended without their teardown (a killed run): the name carries
 * the run's process id, and a process that no longer exists needs its database no more.
 */
async function dropAbandonedDatabases(client: pg.Client, serverUrl: string): Promise<void> {
  const host = new URL(serverUrl).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) return;
  const { rows } = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE datname LIKE $1',
    [`${DATABASE_PREFIX}%`],
  );
  for (const { datname } of rows) {
    const pid = Number(/^rossy_e2e_[a-z0-9]+_(\d+)_[0-9a-f]+$/.exec(datname)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0 || isRunning(pid)) continue;
    await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Starts one production server (from build/) on a fresh database for the whole run. */
export default async function setup(project: TestProject) {
  const serverBuild = path.join(root, 'build', 'app-server', 'index.js');
  if (!fs.existsSync(serverBuild)) {
    throw new Error(
      `The browser tests need a production build, and ${path.relative(root, serverBuild)} is missing.\n` +
        'Run `npm run build` first; `npm run test:e2e` does this for you.',
    );
  }

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-e2e-'));
  const uploadDir = path.join(root, 'node_modules', '.cache', 'rossy-e2e', 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  const logFile = path.join(tempDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await createE2eDatabase();

  // The compiled server, as `npm start` runs it: one process, so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['build/app-server/index.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database?.url ?? '',
      REDIS_URL: '',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tempDir, 'data'),
      UPLOAD_DIR: uploadDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // The tests stand in for a load balancer: an API shopper's X-Forwarded-For (shopperAddress) is
      // its own address, so per-address limits meet each test's shoppers only, as with real phones.
      TRUST_PROXY: 'loopback',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });

  let stopping = false;
  const stop = async ({ keepLog = false } = {}) => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        process.stderr.write(
          `[e2e] the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killing it\n`,
        );
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await new Promise<void>((resolve) => log.end(resolve));
    reportServerErrors(logFile);
    // After a failed start the log stays for reading; the database never does.
    fs.rmSync(keepLog ? path.join(tempDir, 'data') : tempDir, { recursive: true, force: true });
    if (database) {
      await database.drop().catch((error: unknown) => {
        process.stderr.write(
          `[e2e] could not drop the test database ${database.label}: ${(error as Error).message}\n`,
        );
      });
    }
  };

  const started = Date.now();
  try {
    await waitForOutput(child, READY_TEXT, START_TIMEOUT_MS);
  } catch (error) {
    await stop({ keepLog: true });
    const output = tail(logFile);
    throw new Error(
      `Could not start the Rossy server for the browser tests: ${(error as Error).message}\n` +
        `--- last lines of the server output (${logFile}) ---\n${output}`,
    );
  }

  // Every browser in the run is one client address (127.0.0.1) and its journeys place many unpaid
  // orders: the shop's limits on open unpaid orders (3 per e-mail, 10 per address by default) step
  // aside here. tests/security/order-probes.test.ts keeps them at their defaults.
  if (database) await withClient(database.url, (client) => client.query(ALLOW_MANY_UNPAID_ORDERS_SQL));
  process.stdout.write(
    `[e2e] server ready at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s, on ` +
      `${database ? `PostgreSQL ${database.label}` : 'the embedded PGlite'}\n`,
  );
  project.provide('baseUrl', baseUrl);
  project.provide('databaseUrl', database?.url ?? null);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `\n[e2e] the server stopped in the middle of the run (code ${code}, signal ${signal}); ` +
        `the tests that follow will fail.\n--- last lines of ${logFile} ---\n${tail(logFile)}\n`,
    );
  });

  return async () => {
    await stop();
  };
}

/**
 * The errors the shop logged during the run (level error or worse), so a browser test that met
 * "Something went wrong" can be read against the server's side of it after the log is gone.
 */
function reportServerErrors(logFile: string): void {
  if (!fs.existsSync(logFile)) return;
  const errors = fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => {
      try {
        return (JSON.parse(line) as { level?: number }).level! >= 50;
      } catch {
        return false;
      }
    });
  if (errors.length === 0) return;
  process.stderr.write(
    `[e2e] the server logged ${errors.length} error(s) during the run:\n` +
      `${errors
        .slice(0, 10)
        .map((line) => line.slice(0, 2000))
        .join('\n')}\n`,
  );
}
