import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { PublicUser } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { sessions, users } from '../../db/schema/accounts';
import type { TokenSigner } from './session-tokens';
import { toPublicUser } from './user-view';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export interface CurrentUser extends PublicUser {
  sessionId: string;
  /**
   * Set with the session when the owner requires a second factor of staff and this staff member has
   * none on (core/accounts/two-factor.ts secondFactorMissing): the admin area stays closed to them
   * until they turn it on.
   */
  secondFactorMissing?: boolean;
}

/** A new session for a user who just proved who they are: never reuses an old one. */
export async function createSession(
  db: DbOrTx,
  tokens: TokenSigner,
  userId: string,
  userAgent = '',
): Promise<IssuedSession> {
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ userId, expiresAt, userAgent: userAgent.slice(0, 300) })
    .returning({ id: sessions.id });
  const sessionId = row!.id;
  return { token: await tokens.sign({ userId, sessionId, expiresAt }), sessionId, expiresAt };
}

/**
 * The one way a link (a sign-up's confirmation, a staff invitation) may sign someone in: a link
 * proves an address, never a second factor, so an account with two-step sign-in on gets no session
 * (null) and signs in the usual way. Counts as the account's last sign-in.
 */
export async function sessionFromLink(
  db: DbOrTx,
  tokens: TokenSigner,
  user: { id: string; twoFactorEnabledAt: Date | null },
  client: { userAgent?: string | undefined },
): Promise<IssuedSession | null> {
  const [fresh] = await db
    .update(users)
    .set({ lastSignInAt: sql`now()` })
    .where(and(eq(users.id, user.id), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  if (!fresh || user.twoFactorEnabledAt) return null;
  return createSession(db, tokens, user.id, client.userAgent);
}

/** The signed-in user behind a token: the signature, expiry, the session row and an active account must all hold. */
export async function resolveSession(
  db: DbOrTx,
  tokens: TokenSigner,
  token: string | undefined,
): Promise<CurrentUser | null> {
  if (!token || token.length > 2048) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 'active'),
      ),
    );
  if (!row) return null;
  return { ...toPublicUser(row.user), sessionId: claims.sessionId };
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (all devices), or all but the one making the change. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}
