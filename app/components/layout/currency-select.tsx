import { displayCurrencies, isDisplayCurrency, type DisplayCurrency } from '../../../contracts/currency';
import { cn } from '../../lib/cn';
import { useChooseCurrency, useDisplayCurrency } from '../../lib/currency';

const names: Record<DisplayCurrency, string> = {
  NGN: '₦ NGN',
  USD: '$ USD',
  EUR: '€ EUR',
  GBP: '£ GBP',
};

/** Shows prices in another currency at the admin's rates; checkout stays in naira. */
export function CurrencySelect({ id, tone = 'dark' }: { id: string; tone?: 'dark' | 'light' }) {
  const { currency } = useDisplayCurrency();
  const choose = useChooseCurrency();
  return (
    <span className="inline-flex items-center gap-2">
      <label htmlFor={id} className={tone === 'dark' ? 'sr-only' : 'text-sm text-ink-soft'}>
        Show prices in
      </label>
      <select
        id={id}
        value={currency}
        onChange={(event) => {
          if (isDisplayCurrency(event.target.value)) choose(event.target.value);
        }}
        className={cn(
          'cursor-pointer rounded-sm border text-[0.6875rem] font-medium tracking-wide focus:outline-none focus-visible:ring-1',
          tone === 'dark'
            ? 'h-6 border-paper/25 bg-ink px-1.5 text-paper focus-visible:ring-gold-soft'
            : 'h-9 border-line bg-white px-2 text-sm text-ink focus-visible:ring-ink',
        )}
      >
        {displayCurrencies.map((code) => (
          <option key={code} value={code}>
            {names[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
