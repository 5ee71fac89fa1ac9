import { z } from 'zod';

export const newsletterMessages = {
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
} as const;

/** The body of a newsletter sign-up, from the REST API and the shop's forms alike. */
export const newsletterSignUpSchema = z.object({
  email: z
    .string({ error: newsletterMessages.emailInvalid })
    .trim()
    .max(254, newsletterMessages.emailInvalid)
    .default(''),
});
export type NewsletterSignUpInput = z.input<typeof newsletterSignUpSchema>;

/** The gift a new subscriber is offered: a coupon from the shop's coupons, when one is on offer. */
export interface NewsletterOffer {
  code: string;
  percent: number;
}

/**
 * What a sign-up answers. The same whether the address was new or already subscribed, so the
 * answer does not tell anyone who is on the list.
 */
export function newsletterThanks(offer: NewsletterOffer | null): string {
  return offer
    ? `Thank you for subscribing! Check your inbox for ${offer.percent}% off your first order.`
    : 'Thank you for subscribing! Look out for our news in your inbox.';
}

/** What the shop's newsletter forms get back from the page action. */
export type NewsletterFormResult =
  { ok: true; message: string } | { ok: false; error: string; fields: Record<string, string> };
