import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** What a key derived from the shop key is for: each purpose has its own key, none opens another's. */
export type SecretPurpose = 'rossy two-factor' | 'rossy pickup code' | 'rossy pickup code proof';

const TWO_FACTOR: SecretPurpose = 'rossy two-factor';

function keyFrom(shopKey: string, purpose: SecretPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', shopKey, Buffer.alloc(0), purpose, 32));
}

/**
 * Seals a secret for one row: AES-256-GCM under a key derived from the shop key for `purpose`, a
 * fresh IV each time, and the row's id (a user's, an order's) bound in as authenticated data, so a
 * sealed value copied to another row does not open there. Format: v1.<iv>.<ciphertext>.<tag>, base64url.
 */
export function seal(
  shopKey: string,
  boundTo: string,
  plain: string,
  purpose: SecretPurpose = TWO_FACTOR,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(shopKey, purpose), iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The sealed secret, or null when it does not open (another key, another row, tampered). */
export function open(
  shopKey: string,
  boundTo: string,
  sealed: string,
  purpose: SecretPurpose = TWO_FACTOR,
): string | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || body === undefined || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(shopKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/**
 * HMAC-SHA-256 of `text` under a key derived from the shop key for `purpose`, hex: what a short
 * secret is checked against without being kept. Without the shop key it cannot be tried against
 * guesses, however few the secret's possible values.
 */
export function keyedProof(shopKey: string, purpose: SecretPurpose, text: string): string {
  return createHmac('sha256', keyFrom(shopKey, purpose)).update(text, 'utf8').digest('hex');
}
