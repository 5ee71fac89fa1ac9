import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { emailSchema } from '../../contracts/accounts';
import {
  newsletterMessages,
  newsletterSignUpSchema,
  newsletterThanks,
  type NewsletterOffer,
} from '../../contracts/newsletter';
import type { Db, DbOrTx } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema/content';
import { coupons } from '../../db/schema/orders';
import { AppError } from '../errors';
import { escapeHtml, renderMail, type Mailer } from '../mail/mailer';
import type { ClientInfo, RateLimiter, RateLimitRule } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { clearUnsubscribe, unsubscribeUrl } from './unsubscribe';

/** What newsletter sign-ups need, handed in by the host (REST and pages alike). */
export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  rateLimiter: RateLimiter;
  onMailError?: (error: unknown) => void;
}

/** The coupon every new subscriber is offered (seeded with the shop's coupons: 15% off a first order). */
export const WELCOME_COUPON_CODE = 'WELCOME15';

const HOUR = 60 * 60_000;

/** Generous per address (carrier NAT), tight per e-mail: enough to stop a script filling the list. */
export const newsletterRateLimits = {
  byIp: { name: 'newsletter-ip', limit: 30, windowMs: HOUR },
  byEmail: { name: 'newsletter-email', limit: 5, windowMs: HOUR },
} satisfies Record<string, RateLimitRule>;

export interface SubscribeResult {
  /** What the shopper is told; the same for a new and an existing subscriber. */
  message: string;
  offer: NewsletterOffer | null;
}

/**
 * The welcome coupon when it can still be used: active, not expired and not used up, and a
 * percentage off, as the welcome mail words it.
 */
export async function getNewsletterOffer(db: DbOrTx, now = new Date()): Promise<NewsletterOffer | null> {
  const [coupon] = await db
    .select({ code: coupons.code, percent: sql<number>`${coupons.percent}` })
    .from(coupons)
    .where(
      and(
        eq(coupons.code, WELCOME_COUPON_CODE),
        eq(coupons.type, 'percent'),
        eq(coupons.active, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        sql`(${coupons.usageLimit} IS NULL OR ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    );
  return coupon ?? null;
}

/**
 * Adds an e-mail address to the newsletter once. The first sign-up gets a welcome e-mail with the
 * welcome coupon; signing up again stores nothing, sends nothing and answers the same.
 */
export async function subscribeToNewsletter(
  deps: NewsletterDeps,
  raw: unknown,
  client: ClientInfo,
): Promise<SubscribeResult> {
  await deps.rateLimiter.hit(newsletterRateLimits.byIp, client.ip);
  const input = parseInput(newsletterSignUpSchema, raw);
  if (!input.email)
    throw new AppError('BAD_REQUEST', newsletterMessages.emailRequired, {
      email: newsletterMessages.emailRequired,
    });
  const email = emailSchema.safeParse(input.email);
  if (!email.success)
    throw new AppError('BAD_REQUEST', newsletterMessages.emailInvalid, {
      email: newsletterMessages.emailInvalid,
    });
  await deps.rateLimiter.hit(newsletterRateLimits.byEmail, email.data);

  // The unique index decides who is first, however many sign-ups for one address race.
  const [created] = await deps.db
    .insert(newsletterSubscribers)
    .values({ email: email.data })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id });
  const offer = await getNewsletterOffer(deps.db);
  if (created) {
    // The address is on the list either way; a mail that cannot be queued must not undo that.
    await sendWelcome(deps, email.data, offer).catch((error: unknown) => deps.onMailError?.(error));
  } else {
    // Signing up again after unsubscribing puts the address back on the list (without a second welcome).
    await clearUnsubscribe(deps.db, email.data);
  }
  return { message: newsletterThanks(offer), offer };
}

async function sendWelcome(deps: NewsletterDeps, to: string, offer: NewsletterOffer | null): Promise<void> {
  const { name: shopName } = await getShopSettings(deps.db);
  const unsubscribe = await unsubscribeUrl(deps.db, deps.publicUrl, to);
  await deps.mailer.send({
    to,
    subject: offer
      ? `Welcome to ${shopName}: ${offer.percent}% off your first order`
      : `Welcome to ${shopName}`,
    ...withUnsubscribeLink(
      unsubscribe,
      await renderMail({
        shopName,
        heading: `Welcome to ${shopName}`,
        paragraphs: [
          `Thank you for joining the ${shopName} list. You will be the first to hear about new arrivals, private sales and styling notes from our Lagos studio.`,
          ...(offer
            ? [
                `As a welcome, here is ${offer.percent}% off your first order: enter the code ${offer.code} at checkout.`,
              ]
            : []),
          `Did not sign up, or want to stop hearing from us? Unsubscribe here: ${unsubscribe}`,
        ],
        action: { label: 'Start shopping', url: `${deps.publicUrl}/products` },
      }),
    ),
  });
}

/** Every newsletter mail ends with its unsubscribe link; in HTML the address becomes a link. */
export function withUnsubscribeLink(url: string, mail: { text: string; html: string }) {
  const shown = escapeHtml(url);
  return {
    text: mail.text,
    html: mail.html.replace(
      `Unsubscribe here: ${shown}`,
      `<a href="${shown}" style="color:#6b6358">Unsubscribe</a> with one click.`,
    ),
  };
}
