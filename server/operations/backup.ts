import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { redactMailSecrets } from '../../core/mail/outbox-view';
import { lagosIso } from '../../contracts/lagos-time';
import type { DatabaseHandle, Db, Tx } from '../../db/client';
import { renewSessionSecret } from '../session-secret';
import { BackupError } from './backup-error';
import { openBackup, sealBackup } from './backup-seal';

/**
 * A shop's backup: a tar.gz, signed with the owner's backup key (and encrypted with it when asked:
 * backup-seal.ts), holding
 *   manifest.json          what it is, when it was taken, the migrations it needs, each table's rows
 *   database/<table>.jsonl  every row of every table, one JSON object per line (PostgreSQL's own
 *                           row_to_json, so timestamps, numbers, arrays and JSON keep their exact text)
 *   sequences.json          where each sequence stands (order numbers, identities)
 *   media/…                 the uploaded and drawn pictures
 * and nothing that would let its reader into the shop: no session, no key that signs them, no key
 * the shop made for itself, and no link secret in the kept e-mails (see keptRow). The same format
 * for the embedded database and PostgreSQL: a backup of one restores into the other.
 */
export const BACKUP_FORMAT = 'rossy-backup';
/** 2: signed, without sessions or keys. 1 (a bare tar.gz) restores only with --unverified. */
export const BACKUP_VERSION = 2;
const BATCH = 1000;

/** What a restored shop makes afresh: the signed-in sessions (everyone signs in again) and sign-ins waiting for their second factor. */
const LEFT_OUT_TABLES = new Set(['sessions', 'sign_in_challenges']);
/**
 * Settings rows that hold a key the shop made for itself and makes again when it is missing: the
 * TEST MODE sandbox's secret key (core/payments/sandbox.ts) and the newsletter's unsubscribe-link key
 * (core/newsletter/unsubscribe.ts).
 */
const SECRET_SETTINGS = ['sandbox-keys', 'newsletter'];
/** What a kept invitation holds in place of its link's hash: never a SHA-256, so no link matches it. */
const WITHHELD_LINK = 'withheld:';
/** The kept e-mails' parts that may carry a link's token or an order's key. */
const MAIL_PARTS = ['subject', 'text', 'html'] as const;

/**
 * One row as a backup keeps it (and as a restore takes it, so an archive from before this rule
 * restores clean too): null to leave it out. A kept e-mail keeps everything but its links' secrets
 * (reset and confirmation tokens, order keys), which read "hidden" as in the admin's Outbox; a staff
 * invitation keeps everything but the hash of its link. What the shop keeps of those secrets elsewhere is their SHA-256, which opens nothing.
 */
export function keptRow(table: string, line: string): string | null {
  if (LEFT_OUT_TABLES.has(table)) return null;
  if (table === 'settings') {
    const row = JSON.parse(line) as { key: string };
    return SECRET_SETTINGS.includes(row.key) ? null : line;
  }
  if (table === 'staff_invitations') {
    // An invitation's link must not outlive the shop it was sent from: the restored shop keeps who was
    // invited, by whom and when, but no hash a link could match; the owner invites again.
    const row = JSON.parse(line) as Record<string, unknown>;
    row.token_hash = `${WITHHELD_LINK}${String(row.id)}`;
    return JSON.stringify(row);
  }
  if (table === 'outbox') {
    const row = JSON.parse(line) as Record<string, unknown>;
    for (const part of MAIL_PARTS)
      if (typeof row[part] === 'string') row[part] = redactMailSecrets(row[part]);
    return JSON.stringify(row);
  }
  return line;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: DatabaseHandle['kind'];
  /** The migrations applied when it was taken: a restore needs the same ones. */
  migrations: number;
  tables: { name: string; rows: number }[];
  /** Tables whose rows the backup leaves out, for the restored shop to make afresh. */
  leftOut?: string[];
  media: number;
}

