import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  checkoutMessages,
  countryNames,
  type CheckoutCountry,
  type PaymentMethodId,
} from '../../contracts/checkout-texts';
import { getProfile } from '../../core/accounts/update-profile';
import { getShopSettings } from '../../core/settings/shop-settings';
import { ButtonLink } from '../components/ui/button';
import { useCartQuote } from '../features/checkout/use-cart-quote';
import { pageMeta, rootMeta } from '../lib/meta';
import {
  checkoutDetailsStore,
  clearCart,
  removeFromCart,
  useAppliedCoupon,
  useCart,
  type SavedCheckoutDetails,
} from '../lib/shop-stores';
import { useLocalStore } from '../lib/local-store';
import { payOrder, paymentWindowClosed, usePaymentDocument } from '../lib/provider-checkout';
import { useRootData } from '../lib/root-data';
import { useHydrated } from '../lib/use-hydrated';
import {
  activeCardProvider,
  enabledPaymentMethods,
  transferAccountsOn,
} from '../../core/orders/payment-methods';
import { isTestMode, paymentSetupOf } from '../../core/payments/providers';
import type { Route } from './+types/checkout';
import type { PlaceOrderInput } from '../../contracts/checkout';
import { AddressFieldset, ContactFieldset, readCheckoutDetails } from '../features/checkout/checkout-details';
import { PaymentFieldset, ShippingFieldset } from '../features/checkout/checkout-choices';
import { CheckoutSummary } from '../features/checkout/checkout-summary';
import { submitOrder, type PlacedOrderRef } from '../features/checkout/submit-order';
import { priceChangeOf, type PriceChange } from '../features/checkout/price-change';
import { koboToNaira } from '../../contracts/money';
import type { CheckoutStage } from '../features/checkout/checkout-summary';
import { whenOnline } from '../lib/connection';
import { formatNigerianPhone, nigerianStateOf } from '../../contracts/nigeria';
import { rememberDeliveryState } from '../lib/delivery-state';
import { useMethodFallback } from '../features/checkout/method-fallback';

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getShopSettings(context.services.db);
  const profile = context.user ? await getProfile(context.services.db, context.user.id) : null;
  const { providers } = context.services.payments;
  const setup = paymentSetupOf(providers);
  return {
    paymentMethods: enabledPaymentMethods(settings, setup.cardProviders),
    // Whose window a card payment opens now: the sandbox plays Flutterwave's.
    cardProvider: activeCardProvider(setup.cardProviders, settings.cardProvider),
    bankAccount: settings.bankAccount,
    transferAccountPerOrder: transferAccountsOn(settings, setup),
    holdHours: settings.unpaidOrderHoldHours,
    paymentMode: isTestMode(providers) ? ('sandbox' as const) : ('live' as const),
    profile: profile
      ? {
          firstName: profile.name.split(' ')[0] ?? '',
          lastName: profile.name.split(' ').slice(1).join(' '),
          email: profile.email,
          phone: formatNigerianPhone(profile.phone),
          address: profile.address,
          city: profile.city,
          state: profile.state,
          zipCode: profile.zipCode,
          country: profile.country,
        }
      : null,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Checkout',
    description: 'Secure checkout for your Rossy order.',
    noindex: true,
    ...rootMeta(matches),
  });
}

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const {
    paymentMethods,
    cardProvider,
    bankAccount,
    transferAccountPerOrder,
    holdHours,
    paymentMode,
    profile,
  } = loaderData;
  const shopName = useRootData()?.shop.name ?? 'Rossy';
  // Arrived by a link from another page: load the checkout's own document, whose CSP lets the provider in.
  usePaymentDocument();
  const cart = useCart();
  const coupon = useAppliedCoupon();
  const saved = useLocalStore(checkoutDetailsStore);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const idempotencyKey = useRef<string | null>(null);

  const defaults: Partial<SavedCheckoutDetails> = profile ?? saved ?? {};
  const [country, setCountry] = useState<string | null>(null);
  const [state, setState] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [shippingMethod, setShippingMethod] = useState<string | undefined>(undefined);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodId | undefined>(undefined);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const [stage, setStage] = useState<CheckoutStage>('idle');
  const placing = stage !== 'idle';
  // A card order placed but not yet paid: a retry pays it again rather than placing a new one.
  const [placedOrder, setPlacedOrder] = useState<PlacedOrderRef | null>(null);

  const chosenCountry = country ?? defaults.country ?? 'Nigeria';
  const chosenEmail = email ?? defaults.email ?? '';
  const nigeria = chosenCountry === 'Nigeria';
  const chosenState = state ?? nigerianStateOf(defaults.state ?? '') ?? '';
  const request = useMemo(
    () => ({
      cart,
      couponCode: coupon,
      shippingMethod,
      country: chosenCountry,
      // Abroad the zone is the country's; the typed region prices nothing.
      state: nigeria ? chosenState || undefined : undefined,
      email: chosenEmail,
    }),
    [cart, coupon, shippingMethod, chosenCountry, nigeria, chosenState, chosenEmail],
  );
  const {
    quote,
    error: quoteError,
    fields: quoteFields,
    pending: quotePending,
    requote,
  } = useCartQuote(request, 0);
  const fallback = useMethodFallback(
    quote,
    shippingMethod,
    quoteFields,
    setShippingMethod,
    nigeria ? chosenState || 'Nigeria' : (countryNames[chosenCountry as CheckoutCountry] ?? chosenCountry),
  );
  // The zone's refusal (a state no zone covers) is said beside the state, as a field's error is.
  // Until the quote for the state just chosen is back, the total shown is another state's.
  // Pickup at the shop asks no street: the address fields step aside while it is chosen.
  const pickup = (quote?.shippingMethod?.id ?? shippingMethod) === 'pickup';
  const quoteFollowsState = !nigeria || !quote || quote.state === (chosenState || null);
  const stateRefusal = quoteFields['shippingAddress.state'] ?? quoteFields['shippingAddress.country'];
  const shownErrors =
    stateRefusal && !fieldErrors.state ? { ...fieldErrors, state: stateRefusal } : fieldErrors;
  const payment = paymentMethod ?? paymentMethods[0];

  if (hydrated && cart.length === 0) {
    return (
      <section className="container-shop flex flex-col items-center py-24 text-center">
        <h1 className="text-display-md">{checkoutMessages.emptyCart}</h1>
        <p className="mt-3 text-muted">Add a piece or two to your bag, then come back to check out.</p>
        <ButtonLink to="/products" className="mt-8">
          Shop Now
        </ButtonLink>
      </section>
    );
  }

  const showOrder = async (placed: PlacedOrderRef) => {
    const params = new URLSearchParams({ order: placed.number });
    if (placed.key && !profile) params.set('key', placed.key);
    await navigate(`/order-success?${params.toString()}`, { replace: true });
    // Emptied once the order's page is shown, so the bag's price quote is not asked again meanwhile.
    clearCart();
  };

  /** The provider's popup for the placed order; paid or put off, the shopper goes to the order's page. */
  const payPlaced = async (placed: PlacedOrderRef) => {
    setFormError(null);
    setStage('paying');
    const outcome = await payOrder(placed, { shopName });
    if (outcome.kind === 'closed' && outcome.cancelled) {
      // Closing the payment window gave the order up: its items went back on sale, the bag stays.
      setPlacedOrder(null);
      idempotencyKey.current = null;
      setFormError(paymentWindowClosed(placed.number));
      setStage('idle');
      return;
    }
    if (outcome.kind === 'paid' || outcome.kind === 'closed') return showOrder(placed);
    setFormError(outcome.message);
    setStage('idle');
  };

  const placeOrder = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (placing) return;
    if (placedOrder) return payPlaced(placedOrder);
    const form = new FormData(event.currentTarget);
    const read = readCheckoutDetails(form, chosenCountry, { pickup });
    if (!read.ok || !payment) {
      const problem = read.ok ? { fields: {}, message: checkoutMessages.required, focus: 'email' } : read;
      setFieldErrors(problem.fields);
      setFormError(problem.message);
      formRef.current?.querySelector<HTMLElement>(`[name="${problem.focus}"]`)?.focus();
      return;
    }
    // The total on the button is the one the order may cost: without it, nothing is sent.
    if (!quote) return;
    const seen = quote;
    const { details } = read;
    const saveInfo = form.get('saveInfo') === 'on';
    setFieldErrors({});
    setFormError(null);
    setPriceChange(null);
    setStage('placing');
    // One key per attempt: a double click or a retried request gives back the same order.
    idempotencyKey.current ??= newKey();
    const key = idempotencyKey.current;
    try {
      const submitted = await submitWhenOnline(
        {
          items: cart.map((line) => ({
            id: line.id,
            quantity: line.quantity,
            selectedColor: line.selectedColor,
            selectedSize: line.selectedSize,
          })),
          couponCode: coupon || undefined,
          shippingMethod: quote?.shippingMethod?.id ?? shippingMethod ?? '',
          paymentMethod: payment,
          email: details.email,
          phone: details.phone,
          shippingAddress: {
            firstName: details.firstName,
            lastName: details.lastName,
            address: details.address,
            city: details.city,
            state: details.state,
            zipCode: details.zipCode,
            country: details.country as PlaceOrderInput['shippingAddress']['country'],
          },
          saveInfo,
          expectedTotal: koboToNaira(seen.totalKobo),
        },
        key,
      );
      if (!submitted) {
        setFormError(checkoutMessages.orderProblem);
        setStage('idle');
        return;
      }
      if (!submitted.ok && 'totalChanged' in submitted) {
        // Nothing was placed and the key was not taken: it stays for the order at the new total.
        setPriceChange(priceChangeOf(seen, submitted.totalChanged));
        requote();
        setStage('idle');
        return;
      }
      if (!submitted.ok) {
        idempotencyKey.current = null;
        setFieldErrors(submitted.fields);
        setFormError(submitted.message);
        setStage('idle');
        return;
      }
      if (saveInfo && !profile) checkoutDetailsStore.set(details);
      const { placed } = submitted;
      if (payment === 'bank-transfer') return showOrder(placed);
      setPlacedOrder(placed);
      await payPlaced(placed);
    } catch {
      setFormError(checkoutMessages.orderProblem);
      setStage('idle');
    }
  };
  /**
   * Sends the order; with no connection it waits for one and sends it again with the same
   * Idempotency-Key, so the order is placed once whether or not the first try reached the shop.
   * Null when the connection failed while the phone says it is online (the shopper tries again,
   * with the same key).
   */
  async function submitWhenOnline(order: PlaceOrderInput, key: string) {
    for (;;) {
      try {
        return await submitOrder(order, key);
      } catch {
        if (navigator.onLine) return null;
        setStage('offline');
        await whenOnline();
        setStage('placing');
      }
    }
  }
  const orderLocked = placedOrder !== null;

  return (
    <section className="container-shop py-8 lg:py-12">
      <nav aria-label="Breadcrumb" className="text-xs text-muted">
        <Link to="/cart" className="underline underline-offset-4 hover:text-ink">
          Return to cart
        </Link>
      </nav>
      <h1 className="mt-3 text-display-md lg:text-display-lg">Checkout</h1>

      <form
        ref={formRef}
        // Filled again only when the details it starts from change: a blank form the server drew stays the
        // same form (what was typed before the page's scripts ran is kept, and nothing is drawn twice).
        key={profile ? 'profile' : hydrated && saved ? 'saved' : 'blank'}
        onSubmit={(event) => void placeOrder(event)}
        noValidate
        className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]"
      >
        <div className="space-y-10">
          <ContactFieldset
            defaults={defaults}
            fieldErrors={fieldErrors}
            locked={orderLocked}
            signedIn={Boolean(profile)}
            nigeria={nigeria}
            onEmail={setEmail}
          />
          <AddressFieldset
            defaults={defaults}
            fieldErrors={shownErrors}
            locked={orderLocked}
            signedIn={Boolean(profile)}
            remember={Boolean(saved) || Boolean(profile)}
            country={chosenCountry}
            onCountry={setCountry}
            state={chosenState}
            pickup={pickup}
            onState={(picked) => {
              setState(picked);
              setFieldErrors(({ state: _gone, ...rest }) => rest);
              // The product pages price delivery for the state she last chose.
              rememberDeliveryState(picked);
            }}
          />
          <ShippingFieldset
            quote={quote}
            locked={orderLocked}
            onChoose={setShippingMethod}
            fallback={fallback}
          />
          <PaymentFieldset
            paymentMethods={paymentMethods}
            payment={payment}
            paymentMode={paymentMode}
            cardProvider={cardProvider}
            bankAccount={transferAccountPerOrder ? null : bankAccount}
            holdHours={holdHours}
            locked={orderLocked}
            onChoose={setPaymentMethod}
          />
        </div>
        <CheckoutSummary
          quote={quote}
          quoteError={quoteError}
          coupon={coupon}
          placedOrder={placedOrder}
          formError={formError}
          priceChange={priceChange}
          stage={stage}
          // After a price change, Place Order waits for the new total to show before it can be confirmed.
          canPlace={
            Boolean(placedOrder) ||
            Boolean(quote?.purchasable && payment && quoteFollowsState && !(priceChange && quotePending))
          }
          onPayLater={(placed) => void showOrder(placed)}
          onRemoveLine={(index) => {
            // The quote's lines are the bag's, in its order.
            const line = cart[index];
            if (line && quote?.lines[index]?.productId === line.id) removeFromCart(line);
          }}
        />
      </form>
    </section>
  );
}
