import { formatNaira } from '../../../contracts/money';
import { cn } from '../../lib/cn';
import { useDisplayCurrency } from '../../lib/currency';

/**
 * A product's price in the shopper's display currency. Converted prices are marked as approximate and
 * keep the naira amount in reach (a tooltip, and a line under large prices), because checkout is in naira.
 */
export function Price({
  priceKobo,
  originalPriceKobo,
  size = 'md',
  from = false,
  className,
}: {
  priceKobo: number;
  originalPriceKobo?: number | null;
  size?: 'md' | 'lg';
  /** "from ₦18,000": the lowest of prices that differ by size or colour. */
  from?: boolean;
  className?: string;
}) {
  const { currency, format } = useDisplayCurrency();
  const converted = currency !== 'NGN';
  const onSale = originalPriceKobo != null && originalPriceKobo > priceKobo;
  return (
    <div className={className}>
      <p
        className="flex flex-wrap items-baseline gap-x-2"
        title={converted ? `${formatNaira(priceKobo)}, charged in naira` : undefined}
      >
        <span
          className={cn(
            'font-semibold tabular-nums',
            size === 'lg' ? 'text-2xl' : 'text-sm',
            onSale && 'text-sale',
          )}
        >
          {onSale ? <span className="sr-only">Now </span> : null}
          {from ? <span className="text-[0.8em] font-normal text-muted">from </span> : null}
          {converted ? (
            <>
              <span aria-hidden="true">≈ </span>
              <span className="sr-only">about </span>
            </>
          ) : null}
          {format(priceKobo)}
        </span>
        {onSale ? (
          <span
            className={cn('text-muted line-through tabular-nums', size === 'lg' ? 'text-base' : 'text-xs')}
          >
            <span className="sr-only">Was </span>
            {format(originalPriceKobo)}
          </span>
        ) : null}
      </p>
      {converted && size === 'lg' ? (
        <p className="mt-1 text-xs text-muted">{formatNaira(priceKobo)} · you pay in naira (₦) at checkout</p>
      ) : null}
    </div>
  );
}

/** '≈ $16.13' beside a naira amount when the shopper chose another currency; nothing in naira. */
export function ConvertedAmount({ kobo, className }: { kobo: number; className?: string }) {
  const { currency, format } = useDisplayCurrency();
  if (currency === 'NGN') return null;
  return (
    <span className={cn('text-xs text-muted tabular-nums', className)}>
      <span aria-hidden="true">≈ </span>
      <span className="sr-only">about </span>
      {format(kobo)}
    </span>
  );
}

/** Under a naira total: what it comes to in the shopper's currency, and that payment is in naira. */
export function ConvertedTotal({ kobo }: { kobo: number }) {
  const { currency, format } = useDisplayCurrency();
  if (currency === 'NGN') return null;
  return (
    <p className="mt-2 text-right text-xs text-muted" data-testid="converted-total">
      About {format(kobo)} at our rate. You pay in naira (₦) at checkout.
    </p>
  );
}
