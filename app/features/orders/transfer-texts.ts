import { LAGOS_TIME_ZONE } from '../../../contracts/lagos-time';
import { nairaDigits } from '../../../contracts/money';

/**
 * An amount as a bank app's amount field takes it: digits and two decimals, no ₦ and no thousands
 * separators (₦126,720.00 is copied as 126720.00).
 */
export function bankAppAmount(kobo: number): string {
  return nairaDigits(kobo);
}

/** What a TEST MODE order says of its payment: a transfer the sandbox played, or a test card. */
export function testOrderNote(paymentMethod: string): string {
  return paymentMethod === 'bank-transfer'
    ? 'Test order: paid by a TEST MODE transfer, no money moved.'
    : 'Test order: paid with a test card, no money moved.';
}

const heldFormat = new Intl.DateTimeFormat('en-NG', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: LAGOS_TIME_ZONE,
});

/** When the order's items stop being held, in Lagos time (Sat 28 Nov, 2:05 pm). */
export function heldUntilText(iso: string): string {
  return heldFormat.format(new Date(iso));
}
