import { CheckCircle2, Clock3 } from 'lucide-react';
import { formatNaira } from '../../../contracts/money';
import type { OrderRefundView, OrderView } from '../../../core/orders/order-view';
import { cn } from '../../lib/cn';
import { OrderDate } from './order-status';

type PaymentStatus = OrderView['paymentStatus'];

/** How the shopper's pages name a payment's state: the order page and the orders list say the same. */
export const paymentStatusNames: Record<PaymentStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const paymentStatusTones: Record<PaymentStatus, string> = {
  pending: 'text-warning',
  paid: 'text-success',
  failed: 'text-sale',
  partially_refunded: 'text-ink-soft',
  refunded: 'text-ink-soft',
};

/** Money came back on the order, in part or in full. */
export const isRefundStatus = (status: PaymentStatus) =>
  status === 'partially_refunded' || status === 'refunded';

/** A quiet tag for the orders list: shown only once money has come back. */
export function RefundTag({ status, className }: { status: PaymentStatus; className?: string }) {
  if (!isRefundStatus(status)) return null;
  return (
    <span
      data-testid="order-refund-status"
      className={cn(
        'inline-flex items-center rounded-full border border-line bg-cream px-2.5 py-0.5 text-xs font-medium whitespace-nowrap text-ink-soft',
        className,
      )}
    >
      {paymentStatusNames[status]}
    </span>
  );
}

/** What came back and what is on its way, in kobo. */
export function refundTotals(refunds: OrderRefundView[]): { refundedKobo: number; onItsWayKobo: number } {
  return refunds.reduce(
    (sum, refund) =>
      refund.status === 'completed'
        ? { ...sum, refundedKobo: sum.refundedKobo + refund.amountKobo }
        : { ...sum, onItsWayKobo: sum.onItsWayKobo + refund.amountKobo },
    { refundedKobo: 0, onItsWayKobo: 0 },
  );
}

/**
 * The order's refunds, oldest first: each amount, whether it is back or on its way, why it was
 * given, and the shop's words on where and when.
 */
export function RefundList({ refunds }: { refunds: OrderRefundView[] }) {
  return (
    <ul className="divide-y divide-line" data-testid="order-refunds">
      {refunds.map((refund, index) => {
        const done = refund.status === 'completed';
        const Icon = done ? CheckCircle2 : Clock3;
        return (
          <li
            key={`${refund.date}-${index}`}
            className="flex gap-3 py-4 first:pt-0 last:pb-0"
            data-testid="order-refund"
          >
            <Icon
              width={20}
              height={20}
              aria-hidden="true"
              className={cn('mt-0.5 shrink-0', done ? 'text-success' : 'text-gold-deep')}
            />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
                <p className="text-base font-semibold text-ink tabular-nums">
                  {formatNaira(refund.amountKobo)}
                </p>
                <p className="text-xs text-muted">
                  Made <OrderDate iso={refund.date} />
                </p>
              </div>
              <p className={cn('mt-1 text-sm', done ? 'font-medium text-success' : 'text-ink-soft')}>
                {refund.note}
              </p>
              {refund.reason ? <p className="mt-1 text-xs text-muted">{refund.reason}</p> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
