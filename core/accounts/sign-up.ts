import { eq } from 'drizzle-orm';
import { emailSchema, signUpSchema, type SignUpInput } from '../../contracts/accounts';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { accountRateLimits, type ClientInfo } from '../rate-limits';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { newPasswordRefusal } from './password-policy';
import { hashPassword } from './passwords';
import { sendSignUpAttemptNotice, sendVerificationLink } from './email-verification';

export { signUpSchema as signUpInput };

/** What sign-up answers, whether the address was new or already had an account. */
export const signUpCheckInboxMessage = (email: string) =>
  `Check your inbox: we sent a link to ${email} to finish creating your account.`;

/**
 * Public sign-up. A new address gets a customer account (never any other role; a `role` in the input
 * is never read) with its address unconfirmed, and a link to confirm it; following the link signs the
 * shopper in. An address that already has an account gets nothing created, and its owner an e-mail
 * saying so. Both answer the same after the same work, and neither signs in, so sign-up does not
 * tell who has an account.
 */
export async function signUp(
  deps: Pick<AccountDeps, 'db' | 'mailer' | 'publicUrl' | 'rateLimiter'>,
  raw: SignUpInput,
  client: ClientInfo,
): Promise<{ email: string; message: string }> {
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
  const refusal = newPasswordRefusal(input.password, input.confirmPassword, {
    email: email.data,
    name: input.name,
  });
  if (refusal) throw refusal;

  const passwordHash = await hashPassword(input.password);
  const [row] = await deps.db
    .insert(users)
    .values({ name: input.name, email: email.data, passwordHash, role: 'customer' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (row) {
    await sendVerificationLink(deps, row, row.email, 'sign-up');
  } else {
    const [owner] = await deps.db.select().from(users).where(eq(users.email, email.data));
    if (owner) await sendSignUpAttemptNotice(deps, owner);
  }
  return { email: email.data, message: signUpCheckInboxMessage(email.data) };
}

export async function findUserByEmail(deps: Pick<AccountDeps, 'db'>, email: string) {
  const [row] = await deps.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}
