import { Landmark, RefreshCw } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { refundStatusNames } from '../../../contracts/returns';
import { formatNaira } from '../../../contracts/money';
import type { RefundView } from '../../../core/refunds/views';
import { OrderDate, sizeLabel } from '../../components/orders/order-status';
import { TestOrderBadge } from '../../components/orders/test-order-badge';
import { Button } from '../../components/ui/button';
import { Field, SelectField } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import { ordersHref } from './admin-links';
import type { AdminActionResult } from './admin-texts';

const statusTones: Record<RefundView['status'], string> = {
  completed: 'border-success/30 bg-success/10 text-success',
  pending: 'border-warning/40 bg-warning/5 text-warning',
  failed: 'border-sale/30 bg-sale/5 text-sale',
  needs_attention: 'border-warning/40 bg-warning/10 text-warning',
};

/**
 * The banks a refund the card cannot take back may be sent to, from its provider; `error` when the
 * provider's list could not be read (the form says so instead of offering none).
 */
export interface RefundBankChoices {
  banks: { id: string; name: string }[];
  error: string | null;
}

/** A refund as the order's list shows it: one waiting for the shopper's account carries its banks. */
export type RefundListItem = RefundView & { bankChoices?: RefundBankChoices | undefined };

/** A refund's state in the shop's words (On its way, Refunded, Failed, Needs bank details). */
export function RefundStatusBadge({ status }: { status: RefundView['status'] }) {
  return (
    <span
      data-testid="refund-status"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusTones[status],
      )}
    >
      {refundStatusNames[status]}
    </span>
  );
}

const providerNames: Record<RefundView['provider'], string> = {
  flutterwave: 'Flutterwave',
  paystack: 'Paystack',
  sandbox: 'TEST MODE sandbox',
  manual: 'By hand',
};

/** What a refund gave back for: its lines, the delivery charge, or an amount of the payment. */
export function refundWhat(refund: RefundView): string {
  const parts = refund.lines.map(
    (line) => `${line.quantity} × ${line.name}${line.size ? ` (${sizeLabel(line.size)})` : ''}`,
  );
  if (refund.shippingKobo > 0) parts.push(`delivery ${formatNaira(refund.shippingKobo)}`);
  if (refund.purpose === 'owed') return 'Money owed back on a transfer';
  return parts.length ? parts.join(', ') : 'An amount of the payment';
}

/** A failed refund asked again, on the same record. */
export function RetryButton({ refund }: { refund: RefundView }) {
  const fetcher = useFetcher<AdminActionResult>({ key: `retry-refund-${refund.id}` });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <div className="mt-2 space-y-2">
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="retry-refund" />
        <input type="hidden" name="id" value={refund.id} />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          disabled={busy}
          aria-label={`Retry refund of ${formatNaira(refund.amountKobo)}`}
        >
          <RefreshCw
            width={14}
            height={14}
            aria-hidden="true"
            className={busy ? 'animate-spin' : undefined}
          />
          {busy ? 'Retrying…' : 'Retry'}
        </Button>
      </fetcher.Form>
      {result ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
    </div>
  );
}

/**
 * A refund the card could not take back, sent to the shopper's bank account instead: her bank from
 * the provider's list and her 10-digit account number. Each error shows beside its field.
 */
export function BankAccountForm({ refund, choices }: { refund: RefundView; choices: RefundBankChoices }) {
  const fetcher = useFetcher<AdminActionResult>({ key: `refund-bank-account-${refund.id}` });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const fields = result && !result.ok ? result.fields : {};
  const fieldError = Boolean(fields.accountNumber || fields.bankId);
  return (
    <div className="mt-2 space-y-2" data-testid="refund-bank-account">
      {choices.error ? (
        <ActionNotice tone="error">{choices.error} Reload the page to try again.</ActionNotice>
      ) : (
        <fetcher.Form method="post" className="grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="refund-bank-account" />
          <input type="hidden" name="id" value={refund.id} />
          <SelectField
            label="Shopper's bank"
            name="bankId"
            required
            defaultValue=""
            error={fields.bankId}
            className="min-w-0"
          >
            <option value="" disabled>
              Choose the bank
            </option>
            {choices.banks.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.name}
              </option>
            ))}
          </SelectField>
          <Field
            label="Account number"
            name="accountNumber"
            required
            inputMode="numeric"
            maxLength={30}
            autoComplete="off"
            hint="10 digits (NUBAN)"
            error={fields.accountNumber}
            className="min-w-0"
          />
          <div className="sm:col-span-2">
            <Button
              type="submit"
              size="sm"
              disabled={busy}
              aria-label={`Send the refund of ${formatNaira(refund.amountKobo)} to this account`}
            >
              <Landmark width={14} height={14} aria-hidden="true" />
              {busy ? 'Sending…' : 'Send to this account'}
            </Button>
          </div>
        </fetcher.Form>
      )}
      {result && !(result.ok === false && fieldError) ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
    </div>
  );
}

