import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { emailSchema, forgotPasswordSchema, resetPasswordSchema } from '../../contracts/accounts';
import { passwordResets, users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { renderMail } from '../mail/mailer';
import { accountRateLimits, type ClientInfo } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { newPasswordRefusal } from './password-policy';
import { hashPassword } from './passwords';
import { hashToken, retireVerificationLinks } from './email-verification';
import { revokeUserSessions } from './sessions';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** Forgot-password answers no sooner than this after it is asked, whether or not the address has an account. */
export const FORGOT_PASSWORD_FLOOR_MS = 250;
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired. Please ask for a new one.';

/**
 * E-mails a one-time reset link, valid for an hour, when the address belongs to an active account.
 * The caller answers the same way either way, so the answer does not reveal who has an account; and
 * it takes the same time either way: the link and its e-mail are made off the answer's path (a
 * failure goes to onMailError), and the answer comes no sooner than FORGOT_PASSWORD_FLOOR_MS after
 * the request, for a known and an unknown address alike. `delivered` settles when the mail is written.
 */
export async function requestPasswordReset(
  deps: Pick<AccountDeps, 'db' | 'mailer' | 'publicUrl' | 'rateLimiter' | 'onMailError'>,
  raw: unknown,
  client: ClientInfo,
): Promise<{ delivered: Promise<void> }> {
  const floor = new Promise<void>((resolve) => setTimeout(resolve, FORGOT_PASSWORD_FLOOR_MS));
  await deps.rateLimiter.hit(accountRateLimits.forgotByIp, client.ip);
  const input = parseInput(forgotPasswordSchema, raw);
  if (!input.email)
    throw new AppError('BAD_REQUEST', 'Please enter your email address', {
      email: 'Please enter your email address',
    });
  const email = emailSchema.safeParse(input.email);
  if (!email.success)
    throw new AppError('BAD_REQUEST', 'Please enter a valid email address', {
      email: 'Please enter a valid email address',
    });
  await deps.rateLimiter.hit(accountRateLimits.forgotByAccount, email.data);

  const [user] = await deps.db.select().from(users).where(eq(users.email, email.data));
  const delivered =
    user && user.status === 'active'
      ? new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => sendResetLink(deps, user))
          .catch((error: unknown) => deps.onMailError?.(error))
      : Promise.resolve();
  await floor;
  return { delivered };
}

async function sendResetLink(
  deps: Pick<AccountDeps, 'db' | 'mailer' | 'publicUrl'>,
  user: { id: string; name: string; email: string },
): Promise<void> {
  const { name: shopName } = await getShopSettings(deps.db);
  const token = randomBytes(32).toString('base64url');
  await deps.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MS),
  });
  const url = `${deps.publicUrl}/reset-password?token=${token}`;
  await deps.mailer.send({
    to: user.email,
    subject: `Reset your ${shopName} password`,
    ...(await renderMail({
      shopName,
      heading: 'Reset your password',
      paragraphs: [
        `Hello ${user.name},`,
        'We received a request to reset the password of your account. The link below works once, for the next hour.',
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      ],
      action: { label: 'Choose a new password', url },
    })),
  });
}

/**
 * Sets a new password from a valid link, once; every session of the user ends, and so does every
 * unused confirmation link and any pending new address (whoever held the account before keeps none).
 * The link was e-mailed to the account's address, so following it also confirms that address.
 */
export async function resetPassword(
  deps: Pick<AccountDeps, 'db' | 'rateLimiter'>,
  raw: unknown,
  client: ClientInfo,
): Promise<void> {
  await deps.rateLimiter.hit(accountRateLimits.resetByIp, client.ip);
  const input = parseInput(resetPasswordSchema, raw);
  // Whose password it is, so their name and address count against it; an unusable link is
  // refused below, when it is claimed, after the password's own problems as before.
  const [owner] = await deps.db
    .select({ email: users.email, name: users.name })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(eq(passwordResets.tokenHash, hashToken(input.token)));
  const refusal = newPasswordRefusal(input.password, input.confirmPassword, owner);
  if (refusal) throw refusal;
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    // Claiming the link and using it is one statement, so two clicks cannot both succeed.
    const [claimed] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new AppError('UNPROCESSABLE', RESET_LINK_INVALID, { token: RESET_LINK_INVALID });
    await tx
      .update(users)
      .set({
        passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, claimed.userId));
    await retireVerificationLinks(tx, claimed.userId);
    await revokeUserSessions(tx, claimed.userId);
  });
}