export interface BackupOptions {
  /** The owner's backup key (BACKUP_KEY or the key file): signs the archive, and encrypts it when asked. */
  key: string;
  encrypt?: boolean;
  /**
   * The file's folder is the backup folder (BACKUP_DIR): made private (0700) if it is not, and older
   * archives in it made readable by their owner only. A folder named with FILE is only made when missing.
   */
  ownFolder?: boolean;
}

export interface BackupWritten {
  manifest: BackupManifest;
  /** What the owner should know: a folder or archives made private, a folder others can list. */
  notes: string[];
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

const octal = (mode: number) => `0${(mode & 0o777).toString(8)}`;

/**
 * The folder an archive goes into: made 0700 when missing. The backup folder itself is made private
 * if it is not, with the archives already in it (an older version wrote them 0644).
 */
function prepareFolder(folder: string, own: boolean): string[] {
  const notes: string[] = [];
  if (!fs.existsSync(folder)) {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    fs.chmodSync(folder, 0o700);
    return notes;
  }
  const mode = fs.statSync(folder).mode;
  if (!own) {
    if (mode & 0o077)
      notes.push(
        `${folder} can be listed by others (${octal(mode)}); the archive itself is readable by its owner only (0600).`,
      );
    return notes;
  }
  if (mode & 0o077) {
    fs.chmodSync(folder, 0o700);
    notes.push(`Made the backup folder ${folder} private: ${octal(mode)} → 0700.`);
  }
  let tightened = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith('rossy-')) continue;
    const archive = path.join(folder, entry.name);
    if (fs.statSync(archive).mode & 0o077) {
      fs.chmodSync(archive, 0o600);
      tightened++;
    }
  }
  if (tightened > 0)
    notes.push(`Made ${tightened} older archive(s) in ${folder} readable by their owner only (0600).`);
  if (fs.readdirSync(folder).some((name) => name.startsWith('rossy-') && name.endsWith('.tar.gz')))
    notes.push(
      `${folder} still holds archives from before this version (rossy-*.tar.gz): they hold the key that signs sessions and the signed-in sessions. Delete them, or keep them as safe as the shop itself, and renew the signing key (docs/operations.md, "Backups and restores").`,
    );
  return notes;
}

/**
 * Writes a backup of the shop to `file`: every table read in one consistent snapshot (the shop may
 * keep taking orders meanwhile), then the pictures. Written to a temporary name and renamed, so a
 * backup file is always whole.
 */
