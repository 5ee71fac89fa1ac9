import { RefreshCw } from 'lucide-react';
import { TestOrderBadge } from '../../components/orders/test-order-badge';
import { Link, useFetcher } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { TransactionView } from '../../../core/payments/transactions';
import { OrderDate } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import { ordersHref } from './admin-links';
import { AdminTable, EmptyState } from './admin-list';
import { adminMessages, transactionStatusLabel, type AdminActionResult } from './admin-texts';
import { ExportLink } from './export-link';
import { DateField, FilterBar, SearchField, SelectField } from './filter-bar';
import type { RefundView } from '../../../core/refunds/views';
import { RefundsSection } from './refund-table';

export interface PaymentsFilterState {
  q: string;
  status: string;
  from: string;
  to: string;
}

const statusTones = {
  Successful: 'border-success/30 bg-success/10 text-success',
  Failed: 'border-sale/30 bg-sale/5 text-sale',
  Pending: 'border-warning/40 bg-warning/5 text-warning',
  'Needs review': 'border-gold/50 bg-gold/10 text-ink',
  'Refund due': 'border-warning/60 bg-warning/10 text-ink',
} as const;

function TransactionStatus({ status }: { status: string }) {
  const label = transactionStatusLabel(status);
  return (
    <span
      data-testid="transaction-status"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusTones[label],
      )}
    >
      {label}
    </span>
  );
}

function PaymentFilters({ filter }: { filter: PaymentsFilterState }) {
  return (
    <FilterBar
      tab="payments"
      label="Transaction search"
      className="sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_10rem_10rem_10rem_auto] lg:items-end"
      submitClassName="sm:col-span-2 lg:col-span-1"
    >
      <SearchField
        id="payments-q"
        label="Search transactions"
        defaultValue={filter.q}
        placeholder="ID, reference, customer name or e-mail"
        className="sm:col-span-2 lg:col-span-1"
      />
      <SelectField id="payments-status" name="status" label="Status" defaultValue={filter.status}>
        <option value="">All statuses</option>
        <option value="successful">Successful</option>
        <option value="pending">Pending</option>
        <option value="failed">Failed</option>
        <option value="review">Needs review</option>
        <option value="refund_due">Refund due</option>
      </SelectField>
      <DateField id="payments-from" name="from" label="From" defaultValue={filter.from} />
      <DateField id="payments-to" name="to" label="To" defaultValue={filter.to} />
    </FilterBar>
  );
}

/** Verify asks the provider again; off once the payment is successful and while a check runs. */
function VerifyButton({
  transaction,
  verifying,
  onVerify,
}: {
  transaction: TransactionView;
  verifying: boolean;
  onVerify: () => void;
}) {
  const done = transaction.status === 'successful' || transaction.status === 'refund_due';
  const label = verifying ? 'Verifying…' : done ? 'Verified' : 'Verify';
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={done || verifying}
      onClick={onVerify}
      // Its name starts with the words on the button (WCAG 2.5.3), then says which transaction.
      aria-label={`${label} transaction ${transaction.id}`}
    >
      <RefreshCw
        width={14}
        height={14}
        aria-hidden="true"
        className={verifying ? 'animate-spin' : undefined}
      />
      {label}
    </Button>
  );
}

/**
 * What arrived, as the books say it: the amount received when the provider reported one (what was
 * asked otherwise), then what differs: the amount asked, a shortfall the shop accepted and who
 * accepted it, money owed back.
 */
function Amount({ transaction }: { transaction: TransactionView }) {
  const received = transaction.receivedKobo;
  const notes: string[] = [];
  if (received !== null && received !== transaction.amountKobo && transaction.status !== 'refund_due')
    notes.push(`of ${formatNaira(transaction.amountKobo)} asked`);
  if (transaction.shortfallKobo)
    notes.push(
      `short by ${formatNaira(transaction.shortfallKobo)}, accepted${transaction.acceptedBy ? ` by ${transaction.acceptedBy}` : ''}`,
    );
  if (transaction.refundDueKobo) notes.push(`${formatNaira(transaction.refundDueKobo)} to refund`);
  return (
    <>
      <span className="font-medium tabular-nums" data-testid="transaction-amount">
        {formatNaira(received ?? transaction.amountKobo)}
      </span>
      {notes.map((note) => (
        <span
          key={note}
          className="block text-xs font-normal text-muted"
          data-testid="transaction-amount-note"
        >
          {note}
        </span>
      ))}
    </>
  );
}

/**
 * Payment attempts (card and confirmed bank transfers) with search, status, dates and re-verification;
 * then the refunds of the same days.
 */
