/**
 * The shop's figures and dates in words, written without Intl (decision 0055). The first Intl
 * formatter a page makes costs a phone's browser tens of milliseconds of its main thread (it loads
 * the locale's data), in the middle of the page's hydration; the shop's figures are few and fixed in
 * form, so they are spelled out here. Each gives the very text Intl gives for the en-NG locale
 * (figures.test.ts compares them). Browser-safe.
 */
import { LAGOS_OFFSET_MS } from './lagos-time';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** '1234567' → '1,234,567'. */
function groupThousands(digits: string): string {
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const start = Math.max(0, end - 3);
    grouped = grouped ? `${digits.slice(start, end)},${grouped}` : digits.slice(start, end);
  }
  return grouped;
}

/** Intl writes a minus for every negative number, -0 included. */
const isNegative = (value: number) => value < 0 || Object.is(value, -0);

/** A whole count with thousands commas: 1,234,567 (Intl's `toLocaleString('en-NG')` for a whole number). */
export function formatCount(count: number): string {
  const whole = Math.round(Math.abs(count));
  return `${isNegative(count) && whole !== 0 ? '-' : ''}${groupThousands(String(whole))}`;
}

/**
 * An amount in a currency's hundredths, with its symbol and two decimals: ('₦', 123450) → '₦1,234.50',
 * ('$', -1613) → '-$16.13'. Half a hundredth rounds away from zero.
 */
export function formatHundredths(symbol: string, hundredths: number): string {
  const whole = Math.round(Math.abs(hundredths));
  const units = Math.floor(whole / 100);
  const cents = String(whole % 100).padStart(2, '0');
  return `${isNegative(hundredths) ? '-' : ''}${symbol}${groupThousands(String(units))}.${cents}`;
}

/** An amount rounded to whole units, with its symbol: ('₦', 15000) → '₦15,000'. */
export function formatWholeUnits(symbol: string, units: number): string {
  return `${isNegative(units) ? '-' : ''}${symbol}${groupThousands(String(Math.round(Math.abs(units))))}`;
}

function longDate(shifted: Date): string {
  if (Number.isNaN(shifted.getTime())) throw new RangeError('Invalid time value');
  return `${shifted.getUTCDate()} ${MONTHS[shifted.getUTCMonth()]} ${shifted.getUTCFullYear()}`;
}

/** An instant's Lagos date in words: '12 June 2026'. Lagos keeps UTC+01:00 all year. */
export function lagosLongDate(instant: Date): string {
  return longDate(new Date(instant.getTime() + LAGOS_OFFSET_MS));
}

/** A calendar day (yyyy-mm-dd) in words: '21 November 2026'. */
export function longDay(isoDay: string): string {
  return longDate(new Date(`${isoDay}T00:00:00Z`));
}
