import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
  type Hmac,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { BackupError } from './backup-error';

/**
 * The envelope around a backup's tar.gz, so that an archive changed by anyone without the owner's
 * key is refused, and, asked to, so that nobody without the key can read it:
 *
 *   ROSSY-BACKUP 2\n                 the magic line
 *   {"keyId":…,"salt":…,"cipher":…}\n the header: which key, the salt its keys are derived with, the cipher's IV
 *   body                             the tar.gz, or its AES-256-GCM ciphertext followed by the 16-byte tag
 *   HMAC-SHA256                      32 bytes over everything before them
 *
 * The HMAC and the cipher use keys derived from the owner's key with HKDF-SHA256 (a fresh salt for
 * each archive); the key id lets a restore tell "made with another key" from "changed".
 */
const MAGIC = Buffer.from('ROSSY-BACKUP 2\n');
const HEADER_LIMIT = 4096;
const MAC_BYTES = 32;
const TAG_BYTES = 16;
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

interface SealHeader {
  keyId: string;
  salt: string;
  cipher: { name: 'aes-256-gcm'; iv: string } | null;
}

const derive = (secret: string, salt: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), salt, `rossy-backup ${purpose}`, 32));

/** A short name for a key that gives nothing of it away. */
export function backupKeyId(secret: string): string {
  return createHmac('sha256', secret).update('rossy-backup key id').digest('hex').slice(0, 16);
}

/** Feeds every chunk through the HMAC on its way. */
const macTap = (mac: Hmac) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      mac.update(chunk);
      done(null, chunk);
    },
  });

/**
 * Writes `payload` (a tar.gz) sealed to `target`, created with mode 0600 whatever the umask.
 * `encrypt` encrypts the body with AES-256-GCM.
 */
export async function sealBackup(
  payload: string,
  target: string,
  options: { key: string; encrypt: boolean },
): Promise<void> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const header: SealHeader = {
    keyId: backupKeyId(options.key),
    salt: salt.toString('base64'),
    cipher: options.encrypt ? { name: 'aes-256-gcm', iv: iv.toString('base64') } : null,
  };
  const head = Buffer.concat([MAGIC, Buffer.from(`${JSON.stringify(header)}\n`)]);
  const mac = createHmac('sha256', derive(options.key, salt, 'hmac'));
  mac.update(head);

  const fd = fs.openSync(target, 'w', 0o600);
  fs.fchmodSync(fd, 0o600);
  const out = fs.createWriteStream('', { fd, autoClose: false });
  try {
    out.write(head);
    if (options.encrypt) {
      const cipher = createCipheriv('aes-256-gcm', derive(options.key, salt, 'aes-256-gcm'), iv);
      await pipeline(fs.createReadStream(payload), cipher, macTap(mac), out, { end: false });
      const tag = cipher.getAuthTag();
      mac.update(tag);
      out.write(tag);
    } else {
      await pipeline(fs.createReadStream(payload), macTap(mac), out, { end: false });
    }
    out.end(mac.digest());
    await finished(out);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export interface OpenedBackup {
  /** The tar.gz, checked (unless unverified) and decrypted, in the caller's private folder. */
  payload: string;
  signed: boolean;
  encrypted: boolean;
  /** True when the signature was not checked (the owner's --unverified). */
  unverified: boolean;
}

const changed = (file: string) =>
  new BackupError(
    `${file} has been changed since it was made (its signature does not match): it is not restored.`,
  );

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length);
  const read = fs.readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read);
}

/**
 * Checks an archive against the owner's key and writes its tar.gz to `into` (a private folder):
 * read once, so the bytes that are restored are the bytes that were checked. Refused when it was
 * changed, made with another key, or carries no signature, unless `unverified` (the owner's own
 * risk): then an unsigned tar.gz from before signatures, or a signed one whose key is lost, is
 * taken as it is.
 */
