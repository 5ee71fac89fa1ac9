import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../db/project-root';
import { waitForExit, waitForOutput } from '../../tests/fixtures/processes';

/**
 * `npm run db:backup` beside a running shop on the embedded database: a second process must not open
 * a PGlite data directory the shop has open, so the command refuses, naming the shop's process, and
 * writes nothing; once the shop has stopped (even by a crash) it backs up.
 */
let work: string;
let env: Record<string, string>;
let shop: ChildProcess | undefined;

function run(script: string, extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: projectRoot,
    env: { ...process.env, ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function backup(): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = run('server/cli/backup.ts');
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await waitForExit(child, 90_000);
  return { code: child.exitCode, stdout, stderr };
}

const archives = () => (fs.existsSync(env.BACKUP_DIR!) ? fs.readdirSync(env.BACKUP_DIR!) : []);

beforeEach(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-live-backup-'));
  env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    DATA_DIR: path.join(work, 'data'),
    UPLOAD_DIR: path.join(work, 'uploads'),
    BACKUP_DIR: path.join(work, 'backups'),
    BACKUP_KEY: 'the-owners-backup-key-kept-in-a-password-manager',
  };
  shop = run('tests/fixtures/hold-embedded-database.ts');
  await waitForOutput(shop, 'open', 90_000);
}, 120_000);

afterEach(async () => {
  if (shop && shop.exitCode === null && shop.signalCode === null) {
    shop.kill('SIGKILL');
    await waitForExit(shop, 5_000);
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run db:backup on the embedded database', () => {
  it('refuses while the shop runs, naming its process, and backs up once it has stopped', async () => {
    const refused = await backup();
    expect(refused.stderr).toContain(`The shop is running (pid ${shop!.pid},`);
    expect(refused.stderr).toContain('Stop the shop first');
    expect(refused.code).toBe(1);
    expect(archives()).toEqual([]);

    shop!.kill('SIGTERM');
    expect(await waitForExit(shop!, 30_000)).toBe(true);
    const made = await backup();
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(archives()).toHaveLength(1);
  }, 240_000);

  it('backs up after a crash: a shop killed without closing leaves no lasting refusal', async () => {
    shop!.kill('SIGKILL');
    await waitForExit(shop!, 5_000);
    const made = await backup();
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(archives()).toHaveLength(1);
  }, 240_000);
});
