/**
 * Money (docs/decisions/0075-money-in-kobo.md). An amount is integer kobo in core, the database and
 * the contracts; naira appears only where a person reads or types it, and where the REST API and the
 * payment providers speak it, converted at that edge. Every conversion between the two, and every
 * rounding of a share of an amount, is written here once. Browser-safe: no zod, no Intl.
 *
 * The rounding rule: a figure that falls between two kobo is rounded half up to the kobo
 * (Math.round: ₦0.005 is 1 kobo), once, where it is worked out (a coupon's share of the goods, the
 * tax in an order, naira a provider or a person gave). The amounts a share is taken of are never
 * negative, so "up" is away from zero. A refund's worth rounds down instead, in the shopper's
 * favour never past what she paid (contracts/refund-worth.ts); that is a rule of refunds, not of money.
 *
 * Typed naira keeps at most two decimals: a fraction of a kobo is refused, never rounded away.
 */
import { formatHundredths, formatWholeUnits } from './figures';

/** Kobo from a figure worked out in kobo (a share, a rate): half a kobo rounds up. */
export const roundKobo = (kobo: number): number => Math.round(kobo);

/** ₦1,234.50 from 123450 kobo, ₦65,000 from 6500000. Money is integer kobo everywhere; this is the edge. */
export function formatNaira(kobo: number): string {
  // Nigerian shops write ₦65,000: kobo are shown only where there are some (₦4,534.88).
  return roundKobo(kobo) % 100 === 0
    ? formatWholeUnits('₦', roundKobo(kobo) / 100)
    : formatHundredths('₦', kobo);
}

/** ₦15,000 from 1500000 kobo: a round figure in a sentence ("free delivery over ₦15,000"). */
export function formatWholeNaira(kobo: number): string {
  return formatWholeUnits('₦', kobo / 100);
}

/** Naira as the REST API and the payment providers speak it: a number with at most two decimals. */
export function koboToNaira(kobo: number): number {
  return roundKobo(kobo) / 100;
}

/** Kobo from naira a provider or the API gave, rounded to the kobo (19.99 → 1999, never 1998.9999…). */
export function nairaToKobo(naira: number): number {
  return roundKobo(naira * 100);
}

/** Whole naira, half up: 2550050 → 25501, for a price filter's hint and a price band's id. */
export function wholeNaira(kobo: number): number {
  return Math.round(kobo / 100);
}

/**
 * The kobo of naira a person typed or sent, when it has at most two decimals; null when it holds a
 * fraction of a kobo (25500.505), refused and never rounded away. 25500.1 × 100 is
 * 2550010.0000000005 in binary: what is left past the sixth decimal of a kobo is the float's, not
 * the person's.
 */
export function exactKobo(naira: number): number | null {
  const kobo = naira * 100;
  return Number.isInteger(Math.round(kobo * 1e6) / 1e6) ? roundKobo(kobo) : null;
}

/** Naira with at most two decimals (whole kobo): a schema's refinement of a naira field. */
export const hasWholeKobo = (naira: number): boolean => exactKobo(naira) !== null;

/**
 * Naira as typed in a form ("2,500", "₦2500.5", "2 500.50") in kobo; null when it is not an amount
 * of money or has more than two decimals.
 */
export function typedNairaToKobo(text: string): number | null {
  const cleaned = text.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return nairaToKobo(Number(cleaned));
}

/** Kobo as a form's naira field holds it, to be typed over: 2550050 → '25500.5', null → ''. */
export function nairaInput(kobo: number | null | undefined): string {
  return kobo === null || kobo === undefined ? '' : String(koboToNaira(kobo));
}

/** Kobo as a form's naira field holds it with thousands commas (read back): 500050 → '5,000.5'. */
export function groupedNairaInput(kobo: number): string {
  const [whole, fraction = ''] = formatHundredths('', kobo).split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole ?? '');
}

/**
 * Naira as plain digits and two decimals, no ₦ and no grouping: 2550050 → '25500.50'. What a
 * bank app's amount field, a CSV cell and a product's price in its page's metadata take.
 */
export function nairaDigits(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(roundKobo(kobo));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `percent` % of an amount, rounded half up to the kobo: a coupon's share, a tax added on top. */
export function percentOf(kobo: number, percent: number): number {
  return roundKobo((kobo * percent) / 100);
}

/** The part of an amount that holds `percent` % on top of itself, half up: ₦65,000 at 7.5 % holds ₦4,534.88. */
export function percentWithin(kobo: number, percent: number): number {
  return roundKobo((kobo * percent) / (100 + percent));
}

/** Kobo in a foreign currency's hundredths (cents) at `nairaPerUnit`, rounded to the hundredth. */
export function foreignHundredths(kobo: number, nairaPerUnit: number): number {
  return Math.round(kobo / nairaPerUnit);
}

/** Kobo in a foreign currency's units at `nairaPerUnit`, to the hundredth: 1500000 at 930 → 16.13. */
export function foreignAmount(kobo: number, nairaPerUnit: number): number {
  return foreignHundredths(kobo, nairaPerUnit) / 100;
}

/** round((originalPrice - price) / originalPrice * 100), shown only above 0. */
export function discountPercent(priceKobo: number, originalPriceKobo: number | null | undefined): number {
  if (!originalPriceKobo || originalPriceKobo <= priceKobo) return 0;
  return Math.round(((originalPriceKobo - priceKobo) / originalPriceKobo) * 100);
}