/** Where the Payments tab sends staff for a refund waiting for the shopper's account: its order. */
export function GiveAccountHint({ refund }: { refund: RefundView }) {
  return (
    <span className="mt-1 block text-xs break-words text-warning">
      {refund.failureReason ? `${refund.failureReason} ` : ''}
      <Link to={ordersHref({}, refund.orderNumber)} className="underline underline-offset-2">
        Open {refund.orderNumber} to send it
      </Link>
    </span>
  );
}

/** Every refund of the order, oldest first: what, how much, where it stands, why, who and when. */
export function RefundList({ refunds }: { refunds: RefundListItem[] }) {
  return (
    <ul className="divide-y divide-line" data-testid="admin-order-refunds">
      {refunds.map((refund) => (
        <li key={refund.id} className="py-3 text-sm first:pt-0 last:pb-0" data-testid="admin-order-refund">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <span className="font-semibold text-ink tabular-nums" data-testid="admin-order-refund-amount">
              {formatNaira(refund.amountKobo)}
            </span>
            <span className="flex items-center gap-2">
              {refund.isTest ? <TestOrderBadge /> : null}
              <RefundStatusBadge status={refund.status} />
            </span>
          </div>
          <p className="mt-1 break-words text-ink-soft">{refundWhat(refund)}</p>
          <p className="mt-1 break-words text-ink">
            <span className="text-ink-soft">Reason:</span> {refund.reason}
          </p>
          <p className="mt-1 text-xs break-words text-muted">
            {providerNames[refund.provider]}
            {refund.providerReference ? (
              <>
                {' · '}ref <span className="font-mono">{refund.providerReference}</span>
              </>
            ) : null}
            {refund.restock
              ? refund.status === 'completed'
                ? ' · units back in stock'
                : refund.status === 'pending' || refund.status === 'needs_attention'
                  ? ' · units back in stock once it completes'
                  : ' · units not put back'
              : ''}
            {refund.returnNumber ? ` · return ${refund.returnNumber}` : ''}
            <br />
            <span title={refund.createdBy || undefined}>
              {refund.createdByName || refund.createdBy || 'The shop'}
            </span>{' '}
            · <OrderDate iso={refund.createdAt} withTime />
            {refund.completedAt && refund.status === 'completed' ? (
              <>
                {' · refunded '}
                <OrderDate iso={refund.completedAt} withTime />
              </>
            ) : null}
          </p>
          {refund.bankDetails ? (
            <p className="mt-1 text-xs break-words text-muted">
              To {refund.bankDetails.accountName ? `${refund.bankDetails.accountName}, ` : ''}
              {refund.bankDetails.bankName}{' '}
              <span className="font-mono">{refund.bankDetails.accountNumber}</span>
            </p>
          ) : null}
          {refund.status === 'needs_attention' ? (
            <>
              {refund.failureReason ? (
                <p className="mt-1 break-words text-warning" data-testid="admin-order-refund-attention">
                  {refund.failureReason}
                </p>
              ) : null}
              {refund.bankChoices ? <BankAccountForm refund={refund} choices={refund.bankChoices} /> : null}
            </>
          ) : null}
          {refund.status === 'failed' ? (
            <>
              {refund.failureReason ? (
                <p className="mt-1 break-words text-sale" data-testid="admin-order-refund-failure">
                  {refund.failureReason}
                </p>
              ) : null}
              <RetryButton refund={refund} />
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
