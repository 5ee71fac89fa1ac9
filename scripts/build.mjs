/**
 * Builds the shop when, and only when, its sources changed since the last build: the pages
 * (react-router build: build/client, build/server) and the compiled server (esbuild:
 * build/app-server). A build is written beside the old one and moved into place whole, so an
 * interrupted build leaves the previous one (or none) but never half of one.
 *
 * `node scripts/build.mjs` builds if needed; `--force` always builds. `npm start` calls ensureBuild().
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const BUILD = path.join(root, 'build');
const ID_FILE = 'build-id.json';

/** What the build is made from: a change to any of these makes the build stale. */
const SOURCE_DIRS = ['app', 'server', 'core', 'db', 'seed', 'contracts', 'public'];
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'react-router.config.ts',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
];
/** The compiled server's entry points: the shop, and the commands an owner runs. */
export const SERVER_ENTRIES = {
  index: 'server/index.ts',
  seed: 'server/cli/seed.ts',
  'admin-password': 'server/cli/admin-password.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
};

function listFiles(directory) {
  const found = [];
  const walk = (current) => {
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry.name)) found.push(full);
    }
  };
  if (fs.existsSync(directory)) walk(directory);
  return found;
}

/** A hash of every source file's path and bytes (tests excluded): ~25 ms for the whole shop. */
export function sourceHash(at = root) {
  const hash = createHash('sha256');
  const files = [
    ...SOURCE_DIRS.flatMap((directory) => listFiles(path.join(at, directory))),
    ...SOURCE_FILES.map((file) => path.join(at, file)).filter((file) => fs.existsSync(file)),
  ].sort();
  for (const file of files) {
    hash.update(path.relative(at, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 20);
}

function readBuildId(directory) {
  try {
    return JSON.parse(fs.readFileSync(path.join(directory, ID_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** True when build/ is complete and was made from the sources as they are now. */
export function isBuildFresh(hash = sourceHash(), buildDir = BUILD) {
  const id = readBuildId(buildDir);
  return (
    id?.sources === hash &&
    fs.existsSync(path.join(buildDir, 'server', 'index.js')) &&
    fs.existsSync(path.join(buildDir, 'client')) &&
    Object.keys(SERVER_ENTRIES).every((name) =>
      fs.existsSync(path.join(buildDir, 'app-server', `${name}.js`)),
    )
  );
}

/** Puts a finished build in place of the old one; the old one goes only once the new one is there. */
export function moveIntoPlace(finished, target = BUILD) {
  if (!fs.existsSync(path.join(finished, ID_FILE))) throw new Error(`${finished} is not a finished build`);
  const previous = `${target}.previous-${process.pid}`;
  if (fs.existsSync(target)) fs.renameSync(target, previous);
  try {
    fs.renameSync(finished, target);
  } catch (error) {
    // Another start finished its build first: keep that one, or put the old one back.
    if (!fs.existsSync(target)) {
      if (fs.existsSync(previous)) fs.renameSync(previous, target);
      throw error;
    }
  }
  fs.rmSync(previous, { recursive: true, force: true });
}

/** Runs a command; its output is kept and shown only if it fails (the terminal stays quiet). */
function run(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${path.basename(args[0] ?? command)} failed (exit code ${code}):\n${output}`));
    });
  });
}

async function compileServer(outdir) {
  const esbuild = await import('esbuild');
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([name, file]) => [name, file])),
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // The shop's packages stay in node_modules; only its own TypeScript is compiled.
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'error',
  });
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Files a browser takes compressed; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;
/** Below this a file gains less than the header costs (the server's own threshold). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * Writes each compressible asset's brotli (highest quality) and gzip (level 9) beside it, once at
 * build time, so the server sends the smallest bytes without compressing them on every request
 * (the server's own brotli, for answers made per request, runs at a fast level). Returns the files'
 * bytes before and after brotli.
 */
export async function precompressAssets(assetsDir) {
  const files = fs
    .readdirSync(assetsDir)
    .filter((name) => COMPRESSIBLE.test(name))
    .map((name) => path.join(assetsDir, name))
    .filter((file) => fs.statSync(file).size >= COMPRESS_FROM_BYTES);
  const totals = { files: files.length, bytes: 0, brotliBytes: 0 };
  await Promise.all(
    files.map(async (file) => {
      const bytes = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
        }),
        gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      fs.writeFileSync(`${file}.br`, br);
      fs.writeFileSync(`${file}.gz`, gz);
      totals.bytes += bytes.length;
      totals.brotliBytes += br.length;
    }),
  );
  return totals;
}

/** Builds into a fresh folder and moves it into place whole. */
export async function build({ log = (line) => process.stdout.write(`  ${line}\n`) } = {}) {
  const started = Date.now();
  const hash = sourceHash();
  const temporary = path.join(root, `build.partial-${process.pid}`);
  fs.rmSync(temporary, { recursive: true, force: true });
  try {
    log('Building the pages and the server…');
    // Each step's time is said with the total, so a slow first start shows where it went.
    const steps = [];
    const timed = async (name, step) => {
      const from = Date.now();
      await step();
      steps.push(`${name} ${((Date.now() - from) / 1000).toFixed(1)} s`);
    };
    const reactRouter = path.join(path.dirname(require.resolve('@react-router/dev/package.json')), 'bin.js');
    await timed('pages', () =>
      run(process.execPath, [reactRouter, 'build'], { ROSSY_BUILD_DIR: temporary, NODE_ENV: 'production' }),
    );
    await timed('compression', () => precompressAssets(path.join(temporary, 'client', 'assets')));
    await timed('server', () => compileServer(path.join(temporary, 'app-server')));
    fs.writeFileSync(
      path.join(temporary, ID_FILE),
      JSON.stringify({ sources: hash, builtAt: new Date().toISOString() }, null, 2),
    );
    moveIntoPlace(temporary);
    log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s (${steps.join(', ')})`);
  } finally {
    fs.rmSync(temporary, { recursive: true, force: true });
  }
}

/** Builds only when build/ is missing, incomplete or older than the sources. */
export async function ensureBuild(options = {}) {
  const hash = sourceHash();
  if (isBuildFresh(hash)) return false;
  await build(options);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const force = process.argv.includes('--force');
    if (force) await build();
    else if (!(await ensureBuild())) process.stdout.write('  The build is up to date.\n');
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
