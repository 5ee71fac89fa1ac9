import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * SESSION_SECRET when set; otherwise a secret generated once and kept in DATA_DIR, so sessions
 * survive restarts (and processes sharing DATA_DIR agree).
 */
export function loadSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // Not created yet.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch {
    // Another process wrote it first: use theirs.
    return fs.readFileSync(file, 'utf8').trim();
  }
}

/**
 * Replaces the data folder's session key with a new one: every token signed with the old key stops
 * working. A restore does this, so no session of the shop the backup came from (or forged with a key
 * that was ever in an archive) opens the restored one. SESSION_SECRET, when set, is the owner's to change.
 */
export function renewSessionSecret(dataDir: string): void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'session-secret');
  const next = `${file}.${process.pid}.new`;
  fs.writeFileSync(next, randomBytes(48).toString('base64url'), { mode: 0o600 });
  fs.renameSync(next, file);
}
