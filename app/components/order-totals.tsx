import { formatNaira } from '../../contracts/money';
import { taxLineLabel } from '../../contracts/tax';
import { cn } from '../lib/cn';

export interface OrderTotalsFigures {
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number | null;
  taxKobo: number;
  taxRatePercent: number;
  /** The tax is inside the prices (VAT included): shown under the total, not added to it. */
  taxIncluded: boolean;
  totalKobo: number;
  couponCode?: string | null;
  shippingLabel?: string | undefined;
}

/**
 * Subtotal, discount, shipping, tax and total, as the server computed them. `shippingKobo` null
 * shows 'Calculated at checkout' (the cart). Tax added on top is a row before the total; VAT included
 * in the prices is read under the total ("incl. VAT (7.5%) ₦4,534.88"), since the total already holds it.
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
  if (!figures.taxIncluded) rows.push([taxLineLabel(figures), formatNaira(figures.taxKobo)]);
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
      {figures.taxIncluded ? (
        <div
          className="-mt-2 flex items-baseline justify-between gap-4 text-xs text-muted"
          data-testid="tax-included"
        >
          <dt>{taxLineLabel(figures)}</dt>
          <dd className="text-right tabular-nums">{formatNaira(figures.taxKobo)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
