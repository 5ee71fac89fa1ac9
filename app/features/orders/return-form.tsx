import { AlertCircle, ArrowLeftRight, Banknote } from 'lucide-react';
import { useState } from 'react';
import { Form } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import {
  returnReasonIds,
  returnReasonNames,
  returnResolutionIds,
  returnResolutionNames,
  type ReturnResolutionId,
} from '../../../contracts/returns';
import type { FieldErrors } from '../../../core/errors';
import type { ReturnableLine } from '../../../core/returns/views';
import { sizeLabel } from '../../components/orders/order-status';
import { OrderThumb } from '../../components/orders/order-thumb';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ExchangePicker } from './return-exchange-picker';
import {
  initialFormValues,
  type ExchangePiece,
  type ReturnFormLine,
  type ReturnFormValues,
} from './return-form-values';

const labelClasses = 'block text-xs font-medium tracking-wide text-ink-soft uppercase';
const textareaClasses =
  'block w-full rounded-sm border border-line bg-white px-3 py-2 text-sm text-ink placeholder:text-muted focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none aria-[invalid=true]:border-sale';

const resolutionHints: Record<ReturnResolutionId, string> = {
  refund: 'Refunded the way you paid, once your parcel reaches us.',
  exchange:
    'The same piece in the size or colour you choose, sent at no charge. We hold it for you from now.',
};

function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="mt-1.5 text-xs text-sale">
      {message}
    </p>
  ) : null;
}

function StepHeading({ step, id, children }: { step: number; id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="flex items-center gap-3 text-2xl">
      <span
        aria-hidden="true"
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-ink font-sans text-xs font-semibold text-paper"
      >
        {step}
      </span>
      {children}
    </h2>
  );
}

