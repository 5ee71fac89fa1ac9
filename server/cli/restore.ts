import path from 'node:path';
import { openDatabase } from '../../db/client';
import { loadConfig } from '../config';
import { BackupError, restoreShop } from '../operations/backup';

/**
 * npm run db:restore -- FILE: brings the shop back from a backup made by npm run db:backup. Stop the
 * shop first: its database and pictures are replaced. docs/operations.md, "Backups".
 */
const file = process.argv[2];
if (!file) {
  process.stderr.write('Which backup? npm run db:restore -- backups/rossy-2026-11-25-1430.tar.gz\n');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const manifest = await restoreShop(
    { database, uploadDir: config.uploadDir, dataDir: config.dataDir },
    path.resolve(file),
  );
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Restored ${database.label} from the backup of ${manifest.createdAt}: ${rows} rows, ${manifest.media} pictures.\n`,
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
