/**
 * `npm start` and the owner's commands (seed, admin:password, db:backup, db:restore): makes sure the
 * build is current (building only when the sources changed), then runs the compiled server's entry
 * in this same process, on plain Node.
 *
 * Usage: node scripts/run.mjs <index|seed|admin-password|backup|restore> [arguments…]
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuild, SERVER_ENTRIES } from './build.mjs';

const [entry = 'index', ...rest] = process.argv.slice(2);
if (!(entry in SERVER_ENTRIES)) {
  process.stderr.write(`Unknown command "${entry}": one of ${Object.keys(SERVER_ENTRIES).join(', ')}\n`);
  process.exit(2);
}
process.env.NODE_ENV ??= 'production';

try {
  await ensureBuild();
} catch (error) {
  process.stderr.write(
    `\nThe shop could not be built:\n${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
}
const compiled = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'build',
  'app-server',
  `${entry}.js`,
);
// The entry reads its arguments as if it had been started directly.
process.argv = [process.argv[0] ?? process.execPath, compiled, ...rest];
await import(pathToFileURL(compiled).href);
