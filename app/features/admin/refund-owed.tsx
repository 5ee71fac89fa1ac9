import { Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { MoneyToRefund } from '../../../core/payments/transactions';
import { Button } from '../../components/ui/button';
import { ActionNotice } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import { ManualRefundFields, noManualDetails, TestOutcomeSelect, type ManualDetails } from './refund-dialog';
import { RefundModal } from './refund-modal';

/** The owed refunds of one order share a fetcher: the answer outlives the button, which goes once paid back. */
export const owedFetcherKey = (orderNumber: string) => `refund-owed-${orderNumber}`;

/** What became of the last "Refund ₦500": given back, on its way, or failed and waiting for a retry. */
export function OwedRefundNotice({ orderNumber }: { orderNumber: string }) {
  const fetcher = useFetcher<AdminActionResult>({ key: owedFetcherKey(orderNumber) });
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  if (!result || (!result.ok && result.intent !== 'refund-failed')) return null;
  return (
    <div className="mt-4">
      <ActionNotice tone={result.ok ? 'success' : 'error'}>
        {result.ok ? result.message : result.error}
      </ActionNotice>
    </div>
  );
}

/**
 * "Refund ₦500": gives back money a transaction brought beyond what the order took (an overpaid or
 * late transfer), in one click when it came through the provider. Money that came into the shop's
 * own account has no provider to send it back: the shop transfers it and records the shopper's bank
 * and its reference here.
 */
export function OwedRefundButton({ orderNumber, owed }: { orderNumber: string; owed: MoneyToRefund }) {
  const fetcher = useFetcher<AdminActionResult>({ key: owedFetcherKey(orderNumber) });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const fields = result && !result.ok ? result.fields : {};
  // The core names the bank details when it needs them, whatever this page guessed.
  const asksManual = Object.keys(fields).some((name) => name.startsWith('manual'));
  const byHand = owed.providerTransactionId === null || asksManual;
  const [open, setOpen] = useState(false);
  const [manual, setManual] = useState<ManualDetails>(noManualDetails);
  const label = `Refund ${formatNaira(owed.refundDueKobo)}`;

  const [seen, setSeen] = useState(result);
  if (result !== seen) {
    setSeen(result);
    if (result && (result.ok || result.intent === 'refund-failed')) setOpen(false);
    else if (asksManual) setOpen(true);
  }

  const hidden = (
    <>
      <input type="hidden" name="intent" value="refund-owed" />
      <input type="hidden" name="number" value={orderNumber} />
      <input type="hidden" name="paymentTransactionId" value={owed.id} />
      <input type="hidden" name="reason" value={owed.message.slice(0, 300)} />
    </>
  );

  return (
    <div className="mt-2 space-y-2">
      {byHand ? (
        <Button size="sm" variant="gold" disabled={busy} onClick={() => setOpen(true)}>
          <Undo2 width={14} height={14} aria-hidden="true" /> {label}
        </Button>
      ) : (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
          {hidden}
          {owed.simulated ? <TestOutcomeSelect id={`owed-outcome-${owed.id}`} /> : null}
          <Button type="submit" size="sm" variant="gold" disabled={busy}>
            <Undo2 width={14} height={14} aria-hidden="true" /> {busy ? 'Refunding…' : label}
          </Button>
        </fetcher.Form>
      )}
      {result && !result.ok && result.intent !== 'refund-failed' && !open ? (
        <ActionNotice tone="error">{result.error}</ActionNotice>
      ) : null}
      {byHand ? (
        <RefundModal open={open} title={label} onClose={() => setOpen(false)}>
          <fetcher.Form method="post" className="space-y-4" noValidate>
            {hidden}
            {result && !result.ok && result.intent !== 'refund-failed' ? (
              <p role="alert" className="text-sm text-sale">
                {result.error}
              </p>
            ) : null}
            <ManualRefundFields fields={fields} values={manual} onChange={(values) => setManual(values)} />
            <div className="flex justify-end gap-2">
              <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" size="sm" disabled={busy}>
                {busy ? 'Recording…' : `Record ${formatNaira(owed.refundDueKobo)}`}
              </Button>
            </div>
          </fetcher.Form>
        </RefundModal>
      ) : null}
    </div>
  );
}
