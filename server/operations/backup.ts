import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import type { DatabaseHandle, Db, Tx } from '../../db/client';

/**
 * A shop's backup: one .tar.gz holding
 *   manifest.json          what it is, when it was taken, the migrations it needs, each table's rows
 *   database/<table>.jsonl  every row of every table, one JSON object per line (PostgreSQL's own
 *                           row_to_json, so timestamps, numbers, arrays and JSON keep their exact text)
 *   sequences.json          where each sequence stands (order numbers, identities)
 *   media/…                 the uploaded and drawn pictures
 *   session-secret          the key that signs sessions and e-mailed links, when the shop keeps it in its data folder
 * The same format for the embedded database and PostgreSQL: a backup of one restores into the other.
 */
export const BACKUP_FORMAT = 'rossy-backup';
export const BACKUP_VERSION = 1;
const BATCH = 1000;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: DatabaseHandle['kind'];
  /** The migrations applied when it was taken: a restore needs the same ones. */
  migrations: number;
  tables: { name: string; rows: number }[];
  media: number;
}

export interface BackupSource {
  database: DatabaseHandle;
  uploadDir: string;
  dataDir: string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function publicTables(db: Db | Tx): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  );
  return rows.map((row) => row.name);
}

async function appliedMigrations(db: Db | Tx): Promise<number> {
  const rows = rowsOf<{ count: number }>(
    await db.execute(sql`SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations`),
  );
  return rows[0]?.count ?? 0;
}

/** The tables in an order where each comes after the tables its foreign keys point to. */
async function parentsFirst(db: Db | Tx, tables: string[]): Promise<string[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      SELECT c.relname AS child, p.relname AS parent
      FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace cn ON cn.oid = c.relnamespace
      JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND cn.nspname = 'public'`),
  );
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) visit(edge.parent);
    visiting.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function copyMedia(from: string, to: string): Promise<number> {
  if (!fs.existsSync(from)) return 0;
  let count = 0;
  const walk = (directory: string) => {
    for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
      const source = path.join(directory, entry.name);
      const target = path.join(to, path.relative(from, source));
      if (entry.isDirectory()) {
        fs.mkdirSync(target, { recursive: true });
        walk(source);
      } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        // A hard link where the file system allows it: the archive reads the bytes, nothing is copied.
        try {
          fs.linkSync(source, target);
        } catch {
          fs.copyFileSync(source, target);
        }
        count++;
      }
    }
  };
  walk(from);
  return count;
}

/**
 * Writes a backup of the shop to `file`: every table read in one consistent snapshot (the shop may
 * keep taking orders meanwhile), then the pictures. Written to a temporary name and renamed, so a
 * backup file is always whole.
 */
export async function backupShop(source: BackupSource, file: string): Promise<BackupManifest> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-backup-'));
  try {
    fs.mkdirSync(path.join(work, 'database'));
    const { db } = source.database;
    const snapshot = await db.transaction(
      async (tx) => {
        const tables = await publicTables(tx);
        const counted: { name: string; rows: number }[] = [];
        for (const table of tables) {
          const out = fs.openSync(path.join(work, 'database', `${table}.jsonl`), 'w');
          let rows = 0;
          try {
            await tx.execute(
              sql.raw(
                `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t`,
              ),
            );
            for (;;) {
              const batch = rowsOf<{ row: string }>(
                await tx.execute(sql.raw(`FETCH ${BATCH} FROM backup_rows`)),
              );
              if (batch.length === 0) break;
              fs.writeSync(out, batch.map((entry) => `${entry.row}\n`).join(''));
              rows += batch.length;
            }
            await tx.execute(sql.raw('CLOSE backup_rows'));
          } finally {
            fs.closeSync(out);
          }
          counted.push({ name: table, rows });
        }
        const sequences = rowsOf<{ name: string; value: string | null }>(
          await tx.execute(sql`
            SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`),
        );
        return { tables: counted, sequences, migrations: await appliedMigrations(tx) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    fs.writeFileSync(path.join(work, 'sequences.json'), JSON.stringify(snapshot.sequences, null, 2));
    const media = await copyMedia(source.uploadDir, path.join(work, 'media'));
    const secret = path.join(source.dataDir, 'session-secret');
    if (fs.existsSync(secret)) fs.copyFileSync(secret, path.join(work, 'session-secret'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: source.database.kind,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      media,
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));

    fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const partial = `${file}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, fs.readdirSync(work));
    fs.renameSync(partial, file);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export class BackupError extends Error {}