export function PaymentsTab({
  transactions,
  refunds,
  filter,
}: {
  transactions: TransactionView[] | null;
  refunds?: RefundView[] | null | undefined;
  filter: PaymentsFilterState;
}) {
  const fetcher = useFetcher<AdminActionResult>({ key: 'verify-transaction' });
  const verifyingId = fetcher.state !== 'idle' ? fetcher.formData?.get('id') : null;
  const verify = (id: number) =>
    void fetcher.submit({ intent: 'verify', id: String(id) }, { method: 'post' });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;

  return (
    <section aria-labelledby="payments-heading" className="space-y-5">
      <h2 id="payments-heading" className="text-2xl">
        Payments
      </h2>
      <PaymentFilters filter={filter} />
      {result ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
      {transactions === null ? (
        <ActionNotice tone="error">{adminMessages.transactionsFailed}</ActionNotice>
      ) : transactions.length === 0 ? (
        <EmptyState title={adminMessages.noTransactions} />
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-soft">
              {transactions.length} {transactions.length === 1 ? 'transaction' : 'transactions'}
              {transactions.length >= 500 ? ' (the latest 500; narrow the dates to see older ones)' : ''}
            </p>
            <ExportLink kind="transactions" filter={{ ...filter }} />
          </div>
          <AdminTable
            layout="lg"
            testId="transactions-table"
            caption="Payment transactions, newest first"
            columns={[
              { label: 'ID' },
              { label: 'Reference' },
              { label: 'Customer' },
              { label: 'Amount', align: 'right' },
              { label: 'Status' },
              { label: 'Actions', srOnly: true },
            ]}
          >
            <tbody className="divide-y divide-line">
              {transactions.map((transaction) => (
                <tr key={transaction.id} data-testid="transaction-row">
                  <td className="px-4 py-3 align-top tabular-nums">
                    {transaction.id}
                    <OrderDate
                      iso={transaction.createdAt}
                      withTime
                      className="mt-0.5 block text-xs text-muted"
                    />
                  </td>
                  <td className="px-4 py-3 align-top">
                    <span className="block font-mono text-xs text-ink">
                      <span>{transaction.txRef}</span>
                      {transaction.isTest ? <TestOrderBadge className="ml-2" /> : null}
                    </span>
                    <span className="mt-0.5 block text-xs text-muted">
                      {transaction.paymentType ?? transaction.provider} ·{' '}
                      <Link
                        to={ordersHref({}, transaction.orderNumber)}
                        className="text-gold-deep underline underline-offset-4"
                      >
                        {transaction.orderNumber}
                      </Link>
                    </span>
                  </td>
                  <td className="max-w-56 px-4 py-3 align-top">
                    <span className="block truncate text-ink">{transaction.customer.name}</span>
                    <span className="block truncate text-xs text-muted">{transaction.customer.email}</span>
                  </td>
                  <td className="px-4 py-3 text-right align-top">
                    <Amount transaction={transaction} />
                  </td>
                  <td className="px-4 py-3 align-top">
                    <TransactionStatus status={transaction.status} />
                  </td>
                  <td className="px-4 py-3 text-right align-top">
                    <VerifyButton
                      transaction={transaction}
                      verifying={verifyingId === String(transaction.id)}
                      onVerify={() => verify(transaction.id)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <ul className="space-y-3 lg:hidden" aria-label="Payment transactions, newest first">
            {transactions.map((transaction) => (
              <li
                key={transaction.id}
                data-testid="transaction-card"
                className="rounded-card border border-line bg-white p-4 text-sm"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <p className="font-semibold text-ink">
                      #{transaction.id} · <Amount transaction={transaction} />
                    </p>
                    <p className="truncate font-mono text-xs text-muted">{transaction.txRef}</p>
                  </div>
                  <TransactionStatus status={transaction.status} />
                </div>
                <p className="mt-2 truncate text-ink-soft">
                  {transaction.customer.name} · {transaction.customer.email}
                </p>
                <div className="mt-3 flex items-center justify-between gap-3">
                  <span className="text-xs text-muted">
                    <OrderDate iso={transaction.createdAt} /> ·{' '}
                    <Link to={ordersHref({}, transaction.orderNumber)} className="text-gold-deep underline">
                      {transaction.orderNumber}
                    </Link>
                  </span>
                  <VerifyButton
                    transaction={transaction}
                    verifying={verifyingId === String(transaction.id)}
                    onVerify={() => verify(transaction.id)}
                  />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {refunds !== undefined ? (
        <RefundsSection refunds={refunds} filter={{ q: filter.q, from: filter.from, to: filter.to }} />
      ) : null}
    </section>
  );
}
