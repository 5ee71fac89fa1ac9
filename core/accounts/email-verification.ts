import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { verifyEmailSchema, type PublicUser } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { emailVerifications, users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { renderMail } from '../mail/mailer';
import type { ClientInfo, RateLimitRule } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import type { AccountDeps } from './account-deps';
import { sessionFromLink, type IssuedSession } from './sessions';
import { toPublicUser } from './user-view';
import { isUniqueViolation } from '../unique-violation';

export const VERIFY_LINK_TTL_MS = 48 * 60 * 60 * 1000;
export const VERIFY_LINK_INVALID =
  'This confirmation link is invalid, has expired or was already used. Sign in and ask for a new one from your profile.';
export const ADDRESS_TAKEN_AT_CONFIRM =
  'This address now belongs to another account, so your e-mail was not changed. Your account keeps its current address.';
export const ALREADY_CONFIRMED = 'Your e-mail address is already confirmed.';
/** "Send the link again" from the profile: a few times an hour per account. */
export const resendVerificationLimit: RateLimitRule = {
  name: 'verify-resend',
  limit: 3,
  windowMs: 60 * 60_000,
};

/** Signing in to an unconfirmed sign-up mails its link again, at most once per 10 minutes per account. */
export const signUpLinkAgainLimit: RateLimitRule = {
  name: 'verify-sign-in-resend',
  limit: 1,
  windowMs: 10 * 60_000,
};

/** The SHA-256 kept in place of an e-mailed link's token (confirmation and reset links alike). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type MailDeps = Pick<AccountDeps, 'db' | 'mailer' | 'publicUrl'>;

/**
 * E-mails a one-time link to `email` that proves the account's owner reads mail there: the
 * account's own address after sign-up, or the new address asked for in the profile.
 */
export async function sendVerificationLink(
  deps: MailDeps,
  user: { id: string; name: string },
  email: string,
  purpose: 'sign-up' | 'confirm' | 'change',
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  // A new link replaces every link sent before it: only the newest one in the mailbox works. It is
  // written before the others end, so an unfinished sign-up never looks, even for a moment, as if
  // it had no link waiting (sign-in reads that to refuse it).
  const [made] = await deps.db
    .insert(emailVerifications)
    .values({
      userId: user.id,
      email,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + VERIFY_LINK_TTL_MS),
    })
    .returning({ id: emailVerifications.id });
  await retireLinks(deps.db, user.id, made!.id);
  const { name: shopName } = await getShopSettings(deps.db);
  const url = `${deps.publicUrl}/verify-email?token=${token}`;
  // A sign-up and an existing account's own address read alike; a new address says it is new.
  const signUp = purpose !== 'change';
  await deps.mailer.send({
    to: email,
    subject: signUp
      ? `Finish creating your ${shopName} account`
      : `Confirm your new e-mail address for ${shopName}`,
    ...(await renderMail({
      shopName,
      heading: signUp ? 'Confirm your e-mail address' : 'Confirm your new e-mail address',
      paragraphs: [
        `Hello ${user.name},`,
        signUp
          ? `Thank you for signing up to ${shopName}. Follow the link below to confirm this address and finish creating your account. It works once, for the next 48 hours.`
          : `You asked to use this address for your ${shopName} account. Follow the link below to confirm it; until then your account keeps its current address. It works once, for the next 48 hours.`,
        'If you did not ask for this, you can ignore this e-mail: nothing changes without the link.',
      ],
      action: { label: signUp ? 'Confirm my address' : 'Confirm my new address', url },
    })),
  });
}

