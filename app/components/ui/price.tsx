import { formatNaira } from '../../../contracts/money';
import { cn } from '../../lib/cn';

export function Price({
  priceKobo,
  originalPriceKobo,
  size = 'md',
  className,
}: {
  priceKobo: number;
  originalPriceKobo?: number | null;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const onSale = originalPriceKobo != null && originalPriceKobo > priceKobo;
  return (
    <p className={cn('flex flex-wrap items-baseline gap-x-2', className)}>
      <span
        className={cn(
          'font-semibold tabular-nums',
          size === 'lg' ? 'text-2xl' : 'text-sm',
          onSale && 'text-sale',
        )}
      >
        {onSale ? <span className="sr-only">Now </span> : null}
        {formatNaira(priceKobo)}
      </span>
      {onSale ? (
        <span className={cn('text-muted line-through tabular-nums', size === 'lg' ? 'text-base' : 'text-xs')}>
          <span className="sr-only">Was </span>
          {formatNaira(originalPriceKobo)}
        </span>
      ) : null}
    </p>
  );
}
