import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const READY_TEXT = 'Rossy is open at';
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 20_000;

/** A port nobody is listening on right now: the OS picks it, we release it and hand it to the server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not find a free port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

function tail(file: string, lines = 60): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server output)';
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Starts one production server (from build/) on a fresh database for the whole run. */
export default async function setup(project: TestProject) {
  const serverBuild = path.join(root, 'build', 'server', 'index.js');
  if (!fs.existsSync(serverBuild)) {
    throw new Error(
      `The browser tests need a production build, and ${path.relative(root, serverBuild)} is missing.\n` +
        'Run `npm run build` (or `npx react-router build`) first; `npm run test:e2e` does this for you.',
    );
  }

  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-e2e-'));
  const uploadDir = path.join(root, 'node_modules', '.cache', 'rossy-e2e', 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  const logFile = path.join(tempDir, 'server.log');
  const log = fs.createWriteStream(logFile);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  // `node --import tsx` rather than `npx tsx`: one process, so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tempDir, 'data'),
      UPLOAD_DIR: uploadDir,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });

  let stopping = false;
  const stop = async ({ keepLog = false } = {}) => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_TIMEOUT_MS))) {
        process.stderr.write(
          `[e2e] the server did not stop within ${STOP_TIMEOUT_MS / 1000} s of SIGTERM; killing it\n`,
        );
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await new Promise<void>((resolve) => log.end(resolve));
    // After a failed start the log stays for reading; the database never does.
    fs.rmSync(keepLog ? path.join(tempDir, 'data') : tempDir, { recursive: true, force: true });
  };

  const started = Date.now();
  try {
    await new Promise<void>((resolve, reject) => {
      let seen = '';
      const timer = setTimeout(
        () =>
          reject(new Error(`the server did not print "${READY_TEXT}" within ${START_TIMEOUT_MS / 1000} s`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer) => {
        seen = (seen + chunk.toString('utf8')).slice(-4096);
        if (seen.includes(READY_TEXT)) {
          clearTimeout(timer);
          child.stdout.off('data', onData);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited before it was ready (code ${code}, signal ${signal})`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } catch (error) {
    await stop({ keepLog: true });
    const output = tail(logFile);
    throw new Error(
      `Could not start the Rossy server for the browser tests: ${(error as Error).message}\n` +
        `--- last lines of the server output (${logFile}) ---\n${output}`,
    );
  }

  process.stdout.write(
    `[e2e] server ready at ${baseUrl} after ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  project.provide('baseUrl', baseUrl);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `\n[e2e] the server stopped in the middle of the run (code ${code}, signal ${signal}); ` +
        `the tests that follow will fail.\n--- last lines of ${logFile} ---\n${tail(logFile)}\n`,
    );
  });

  return async () => {
    await stop();
  };
}
