import { Lock, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { CartQuote } from '../../../core/orders/quote';
import { OrderTotals } from '../../components/order-totals';
import { OrderLine } from '../../components/orders/order-line';
import { buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { cannotBeBought } from './cart-line-controls';
import { CouponBox } from './coupon-box';
import { PriceChangeAlert, type PriceChange } from './price-change';
import type { PlacedOrderRef } from './submit-order';

/** Where Place Order stands: 'offline' waits for the connection to send the order. */
export type CheckoutStage = 'idle' | 'placing' | 'offline' | 'paying';

/**
 * The order summary beside the form: the lines and totals as the server prices them, what went
 * wrong, and the Place Order button, which names the total and what it is waiting for.
 */
export function CheckoutSummary({
  quote,
  quoteError,
  coupon,
  placedOrder,
  formError,
  priceChange,
  stage,
  canPlace,
  onPayLater,
  onRemoveLine,
}: {
  quote: CartQuote | null;
  quoteError: string | null;
  coupon: string;
  placedOrder: PlacedOrderRef | null;
  formError: string | null;
  /** The shop's total moved since Place Order showed it: what changed, said above the button. */
  priceChange: PriceChange | null;
  stage: CheckoutStage;
  canPlace: boolean;
  onPayLater: (placed: PlacedOrderRef) => void;
  /** Takes the quote's line at this index out of the bag (a line the shop cannot sell as it stands). */
  onRemoveLine?: (index: number) => void;
}) {
  const placing = stage !== 'idle';
  const showOrder = onPayLater;
  return (
    <aside className="lg:sticky lg:top-28 lg:self-start" aria-label="Order summary">
      <div className="rounded-card border border-line bg-white p-5 lg:p-6">
        <h2 className="font-display text-2xl">Order Summary</h2>
        <ul className="mt-4 space-y-3 border-b border-line pb-4">
          {(quote?.lines ?? []).map((line, index) =>
            onRemoveLine && cannotBeBought(line) ? (
              <li key={`${line.productId}-${index}`} className="space-y-1">
                <ul>
                  <OrderLine line={line} />
                </ul>
                <button
                  type="button"
                  onClick={() => onRemoveLine(index)}
                  aria-label={`Remove ${line.name} from the bag`}
                  className={cn(
                    'text-left text-xs font-medium text-ink underline underline-offset-4 hover:text-sale',
                    line.imageUrl && 'ml-15',
                  )}
                  data-testid="remove-flagged-line"
                >
                  Remove
                </button>
              </li>
            ) : (
              <OrderLine key={`${line.productId}-${index}`} line={line} />
            ),
          )}
        </ul>
        <CouponBox coupon={coupon} quote={quote} inputId="checkout-coupon" className="pt-4" />
        <div className="border-t border-line pt-4" aria-live="polite">
          {quote ? (
            <OrderTotals
              figures={{
                subtotalKobo: quote.subtotalKobo,
                discountKobo: quote.discountKobo,
                shippingKobo: quote.shippingKobo,
                taxKobo: quote.taxKobo,
                taxRatePercent: quote.taxRatePercent,
                taxIncluded: quote.taxIncluded,
                totalKobo: quote.totalKobo,
                couponCode: quote.coupon?.code ?? null,
                shippingLabel: quote.shippingMethod?.name,
              }}
            />
          ) : (
            <p className="text-sm text-muted">{quoteError ?? 'Working out your total…'}</p>
          )}
        </div>
        {placedOrder ? (
          <p className="mt-4 rounded-sm bg-cream p-3 text-sm text-ink-soft" data-testid="placed-order">
            Order <strong className="text-ink">{placedOrder.number}</strong> is placed and your items are
            held. Complete the payment to confirm it, or{' '}
            <button
              type="button"
              onClick={() => void showOrder(placedOrder)}
              className="font-medium text-ink underline underline-offset-4"
            >
              pay later
            </button>
            .
          </p>
        ) : null}
        {stage === 'offline' ? (
          <p
            role="status"
            data-testid="waiting-for-connection"
            className="mt-4 rounded-sm bg-cream p-3 text-sm text-ink-soft"
          >
            You&apos;re offline. Your order will be placed as soon as the connection is back: keep this page
            open. It is placed once, however many times you tap.
          </p>
        ) : null}
        {priceChange ? <PriceChangeAlert change={priceChange} /> : null}
        {formError ? (
          <p role="alert" className="mt-4 rounded-sm bg-sale/10 p-3 text-sm text-sale">
            {formError}
          </p>
        ) : null}
        {quote && !quote.purchasable ? (
          <p className="mt-4 text-sm text-sale">
            Some items in your cart need attention.{' '}
            <Link to="/cart" className="underline">
              Review your cart
            </Link>
          </p>
        ) : null}
        <button
          type="submit"
          disabled={placing || !canPlace}
          className={cn(buttonClasses('primary', 'lg', 'mt-5 w-full'))}
        >
          <Lock width={15} height={15} aria-hidden="true" />
          {stage === 'placing'
            ? 'Placing your order…'
            : stage === 'offline'
              ? 'Waiting for a connection…'
              : stage === 'paying'
                ? 'Waiting for payment…'
                : placedOrder
                  ? 'Try payment again'
                  : quote
                    ? `Place Order · ${formatNaira(quote.totalKobo)}`
                    : 'Place Order'}
        </button>
        <p className="mt-4 flex items-center gap-2 text-xs text-ink-soft">
          <ShieldCheck width={14} height={14} aria-hidden="true" /> Prices and totals are confirmed by our
          server when you place the order.
        </p>
      </div>
    </aside>
  );
}