export async function backupShop(
  source: BackupSource,
  file: string,
  options: BackupOptions,
): Promise<BackupWritten> {
  if (!options.key) throw new BackupError('A backup needs a key to sign it with (BACKUP_KEY).');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-backup-'));
  try {
    fs.mkdirSync(path.join(work, 'database'));
    const { db } = source.database;
    const snapshot = await db.transaction(
      async (tx) => {
        const tables = (await publicTables(tx)).filter((table) => !LEFT_OUT_TABLES.has(table));
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
              const kept = batch.flatMap((entry) => keptRow(table, entry.row) ?? []);
              fs.writeSync(out, kept.map((row) => `${row}\n`).join(''));
              rows += kept.length;
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
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: source.database.kind,
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      leftOut: [...LEFT_OUT_TABLES],
      media,
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));

    // The tar.gz is made in the private work folder, then sealed into the backup folder.
    const payload = path.join(os.tmpdir(), `${path.basename(work)}.tar.gz`);
    try {
      await tar.create({ gzip: true, file: payload, cwd: work, portable: true }, fs.readdirSync(work));
      fs.chmodSync(payload, 0o600);
      const notes = prepareFolder(path.dirname(path.resolve(file)), options.ownFolder ?? false);
      const partial = `${file}.partial`;
      await sealBackup(payload, partial, { key: options.key, encrypt: options.encrypt ?? false });
      fs.renameSync(partial, file);
      return { manifest, notes };
    } finally {
      fs.rmSync(payload, { force: true });
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface RestoreOptions {
  /** The owner's backup key: the archive's signature must match it. Null when there is none. */
  key: string | null;
  /** Restore without checking the signature (the owner's --unverified, at their own risk). */
  unverified?: boolean;
}

export interface Restored {
  manifest: BackupManifest;
  /** The signature was not checked (--unverified). */
  unverified: boolean;
}

/**
 * Brings a shop back from a backup: its signature checked first (nothing is touched for an archive
 * that was changed), then the database emptied and refilled in one transaction (all or nothing),
 * sequences set where they stood, the pictures in place of the upload folder's, and a new key to
 * sign sessions with: nobody is signed in to the restored shop. The shop must be stopped first. The
 * database must already carry the backup's migrations (the caller migrates it): a backup from a
 * newer shop is refused.
 */
export async function restoreShop(
  target: BackupSource,
  file: string,
  options: RestoreOptions,
): Promise<Restored> {
  if (!fs.existsSync(file)) throw new BackupError(`No backup at ${file}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-restore-'));
  try {
    const opened = await openBackup(file, work, {
      key: options.key,
      unverified: options.unverified ?? false,
    });
    try {
      await tar.extract({ file: opened.payload, cwd: work, strict: true });
    } catch (error) {
      throw new BackupError(`${file} is not a readable backup (${(error as Error).message})`);
    }
    const manifestFile = path.join(work, 'manifest.json');
    const manifest = fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest)
      : null;
    if (manifest?.format !== BACKUP_FORMAT || ![1, BACKUP_VERSION].includes(manifest.version))
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
        const lines = fs
          .readFileSync(path.join(work, 'database', `${table}.jsonl`), 'utf8')
          .split('\n')
          .flatMap((line) => (line.length > 0 ? (keptRow(table, line) ?? []) : []));
        if (lines.length === 0) continue;
        // The columns the backup's rows carry: a column added since it was taken gets its default
        // (as the migration that added it gave the shop's rows), not a null.
        const named = new Set(Object.keys(JSON.parse(lines[0]!) as Record<string, unknown>));
        const columns = rowsOf<{ name: string; identity: string }>(
          await tx.execute(sql`
            SELECT column_name AS name, is_identity AS identity FROM information_schema.columns
            WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
            ORDER BY ordinal_position`),
        ).filter((column) => named.has(column.name));
        const list = columns.map((column) => quoted(column.name)).join(', ');
        const overriding = columns.some((column) => column.identity === 'YES')
          ? ' OVERRIDING SYSTEM VALUE'
          : '';
        for (let start = 0; start < lines.length; start += BATCH) {
          const batch = `[${lines.slice(start, start + BATCH).join(',')}]`;
          await tx.execute(
            sql`${sql.raw(`INSERT INTO ${quoted(table)} (${list})${overriding} SELECT ${list} FROM json_populate_recordset(NULL::${quoted(table)}, `)}${batch}::json)`,
          );
        }
      }
      // What the database derives from the rows, made again from them. A backup from before variants
      // (0017) has none: each product gets its grid with its stock spread, as 0017 gave the shop's.
      // One from before the products' sizes and colours in stock (0031) carries none of them.
      await tx.execute(sql`
        SELECT spread_product_stock(p.id, p.stock) FROM products p
         WHERE NOT EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id)`);
      await tx.execute(sql`SELECT sync_products_from_variants(NULL)`);
      // A backup from before the stock ledger (0037) has none: each variant opens with its stock.
      await tx.execute(sql`SELECT open_inventory()`);
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

    // The restored shop signs its sessions with a key of its own (an archive from before version 2
    // carried the old one: it is not used).
    renewSessionSecret(target.dataDir);
    return { manifest, unverified: opened.unverified };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** backups/rossy-2026-11-25-1430.backup, in Lagos time like every other date: sorts by date, one a minute at most. */
export function backupFileName(now = new Date()): string {
  const stamp = lagosIso(now).slice(0, 16).replace('T', '-').replace(':', '');
  return `rossy-${stamp}.backup`;
}
