/**
 * `npm run test:quick`: the unit tests that need no database, no server, no Vite and no child
 * process (pricing, tax, money, delivery dates, variant choice, coupons' arithmetic, the caches' keys
 * …), for a check in well under a minute while working. `npm test` runs them all, and the rest.
 *
 * A test file is quick when none of its imports or calls name what starts one of those; the list is
 * worked out each time, so a new pure test joins it by itself.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['contracts', 'app', 'core', 'server', 'db', 'scripts', 'seed'];
/** What a slow test reaches for: a database, the app under test, an older shop, a process, Vite. */
const SLOW =
  /test-database|test-app|previous-shop|openDatabase|child_process|fixtures\/|createServer|from 'vite'/;

function testFiles(directory) {
  const found = [];
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(full));
    else if (/\.test\.tsx?$/.test(entry.name)) found.push(full);
  }
  return found;
}

const quick = FOLDERS.flatMap((folder) => testFiles(path.join(root, folder)))
  .filter((file) => !SLOW.test(fs.readFileSync(file, 'utf8')))
  .map((file) => path.relative(root, file))
  .sort();

const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
const child = spawn(process.execPath, [vitest, 'run', ...quick, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code) => process.exit(code ?? 1));
