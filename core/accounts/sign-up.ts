import { eq, sql } from 'drizzle-orm';
import { emailSchema, signUpSchema, type PublicUser, type SignUpInput } from '../../contracts/accounts';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { accountRateLimits, type ClientInfo } from '../rate-limits';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { createSession, type IssuedSession } from './sessions';
import { isAdminEmail, toPublicUser } from './user-view';

export { signUpSchema as signUpInput };

/**
 * Public sign-up always makes a customer; the one exception is the shop's ADMIN_EMAIL, which
 * becomes the administrator. A `role` in the input is never read.
 */
export async function signUp(
  deps: Pick<AccountDeps, 'db' | 'tokens' | 'adminEmail' | 'rateLimiter'>,
  raw: SignUpInput,
  client: ClientInfo,
): Promise<{ user: PublicUser; session: IssuedSession }> {
  await deps.rateLimiter.hit(accountRateLimits.signUpByIp, client.ip);
  const input = parseInput(signUpSchema, raw);
  if (!input.name || !input.email || !input.password) {
    throw new AppError('BAD_REQUEST', 'All fields are required', {
      ...(input.name ? {} : { name: 'Name is required' }),
      ...(input.email ? {} : { email: 'Email is required' }),
      ...(input.password ? {} : { password: 'Password is required' }),
    });
  }
  const email = emailSchema.safeParse(input.email);
  if (!email.success)
    throw new AppError('BAD_REQUEST', 'Please enter a valid email address', {
      email: 'Please enter a valid email address',
    });
  const problem = passwordProblem(input.password);
  if (problem) throw new AppError('BAD_REQUEST', problem, { password: problem });
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    throw new AppError('BAD_REQUEST', 'Passwords do not match', {
      confirmPassword: 'Passwords do not match',
    });
  }

  const passwordHash = await hashPassword(input.password);
  const role = isAdminEmail(email.data, deps.adminEmail) ? 'admin' : 'customer';
  const [row] = await deps.db
    .insert(users)
    .values({ name: input.name, email: email.data, passwordHash, role, lastSignInAt: sql`now()` })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!row) {
    throw new AppError(
      'CONFLICT',
      'An account with this email already exists. Please sign in or reset your password.',
      {
        email: 'An account with this email already exists',
      },
    );
  }
  const session = await createSession(deps.db, deps.tokens, row.id, client.userAgent);
  return { user: toPublicUser(row), session };
}

export async function findUserByEmail(deps: Pick<AccountDeps, 'db'>, email: string) {
  const [row] = await deps.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}
