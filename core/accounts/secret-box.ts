import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PURPOSE = 'rossy two-factor';

function keyFrom(shopKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', shopKey, Buffer.alloc(0), PURPOSE, 32));
}

/**
 * Seals a secret for one user's row: AES-256-GCM under a key derived from the shop key, a fresh IV
 * each time, and the user id bound in as authenticated data, so a sealed value copied to another
 * user's row does not open there. Format: v1.<iv>.<ciphertext>.<tag>, base64url.
 */
export function seal(shopKey: string, userId: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(shopKey), iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The sealed secret, or null when it does not open (another key, another user's row, tampered). */
export function open(shopKey: string, userId: string, sealed: string): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || body === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(shopKey), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
