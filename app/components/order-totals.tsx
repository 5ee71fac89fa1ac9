import { formatNaira } from '../../contracts/money';
import { cn } from '../lib/cn';

export interface OrderTotalsFigures {
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number | null;
  taxKobo: number;
  taxRatePercent: number;
  totalKobo: number;
  couponCode?: string | null;
  shippingLabel?: string | undefined;
}

/**
 * Subtotal, discount, shipping, tax and total, as the server computed them. `shippingKobo` null
 * shows 'Calculated at checkout' (the cart).
 */
export function OrderTotals({ figures, className }: { figures: OrderTotalsFigures; className?: string }) {
  const rows: [string, string, string?][] = [['Subtotal', formatNaira(figures.subtotalKobo)]];
  if (figures.discountKobo > 0)
    rows.push([
      figures.couponCode ? `Discount (${figures.couponCode})` : 'Discount',
      `−${formatNaira(figures.discountKobo)}`,
      'text-success',
    ]);
  rows.push([
    figures.shippingLabel ? `Shipping · ${figures.shippingLabel}` : 'Shipping',
    figures.shippingKobo === null
      ? 'Calculated at checkout'
      : figures.shippingKobo === 0
        ? 'Free'
        : formatNaira(figures.shippingKobo),
  ]);
  rows.push([`Tax (${figures.taxRatePercent}%)`, formatNaira(figures.taxKobo)]);
  return (
    <dl className={cn('space-y-3 text-sm', className)}>
      {rows.map(([label, value, tone]) => (
        <div key={label} className="flex items-baseline justify-between gap-4">
          <dt className="text-ink-soft">{label}</dt>
          <dd className={cn('text-right tabular-nums', tone)}>{value}</dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4 border-t border-line pt-4">
        <dt className="font-medium">Total</dt>
        <dd className="font-display text-2xl tabular-nums" data-testid="order-total">
          {formatNaira(figures.totalKobo)}
        </dd>
      </div>
    </dl>
  );
}
