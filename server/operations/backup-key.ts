import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-error';

/** BACKUP_KEY's shortest length; what the shop makes itself is 43 characters (32 random bytes). */
export const BACKUP_KEY_MIN_LENGTH = 32;

/** Where the key lives when BACKUP_KEY is unset: in the data folder, never in the backup folder. */
export const BACKUP_KEY_FILE = 'backup-key';

export interface BackupKey {
  /** The key's text: BACKUP_KEY, or the key file's contents. */
  secret: string;
  /** 'BACKUP_KEY', or the path of the key file it was read from. */
  from: string;
  /** True when this call made the key file: its owner must copy it somewhere safe now. */
  created: boolean;
}

const inside = (folder: string, file: string) => {
  const relative = path.relative(path.resolve(folder), path.resolve(file));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  if (text.length < BACKUP_KEY_MIN_LENGTH)
    throw new BackupError(
      `The backup key in ${file} is shorter than ${BACKUP_KEY_MIN_LENGTH} characters: it is not one the shop made. Put the right key back, or set BACKUP_KEY.`,
    );
  return text;
}

/**
 * The key that signs (and, asked to, encrypts) a new backup: BACKUP_KEY when set; otherwise the key
 * file in the data folder, made on the first backup (32 random bytes, mode 0600). The key file may
 * never sit inside the backup folder, or a copy of the folder would carry the key of its archives.
 */
export function keyForBackup(options: {
  configured: string | undefined;
  dataDir: string;
  backupDir: string;
}): BackupKey {
  if (options.configured) return { secret: options.configured, from: 'BACKUP_KEY', created: false };
  const file = path.join(path.resolve(options.dataDir), BACKUP_KEY_FILE);
  if (inside(options.backupDir, file))
    throw new BackupError(
      `The backup key would be kept in ${file}, inside the backup folder ${options.backupDir}: a copy of the folder would carry the key of its archives. Set BACKUP_KEY, or choose a BACKUP_DIR that does not hold DATA_DIR.`,
    );
  const existing = readKeyFile(file);
  if (existing) return { secret: existing, from: file, created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
    return { secret: readKeyFile(file)!, from: file, created: true };
  } catch (error) {
    // Another backup made it first: use theirs.
    const made = readKeyFile(file);
    if (made) return { secret: made, from: file, created: false };
    throw error;
  }
}

/** The key a restore checks an archive with: BACKUP_KEY, or the data folder's key file; null without either. */
export function keyForRestore(options: {
  configured: string | undefined;
  dataDir: string;
}): BackupKey | null {
  if (options.configured) return { secret: options.configured, from: 'BACKUP_KEY', created: false };
  const file = path.join(path.resolve(options.dataDir), BACKUP_KEY_FILE);
  const existing = readKeyFile(file);
  return existing ? { secret: existing, from: file, created: false } : null;
}
