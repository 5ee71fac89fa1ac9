import { Minus, Plus, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { formatNaira, typedNairaToKobo } from '../../../contracts/money';
import type { OrderView } from '../../../core/orders/order-view';
import type { Refundable } from '../../../core/refunds/plan';
import { sizeLabel } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { FieldError, labelClasses, textareaClasses } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import { RefundModal } from './refund-modal';
import { lineRefundKobo } from '../../../contracts/refund-worth';

export type RefundLine = Refundable['lines'][number];

export const testOutcomes = [
  { id: 'completed', label: 'succeeds' },
  { id: 'pending', label: 'stays pending' },
  { id: 'failed', label: 'fails' },
] as const;

type Mode = 'lines' | 'amount';

/** The Refund dialog's fetcher, shared with the panel that opens it (it closes the dialog on an answer). */
export const refundFetcherKey = (orderNumber: string) => `refund-${orderNumber}`;

/** The shopper's bank, for money refunded by hand from the shop's own account. */
export function ManualRefundFields({
  fields,
  values,
  onChange,
  edited = [],
}: {
  fields: Record<string, string>;
  values: ManualDetails;
  onChange: (values: ManualDetails, field: string) => void;
  /** Fields changed since the last answer: their refusal is no longer shown. */
  edited?: string[];
}) {
  const set = (name: keyof ManualDetails) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, [name]: event.target.value }, `manual.${name}`);
  const error = (name: string) => (edited.includes(name) ? undefined : fields[name]);
  return (
    <fieldset className="space-y-3 rounded-sm border border-gold/50 bg-white p-3">
      <legend className="px-1 text-sm font-semibold text-ink">The shopper&apos;s bank account</legend>
      <p className="text-xs text-ink-soft" data-testid="manual-refund-note">
        This money came into the shop&apos;s own account, so the shop sends it back itself: make the transfer
        from your bank, then record it here with its reference.
      </p>
      <input type="hidden" name="manual" value="1" />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Account name"
          name="accountName"
          required
          maxLength={120}
          autoComplete="off"
          value={values.accountName}
          onChange={set('accountName')}
          error={error('manual.accountName')}
        />
        <Field
          label="Account number"
          name="accountNumber"
          required
          inputMode="numeric"
          pattern="\d{10}"
          maxLength={10}
          autoComplete="off"
          hint="10 digits"
          value={values.accountNumber}
          onChange={set('accountNumber')}
          error={error('manual.accountNumber')}
        />
        <Field
          label="Bank"
          name="bankName"
          required
          maxLength={80}
          autoComplete="off"
          value={values.bankName}
          onChange={set('bankName')}
          error={error('manual.bankName')}
        />
        <Field
          label="Your transfer's reference"
          name="reference"
          required
          maxLength={80}
          autoComplete="off"
          value={values.reference}
          onChange={set('reference')}
          error={error('manual.reference')}
        />
      </div>
    </fieldset>
  );
}

export interface ManualDetails {
  accountName: string;
  accountNumber: string;
  bankName: string;
  reference: string;
}

export const noManualDetails: ManualDetails = {
  accountName: '',
  accountNumber: '',
  bankName: '',
  reference: '',
};

