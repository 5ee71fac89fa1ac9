import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedDatabaseInUse, lockEmbeddedDatabase } from './embedded-lock';

let work: string;
let directory: string;
const note = () => JSON.parse(fs.readFileSync(`${directory}.lock`, 'utf8')) as Record<string, unknown>;
const startOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .at(19);
};
const linux = fs.existsSync('/proc/self/stat');

beforeEach(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'rossy-lock-'));
  directory = path.join(work, 'pglite');
});
afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

describe('the embedded database lock', () => {
  it('is held while open and gone once its last opener in this process lets go', () => {
    const first = lockEmbeddedDatabase(directory, 'the shop');
    expect(note()).toMatchObject({ pid: process.pid, purpose: 'the shop' });
    const second = lockEmbeddedDatabase(directory, 'a test');
    first();
    expect(fs.existsSync(`${directory}.lock`)).toBe(true);
    second();
    expect(fs.existsSync(`${directory}.lock`)).toBe(false);
  });

  it('refuses while another live process holds it, naming it', () => {
    fs.writeFileSync(
      `${directory}.lock`,
      JSON.stringify({ pid: process.ppid, purpose: 'the shop', since: '2026-12-02T09:00:00Z' }),
    );
    expect(() => lockEmbeddedDatabase(directory, 'a backup')).toThrow(EmbeddedDatabaseInUse);
    expect(() => lockEmbeddedDatabase(directory, 'a backup')).toThrow(
      `The shop is running (pid ${process.ppid}, since 2026-12-02T09:00:00Z)`,
    );
    expect(note()).toMatchObject({ pid: process.ppid });
  });

  it('takes over a note whose process is gone, or whose pid another program now has', () => {
    fs.writeFileSync(
      `${directory}.lock`,
      JSON.stringify({ pid: 2 ** 22 + 12345, purpose: 'the shop', since: 'x' }),
    );
    lockEmbeddedDatabase(directory, 'a backup')();
    if (!linux) return;
    // The parent lives, but it is not the process that wrote the note: that one started at another time.
    const started = String(Number(startOf(process.ppid)) + 1);
    fs.writeFileSync(
      `${directory}.lock`,
      JSON.stringify({ pid: process.ppid, purpose: 'the shop', since: 'x', started }),
    );
    const release = lockEmbeddedDatabase(directory, 'a backup');
    expect(note()).toMatchObject({ pid: process.pid, purpose: 'a backup' });
    release();
  });

  it('takes over a note it cannot read (a write cut short)', () => {
    fs.writeFileSync(`${directory}.lock`, '{"pid":');
    lockEmbeddedDatabase(directory, 'a backup')();
    expect(fs.existsSync(`${directory}.lock`)).toBe(false);
  });
});
