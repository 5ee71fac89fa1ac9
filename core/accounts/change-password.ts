import { eq, sql } from 'drizzle-orm';
import { changePasswordSchema, type ChangePasswordInput } from '../../contracts/accounts';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { checkSecret, type ClientInfo } from '../rate-limits';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { passwordRefusal } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { createSession, revokeUserSessions, type IssuedSession } from './sessions';

/** A password change ends every session of the user, on every device, and starts a fresh one here. */
export async function changePassword(
  deps: Pick<AccountDeps, 'db' | 'tokens' | 'rateLimiter'>,
  userId: string,
  raw: ChangePasswordInput,
  client: ClientInfo,
): Promise<IssuedSession> {
  const input = parseInput(changePasswordSchema, raw);
  if (!input.currentPassword)
    throw new AppError('BAD_REQUEST', 'Please enter your current password', {
      currentPassword: 'Please enter your current password',
    });
  if (input.newPassword !== input.confirmPassword) {
    throw new AppError('UNPROCESSABLE', 'New passwords do not match', {
      confirmPassword: 'New passwords do not match',
    });
  }
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  const refusal = passwordRefusal(input.newPassword, 'newPassword', { email: row.email, name: row.name });
  if (refusal) throw refusal;
  const right = await checkSecret(deps.rateLimiter, 'password', { subject: userId, ip: client.ip }, () =>
    verifyPassword(row.passwordHash, input.currentPassword),
  );
  if (!right) {
    throw new AppError('UNPROCESSABLE', 'Your current password is not correct', {
      currentPassword: 'Your current password is not correct',
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  return deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await revokeUserSessions(tx, userId);
    return createSession(tx, deps.tokens, userId, client.userAgent);
  });
}