/** TEST MODE only: what the sandbox answers, so every outcome can be tried without money. */
export function TestOutcomeSelect({ id }: { id: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-sm border border-dashed border-warning/60 px-3 py-2 text-xs">
      <label htmlFor={id} className="font-semibold tracking-wide text-warning uppercase">
        TEST MODE outcome
      </label>
      <select
        id={id}
        name="testOutcome"
        defaultValue="completed"
        className="h-9 rounded-sm border border-line bg-white px-2 text-sm text-ink focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none"
      >
        {testOutcomes.map((outcome) => (
          <option key={outcome.id} value={outcome.id}>
            {outcome.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Stepper({
  line,
  value,
  onChange,
}: {
  line: RefundLine;
  value: number;
  onChange: (value: number) => void;
}) {
  const max = line.quantity - line.refundedQuantity;
  const id = `refund-line-${line.orderLineId}`;
  const stepClasses =
    'inline-flex h-full w-9 shrink-0 items-center justify-center text-ink hover:bg-cream disabled:cursor-not-allowed disabled:text-muted/50 disabled:hover:bg-transparent';
  return (
    <div className="flex h-9 items-center rounded-sm border border-line bg-white">
      <button
        type="button"
        className={stepClasses}
        disabled={value <= 0}
        onClick={() => onChange(value - 1)}
        aria-label={`One fewer of ${line.name}`}
      >
        <Minus width={15} height={15} aria-hidden="true" />
      </button>
      <label htmlFor={id} className="sr-only">
        Units of {line.name} to refund
      </label>
      <input
        id={id}
        name={`line-${line.orderLineId}`}
        inputMode="numeric"
        value={value}
        onChange={(event) => {
          const typed = Number.parseInt(event.target.value, 10);
          onChange(Number.isFinite(typed) ? Math.min(max, Math.max(0, typed)) : 0);
        }}
        className="h-full w-10 border-x border-line text-center text-sm tabular-nums focus:outline-none"
      />
      <button
        type="button"
        className={stepClasses}
        disabled={value >= max}
        onClick={() => onChange(value + 1)}
        aria-label={`One more of ${line.name}`}
      >
        <Plus width={15} height={15} aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * Staff give money back on a paid order: some of its lines (up to what is not refunded yet), the
 * delivery charge, or an amount; with a reason. The figure that will go back is shown as they
 * choose. What they typed stays when the refund is refused, with the refusal beside its field; the
 * panel that opens it closes it once the refund is made (or recorded as failed).
 */
export function RefundDialog({
  order,
  refundable,
  open,
  onClose,
}: {
  order: OrderView;
  refundable: Refundable;
  open: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>({ key: refundFetcherKey(order.number) });
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const [mode, setMode] = useState<Mode>('lines');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [includeShipping, setIncludeShipping] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // Units not yet sent can go straight back on sale; a parcel already out comes back first.
  const [restock, setRestock] = useState(
    order.status === 'processing' || order.status === 'awaiting_payment',
  );
  const [manual, setManual] = useState<ManualDetails>(noManualDetails);

  // A refund made (or recorded and failed) starts the next one afresh; a refusal keeps everything typed.
  const [seen, setSeen] = useState(result);
  // Fields changed since the last answer: their refusal is no longer shown.
  const [edited, setEdited] = useState<string[]>([]);
  const edit = (name: string) =>
    setEdited((current) => (current.includes(name) ? current : [...current, name]));
  if (result && result !== seen) {
    setSeen(result);
    setEdited([]);
    if (result.ok || result.intent === 'refund-failed') {
      setQuantities({});
      setIncludeShipping(false);
      setAmount('');
      setReason('');
      setManual(noManualDetails);
    }
  }

  const fields = result && !result.ok && result.intent !== 'refund-failed' ? result.fields : {};
  const failure = result && !result.ok && result.intent !== 'refund-failed' ? result.error : null;
  // A line refused says it in full under the lines ("Only 1 of … remain to refund").
  const linesError = Object.keys(fields).some((name) => name.startsWith('lines'))
    ? (failure ?? undefined)
    : undefined;
  // A refusal shown beside its field is not repeated above the form.
  const besideField = Object.keys(fields).some(
    (name) =>
      name === 'reason' ||
      (name === 'amount' && mode === 'amount') ||
      (name.startsWith('lines') && mode === 'lines') ||
      (name.startsWith('manual') && refundable.provider === 'manual'),
  );
  const refusal = besideField ? null : failure;
  const reasonError = edited.includes('reason') ? undefined : fields.reason;

  const linesKobo = refundable.lines.reduce(
    (sum, line) => sum + lineRefundKobo(order, line, quantities[line.orderLineId] ?? 0),
    0,
  );
  const typedKobo = typedNairaToKobo(amount);
  const figure =
    mode === 'amount'
      ? (typedKobo ?? 0)
      : Math.min(
          refundable.remainingKobo,
          linesKobo + (includeShipping ? refundable.shippingRemainingKobo : 0),
        );
  const tooMuch = figure > refundable.remainingKobo;
  const isManual = refundable.provider === 'manual';
  const anyLineLeft = refundable.lines.some((line) => line.quantity > line.refundedQuantity);

  return (
    <RefundModal open={open} title={`Refund ${order.number}`} onClose={onClose} wide>
      <fetcher.Form method="post" className="space-y-4" aria-label="Refund" noValidate>
        <input type="hidden" name="intent" value="refund" />
        <input type="hidden" name="number" value={order.number} />
        <input type="hidden" name="mode" value={mode} />
        {refusal ? (
          <p role="alert" className="rounded-sm border border-sale/30 bg-sale/5 px-3 py-2 text-sm text-sale">
            {refusal}
          </p>
        ) : null}

        <fieldset className="space-y-2">
          <legend className={labelClasses}>What to refund</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-mode"
                checked={mode === 'lines'}
                onChange={() => setMode('lines')}
                disabled={!anyLineLeft && refundable.shippingRemainingKobo === 0}
              />
              Items and delivery
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-mode"
                checked={mode === 'amount'}
                onChange={() => setMode('amount')}
              />
              A different amount
            </label>
          </div>
        </fieldset>

        {mode === 'lines' ? (
          <div className="space-y-3">
            <ul
              className="divide-y divide-line rounded-sm border border-line bg-white"
              aria-label="Order lines"
            >
              {refundable.lines.map((line) => {
                const left = line.quantity - line.refundedQuantity;
                const chosen = quantities[line.orderLineId] ?? 0;
                return (
                  <li
                    key={line.orderLineId}
                    className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2 text-sm"
                    data-testid="refund-line"
                  >
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="font-medium break-words text-ink">{line.name}</p>
                      <p className="text-xs text-muted tabular-nums">
                        {[line.color, line.size ? sizeLabel(line.size) : null].filter(Boolean).join(' · ')}
                        {line.color || line.size ? ' · ' : ''}
                        {line.quantity} × {formatNaira(line.unitPriceKobo)}
                        {line.refundedQuantity > 0 ? ` · ${line.refundedQuantity} refunded` : ''}
                      </p>
                    </div>
                    {left > 0 ? (
                      <div className="flex items-center gap-3">
                        <span className="w-24 text-right text-xs text-ink-soft tabular-nums">
                          {chosen > 0 ? formatNaira(lineRefundKobo(order, line, chosen)) : ''}
                        </span>
                        <Stepper
                          line={line}
                          value={chosen}
                          onChange={(value) =>
                            setQuantities((current) => ({ ...current, [line.orderLineId]: value }))
                          }
                        />
                      </div>
                    ) : (
                      <span className="text-xs text-muted">All refunded</span>
                    )}
                  </li>
                );
              })}
            </ul>
            <FieldError message={linesError} />
            {refundable.shippingRemainingKobo > 0 ? (
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="includeShipping"
                  checked={includeShipping}
                  onChange={(event) => setIncludeShipping(event.target.checked)}
                />
                Include delivery (
                <span className="tabular-nums">{formatNaira(refundable.shippingRemainingKobo)}</span>)
              </label>
            ) : null}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="restock"
                checked={restock}
                onChange={(event) => setRestock(event.target.checked)}
              />
              Put the units back in stock
            </label>
          </div>
        ) : (
          <Field
            label="Amount to refund (₦)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="2500.00"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              edit('amount');
            }}
            error={edited.includes('amount') ? undefined : fields.amount}
            hint={`At most ${formatNaira(refundable.remainingKobo)}`}
          />
        )}

        <div className="space-y-1.5">
          <label htmlFor={`refund-reason-${order.number}`} className={labelClasses}>
            Reason
          </label>
          <textarea
            id={`refund-reason-${order.number}`}
            name="reason"
            required
            maxLength={300}
            rows={2}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              edit('reason');
            }}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `refund-reason-${order.number}-error` : undefined}
            placeholder="Out of stock in her size"
            className={textareaClasses}
          />
          <FieldError id={`refund-reason-${order.number}-error`} message={reasonError} />
        </div>

        {isManual ? (
          <ManualRefundFields
            fields={fields}
            values={manual}
            edited={edited}
            onChange={(values, field) => {
              setManual(values);
              edit(field);
            }}
          />
        ) : null}
        {/* Only the sandbox can be told how a refund ends; a provider's test keys answer for themselves. */}
        {refundable.provider === 'sandbox' ? (
          <TestOutcomeSelect id={`refund-outcome-${order.number}`} />
        ) : null}

        <div
          className="flex flex-wrap items-end justify-between gap-3 border-t border-line pt-4"
          data-testid="refund-figure"
        >
          <p className="text-sm text-ink-soft">
            <span className="block text-xs tracking-wide uppercase">To refund</span>
            <span
              className={cn('font-display text-2xl tabular-nums', tooMuch ? 'text-sale' : 'text-ink')}
              data-testid="refund-amount"
            >
              {formatNaira(figure)}
            </span>
            <span className="block text-xs tabular-nums" data-testid="refund-remaining">
              {formatNaira(refundable.remainingKobo)} remains refundable
            </span>
          </p>
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={busy || figure <= 0}>
              <Undo2 width={16} height={16} aria-hidden="true" />
              {busy
                ? 'Refunding…'
                : isManual
                  ? `Record ${formatNaira(figure)}`
                  : `Refund ${formatNaira(figure)}`}
            </Button>
          </div>
        </div>
      </fetcher.Form>
    </RefundModal>
  );
}
