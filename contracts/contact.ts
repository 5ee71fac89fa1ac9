import { z } from 'zod';

export const contactMessages = {
  nameRequired: 'Please enter your name',
  emailRequired: 'Please enter your email address',
  emailInvalid: 'Please enter a valid email address',
  subjectRequired: 'Please enter a subject',
  messageRequired: 'Please enter your message',
  failed: 'Your message could not be sent. Please try again.',
  thanks: 'Thank you for your message! Our team will get back to you shortly.',
} as const;

export const CONTACT_LIMITS = { name: 80, email: 254, subject: 120, message: 4000 } as const;

/** ORD-10001: the order a shopper asks about, from 'Need Help' on an order. */
export const orderNumberPattern = /^ORD-\d{1,12}$/;

const required = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

/** The contact form (SPEC.md: name, email, subject, message, all required; e-mail checked). */
export const contactInputSchema = z.object({
  name: required(contactMessages.nameRequired, CONTACT_LIMITS.name, 'Please shorten your name'),
  email: z
    .string({ error: contactMessages.emailRequired })
    .trim()
    .min(1, contactMessages.emailRequired)
    .max(CONTACT_LIMITS.email, contactMessages.emailInvalid)
    .pipe(z.email(contactMessages.emailInvalid))
    .transform((value) => value.toLowerCase()),
  subject: required(contactMessages.subjectRequired, CONTACT_LIMITS.subject, 'Please shorten the subject'),
  message: required(
    contactMessages.messageRequired,
    CONTACT_LIMITS.message,
    `Please keep your message under ${CONTACT_LIMITS.message} characters`,
  ),
  orderNumber: z
    .string()
    .trim()
    .toUpperCase()
    .optional()
    .transform((value) => (value && orderNumberPattern.test(value) ? value : null)),
});
export type ContactInput = z.input<typeof contactInputSchema>;

/** What the contact form gets back from the page action. */
export type ContactFormResult =
  { ok: true; message: string } | { ok: false; error: string; fields: Record<string, string> };
