import { eq, sql } from 'drizzle-orm';
import { profileSchema, type PublicUser } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { requestEmailChange, resendVerificationLimit } from './email-verification';
import { toPublicUser } from './user-view';

export async function getProfile(db: DbOrTx, userId: string): Promise<PublicUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return toPublicUser(row);
}

/**
 * Saves the fields a shopper may change; role, status and id in the input are ignored. A new e-mail
 * address does not take effect here: it is kept as pending and a confirmation link is sent to it
 * (see requestEmailChange). The answer is the same whether or not another account uses that address.
 */
export async function updateProfile(
  deps: Pick<AccountDeps, 'db' | 'mailer' | 'publicUrl' | 'rateLimiter'>,
  userId: string,
  raw: unknown,
): Promise<PublicUser> {
  const { email, ...details } = parseInput(profileSchema, raw);
  const [current] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!current) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  const emailChange = email !== current.email;
  // Each change mails a link to an address the shopper names: limited like "send the link again".
  if (emailChange) await deps.rateLimiter.hit(resendVerificationLimit, userId);
  const [row] = await deps.db
    .update(users)
    .set({ ...details, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  if (!emailChange) return toPublicUser(row);
  await requestEmailChange(deps, row, email);
  return getProfile(deps.db, userId);
}
