import path from 'node:path';
import { lagosIso } from '../../contracts/lagos-time';
import { ConfigError, loadConfig, type Config } from '../config';
import { restoreShop } from '../operations/backup';
import { BackupError } from '../operations/backup-error';
import { keyForRestore } from '../operations/backup-key';
import { openDatabaseForCommand } from './open-database';

/**
 * npm run db:restore -- FILE [--unverified]: brings the shop back from a backup made by npm run
 * db:backup, once its signature matches the owner's backup key (BACKUP_KEY, or DATA_DIR/backup-key).
 * Stop the shop first: its database and pictures are replaced, and everyone signs in again.
 * --unverified restores an archive whose signature cannot be checked (one from before signatures, or
 * one whose key is lost): dangerous, see docs/operations.md, "Backups and restores".
 */
const USAGE = 'npm run db:restore -- backups/rossy-2026-11-25-1430.backup [--unverified]';
const args = process.argv.slice(2);
const flags = args.filter((arg) => arg.startsWith('--'));
const files = args.filter((arg) => !arg.startsWith('--'));
const unknown = flags.filter((flag) => flag !== '--unverified');
const file = files[0];
if (!file || files.length > 1 || unknown.length > 0) {
  process.stderr.write(
    `${unknown.length > 0 ? `Unknown option ${unknown.join(', ')}. ` : 'Which backup? '}${USAGE}\n`,
  );
  process.exit(2);
}
const unverified = flags.includes('--unverified');
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
let key;
try {
  key = keyForRestore({ configured: config.backupKey, dataDir: config.dataDir });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const database = await openDatabaseForCommand(config, 'a restore', {
  notDone: 'Nothing was restored.',
  command: 'npm run db:restore',
});
try {
  await database.migrate();
  const { manifest, unverified: unchecked } = await restoreShop(
    { database, uploadDir: config.uploadDir, dataDir: config.dataDir },
    path.resolve(file),
    { key: key?.secret ?? null, unverified },
  );
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Restored ${database.label} from the backup of ${lagosIso(new Date(manifest.createdAt))}: ${rows} rows, ${manifest.media} pictures.\n` +
      (unchecked
        ? 'Its signature was NOT checked (--unverified): look over the administrators under /admin → Users before opening the shop.\n'
        : `Its signature matched ${key?.from === 'BACKUP_KEY' ? 'BACKUP_KEY' : `the key in ${key?.from}`}.\n`) +
      'Nobody is signed in: the backup holds no sessions, and sessions are now signed with a new key.\n' +
      (config.sessionSecret
        ? 'SESSION_SECRET is set and still signs sessions: change it too if the archive or the old machine may have been read by others.\n'
        : ''),
  );
} catch (error) {
  process.stderr.write(
    error instanceof BackupError
      ? `${error.message}\n`
      : `The restore failed and changed nothing in the database: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
