import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from './project-root';
import { lockEmbeddedDatabase } from './embedded-lock';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as catalog from './schema/catalog';
import * as settings from './schema/settings';
import * as accounts from './schema/accounts';
import * as mail from './schema/mail';
import * as orders from './schema/orders';
import * as content from './schema/content';
import * as payments from './schema/payments';
import * as admin from './schema/admin';
import * as returns from './schema/returns';
import * as vitals from './schema/vitals';
import * as inventory from './schema/inventory';

export const schema = {
  ...catalog,
  ...settings,
  ...accounts,
  ...mail,
  ...orders,
  ...content,
  ...payments,
  ...admin,
  ...returns,
  ...vitals,
  ...inventory,
};
export type Schema = typeof schema;

/** The one database type core functions take: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A short description for logs: never includes a password. */
  label: string;
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding the shop's start-up lock, so that several processes starting together
   * on one PostgreSQL database migrate and seed it once, one after the other.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /** The PostgreSQL pool's connections right now (none for the embedded database, which has one). */
  poolStats(): { max: number; total: number; idle: number; waiting: number } | null;
  /**
   * Calls `onMessage` with each payload NOTIFY sends on `channel` once its transaction commits, on a
   * connection of its own. When that connection is lost, `onLost` is called (notifications may have
   * been missed) and it reconnects; `onListening` is called each time it listens again.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onMessage(payload: string): void;
  onListening?(): void;
  onLost?(error: unknown): void;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/** LISTEN on PostgreSQL over a client of its own, reconnecting after a second when the connection drops. */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const lost = (error: unknown) => {
    if (stopped || !client) return;
    const dead = client;
    client = null;
    dead.removeAllListeners('notification');
    dead.end().catch(() => {});
    handlers.onLost?.(error);
    retry = setTimeout(() => void connect().catch(lost), 1000);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on('error', (error) => lost(error));
    next.on('end', () => lost(new Error('The listening connection ended.')));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    handlers.onListening?.();
  }

  // A database that cannot be reached yet is retried like a lost connection: the shop starts anyway.
  await connect().catch(lost);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on('error', () => {});
      await current.end().catch(() => {});
    }
  };
}

/**
 * How close a mistyped search word must be to a word of the catalogue ('handbg' → handbag, 0.5):
 * set on every connection as pg_trgm's similarity threshold, which the `%` operator and the trigram
 * index of search_words use (core/catalog/list-products.ts).
 */
export const TYPO_SIMILARITY = 0.3;

/** The advisory lock held while a process migrates and seeds (any constant; 'ROSY' in ASCII). */
const STARTUP_LOCK_KEY = 0x524f5359;

const migrationsFolder = path.join(projectRoot, 'db', 'migrations');

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * Who opens an embedded database ("the shop", "a backup"): named to the next process that tries to
   * open it meanwhile, which is refused (db/embedded-lock.ts).
   */
  purpose?: string;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.maxConnections ?? 10);
  return openPglite(options.dataDir ?? './data', options.purpose ?? 'another process');
}

function openPostgres(databaseUrl: string, max: number): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max,
    // Also how long a request waits for a free connection in a rush: long enough to queue, short enough to fail fast when the database is gone.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    options: `-c pg_trgm.similarity_threshold=${TYPO_SIMILARITY}`,
  });
  // An idle client that loses its server must not crash the process: the next query reports it.
  pool.on('error', () => {});
  // Nor a checked-out one (a transaction between two statements): the pool listens only to idle
  // clients, and an 'error' event nobody listens to ends the process. Its next query reports it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const url = new URL(databaseUrl);
  return {
    db,
    kind: 'postgres',
    label: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`,
    async migrate() {
      await pool.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePg(drizzlePg(pool), { migrationsFolder });
    },
    async exclusively(work) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    poolStats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: (channel, handlers) => listenPostgres(databaseUrl, channel, handlers),
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, purpose: string): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const directory = inMemory ? dataDir : path.resolve(dataDir, 'pglite');
  if (!inMemory) fs.mkdirSync(directory, { recursive: true });
  // Throws EmbeddedDatabaseInUse while another live process has this directory open.
  const unlock = inMemory ? () => {} : lockEmbeddedDatabase(directory, purpose);
  let client: PGlite;
  try {
    client = await PGlite.create(directory, { extensions: { pg_trgm } });
    await client.exec(`SET pg_trgm.similarity_threshold = ${TYPO_SIMILARITY}`);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    label: inMemory ? 'embedded PGlite (in memory)' : `embedded PGlite at ${directory}`,
    async migrate() {
      await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    // One process owns an embedded database: there is nobody to wait for.
    exclusively: (work) => work(),
    async ping() {
      await client.query('SELECT 1');
    },
    poolStats: () => null,
    async listen(channel, handlers) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      const unlisten = await client.listen(channel, (payload) => handlers.onMessage(payload));
      handlers.onListening?.();
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}
