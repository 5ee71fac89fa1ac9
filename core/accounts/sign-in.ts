import { eq, sql } from 'drizzle-orm';
import { SIGN_IN_FAILED } from '../../contracts/account-texts';
import { signInSchema, type PublicUser, type SignInInput } from '../../contracts/accounts';
import { users } from '../../db/schema/accounts';
import { signIns } from '../../db/schema/admin';
import { AppError } from '../errors';
import { accountRateLimits, type ClientInfo } from '../rate-limits';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { awaitingSignUpConfirmation, sendSignUpLinkAgainLater } from './email-verification';
import { verifyPassword } from './passwords';
import { createSession, type IssuedSession } from './sessions';
import { toPublicUser } from './user-view';

export { SIGN_IN_FAILED };
export const ACCOUNT_INACTIVE = 'This account has been deactivated. Please contact support to restore it.';

/**
 * Signs a user in with a new session. An unknown e-mail and a wrong password get the same answer
 * after the same work; only someone who knows the password learns that an account is inactive.
 * An account whose sign-up was never confirmed gets that same answer too, even with the right
 * password (otherwise signing up and then in would tell whether the address was free); with the right
 * password its link is e-mailed again (at most once per 10 minutes, after the answer).
 */
export async function signIn(
  deps: Pick<AccountDeps, 'db' | 'tokens' | 'rateLimiter' | 'mailer' | 'publicUrl' | 'onMailError'>,
  raw: SignInInput,
  client: ClientInfo,
): Promise<{ user: PublicUser; session: IssuedSession }> {
  // Failed attempts are what is limited, per address and per account: a shopper who signs in
  // often is never stopped, a guesser is, and so is the right password once an account is locked.
  await deps.rateLimiter.check(accountRateLimits.signInByIp, client.ip);
  const input = parseInput(signInSchema, raw);
  if (!input.email || !input.password)
    throw new AppError('BAD_REQUEST', 'Please enter both email and password');
  const accountKey = input.email.toLowerCase();
  await deps.rateLimiter.check(accountRateLimits.signInByAccount, accountKey);

  const email = accountKey;
  const [row] = email.length <= 254 ? await deps.db.select().from(users).where(eq(users.email, email)) : [];
  const [valid, unconfirmed] = await Promise.all([
    verifyPassword(row?.passwordHash, input.password),
    row ? awaitingSignUpConfirmation(deps.db, row) : false,
  ]);
  if (row && valid && unconfirmed) void sendSignUpLinkAgainLater(deps, row);
  if (!row || !valid || unconfirmed) {
    await deps.rateLimiter.hit(accountRateLimits.signInByIp, client.ip);
    await deps.rateLimiter.hit(accountRateLimits.signInByAccount, accountKey);
    throw new AppError('UNAUTHENTICATED', SIGN_IN_FAILED);
  }
  if (row.status !== 'active') throw new AppError('FORBIDDEN', ACCOUNT_INACTIVE);

  // Signing in never changes the role: only a signed-in administrator promotes.
  const [updated] = await deps.db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, row.id))
    .returning();
  await deps.db.insert(signIns).values({ userId: row.id });
  const session = await createSession(deps.db, deps.tokens, row.id, client.userAgent);
  return { user: toPublicUser(updated ?? row), session };
}
