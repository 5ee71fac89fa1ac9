import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/content';
import { settings } from '../../db/schema/settings';
import { unsubscribeTexts } from '../../contracts/newsletter-unsubscribe';
import { AppError } from '../errors';

/** The settings group holding the key unsubscribe links are signed with. */
const KEY_ROW = 'newsletter';

/**
 * The key of the unsubscribe links: made once per shop and kept in the database, so every process
 * signs alike and a link in an old e-mail keeps working when session secrets are rotated.
 */
async function unsubscribeKey(db: DbOrTx): Promise<string> {
  await db
    .insert(settings)
    .values({ key: KEY_ROW, value: { unsubscribeKey: randomBytes(32).toString('base64url') } })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY_ROW));
  const key = row?.value.unsubscribeKey;
  if (typeof key !== 'string' || key.length < 32) throw new Error('The newsletter key is missing');
  return key;
}

const normalize = (email: string) => email.trim().toLowerCase();

/** HMAC-SHA256 of the address: who holds the link may unsubscribe it, nobody can forge one for another address. */
export async function unsubscribeToken(db: DbOrTx, email: string): Promise<string> {
  return createHmac('sha256', await unsubscribeKey(db))
    .update(normalize(email))
    .digest('base64url');
}

/** The link every newsletter e-mail carries. */
export async function unsubscribeUrl(db: DbOrTx, publicUrl: string, email: string): Promise<string> {
  const address = normalize(email);
  const query = new URLSearchParams({ email: address, token: await unsubscribeToken(db, address) });
  return `${publicUrl}/newsletter/unsubscribe?${query.toString()}`;
}

export async function isValidUnsubscribeToken(db: DbOrTx, email: string, token: string): Promise<boolean> {
  if (!email || !token || token.length > 100) return false;
  const expected = Buffer.from(await unsubscribeToken(db, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type SubscriptionState = 'subscribed' | 'unsubscribed' | 'unknown';

async function requireToken(db: DbOrTx, email: string, token: string): Promise<string> {
  if (!(await isValidUnsubscribeToken(db, email, token)))
    throw new AppError('FORBIDDEN', unsubscribeTexts.invalid);
  return normalize(email);
}

/** Where the address stands, for the confirm page; the link must be valid. */
export async function getSubscriptionState(
  db: DbOrTx,
  email: string,
  token: string,
): Promise<SubscriptionState> {
  const address = await requireToken(db, email, token);
  const [row] = await db
    .select({ unsubscribedAt: newsletterSubscribers.unsubscribedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, address));
  if (!row) return 'unknown';
  return row.unsubscribedAt ? 'unsubscribed' : 'subscribed';
}

/** Takes the address off the list (kept, with the time, so a later sign-up can bring it back). */
export async function unsubscribeFromNewsletter(
  db: DbOrTx,
  email: string,
  token: string,
  now = new Date(),
): Promise<void> {
  const address = await requireToken(db, email, token);
  await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: now })
    .where(and(eq(newsletterSubscribers.email, address), isNull(newsletterSubscribers.unsubscribedAt)));
}

/** Puts an address that unsubscribed back on the list, from the same link. */
export async function resubscribeWithToken(db: DbOrTx, email: string, token: string): Promise<void> {
  const address = await requireToken(db, email, token);
  await db
    .insert(newsletterSubscribers)
    .values({ email: address })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { unsubscribedAt: null } });
}

/** A sign-up for an address that had unsubscribed clears its unsubscribe; true when it did. */
export async function clearUnsubscribe(db: DbOrTx, email: string): Promise<boolean> {
  const changed = await db
    .update(newsletterSubscribers)
    .set({ unsubscribedAt: null })
    .where(
      and(eq(newsletterSubscribers.email, normalize(email)), isNotNull(newsletterSubscribers.unsubscribedAt)),
    )
    .returning({ id: newsletterSubscribers.id });
  return changed.length > 0;
}