export async function openBackup(
  file: string,
  into: string,
  options: { key: string | null; unverified: boolean },
): Promise<OpenedBackup> {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const start = readAt(fd, 0, Math.min(size, MAGIC.length + HEADER_LIMIT));
    if (!start.subarray(0, MAGIC.length).equals(MAGIC)) {
      if (!start.subarray(0, 2).equals(GZIP_MAGIC)) throw new BackupError(`${file} is not a Rossy backup`);
      if (!options.unverified)
        throw new BackupError(
          `${file} is not signed (a backup from before signatures, or one that was unwrapped): anyone could have changed it, so it is not restored. If you kept it safe yourself since it was made, restore it with --unverified, at your own risk.`,
        );
      return { payload: file, signed: false, encrypted: false, unverified: true };
    }
    const newline = start.indexOf(0x0a, MAGIC.length);
    if (newline < 0) throw new BackupError(`${file} is not a readable backup (its header is damaged)`);
    let header: SealHeader;
    try {
      header = JSON.parse(start.subarray(MAGIC.length, newline).toString('utf8')) as SealHeader;
    } catch {
      throw new BackupError(`${file} is not a readable backup (its header is damaged)`);
    }
    const salt = Buffer.from(String(header.salt), 'base64');
    const encrypted = header.cipher !== null;
    if (encrypted && header.cipher?.name !== 'aes-256-gcm')
      throw new BackupError(`${file} is encrypted with a cipher this shop does not know`);
    const head = start.subarray(0, newline + 1);
    const bodyStart = head.length;
    const bodyEnd = size - MAC_BYTES - (encrypted ? TAG_BYTES : 0);
    if (bodyEnd <= bodyStart || salt.length !== 16)
      throw new BackupError(`${file} is not a readable backup (it is cut short or damaged)`);

    const key = options.key;
    if (!key) {
      if (encrypted || !options.unverified)
        throw new BackupError(
          `${file} is signed${encrypted ? ' and encrypted' : ''} with a backup key (id ${header.keyId}): set BACKUP_KEY to that key, or put the data folder's backup-key file back.`,
        );
    } else if (backupKeyId(key) !== header.keyId && !options.unverified) {
      throw new BackupError(
        `${file} was made with another backup key (id ${header.keyId}; the key given has id ${backupKeyId(key)}): set BACKUP_KEY to the key it was made with.`,
      );
    }
    const check = key !== null && !(options.unverified && backupKeyId(key) !== header.keyId);

    const tail = readAt(fd, bodyEnd, size - bodyEnd);
    const tag = tail.subarray(0, encrypted ? TAG_BYTES : 0);
    const signature = tail.subarray(tail.length - MAC_BYTES);
    const mac = createHmac('sha256', check && key ? derive(key, salt, 'hmac') : Buffer.alloc(32));
    mac.update(head);

    const payload = path.join(into, 'payload.tar.gz');
    const body = fs.createReadStream('', { fd, start: bodyStart, end: bodyEnd - 1, autoClose: false });
    const out = fs.createWriteStream(payload, { mode: 0o600 });
    try {
      if (encrypted) {
        if (!key) throw new BackupError(`${file} is encrypted: set BACKUP_KEY to the key it was made with.`);
        const decipher = createDecipheriv(
          'aes-256-gcm',
          derive(key, salt, 'aes-256-gcm'),
          Buffer.from(header.cipher!.iv, 'base64'),
        );
        decipher.setAuthTag(tag);
        await pipeline(body, macTap(mac), decipher, out);
      } else {
        await pipeline(body, macTap(mac), out);
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      // With the key in hand, the signature says whether the archive was changed; anything else is
      // named as it is. Either way nothing was restored.
      if (check && !timingSafeEqual(mac.update(tag).digest(), signature)) throw changed(file);
      throw new BackupError(
        encrypted
          ? `${file} could not be decrypted: it was changed, or the key is not its own`
          : `${file} could not be read (${(error as Error).message})`,
      );
    }
    mac.update(tag);
    if (check && !timingSafeEqual(mac.digest(), signature)) throw changed(file);
    return { payload, signed: true, encrypted, unverified: !check };
  } finally {
    fs.closeSync(fd);
  }
}