/** Tells the owner of a taken address that someone tried to sign up with it (sign-up answers the same either way). */
export async function sendSignUpAttemptNotice(deps: MailDeps, owner: { name: string; email: string }) {
  const { name: shopName } = await getShopSettings(deps.db);
  await deps.mailer.send({
    to: owner.email,
    subject: `Someone tried to create a ${shopName} account with your address`,
    ...(await renderMail({
      shopName,
      heading: 'You already have an account',
      paragraphs: [
        `Hello ${owner.name},`,
        `Someone (perhaps you) tried to create a new ${shopName} account with this e-mail address. You already have one, so nothing was created.`,
        'To use your account, sign in. If you have forgotten your password, you can choose a new one with the link below.',
        'If it was not you, you can ignore this e-mail: your account has not changed.',
      ],
      action: { label: 'Reset my password', url: `${deps.publicUrl}/forgot-password` },
    })),
  });
}

/** Tells the owner of a taken address that another account asked to move to it (the profile answers the same either way). */
async function sendAddressTakenNotice(deps: MailDeps, email: string) {
  const { name: shopName } = await getShopSettings(deps.db);
  await deps.mailer.send({
    to: email,
    subject: `Someone tried to use your address on ${shopName}`,
    ...(await renderMail({
      shopName,
      heading: 'Your address is already in use',
      paragraphs: [
        `Someone asked to change the e-mail address of a ${shopName} account to this one. An account already uses this address, so nothing was changed.`,
        'If it was you, sign in to the account that uses this address instead. Otherwise you can ignore this e-mail.',
      ],
      action: { label: 'Sign in', url: `${deps.publicUrl}/login` },
    })),
  });
}

/**
 * Asks for a new address on the account: it is kept as pending and a link is sent to it; the
 * account's address changes only when the link is followed. Whether another account already uses
 * the address is not told here (that address's owner gets a note instead); it is checked again when
 * the link is followed.
 */
export async function requestEmailChange(
  deps: MailDeps,
  user: { id: string; name: string },
  email: string,
): Promise<void> {
  await deps.db
    .update(users)
    .set({ pendingEmail: email, updatedAt: sql`now()` })
    .where(eq(users.id, user.id));
  // A link to an address asked for before stops working now, whether or not a new link follows.
  await retireLinks(deps.db, user.id);
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)));
  if (taken) await sendAddressTakenNotice(deps, email);
  else await sendVerificationLink(deps, user, email, 'change');
}

/** "Send the link again" from the profile: to the pending new address, or to the account's own unconfirmed one. */
export async function resendVerification(
  deps: MailDeps & Pick<AccountDeps, 'rateLimiter'>,
  userId: string,
): Promise<{ sentTo: string }> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  if (!row.pendingEmail && row.emailVerifiedAt) throw new AppError('CONFLICT', ALREADY_CONFIRMED);
  await deps.rateLimiter.hit(resendVerificationLimit, row.id);
  if (row.pendingEmail) {
    await requestEmailChange(deps, row, row.pendingEmail);
    return { sentTo: row.pendingEmail };
  }
  // An unfinished sign-up stays one; an account from before confirmation links only proves its address.
  const purpose = (await awaitingSignUpConfirmation(deps.db, row)) ? 'sign-up' : 'confirm';
  await sendVerificationLink(deps, row, row.email, purpose);
  return { sentTo: row.email };
}

/**
 * Whether the account's sign-up was never confirmed: its address is unproved and a sign-up link to
 * that address is still unused. Accounts from before confirmation links are not, even after asking
 * for a link of their own ('confirm').
 */
export async function awaitingSignUpConfirmation(
  db: DbOrTx,
  user: { id: string; email: string; emailVerifiedAt: Date | null },
): Promise<boolean> {
  if (user.emailVerifiedAt) return false;
  const [link] = await db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, user.id),
        eq(emailVerifications.email, user.email),
        eq(emailVerifications.purpose, 'sign-up'),
        isNull(emailVerifications.usedAt),
      ),
    )
    .limit(1);
  return Boolean(link);
}

/**
 * Mails the sign-up link again when an unconfirmed account is signed in to with the right password,
 * off the answer's path and at most once per 10 minutes (signUpLinkAgainLimit); failures go to onMailError.
 */
