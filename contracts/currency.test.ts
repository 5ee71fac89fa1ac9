import { describe, expect, it } from 'vitest';
import { convertKobo, currencyCookie, currencyFromCookie, formatMoney } from './currency';

const rates = { USD: 1550, EUR: 1700, GBP: 1950 };

describe('display currency', () => {
  it('converts kobo at the admin-set rate (naira per unit), rounded to the cent', () => {
    expect(convertKobo(2_500_000, 'USD', rates)).toBe(16.13);
    expect(convertKobo(2_500_000, 'EUR', rates)).toBe(14.71);
    expect(convertKobo(2_500_000, 'GBP', rates)).toBe(12.82);
  });

  it('formats the converted amount with its symbol, and naira unchanged', () => {
    expect(formatMoney(2_500_000, 'USD', rates)).toBe('$16.13');
    expect(formatMoney(2_500_000, 'EUR', rates)).toBe('€14.71');
    expect(formatMoney(2_500_000, 'GBP', rates)).toBe('£12.82');
    expect(formatMoney(2_500_000, 'NGN', rates)).toBe('₦25,000');
  });

  it('follows a changed rate', () => {
    expect(formatMoney(2_500_000, 'USD', { ...rates, USD: 1000 })).toBe('$25.00');
  });

  it('reads the choice from the cookie, falling back to naira for anything unknown', () => {
    expect(currencyFromCookie('session=abc; currency=GBP; other=1')).toBe('GBP');
    expect(currencyFromCookie('currency=XYZ')).toBe('NGN');
    expect(currencyFromCookie('currency=usd')).toBe('NGN');
    expect(currencyFromCookie(undefined)).toBe('NGN');
    expect(currencyCookie('EUR')).toMatch(/^currency=EUR; Path=\/; Max-Age=\d+; SameSite=Lax$/);
  });
});
