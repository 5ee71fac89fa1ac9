import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import {
  currencyCookie,
  formatMoney,
  type CurrencyRates,
  type DisplayCurrency,
} from '../../contracts/currency';
import { useRootData } from './root-data';

const NO_RATES: CurrencyRates = { USD: 1, EUR: 1, GBP: 1 };

/** The shopper's display currency and a formatter for it; naira outside the shop shell. */
export function useDisplayCurrency(): {
  currency: DisplayCurrency;
  format: (kobo: number) => string;
} {
  const display = useRootData()?.display;
  const currency = display?.currency ?? 'NGN';
  const rates = display?.rates ?? NO_RATES;
  return { currency, format: (kobo: number) => formatMoney(kobo, currency, rates) };
}

/** Stores the shopper's choice in a cookie and reloads the page's data, so every price follows. */
export function useChooseCurrency(): (currency: DisplayCurrency) => void {
  const revalidator = useRevalidator();
  return useCallback(
    (currency: DisplayCurrency) => {
      document.cookie = currencyCookie(currency);
      void revalidator.revalidate();
    },
    [revalidator],
  );
}
