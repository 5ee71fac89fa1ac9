import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { ActionNotice, FieldError, labelClasses, selectClasses } from './admin-nav';

export interface MovePlace {
  id: number;
  name: string;
  isDefault: boolean;
  fulfilsOnline: boolean;
}

type Answer =
  | { ok: true; intent: 'transfer'; message: string; productId: number; product: string }
  | { ok: false; error: string; fields: Record<string, string> };

/**
 * Units of one size moved from one location to another (decision 0068): the SKU, the two locations,
 * how many and why. What was typed stays when the move is refused, each reason beside its field.
 */
export function MoveStock({ locations }: { locations: MovePlace[] }) {
  const fetcher = useFetcher<Answer>();
  const first = locations.find((place) => place.isDefault) ?? locations[0];
  const [sku, setSku] = useState('');
  const [from, setFrom] = useState(String(first?.id ?? ''));
  const [to, setTo] = useState(String(locations.find((place) => place !== first)?.id ?? ''));
  const [quantity, setQuantity] = useState('');
  const [note, setNote] = useState('');
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  // A move made clears what was typed for it, once, while rendering.
  const [handled, setHandled] = useState<Answer | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok) {
      setSku('');
      setQuantity('');
      setNote('');
    }
  }
  const errors = answer && !answer.ok ? answer.fields : {};
  // A field's own error already says it: the box below repeats only what adds to it (the 409's figure).
  const summary =
    answer &&
    !answer.ok &&
    !Object.entries(errors).some(([key, text]) => [text, `${key}: ${text}`].includes(answer.error))
      ? answer.error
      : undefined;
  const skuError = errors.sku ?? errors.variantId;
  const invalid = (message: string | undefined, id: string) =>
    message ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
  const placeOptions = locations.map((place) => (
    <option key={place.id} value={place.id}>
      {place.name}
      {place.fulfilsOnline ? ' (sells online)' : ''}
    </option>
  ));

  return (
    <section aria-labelledby="move-stock-heading" className="max-w-4xl space-y-4">
      <div>
        <h2 id="move-stock-heading" className="text-2xl">
          Move stock
        </h2>
        <p className="mt-1 text-sm text-muted">
          Move units of a size from one location to another. Units at a location that does not sell online are
          kept out of what shoppers can buy.
        </p>
      </div>

      {answer?.ok ? (
        <div className="space-y-2">
          <ActionNotice tone="success">{answer.message}</ActionNotice>
          <p className="text-sm">
            <Link to={`/admin/products/${answer.productId}`} className="text-gold-deep underline">
              {answer.product}: stock history
            </Link>
          </p>
        </div>
      ) : null}

      <fetcher.Form
        method="post"
        className="space-y-4 rounded-card border border-line bg-white p-4 sm:p-6"
        data-testid="move-stock"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="min-w-0 space-y-1.5 sm:col-span-2 sm:max-w-sm">
            <label htmlFor="move-sku" className={labelClasses}>
              SKU to move
            </label>
            <input
              id="move-sku"
              name="sku"
              value={sku}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder="ROS-12-M-OLV"
              onChange={(event) => setSku(event.target.value)}
              className={`${inputClasses} uppercase placeholder:normal-case`}
              {...invalid(skuError, 'move-sku-error')}
            />
            <FieldError id="move-sku-error" message={skuError} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <label htmlFor="move-from" className={labelClasses}>
              From
            </label>
            <select
              id="move-from"
              name="from"
              value={from}
              onChange={(event) => setFrom(event.target.value)}
              className={`${selectClasses} aria-[invalid=true]:border-sale`}
              {...invalid(errors.from, 'move-from-error')}
            >
              {placeOptions}
            </select>
            <FieldError id="move-from-error" message={errors.from} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <label htmlFor="move-to" className={labelClasses}>
              To
            </label>
            <select
              id="move-to"
              name="to"
              value={to}
              onChange={(event) => setTo(event.target.value)}
              className={`${selectClasses} aria-[invalid=true]:border-sale`}
              {...invalid(errors.to, 'move-to-error')}
            >
              {placeOptions}
            </select>
            <FieldError id="move-to-error" message={errors.to} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <label htmlFor="move-quantity" className={labelClasses}>
              Units
            </label>
            <input
              id="move-quantity"
              name="quantity"
              value={quantity}
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              onChange={(event) => setQuantity(event.target.value)}
              className={`${inputClasses} tabular-nums`}
              {...invalid(errors.quantity, 'move-quantity-error')}
            />
            <FieldError id="move-quantity-error" message={errors.quantity} />
          </div>
          <div className="min-w-0 space-y-1.5">
            <label htmlFor="move-note" className={labelClasses}>
              Note (optional)
            </label>
            <input
              id="move-note"
              name="note"
              value={note}
              maxLength={300}
              autoComplete="off"
              placeholder="For the Lekki pop-up"
              onChange={(event) => setNote(event.target.value)}
              className={inputClasses}
              {...invalid(errors.note, 'move-note-error')}
            />
            <FieldError id="move-note-error" message={errors.note} />
          </div>
        </div>

        {summary ? (
          <p
            role="alert"
            className="rounded-card border border-sale/30 bg-sale/5 px-4 py-3 text-sm text-sale"
          >
            {summary}
          </p>
        ) : null}

        <Button type="submit" name="intent" value="transfer" disabled={fetcher.state !== 'idle'}>
          Move units
        </Button>
      </fetcher.Form>
    </section>
  );
}
