import path from 'node:path';
import { openDatabase } from '../../db/client';
import { loadConfig } from '../config';
import { backupFileName, backupShop } from '../operations/backup';

/**
 * npm run db:backup [-- FILE]: a dated backup of the shop's database and pictures, by default in
 * ./backups (BACKUP_DIR). Safe while the shop runs on PostgreSQL; on the embedded database, stop
 * the shop first (one process at a time may open it). docs/operations.md, "Backups".
 */
const config = loadConfig();
const file = path.resolve(
  process.argv[2] ?? path.join(process.env.BACKUP_DIR ?? 'backups', backupFileName()),
);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = Date.now();
  const manifest = await backupShop({ database, uploadDir: config.uploadDir, dataDir: config.dataDir }, file);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Backed up ${database.label}: ${rows} rows in ${manifest.tables.length} tables, ${manifest.media} pictures, in ${((Date.now() - started) / 1000).toFixed(1)} s\n${file}\n`,
  );
} catch (error) {
  process.stderr.write(`The backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