/**
 * Brings a shop back from a backup: the database is emptied and refilled in one transaction (all or
 * nothing), sequences set where they stood, then the pictures replace the upload folder's. The shop
 * must be stopped first. The database must already carry the backup's migrations (the caller
 * migrates it): a backup from a newer shop is refused.
 */
export async function restoreShop(target: BackupSource, file: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-restore-'));
  try {
    try {
      await tar.extract({ file, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup (${(error as Error).message})`);
    }
    const manifestFile = path.join(work, 'manifest.json');
    const manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest)
      : null;
    if (manifest?.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
      throw new BackupError(`${file} is not a Rossy backup (version ${BACKUP_VERSION})`);

    const { db } = target.database;
    const migrations = await appliedMigrations(db);
    if (manifest.migrations > migrations)
      throw new BackupError(
        `This backup comes from a newer version of the shop (${manifest.migrations} migrations, this one has ${migrations}): update the shop first.`,
      );

    await db.transaction(async (tx) => {
      const tables = await publicTables(tx);
      const kept = new Set(manifest.tables.map((table) => table.name));
      if (tables.length > 0)
        await tx.execute(sql.raw(`TRUNCATE ${tables.map(quoted).join(', ')} RESTART IDENTITY CASCADE`));
      // The rows come back exactly as they were: the triggers that keep derived tables (search words,
      // the catalogue's version) would add to what the backup already holds.
      for (const table of tables)
        await tx.execute(sql.raw(`ALTER TABLE ${quoted(table)} DISABLE TRIGGER USER`));
      for (const table of await parentsFirst(tx, tables)) {
        if (!kept.has(table)) continue;
        const columns = rowsOf<{ name: string; identity: string }>(
          await tx.execute(sql`
            SELECT column_name AS name, is_identity AS identity FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
            ORDER BY ordinal_position`),
        );
        const list = columns.map((column) => quoted(column.name)).join(', ');
        const overriding = columns.some((column) => column.identity === 'YES')
          ? ' OVERRIDING SYSTEM VALUE'
          : '';
        const lines = fs
          .readFileSync(path.join(work, 'database', `${table}.jsonl`), 'utf8')
          .split('\n')
          .filter((line) => line.length > 0);
        for (let start = 0; start < lines.length; start += BATCH) {
          const batch = `[${lines.slice(start, start + BATCH).join(',')}]`;
          await tx.execute(
            sql`${sql.raw(`INSERT INTO ${quoted(table)} (${list})${overriding} SELECT ${list} FROM json_populate_recordset(NULL::${quoted(table)}, `)}${batch}::json)`,
          );
        }
      }
      for (const table of tables)
        await tx.execute(sql.raw(`ALTER TABLE ${quoted(table)} ENABLE TRIGGER USER`));
      const sequences = JSON.parse(fs.readFileSync(path.join(work, 'sequences.json'), 'utf8')) as {
        name: string;
        value: string | null;
      }[];
      for (const sequence of sequences) {
        if (sequence.value === null) continue;
        await tx.execute(
          sql`SELECT setval(${`public.${quoted(sequence.name)}`}::regclass, ${sequence.value}::bigint, true)`,
        );
      }
    });

    // The pictures: moved into place beside the old ones, which go only once the new ones are there.
    const media = path.join(work, 'media');
    const uploads = path.resolve(target.uploadDir);
    fs.mkdirSync(path.dirname(uploads), { recursive: true });
    const previous = `${uploads}.before-restore-${process.pid}`;
    if (fs.existsSync(uploads)) fs.renameSync(uploads, previous);
    if (fs.existsSync(media)) fs.cpSync(media, uploads, { recursive: true });
    else fs.mkdirSync(uploads, { recursive: true });
    fs.rmSync(previous, { recursive: true, force: true });

    const secret = path.join(work, 'session-secret');
    if (fs.existsSync(secret)) {
      fs.mkdirSync(target.dataDir, { recursive: true });
      fs.copyFileSync(secret, path.join(target.dataDir, 'session-secret'));
      fs.chmodSync(path.join(target.dataDir, 'session-secret'), 0o600);
    }
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** backups/rossy-2026-11-25-1430.tar.gz: sorts by date, one a minute at most. */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace('T', '-').replace(':', '');
  return `rossy-${stamp}.tar.gz`;
}
