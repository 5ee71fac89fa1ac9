import { describe, expect, it } from 'vitest';
import { formatCount, formatHundredths, formatWholeUnits, lagosLongDate, longDay } from './figures';
import { formatMoney } from './currency';
import { formatNaira, formatWholeNaira } from './money';
import { lagosDay } from './lagos-time';

/* The shop writes its figures without Intl (decision 0055); each must read exactly as Intl's en-NG does. */

const amounts = [
  0, -0, 1, 5, 9, 10, 99, 100, 101, 999, 1000, 12345, 99999, 100000, 123450, 999999, 1000000, 15000000,
  123456789, 1234567890, 99999999999, -1, -50, -12345, -1000000, 0.4, 0.5, 12.5, -12.5, 149.5, -149.5,
];

const naira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const wholeNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  maximumFractionDigits: 0,
});
const foreign = (currency: string) =>
  new Intl.NumberFormat('en-NG', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
const longDate = (timeZone: string) =>
  new Intl.DateTimeFormat('en-NG', { day: 'numeric', month: 'long', year: 'numeric', timeZone });

describe('figures read as Intl en-NG writes them', () => {
  it('naira with kobo, and whole naira', () => {
    for (const kobo of amounts) {
      // Whole naira are written without kobo, as Nigerian shops write them.
      expect(formatNaira(kobo), `${kobo} kobo`).toBe(
        (Math.round(kobo) % 100 === 0 ? wholeNaira : naira).format(kobo / 100),
      );
      expect(formatWholeNaira(kobo), `${kobo} kobo, whole`).toBe(wholeNaira.format(kobo / 100));
    }
    expect(formatNaira(123450)).toBe('₦1,234.50');
    expect(formatWholeNaira(1500000)).toBe('₦15,000');
  });

  it('dollars, euros and pounds at the shop rate', () => {
    const rates = { USD: 1550, EUR: 1700, GBP: 1950 };
    for (const currency of ['USD', 'EUR', 'GBP'] as const) {
      for (const kobo of [...amounts, 2500000, 777777, 3]) {
        const cents = Math.round(kobo / rates[currency]);
        expect(formatMoney(kobo, currency, rates), `${kobo} kobo in ${currency}`).toBe(
          foreign(currency).format(cents / 100),
        );
      }
    }
    expect(formatMoney(2500000, 'USD', rates)).toBe('$16.13');
    expect(formatHundredths('£', -1613)).toBe('-£16.13');
  });

  it('whole counts', () => {
    for (const count of [0, 7, 999, 1000, 24000, 100000, 1234567, -4200]) {
      expect(formatCount(count)).toBe(count.toLocaleString('en-NG'));
    }
    expect(formatWholeUnits('₦', 15000)).toBe('₦15,000');
  });

  it('dates in Lagos, across midnight and the year', () => {
    const lagos = longDate('Africa/Lagos');
    const instants = [
      '2026-06-12T10:00:00Z',
      '2026-06-12T22:59:59Z',
      '2026-06-12T23:00:00Z',
      '2026-12-31T23:30:00Z',
      '2027-02-28T23:00:00Z',
      '2028-02-28T23:00:00Z',
      '2025-03-01T00:00:00Z',
    ];
    for (const iso of instants) {
      const instant = new Date(iso);
      expect(lagosLongDate(instant), iso).toBe(lagos.format(instant));
      expect(lagosDay(instant), iso).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(instant),
      );
    }
    expect(lagosLongDate(new Date('2026-12-31T23:30:00Z'))).toBe('1 January 2027');
    expect(longDay('2026-11-21')).toBe(longDate('UTC').format(new Date('2026-11-21T00:00:00Z')));
    expect(() => lagosLongDate(new Date('not a date'))).toThrow(RangeError);
  });
});
