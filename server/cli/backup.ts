import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { backupFileName, backupShop } from '../operations/backup';
import { BackupError } from '../operations/backup-error';
import { keyForBackup } from '../operations/backup-key';
import { openDatabaseForCommand } from './open-database';

/**
 * npm run db:backup [-- [--encrypt] [FILE]]: a dated backup of the shop's database and pictures, by
 * default in ./backups (BACKUP_DIR), signed with the owner's backup key (BACKUP_KEY, or the key file
 * DATA_DIR/backup-key made on the first backup) and, with --encrypt, encrypted with it. Safe while
 * the shop runs on PostgreSQL; on the embedded database one process at a time may open it, so while
 * the shop runs the backup is refused, naming its pid. docs/operations.md, "Backups and restores".
 */
const USAGE = 'npm run db:backup [-- [--encrypt] [FILE]]';
const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith('--'));
const files = args.filter((arg) => !arg.startsWith('--'));
const unknown = flags.filter((flag) => flag !== '--encrypt');
if (unknown.length > 0 || files.length > 1) {
  process.stderr.write(
    `${unknown.length > 0 ? `Unknown option ${unknown.join(', ')}. ` : ''}Usage: ${USAGE}\n`,
  );
  process.exit(2);
}
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
const backupDir = path.resolve(process.env.BACKUP_DIR?.trim() || 'backups');
const file = path.resolve(files[0] ?? path.join(backupDir, backupFileName()));

// Before the key: a refused backup leaves nothing behind, not even a new key file.
const database = await openDatabaseForCommand(config, 'a backup', {
  notDone: 'The backup was not made.',
  command: 'npm run db:backup',
  besideLiveShop: true,
});
let key;
try {
  key = keyForBackup({ configured: config.backupKey, dataDir: config.dataDir, backupDir });
} catch (error) {
  process.stderr.write(
    `The backup was not made: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  await database.close();
  process.exit(1);
}
if (key.created)
  process.stdout.write(
    `Made a backup key in ${key.from} (readable by you only). Every archive is signed with it, and none can be restored without it:\n` +
      `copy it now to a safe place apart from the archives (a password manager), or set BACKUP_KEY instead (docs/operations.md).\n`,
  );

try {
  const started = Date.now();
  const { manifest, notes } = await backupShop(
    { database, uploadDir: config.uploadDir, dataDir: config.dataDir },
    file,
    { key: key.secret, encrypt: flags.includes('--encrypt'), ownFolder: path.dirname(file) === backupDir },
  );
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Backed up ${database.label}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.media} pictures, in ${((Date.now() - started) / 1000).toFixed(1)} s\n` +
      `Signed${flags.includes('--encrypt') ? ' and encrypted' : ''} with ${key.from === 'BACKUP_KEY' ? 'BACKUP_KEY' : `the key in ${key.from}`}; no sessions, signing key or link secrets are in it.\n` +
      notes.map((note) => `${note}\n`).join('') +
      `${file}\n`,
  );
} catch (error) {
  process.stderr.write(
    error instanceof BackupError
      ? `The backup was not made: ${error.message}\n`
      : `The backup failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
