import { Truck } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { formatDeliveryWindow } from '../../../contracts/delivery-dates';
import { formatNaira } from '../../../contracts/money';
import { nigerianStateLabel, nigerianStates, type NigerianState } from '../../../contracts/nigeria';
import type { CartQuote } from '../../../core/orders/quote';
import { useCartQuoteAnswer } from '../../lib/cart-quote-client';
import { rememberDeliveryState, useDeliveryState } from '../../lib/delivery-state';
import { useHydrated } from '../../lib/use-hydrated';

/** The line in words: "Delivery to Lagos: ₦2,000 · Arrives Thu 27 – Fri 28 Nov". */
export function deliveryLineText(
  state: NigerianState,
  method: Pick<CartQuote['shippingMethods'][number], 'priceKobo' | 'free' | 'deliveryDates'>,
): string {
  const place = nigerianStateLabel(state);
  const dates = formatDeliveryWindow(method.deliveryDates.earliest, method.deliveryDates.latest);
  return method.free
    ? `Free delivery to ${place} · ${dates}`
    : `Delivery to ${place}: ${formatNaira(method.priceKobo)} · ${dates}`;
}

/**
 * What one piece of this product costs to deliver to the shopper's last-used state (Lagos until she
 * picks one), and when it would arrive, priced by the same quote as the bag. It is asked for after
 * the page hydrates, so the page itself stays the same for everyone and cacheable; its height is
 * kept from the first paint, so nothing above or below it moves when it fills in.
 */
export function ProductDelivery({ productId }: { productId: number }) {
  const hydrated = useHydrated();
  const state = useDeliveryState();
  const [changing, setChanging] = useState(false);
  const selectId = useId();
  // The quote that prices a bag for the cart and checkout, asked for one piece.
  const question = useMemo(
    () =>
      JSON.stringify({
        items: [{ id: productId, quantity: 1 }],
        country: 'Nigeria',
        shippingAddress: { country: 'Nigeria', state },
      }),
    [productId, state],
  );
  const { answer, loading: asking, ask } = useCartQuoteAnswer(`product-delivery-${productId}`, question);

  useEffect(() => {
    if (!hydrated || !navigator.onLine) return;
    ask(question);
  }, [hydrated, question, ask]);

  const quote = answer?.ok ? answer.quote : undefined;
  // An answer for the state she just left is not shown under the new state's name.
  const method = quote && quote.state === state ? (quote.shippingMethod ?? null) : null;
  const loading = asking || (hydrated && !answer);
  const text = method
    ? deliveryLineText(state, method)
    : answer && !answer.ok
      ? (answer.error ?? `Delivery to ${nigerianStateLabel(state)} is worked out at checkout.`)
      : `Delivery to ${nigerianStateLabel(state)}…`;

  return (
    <div className="flex min-h-10 items-start gap-2 text-sm text-ink-soft" data-testid="product-delivery">
      <Truck width={18} height={18} strokeWidth={1.5} aria-hidden="true" className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p aria-live="polite" className={loading && !method ? 'text-muted' : undefined}>
          <span data-testid="product-delivery-text">
            {/* The dates stay on one line: "Tue 1 –" never ends a line with "Sat 5 Dec" on the next. */}
            {text.split(' · ').map((part, index) =>
              index === 0 ? (
                <span key={index}>{part}</span>
              ) : (
                <span key={index}>
                  {' '}
                  <span className="whitespace-nowrap">· {part}</span>
                </span>
              ),
            )}
          </span>{' '}
          {hydrated && !changing ? (
            <button
              type="button"
              onClick={() => setChanging(true)}
              className="font-medium whitespace-nowrap text-ink underline underline-offset-4"
              aria-label={`Change the delivery state (now ${nigerianStateLabel(state)})`}
            >
              Change
            </button>
          ) : null}
        </p>
        {changing ? (
          <div className="mt-2 flex items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              Deliver to
            </label>
            <select
              id={selectId}
              value={state}
              autoFocus
              onChange={(event) => {
                rememberDeliveryState(event.target.value);
                setChanging(false);
              }}
              onBlur={() => setChanging(false)}
              className="h-9 max-w-full min-w-0 rounded-sm border border-line bg-white px-2 text-sm text-ink"
              data-testid="product-delivery-state"
            >
              {nigerianStates.map((option) => (
                <option key={option} value={option}>
                  {nigerianStateLabel(option)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
    </div>
  );
}
