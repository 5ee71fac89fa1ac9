import { totalChangedMessage } from '../../../contracts/checkout-texts';
import { formatNaira, nairaToKobo } from '../../../contracts/money';
import type { CartQuote } from '../../../core/orders/quote';
import type { RepricedCart } from './submit-order';

/** What moved between the total Place Order showed and the total the shop now asks. */
export interface PriceChange {
  wasTotalKobo: number;
  nowTotalKobo: number;
  /** Each figure that moved: a line's unit price, the delivery charge; the tax or discount when no price explains it. */
  changes: { label: string; wasKobo: number; nowKobo: number }[];
}

/** Compares the quote the shopper saw with the cart as the server prices it now (the 409's quote, in naira). */
export function priceChangeOf(seen: CartQuote, now: RepricedCart): PriceChange {
  const changes: PriceChange['changes'] = [];
  now.lines.forEach((line, index) => {
    const same = (candidate: CartQuote['lines'][number]) =>
      candidate.productId === line.productId &&
      candidate.color === line.selectedColor &&
      candidate.size === line.selectedSize;
    const atIndex = seen.lines[index];
    const before = atIndex && same(atIndex) ? atIndex : seen.lines.find(same);
    const nowKobo = nairaToKobo(line.price);
    if (before && before.unitPriceKobo !== nowKobo)
      changes.push({ label: line.name, wasKobo: before.unitPriceKobo, nowKobo });
  });
  const pricesMoved = changes.length > 0;
  const charge = (label: string, wasKobo: number, nowNaira: number, always: boolean) => {
    const nowKobo = nairaToKobo(nowNaira);
    if (nowKobo !== wasKobo && (always || !pricesMoved)) changes.push({ label, wasKobo, nowKobo });
  };
  charge('Delivery', seen.shippingKobo, now.shipping, true);
  // Both follow the prices: named only when no price moved (a tax rate or a coupon changed).
  charge('Discount', seen.discountKobo, now.discount, false);
  charge('Tax', seen.taxKobo, now.tax, false);
  return { wasTotalKobo: seen.totalKobo, nowTotalKobo: nairaToKobo(now.total), changes };
}

/**
 * Said above Place Order when the shop's total is not the one the shopper saw: the new total and the
 * old, each figure that moved, and that nothing was placed. The summary beside it shows the new quote.
 */
export function PriceChangeAlert({ change }: { change: PriceChange }) {
  return (
    <div
      role="alert"
      data-testid="price-change"
      className="mt-4 rounded-sm border border-sale/30 bg-sale/10 p-3 text-sm text-ink"
    >
      <p className="font-medium">{totalChangedMessage(change.nowTotalKobo, change.wasTotalKobo)}</p>
      {change.changes.length > 0 ? (
        <ul className="mt-2 space-y-1.5" aria-label="What changed">
          {change.changes.map((item, index) => (
            <li key={index} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span>{item.label}</span>
              <span className="whitespace-nowrap tabular-nums">
                <span className="sr-only">was </span>
                <s className="text-ink-soft">{formatNaira(item.wasKobo)}</s>
                <span aria-hidden="true"> → </span>
                <span className="sr-only">, now </span>
                <strong className="font-medium">{formatNaira(item.nowKobo)}</strong>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-2 text-ink-soft">Nothing was charged. Check your order, then place it again.</p>
    </div>
  );
}