/** One bought line: how many go back and why. */
function LineChoice({
  line,
  value,
  fields,
  onChange,
}: {
  line: ReturnableLine;
  value: ReturnFormLine;
  fields: FieldErrors;
  onChange: (patch: Partial<ReturnFormLine>) => void;
}) {
  const id = line.orderLineId;
  const chosen = value.quantity > 0;
  const errors = {
    quantity: fields[`quantity.${id}`],
    reason: fields[`reason.${id}`],
    reasonText: fields[`reasonText.${id}`],
  };
  const open = line.returnable > 0 && line.productId !== null;
  return (
    <li
      className={cn(
        'rounded-card border p-4 transition-colors sm:p-5',
        chosen ? 'border-ink/40 bg-white' : 'border-line bg-white',
      )}
      data-testid="return-line"
    >
      <div className="flex gap-4">
        <OrderThumb src={line.imageUrl} alt="" className="w-20" />
        <div className="min-w-0 flex-1">
          <h3 className="font-sans text-sm font-semibold tracking-normal text-ink">{line.name}</h3>
          {line.color || line.size ? (
            <p className="mt-0.5 text-xs text-muted">
              {[line.color, sizeLabel(line.size)].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          <p className="mt-1 text-sm text-ink-soft tabular-nums">
            {line.bought} × {formatNaira(line.unitPriceKobo)}
          </p>
          {!open ? (
            <p className="mt-2 text-xs text-muted">
              {line.productId === null
                ? 'This piece is no longer in the shop: contact us to send it back.'
                : 'Already in a return.'}
            </p>
          ) : null}
        </div>
      </div>
      {open ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-[9rem_minmax(0,1fr)]">
          <div>
            <label htmlFor={`quantity-${id}`} className={labelClasses}>
              How many
            </label>
            <select
              id={`quantity-${id}`}
              name={`quantity.${id}`}
              value={value.quantity}
              onChange={(event) => onChange({ quantity: Number(event.target.value) })}
              aria-invalid={errors.quantity ? true : undefined}
              aria-describedby={errors.quantity ? `quantity-${id}-error` : undefined}
              className={cn(inputClasses, 'mt-1.5')}
            >
              {Array.from({ length: line.returnable + 1 }, (_, count) => (
                <option key={count} value={count}>
                  {count === 0 ? 'None' : count}
                </option>
              ))}
            </select>
            <ErrorLine id={`quantity-${id}-error`} message={errors.quantity} />
          </div>
          {chosen ? (
            <div>
              <label htmlFor={`reason-${id}`} className={labelClasses}>
                Why it is coming back
              </label>
              <select
                id={`reason-${id}`}
                name={`reason.${id}`}
                value={value.reason}
                onChange={(event) => onChange({ reason: event.target.value })}
                aria-invalid={errors.reason ? true : undefined}
                aria-describedby={errors.reason ? `reason-${id}-error` : undefined}
                className={cn(inputClasses, 'mt-1.5')}
              >
                <option value="">Choose a reason</option>
                {returnReasonIds.map((reason) => (
                  <option key={reason} value={reason}>
                    {returnReasonNames[reason]}
                  </option>
                ))}
              </select>
              <ErrorLine id={`reason-${id}-error`} message={errors.reason} />
            </div>
          ) : null}
          {chosen && (value.reason === 'other' || value.reasonText || errors.reasonText) ? (
            <div className="sm:col-span-2">
              <label htmlFor={`reasonText-${id}`} className={labelClasses}>
                {value.reason === 'other' ? 'Tell us what is wrong' : 'Anything to add (optional)'}
              </label>
              <textarea
                id={`reasonText-${id}`}
                name={`reasonText.${id}`}
                rows={2}
                maxLength={500}
                value={value.reasonText}
                onChange={(event) => onChange({ reasonText: event.target.value })}
                aria-invalid={errors.reasonText ? true : undefined}
                aria-describedby={errors.reasonText ? `reasonText-${id}-error` : undefined}
                className={cn(textareaClasses, 'mt-1.5')}
              />
              <ErrorLine id={`reasonText-${id}-error`} message={errors.reasonText} />
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The return form: which pieces go back (how many, why), then what she wants: her money, or another
 * size or colour of each piece. Everything chosen stays as it was when the shop refuses the request;
 * each error sits next to its field.
 */
export function ReturnForm({
  lines,
  pieces,
  submitted,
  fields,
  error,
  busy,
}: {
  lines: ReturnableLine[];
  pieces: Record<number, ExchangePiece>;
  /** What the form sent last time, when the shop refused it (a page without scripts starts from it). */
  submitted: ReturnFormValues | null;
  fields: FieldErrors;
  error: string | null;
  busy: boolean;
}) {
  const [values, setValues] = useState<ReturnFormValues>(() => submitted ?? initialFormValues(lines));
  // An error goes as soon as its field is changed; the shop's answer to the next send says the rest.
  const [cleared, setCleared] = useState<{ source: FieldErrors; keys: string[] }>({
    source: fields,
    keys: [],
  });
  const clearedKeys = cleared.source === fields ? cleared.keys : [];
  const clear = (...keys: string[]) => setCleared({ source: fields, keys: [...clearedKeys, ...keys] });
  const shown = Object.fromEntries(Object.entries(fields).filter(([key]) => !clearedKeys.includes(key)));
  const formError = Object.keys(fields).length > 0 && Object.keys(shown).length === 0 ? null : error;
  const setLine = (id: number, patch: Partial<ReturnFormLine>) => {
    clear(
      ...Object.keys(patch).map((name) =>
        name === 'size' || name === 'color' ? `exchange.${id}` : `${name}.${id}`,
      ),
      ...(patch.quantity !== undefined ? ['lines'] : []),
      ...(patch.reason !== undefined ? [`reasonText.${id}`] : []),
    );
    setValues((current) => ({
      ...current,
      lines: { ...current.lines, [id]: { ...current.lines[id]!, ...patch } },
    }));
  };
  const chosen = lines.filter((line) => (values.lines[line.orderLineId]?.quantity ?? 0) > 0);
  const units = chosen.reduce((sum, line) => sum + values.lines[line.orderLineId]!.quantity, 0);

  return (
    <Form
      method="post"
      noValidate
      className="space-y-8"
      aria-label="Return or exchange"
      data-testid="return-form"
    >
      <section aria-labelledby="return-step-pieces" className="space-y-4">
        <StepHeading step={1} id="return-step-pieces">
          What is coming back?
        </StepHeading>
        <ul className="space-y-3">
          {lines.map((line) => (
            <LineChoice
              key={line.orderLineId}
              line={line}
              value={values.lines[line.orderLineId]!}
              fields={shown}
              onChange={(patch) => setLine(line.orderLineId, patch)}
            />
          ))}
        </ul>
        <ErrorLine id="return-lines-error" message={shown.lines} />
      </section>

      <section aria-labelledby="return-step-wish" className="space-y-4">
        <StepHeading step={2} id="return-step-wish">
          What would you like?
        </StepHeading>
        <fieldset aria-describedby={shown.resolution ? 'return-resolution-error' : undefined}>
          <legend className="sr-only">What would you like?</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {returnResolutionIds.map((resolution) => {
              const Icon = resolution === 'refund' ? Banknote : ArrowLeftRight;
              return (
                <label
                  key={resolution}
                  className="relative flex cursor-pointer gap-3 rounded-card border border-line bg-white p-4 has-[:checked]:border-ink has-[:checked]:ring-1 has-[:checked]:ring-ink has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold-deep"
                >
                  <input
                    type="radio"
                    name="resolution"
                    value={resolution}
                    checked={values.resolution === resolution}
                    onChange={() => {
                      clear('resolution');
                      setValues((current) => ({ ...current, resolution }));
                    }}
                    className="mt-1 size-4 shrink-0 accent-ink"
                  />
                  <span className="min-w-0">
                    <span className="flex items-center gap-2 text-sm font-semibold text-ink">
                      <Icon width={16} height={16} aria-hidden="true" className="text-gold-deep" />
                      {returnResolutionNames[resolution]}
                    </span>
                    <span className="mt-1 block text-xs text-ink-soft">{resolutionHints[resolution]}</span>
                  </span>
                </label>
              );
            })}
          </div>
          <ErrorLine id="return-resolution-error" message={shown.resolution} />
        </fieldset>

        {values.resolution === 'exchange' && chosen.length > 0 ? (
          <ul className="space-y-3">
            {chosen.map((line) => {
              const value = values.lines[line.orderLineId]!;
              return (
                <li key={line.orderLineId} className="rounded-card border border-line bg-white p-4 sm:p-5">
                  <p className="mb-3 text-sm font-semibold text-ink">
                    {line.name}
                    <span className="font-normal text-muted"> instead of {describe(line)}</span>
                  </p>
                  <ExchangePicker
                    lineId={line.orderLineId}
                    piece={line.productId === null ? undefined : pieces[line.productId]}
                    size={value.size}
                    color={value.color}
                    ownSize={line.size}
                    ownColor={line.color}
                    onChange={(choice) => setLine(line.orderLineId, choice)}
                    error={shown[`exchange.${line.orderLineId}`]}
                  />
                </li>
              );
            })}
          </ul>
        ) : null}

        <div>
          <label htmlFor="return-note" className={labelClasses}>
            Anything else we should know? (optional)
          </label>
          <textarea
            id="return-note"
            name="note"
            rows={3}
            maxLength={1000}
            value={values.note}
            onChange={(event) => {
              clear('note');
              setValues((current) => ({ ...current, note: event.target.value }));
            }}
            aria-invalid={shown.note ? true : undefined}
            className={cn(textareaClasses, 'mt-1.5')}
          />
          <ErrorLine id="return-note-error" message={shown.note} />
        </div>
      </section>

      <div className="space-y-3 border-t border-line pt-6">
        {formError ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-card border border-sale/30 bg-sale/5 px-4 py-3 text-sm text-sale"
            data-testid="return-error"
          >
            <AlertCircle width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0" />
            <span className="min-w-0 break-words">{formError}</span>
          </p>
        ) : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
          {busy ? 'Sending…' : 'Send my request'}
        </Button>
        <p className="text-xs text-muted">
          {units > 0 ? `${units} ${units === 1 ? 'piece' : 'pieces'} chosen. ` : ''}Nothing is charged: we
          reply by e-mail.
        </p>
      </div>
    </Form>
  );
}

const describe = (line: ReturnableLine) =>
  [line.color, sizeLabel(line.size)].filter(Boolean).join(', ') || 'yours';
