import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A secret kept in DATA_DIR/`name`: the configured value when set, otherwise one generated once (mode
 * 0600), so it survives restarts and processes sharing DATA_DIR agree (the first writer wins).
 */
export function loadDataSecret(name: string, configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, name);
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

/** SESSION_SECRET when set; otherwise the session key kept in DATA_DIR/session-secret. */
export function loadSessionSecret(configured: string | undefined, dataDir: string): string {
  return loadDataSecret('session-secret', configured, dataDir);
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
