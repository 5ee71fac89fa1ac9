import { z } from 'zod';
import { emailField } from './accounts';

/** What the shopper reads, in the form and in the answers (decision 0034). */
export const stockAlertTexts = {
  emailRequired: 'Please enter your email address',
  /**
   * The answer to every accepted sign-up but the signed-in owner's own address, whether or not the
   * address was already pending or waiting: a sign-up waits for the link mailed to it.
   */
  accepted:
    "Check your e-mail to confirm: follow the link we send you, and we'll e-mail you when it's back. Already confirmed this one? Then you're on the list.",
  /** The answer to a shopper signed in with this very address, confirmed: no link is needed. */
  waiting: "We'll e-mail you when it's back.",
  /** A waiting list full for one size and colour (a flood): the same for every address. */
  full: 'So many shoppers are waiting for this one that we cannot add more names right now. Please check back soon.',
  invalidLink: 'This link is not valid. Use the link in your latest stock alert e-mail, or contact us.',
  /** A confirmation link whose sign-ups expired (48 hours), were stopped, or never were. */
  invalidConfirmLink:
    'This confirmation link is not valid or has expired. Ask again on the product page and we will send you a new one.',
  confirmed: 'Done: we will e-mail you when it is back. Each alert sends one e-mail, then stops by itself.',
  alreadyConfirmed: 'Already confirmed: we will e-mail you when it is back.',
  stoppedOne: 'Done: we will not e-mail you about this one.',
  stoppedAll: 'Done: we will not send you any more stock alerts.',
} as const;

/** "M / Olive is in stock": no alert is needed, the shopper can order it now. */
export const inStockMessage = (label: string) =>
  label ? `${label} is in stock: you can order it now.` : 'This item is in stock: you can order it now.';

/** A size or colour as the form sends it: absent, null or '' for none. */
const optionField = z
  .string()
  .trim()
  .max(100, 'Must be at most 100 characters')
  .nullish()
  .transform((value) => value || null);

/** POST /api/products/{id}/stock-alerts: who to tell, and which size and colour. */
export const stockAlertSignUpSchema = z.object({
  email: emailField(stockAlertTexts.emailRequired),
  size: optionField,
  color: optionField,
});
export type StockAlertSignUp = z.output<typeof stockAlertSignUpSchema>;

/** A variant's waiting alerts, for the admin's product editor. */
export interface VariantAlertCount {
  variantId: number;
  sku: string;
  size: string | null;
  color: string | null;
  waiting: number;
}