export function sendSignUpLinkAgainLater(
  deps: MailDeps & Pick<AccountDeps, 'rateLimiter' | 'onMailError'>,
  user: { id: string; name: string; email: string },
): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(async () => {
      try {
        await deps.rateLimiter.hit(signUpLinkAgainLimit, user.id);
      } catch {
        return; // Sent recently: the earlier link still works.
      }
      await sendVerificationLink(deps, user, user.email, 'sign-up');
    })
    .catch((error: unknown) => deps.onMailError?.(error));
}

/**
 * Ends every confirmation link of the user and any pending new address: called when the password is
 * replaced (reset, admin:password), so a link asked for by whoever held the account before cannot
 * move the address or sign in afterwards.
 */
export async function retireVerificationLinks(db: DbOrTx, userId: string): Promise<void> {
  await retireLinks(db, userId);
  await db.update(users).set({ pendingEmail: null }).where(eq(users.id, userId));
}

/** Ends every unused confirmation link of the user, but the one just made (`keep`). */
async function retireLinks(db: DbOrTx, userId: string, keep?: string): Promise<void> {
  await db
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
        keep === undefined ? undefined : ne(emailVerifications.id, keep),
      ),
    );
}

/**
 * Follows a confirmation link, once and before it expires: the address it was sent to becomes the
 * account's confirmed address (a pending new address takes effect). Only the link that finishes a
 * sign-up signs the shopper in, with a new session (like sign-up's first session before it, not
 * counted as a sign-in in the reports), and only for an account without a second factor
 * (`sessionFromLink`). Any other link (a new address, an address proved again) signs nobody in
 * (`session` is null). A link for an address the account no longer asks for is refused.
 */
export async function confirmEmail(
  deps: Pick<AccountDeps, 'db' | 'tokens'>,
  raw: unknown,
  client: ClientInfo,
): Promise<{ user: PublicUser; session: IssuedSession | null; changed: boolean }> {
  const input = parseInput(verifyEmailSchema, raw);
  try {
    return await deps.db.transaction(async (tx) => {
      // Claiming the link and using it is one statement, so two clicks cannot both succeed.
      const [claimed] = await tx
        .update(emailVerifications)
        .set({ usedAt: sql`now()` })
        .where(
          and(
            eq(emailVerifications.tokenHash, hashToken(input.token)),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, new Date()),
          ),
        )
        .returning({
          userId: emailVerifications.userId,
          email: emailVerifications.email,
          purpose: emailVerifications.purpose,
        });
      if (!claimed) throw new AppError('UNPROCESSABLE', VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
      const [row] = await tx.select().from(users).where(eq(users.id, claimed.userId)).for('update');
      const changed = row?.email !== claimed.email;
      if (!row || row.status !== 'active' || (changed && row.pendingEmail !== claimed.email))
        throw new AppError('UNPROCESSABLE', VERIFY_LINK_INVALID, { token: VERIFY_LINK_INVALID });
      if (changed) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, claimed.email), ne(users.id, row.id)));
        if (taken)
          throw new AppError('CONFLICT', ADDRESS_TAKEN_AT_CONFIRM, { email: ADDRESS_TAKEN_AT_CONFIRM });
      }
      const [updated] = await tx
        .update(users)
        .set({
          email: claimed.email,
          emailVerifiedAt: sql`now()`,
          pendingEmail: row.pendingEmail === claimed.email ? null : row.pendingEmail,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, row.id))
        .returning();
      // A sign-up's own link, followed while the sign-up is unfinished, is the shopper's first sign-in.
      const finishesSignUp = claimed.purpose === 'sign-up' && !changed && !row.emailVerifiedAt;
      const session = finishesSignUp ? await sessionFromLink(tx, deps.tokens, row, client) : null;
      return { user: toPublicUser(updated!), session, changed };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('CONFLICT', ADDRESS_TAKEN_AT_CONFIRM, { email: ADDRESS_TAKEN_AT_CONFIRM });
    throw error;
  }
}
