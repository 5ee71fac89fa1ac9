import { formatHundredths } from './figures';
import { foreignAmount, foreignHundredths, formatNaira } from './money';

/** Currencies a shopper may see prices in. Checkout and payment are always in naira. */
export const displayCurrencies = ['NGN', 'USD', 'EUR', 'GBP'] as const;
export type DisplayCurrency = (typeof displayCurrencies)[number];

/** Naira per unit of each foreign display currency, as the admin sets them. */
export type CurrencyRates = Record<Exclude<DisplayCurrency, 'NGN'>, number>;

export const CURRENCY_COOKIE = 'currency';

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (displayCurrencies as readonly string[]).includes(value);
}

/** The display currency a Cookie header asks for; naira when it names none we know. */
export function currencyFromCookie(header: string | null | undefined): DisplayCurrency {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === CURRENCY_COOKIE && isDisplayCurrency(value)) return value;
  }
  return 'NGN';
}

/** A year-long, site-wide cookie holding the shopper's display currency. */
export function currencyCookie(currency: DisplayCurrency): string {
  return `${CURRENCY_COOKIE}=${currency}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The symbols Intl's en-NG gives the foreign display currencies (narrow symbols). */
const symbols: Record<Exclude<DisplayCurrency, 'NGN'>, string> = { USD: '$', EUR: '€', GBP: '£' };

/** Kobo in a foreign currency's cents, rounded to the cent. */
export function convertKobo(
  kobo: number,
  currency: Exclude<DisplayCurrency, 'NGN'>,
  rates: CurrencyRates,
): number {
  return foreignAmount(kobo, rates[currency]);
}

/** A price for display: naira as always, or the amount converted at the admin's rate ('$16.13'). */
export function formatMoney(kobo: number, currency: DisplayCurrency, rates: CurrencyRates): string {
  if (currency === 'NGN') return formatNaira(kobo);
  return formatHundredths(symbols[currency], foreignHundredths(kobo, rates[currency]));
}
