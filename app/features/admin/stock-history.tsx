import { movementReasonLabels, unitsChange } from '../../../contracts/inventory';
import { LAGOS_TIME_ZONE } from '../../../contracts/lagos-time';
import type { ProductStockMove } from '../../../core/inventory/movements';
import { cn } from '../../lib/cn';

const when = new Intl.DateTimeFormat('en-NG', {
  timeZone: LAGOS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The product's newest stock changes, every size and colour together, read from the ledger
 * (docs/decisions/0067-inventory-ledger.md): "−1 · M / Olive · Sold ORD-10042 · 4 left".
 */
export function StockHistory({ moves }: { moves: ProductStockMove[] }) {
  if (moves.length === 0) return <p className="text-sm text-muted">No stock has moved yet.</p>;
  return (
    <ol
      className="divide-y divide-line text-sm"
      aria-label="Stock changes, newest first"
      data-testid="stock-history"
    >
      {moves.map((move) => (
        <li key={move.id} className="flex items-baseline gap-3 py-2" data-testid="stock-move">
          <span
            className={cn(
              'w-12 shrink-0 text-right font-medium tabular-nums',
              move.quantity > 0 ? 'text-success' : 'text-ink',
            )}
          >
            {unitsChange(move.quantity)}
          </span>
          <span className="min-w-0 flex-1">
            <span className="font-medium text-ink">{move.option}</span>
            <span className="text-ink-soft">
              {' · '}
              {move.note || movementReasonLabels[move.reason]}
              {move.orderNumber ? ` ${move.orderNumber}` : ''}
            </span>
            <span className="block text-xs text-muted">
              {when.format(new Date(move.at))}
              {move.actor ? ` · ${move.actor}` : ''}
            </span>
          </span>
          <span className="shrink-0 text-xs text-muted tabular-nums">{move.balance} left</span>
        </li>
      ))}
    </ol>
  );
}
