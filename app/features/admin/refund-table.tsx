import { Link } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { RefundView } from '../../../core/refunds/views';
import { OrderDate } from '../../components/orders/order-status';
import { TestOrderBadge } from '../../components/orders/test-order-badge';
import { ActionNotice } from './admin-nav';
import { ordersHref } from './admin-links';
import { AdminTable, EmptyState } from './admin-list';
import { Download } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { exportHref } from './export-link';
import { GiveAccountHint, RefundStatusBadge, RetryButton, refundWhat } from './refund-list';

/** The Payments tab's refunds: every refund of the chosen days, its order, amount, state, reason and staff. */
export function RefundsSection({
  refunds,
  filter,
}: {
  refunds: RefundView[] | null;
  filter: { q: string; from: string; to: string };
}) {
  return (
    <section aria-labelledby="payments-refunds-heading" className="space-y-4 border-t border-line pt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="payments-refunds-heading" className="text-xl">
          Refunds
          {refunds && refunds.length > 0 ? (
            <span className="ml-2 font-sans text-sm font-normal text-ink-soft tabular-nums">
              {refunds.length} ·{' '}
              {formatNaira(
                refunds.reduce(
                  (sum, refund) => sum + (refund.status === 'completed' ? refund.amountKobo : 0),
                  0,
                ),
              )}{' '}
              refunded
            </span>
          ) : null}
        </h3>
        {/* Named apart from the transactions' Export CSV above it: two links, two files. */}
        <a
          href={exportHref('refunds', { ...filter })}
          download
          className={buttonClasses('outline', 'sm')}
          data-testid="export-refunds"
        >
          <Download aria-hidden className="size-4" />
          Export refunds CSV
        </a>
      </div>
      {refunds === null ? (
        <ActionNotice tone="error">Failed to fetch refunds. Please try again.</ActionNotice>
      ) : refunds.length === 0 ? (
        <EmptyState title="No refunds in these days." />
      ) : (
        <>
          <AdminTable
            layout="lg"
            testId="refunds-table"
            caption="Refunds, newest first"
            columns={[
              { label: 'Order' },
              { label: 'What and why' },
              { label: 'Staff' },
              { label: 'Amount', align: 'right' },
              { label: 'Status' },
            ]}
          >
            <tbody className="divide-y divide-line">
              {refunds.map((refund) => (
                <tr key={refund.id} data-testid="refund-row">
                  <td className="px-4 py-3 align-top">
                    <Link
                      to={ordersHref({}, refund.orderNumber)}
                      className="font-mono font-semibold text-ink underline-offset-4 hover:underline"
                    >
                      {refund.orderNumber}
                    </Link>
                    {refund.isTest ? <TestOrderBadge className="ml-2" /> : null}
                    <OrderDate iso={refund.createdAt} withTime className="mt-0.5 block text-xs text-muted" />
                  </td>
                  <td className="max-w-80 px-4 py-3 align-top">
                    <span className="block break-words text-ink">{refund.reason}</span>
                    <span className="block text-xs break-words text-muted">
                      {refundWhat(refund)}
                      {refund.providerReference ? ` · ref ${refund.providerReference}` : ''}
                    </span>
                    {refund.status === 'failed' && refund.failureReason ? (
                      <span className="block text-xs break-words text-sale">{refund.failureReason}</span>
                    ) : null}
                    {refund.status === 'needs_attention' ? <GiveAccountHint refund={refund} /> : null}
                  </td>
                  <td className="max-w-48 px-4 py-3 align-top">
                    <span className="block truncate text-ink-soft" title={refund.createdBy || undefined}>
                      {refund.createdByName || refund.createdBy || 'The shop'}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right align-top font-medium tabular-nums">
                    {formatNaira(refund.amountKobo)}
                  </td>
                  <td className="px-4 py-3 align-top">
                    <RefundStatusBadge status={refund.status} />
                    {refund.status === 'failed' ? <RetryButton refund={refund} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <ul className="space-y-3 lg:hidden" aria-label="Refunds, newest first">
            {refunds.map((refund) => (
              <li
                key={refund.id}
                data-testid="refund-card"
                className="rounded-card border border-line bg-white p-4 text-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <p className="font-semibold text-ink tabular-nums">{formatNaira(refund.amountKobo)}</p>
                  <RefundStatusBadge status={refund.status} />
                </div>
                <p className="mt-1 break-words text-ink">{refund.reason}</p>
                <p className="mt-1 text-xs break-words text-muted">{refundWhat(refund)}</p>
                <p className="mt-2 text-xs text-muted">
                  <Link to={ordersHref({}, refund.orderNumber)} className="text-gold-deep underline">
                    {refund.orderNumber}
                  </Link>{' '}
                  · <OrderDate iso={refund.createdAt} /> ·{' '}
                  <span className="break-all">{refund.createdByName || refund.createdBy || 'The shop'}</span>
                </p>
                {refund.status === 'needs_attention' ? <GiveAccountHint refund={refund} /> : null}
                {refund.status === 'failed' ? <RetryButton refund={refund} /> : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
