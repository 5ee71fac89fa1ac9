import { RotateCcw, Truck } from 'lucide-react';
import type { ReturnView } from '../../../core/returns/views';
import { formatNaira } from '../../../contracts/money';
import { OrderDate, sizeLabel } from '../../components/orders/order-status';
import { OrderThumb } from '../../components/orders/order-thumb';
import { ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { returnPageHref, returnStatusHints, returnStatusTones } from './return-texts';

/** Whether the order can still take a return, and until when (null: it cannot). */
export interface ReturnWindow {
  endsAt: string;
}

export function ReturnStatusBadge({ view, className }: { view: ReturnView; className?: string }) {
  return (
    <span
      data-testid="return-status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        returnStatusTones[view.status],
        className,
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {view.statusLabel}
    </span>
  );
}

/** One return as the shopper reads it: where it stands, what goes back, and what staff told her. */
function ReturnEntry({ view }: { view: ReturnView }) {
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="order-return">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="font-mono text-sm font-semibold text-ink">{view.number}</p>
        <ReturnStatusBadge view={view} />
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        {returnStatusHints[view.status](view.resolution)}{' '}
        <span className="text-muted">
          Asked <OrderDate iso={view.createdAt} />.
        </span>
      </p>
      <ul className="mt-3 space-y-2">
        {view.items.map((item) => (
          <li key={item.id} className="flex gap-3 text-sm">
            <OrderThumb src={item.imageUrl} className="w-10" />
            <div className="min-w-0">
              <p className="font-medium text-ink">
                {item.quantity} × {item.name}
              </p>
              <p className="text-xs text-muted">
                {[item.color, sizeLabel(item.size), item.reasonLabel].filter(Boolean).join(' · ')}
              </p>
              {item.exchangeFor ? (
                <p className="text-xs text-ink-soft">
                  For {[item.exchangeFor.color, sizeLabel(item.exchangeFor.size)].filter(Boolean).join(' · ')}
                </p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {view.status === 'approved' && view.instructions ? (
        <div className="mt-3 rounded-sm bg-cream/70 p-3 text-sm text-ink-soft">
          <p className="font-semibold text-ink">How to send it back</p>
          <p className="mt-1 whitespace-pre-line break-words">{view.instructions}</p>
        </div>
      ) : null}
      {view.status === 'declined' && view.declineReason ? (
        <p className="mt-3 text-sm break-words text-ink-soft">{view.declineReason}</p>
      ) : null}
      {view.exchangeTrackingNumber ? (
        <p className="mt-3 flex items-start gap-2 text-sm text-ink-soft" data-testid="exchange-tracking">
          <Truck width={16} height={16} aria-hidden="true" className="mt-0.5 shrink-0 text-gold-deep" />
          <span className="min-w-0 break-words">
            {view.exchangeCarrier ?? 'Carrier'} · tracking number{' '}
            <span className="font-mono whitespace-nowrap text-ink">{view.exchangeTrackingNumber}</span>
          </span>
        </p>
      ) : null}
      {view.resolution === 'refund' && view.refundKobo > 0 && view.status !== 'declined' ? (
        <p className="mt-2 text-xs text-muted">
          {view.status === 'refunded' || view.status === 'closed' ? 'Refunded' : 'To refund'}:{' '}
          <span className="tabular-nums">{formatNaira(view.refundKobo)}</span>
        </p>
      ) : null}
    </li>
  );
}

export function ReturnList({ returns }: { returns: ReturnView[] }) {
  return (
    <ul className="divide-y divide-line" aria-label="Your returns">
      {returns.map((view) => (
        <ReturnEntry key={view.id} view={view} />
      ))}
    </ul>
  );
}

/**
 * The order page's returns: a "Return or exchange" button while the window is open, and each return
 * asked with where it stands. Nothing at all for an order that has neither.
 */
export function OrderReturnsCard({
  orderNumber,
  orderKey,
  returns,
  returnWindow,
}: {
  orderNumber: string;
  orderKey: string | null;
  returns: ReturnView[];
  returnWindow: ReturnWindow | null;
}) {
  if (returns.length === 0 && !returnWindow) return null;
  return (
    <section
      id="returns"
      aria-labelledby="returns-heading"
      className="scroll-mt-28 rounded-card border border-line bg-white p-5 sm:p-6"
    >
      <h2 id="returns-heading" className="text-2xl">
        Returns &amp; exchanges
      </h2>
      <div className="mt-4 space-y-4">
        {returnWindow ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-ink-soft">
              Not the right fit? You can send pieces back, for your money or another size or colour, until{' '}
              <OrderDate iso={returnWindow.endsAt} className="font-medium text-ink" />.
            </p>
            <ButtonLink
              to={returnPageHref(orderNumber, orderKey)}
              variant="outline"
              className="w-full shrink-0 sm:w-auto"
            >
              <RotateCcw width={16} height={16} aria-hidden="true" /> Return or exchange
            </ButtonLink>
          </div>
        ) : null}
        {returns.length > 0 ? <ReturnList returns={returns} /> : null}
      </div>
    </section>
  );
}
