import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { SIGN_IN_FAILED } from '../../contracts/account-texts';
import { signInSchema, type PublicUser, type SignInInput } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { signInChallenges, users } from '../../db/schema/accounts';
import { signIns } from '../../db/schema/admin';
import { AppError } from '../errors';
import { accountRateLimits, type ClientInfo } from '../rate-limits';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { awaitingSignUpConfirmation, hashToken, sendSignUpLinkAgainLater } from './email-verification';
import { verifyPassword } from './passwords';
import { createSession, type IssuedSession } from './sessions';
import { verifySecondFactor, WRONG_CODE } from './two-factor';
import { toPublicUser } from './user-view';

export { SIGN_IN_FAILED };
export const ACCOUNT_INACTIVE = 'This account has been deactivated. Please contact support to restore it.';
export const CHALLENGE_EXPIRED = 'Your sign-in has expired. Please sign in again.';
const CHALLENGE_TTL_MS = 5 * 60_000;
const CHALLENGE_ATTEMPTS = 5;

/** The password was right; the second factor is still to come, within five minutes. */
export interface TwoFactorChallenge {
  twoFactorRequired: true;
  challenge: string;
  expiresAt: Date;
}

type SignedIn = { user: PublicUser; session: IssuedSession };

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
  now: Date = new Date(),
): Promise<SignedIn | TwoFactorChallenge> {
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

  if (row.twoFactorEnabledAt) {
    // No session yet: the password alone opens nothing for an account with a second factor.
    const challenge = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + CHALLENGE_TTL_MS);
    // The account's finished or lapsed challenges go as a new one is made: the table stays a few rows a person.
    await deps.db
      .delete(signInChallenges)
      .where(
        and(
          eq(signInChallenges.userId, row.id),
          or(isNotNull(signInChallenges.usedAt), lte(signInChallenges.expiresAt, now)),
        ),
      );
    await deps.db
      .insert(signInChallenges)
      .values({ userId: row.id, tokenHash: hashToken(challenge), expiresAt });
    return { twoFactorRequired: true, challenge, expiresAt };
  }
  return startSession(deps.db, deps.tokens, row, client);
}

/** The one way a proved sign-in becomes a session, after the password alone or after the second factor. */
async function startSession(
  db: DbOrTx,
  tokens: AccountDeps['tokens'],
  row: typeof users.$inferSelect,
  client: ClientInfo,
): Promise<SignedIn> {
  // Signing in never changes the role: only a signed-in administrator promotes.
  const [updated] = await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(users.id, row.id))
    .returning();
  await db.insert(signIns).values({ userId: row.id });
  const session = await createSession(db, tokens, row.id, client.userAgent);
  return { user: toPublicUser(updated ?? row), session };
}

/**
 * The second step of signing in: the challenge from the right password and a code from the
 * authenticator app (or a recovery code). A challenge takes five codes at most, however they race; wrong codes are also
 * limited per account and per address, so a code cannot be found by trying them in turn.
 */
export async function completeTwoFactorSignIn(
  deps: Pick<AccountDeps, 'db' | 'tokens' | 'rateLimiter' | 'shopKey'>,
  input: { challenge: string; code: string },
  client: ClientInfo,
  now: Date = new Date(),
): Promise<SignedIn> {
  await deps.rateLimiter.check(accountRateLimits.twoFactorByIp, client.ip);
  const challenge = typeof input.challenge === 'string' ? input.challenge.trim() : '';
  const code = typeof input.code === 'string' ? input.code.trim() : '';
  if (!challenge || challenge.length > 100) throw new AppError('UNAUTHENTICATED', CHALLENGE_EXPIRED);
  // An attempt is taken before the code is checked, with one conditional statement: of many codes
  // sent at once on one challenge, no more than CHALLENGE_ATTEMPTS are ever checked.
  const [found] = await deps.db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(
      and(
        eq(signInChallenges.tokenHash, hashToken(challenge)),
        isNull(signInChallenges.usedAt),
        gt(signInChallenges.expiresAt, now),
        lt(signInChallenges.attempts, CHALLENGE_ATTEMPTS),
      ),
    )
    .returning({ id: signInChallenges.id, userId: signInChallenges.userId });
  if (!found) throw new AppError('UNAUTHENTICATED', CHALLENGE_EXPIRED);
  await deps.rateLimiter.check(accountRateLimits.twoFactorByAccount, found.userId);

  if (!code || !(await verifySecondFactor(deps, found.userId, code, now))) {
    // The last wrong code ends the challenge: the password has to be entered again.
    await deps.db
      .update(signInChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(signInChallenges.id, found.id),
          isNull(signInChallenges.usedAt),
          gte(signInChallenges.attempts, CHALLENGE_ATTEMPTS),
        ),
      );
    await deps.rateLimiter.hit(accountRateLimits.twoFactorByIp, client.ip);
    await deps.rateLimiter.hit(accountRateLimits.twoFactorByAccount, found.userId);
    throw new AppError('UNAUTHENTICATED', WRONG_CODE);
  }
  // One use: of two answers racing with the same challenge, one signs in.
  const [claimed] = await deps.db
    .update(signInChallenges)
    .set({ usedAt: now })
    .where(and(eq(signInChallenges.id, found.id), isNull(signInChallenges.usedAt)))
    .returning({ id: signInChallenges.id });
  if (!claimed) throw new AppError('UNAUTHENTICATED', CHALLENGE_EXPIRED);
  const [row] = await deps.db.select().from(users).where(eq(users.id, found.userId));
  if (!row) throw new AppError('UNAUTHENTICATED', CHALLENGE_EXPIRED);
  if (row.status !== 'active') throw new AppError('FORBIDDEN', ACCOUNT_INACTIVE);
  return startSession(deps.db, deps.tokens, row, client);
}
