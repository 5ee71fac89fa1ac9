import { CreditCard, Landmark } from 'lucide-react';
import {
  cardProviderNames,
  paymentMethodNames,
  type CardProviderId,
  type PaymentMethodId,
} from '../../../contracts/checkout-texts';
import { formatNaira } from '../../../contracts/money';
import { formatDeliveryWindow } from '../../../contracts/delivery-dates';
import type { ShippingOption } from '../../../core/orders/pricing';
import type { CartQuote } from '../../../core/orders/quote';

/**
 * The delivery methods the quote offers for this cart and address, each with its price (or Free
 * delivery) and the days it arrives. Before a Nigerian state is chosen the prices are "from" the
 * lowest zone's; a method the new address's zone does not offer is gone, and the one chosen instead
 * is said plainly.
 */
export function ShippingFieldset({
  quote,
  locked: orderLocked,
  onChoose: setShippingMethod,
  fallback,
}: {
  quote: CartQuote | null;
  locked: boolean;
  onChoose: (id: string) => void;
  /** The method chosen before is not offered here: what was chosen instead, in words. */
  fallback?: string | null;
}) {
  return (
    <fieldset className="space-y-3" disabled={orderLocked} data-testid="shipping-methods">
      <legend className="font-display text-2xl">Shipping method</legend>
      {fallback ? (
        <p
          role="status"
          className="rounded-sm bg-cream p-3 text-sm text-ink-soft"
          data-testid="method-fallback"
        >
          {fallback}
        </p>
      ) : null}
      {(quote?.shippingMethods ?? []).map((method) => (
        <label
          key={method.id}
          className="flex cursor-pointer items-center gap-4 rounded-sm border border-line bg-white p-4 has-checked:border-ink"
          data-testid={`method-${method.id}`}
        >
          <input
            type="radio"
            name="shippingMethod"
            value={method.id}
            checked={quote?.shippingMethod?.id === method.id}
            onChange={() => setShippingMethod(method.id)}
            className="h-4 w-4 shrink-0 accent-ink"
          />
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium">{method.name}</span>
            <span className="block text-xs text-ink-soft" data-testid="method-dates">
              {methodDates(method)}
            </span>
            <span className="block text-xs text-muted">{method.description}</span>
          </span>
          <span className="shrink-0 text-right text-sm tabular-nums" data-testid="method-price">
            {methodPrice(method)}
          </span>
        </label>
      ))}
      {!quote ? <p className="text-sm text-muted">Loading delivery options…</p> : null}
      {quote && quote.shippingMethods.some((method) => method.priceRangeKobo) ? (
        <p className="text-xs text-muted">Choose your state for the exact price and dates.</p>
      ) : null}
    </fieldset>
  );
}

const PICKUP = 'pickup';

/** When a method's order comes: "Arrives Thu 27 – Fri 28 Nov"; a pickup is ready to collect instead. */
function methodDates(method: ShippingOption): string {
  const window = formatDeliveryWindow(method.deliveryDates.earliest, method.deliveryDates.latest);
  return method.id === PICKUP ? window.replace(/^Arrives/, 'Ready to collect') : window;
}

/** A method's price in words: "Free delivery", "₦2,000", or "from ₦2,000" while the state is unknown. */
export function methodPrice(method: ShippingOption): string {
  if (method.id === PICKUP) return 'Free';
  if (method.free) return 'Free delivery';
  const range = method.priceRangeKobo;
  if (range && range.min !== range.max) return `from ${formatNaira(range.min)}`;
  return formatNaira(method.priceKobo);
}

/**
 * Whose window opens for a card payment: the provider's checkout names its provider; 'Credit card'
 * opens the card provider's (the sandbox plays Flutterwave's).
 */
function windowOwner(payment: PaymentMethodId, cardProvider: CardProviderId | 'sandbox'): string {
  if (payment === 'paystack' || payment === 'flutterwave') return cardProviderNames[payment];
  return cardProviderNames[cardProvider === 'paystack' ? 'paystack' : 'flutterwave'];
}

/** The payment methods the shop takes, with what happens after Place Order for the one chosen. */
export function PaymentFieldset({
  paymentMethods,
  payment,
  paymentMode,
  cardProvider = 'flutterwave',
  bankAccount,
  holdHours,
  locked: orderLocked,
  onChoose: setPaymentMethod,
}: {
  paymentMethods: PaymentMethodId[];
  payment: PaymentMethodId | undefined;
  paymentMode: 'live' | 'sandbox';
  /** The provider whose window a card payment opens (the TEST MODE sandbox plays Flutterwave's). */
  cardProvider?: CardProviderId | 'sandbox';
  /** The shop's own account, or null when each order gets an account of its own. */
  bankAccount: { bankName: string; accountNumber: string; accountName: string } | null;
  holdHours: number;
  locked: boolean;
  onChoose: (method: PaymentMethodId) => void;
}) {
  return (
    <fieldset className="space-y-3" disabled={orderLocked}>
      <legend className="font-display text-2xl">Payment</legend>
      {paymentMethods.length === 0 ? (
        <p className="text-sm text-sale">
          Payments are paused right now. Please order via WhatsApp or call us.
        </p>
      ) : null}
      {paymentMethods.map((method) => (
        <label
          key={method}
          className="flex cursor-pointer items-center gap-4 rounded-sm border border-line bg-white p-4 has-checked:border-ink"
        >
          <input
            type="radio"
            name="paymentMethod"
            value={method}
            checked={payment === method}
            onChange={() => setPaymentMethod(method)}
            className="h-4 w-4 accent-ink"
          />
          {method === 'bank-transfer' ? (
            <Landmark width={18} height={18} aria-hidden="true" className="text-ink-soft" />
          ) : (
            <CreditCard width={18} height={18} aria-hidden="true" className="text-ink-soft" />
          )}
          <span className="text-sm font-medium">
            {paymentMode === 'sandbox' && (method === 'flutterwave' || method === 'paystack')
              ? `${cardProviderNames[method]} TEST MODE (no money moves)`
              : paymentMethodNames[method]}
          </span>
        </label>
      ))}
      {payment === 'flutterwave' || payment === 'paystack' || payment === 'credit-card' ? (
        <div className="rounded-sm bg-cream p-4 text-sm text-ink-soft" data-testid="card-payment-note">
          <p>
            When you place your order, {windowOwner(payment, cardProvider)}&apos;s secure window opens for you
            to pay
            {payment === 'credit-card' ? ' by card' : ' by card, bank transfer or USSD'}. Your card details
            are entered there, never on our site.
          </p>
          {paymentMode === 'sandbox' ? (
            <p className="mt-2 font-medium text-warning">
              Test mode: no money is taken. The payment window lists the test cards to use.
            </p>
          ) : null}
        </div>
      ) : null}
      {payment === 'bank-transfer' ? (
        <div className="rounded-sm bg-cream p-4 text-sm text-ink-soft" data-testid="bank-details">
          {bankAccount ? (
            <>
              <p>
                Pay by transfer to <strong className="text-ink">{bankAccount.bankName}</strong>, account{' '}
                <strong className="text-ink tabular-nums">{bankAccount.accountNumber}</strong>,{' '}
                {bankAccount.accountName}.
              </p>
              <p className="mt-2">
                When you place your order you get its payment reference (RC…): use it with your transfer. We
                hold your items for {holdHours} hours and confirm your order as soon as the money arrives.
              </p>
            </>
          ) : (
            <p>
              When you place your order you get a bank account number for this order alone. Transfer exactly
              the total from your bank app: your order confirms itself the moment the money arrives. We hold
              your items for {holdHours} hours.
            </p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}
