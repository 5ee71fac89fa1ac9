import { CreditCard, Landmark, Lock, ShieldCheck } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  checkoutCountries,
  checkoutMessages,
  countryNames,
  paymentMethodNames,
  type PaymentMethodId,
} from '../../contracts/checkout-texts';
import { formatNaira } from '../../contracts/money';
import { getProfile } from '../../core/accounts/update-profile';
import { getShopSettings } from '../../core/settings/shop-settings';
import { OrderTotals } from '../components/order-totals';
import { ButtonLink, buttonClasses } from '../components/ui/button';
import { Field, inputClasses, SelectField } from '../components/ui/field';
import { useCartQuote } from '../features/checkout/use-cart-quote';
import { cn } from '../lib/cn';
import { pageMeta, rootMeta } from '../lib/meta';
import {
  checkoutDetailsStore,
  clearCart,
  useAppliedCoupon,
  useCart,
  type SavedCheckoutDetails,
} from '../lib/shop-stores';
import { useLocalStore } from '../lib/local-store';
import { payOrder, paymentWindowClosed } from '../lib/provider-checkout';
import { useRootData } from '../lib/root-data';
import { useHydrated } from '../lib/use-hydrated';
import { enabledPaymentMethods } from '../../core/orders/payment-methods';
import type { Route } from './+types/checkout';
import type { ApiErrorReply } from '../../contracts/api-error';
import {
  formatNigerianPhone,
  nigerianPhoneOf,
  nigerianStateLabel,
  nigerianStateOf,
  nigerianStates,
} from '../../contracts/nigeria';

export async function loader({ context }: Route.LoaderArgs) {
  const settings = await getShopSettings(context.services.db);
  const profile = context.user ? await getProfile(context.services.db, context.user.id) : null;
  return {
    paymentMethods: enabledPaymentMethods(settings),
    bankAccount: settings.bankAccount,
    holdHours: settings.unpaidOrderHoldHours,
    paymentMode: context.services.payments.provider.mode,
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

const contactFields = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
] as const;

const addressFields = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autoComplete: 'family-name' },
  { name: 'address', label: 'Address', autoComplete: 'street-address', wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
] as const;

type DetailName = keyof SavedCheckoutDetails;
const requiredNames: DetailName[] = [
  'email',
  'phone',
  'firstName',
  'lastName',
  'address',
  'city',
  'state',
  'zipCode',
  'country',
];
/** Few Nigerian addresses use a postal code; everywhere else it is needed. */
const isRequired = (name: DetailName, country: string) => name !== 'zipCode' || country !== 'Nigeria';

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  const { paymentMethods, bankAccount, holdHours, paymentMode, profile } = loaderData;
  const shopName = useRootData()?.shop.name ?? 'Rossy';
  const cart = useCart();
  const coupon = useAppliedCoupon();
  const saved = useLocalStore(checkoutDetailsStore, null);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const idempotencyKey = useRef<string | null>(null);

  const defaults: Partial<SavedCheckoutDetails> = profile ?? saved ?? {};
  const [country, setCountry] = useState<string | null>(null);
  const [email, setEmail] = useState<string | null>(null);
  const [shippingMethod, setShippingMethod] = useState<string | undefined>(undefined);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethodId | undefined>(undefined);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [stage, setStage] = useState<'idle' | 'placing' | 'paying'>('idle');
  const placing = stage !== 'idle';
  // A card order placed but not yet paid: a retry pays it again rather than placing a new one.
  const [placedOrder, setPlacedOrder] = useState<{ number: string; key: string | null } | null>(null);

  const chosenCountry = country ?? defaults.country ?? 'Nigeria';
  const chosenEmail = email ?? defaults.email ?? '';
  const nigeria = chosenCountry === 'Nigeria';
  const request = useMemo(
    () => ({ cart, couponCode: coupon, shippingMethod, country: chosenCountry, email: chosenEmail }),
    [cart, coupon, shippingMethod, chosenCountry, chosenEmail],
  );
  const { quote, error: quoteError } = useCartQuote(request);
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

  const showOrder = async (placed: { number: string; key: string | null }) => {
    clearCart();
    const params = new URLSearchParams({ order: placed.number });
    if (placed.key && !profile) params.set('key', placed.key);
    await navigate(`/order-success?${params.toString()}`, { replace: true });
  };

  /** The provider's popup for the placed order; paid or put off, the shopper goes to the order's page. */
  const payPlaced = async (placed: { number: string; key: string | null }) => {
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
    const value = (name: string) => String(form.get(name) ?? '').trim();
    const missing = requiredNames.filter((name) => isRequired(name, chosenCountry) && !value(name));
    if (missing.length > 0 || !payment) {
      setFieldErrors(Object.fromEntries(missing.map((name) => [name, checkoutMessages.required])));
      setFormError(checkoutMessages.required);
      formRef.current?.querySelector<HTMLInputElement>(`[name="${missing[0] ?? 'email'}"]`)?.focus();
      return;
    }
    if (chosenCountry === 'Nigeria' && !nigerianPhoneOf(value('phone'))) {
      setFieldErrors({ phone: checkoutMessages.invalidNigerianPhone });
      setFormError(checkoutMessages.invalidNigerianPhone);
      formRef.current?.querySelector<HTMLInputElement>('[name="phone"]')?.focus();
      return;
    }
    const details = Object.fromEntries(
      requiredNames.map((name) => [name, value(name)]),
    ) as unknown as SavedCheckoutDetails;
    const saveInfo = form.get('saveInfo') === 'on';
    setFieldErrors({});
    setFormError(null);
    setStage('placing');
    // One key per attempt: a double click or a retried request gives back the same order.
    idempotencyKey.current ??= newKey();
    try {
      const response = await fetch('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey.current },
        body: JSON.stringify({
          items: cart.map((line) => ({
            id: line.id,
            quantity: line.quantity,
            selectedColor: line.selectedColor,
            selectedSize: line.selectedSize,
          })),
          couponCode: coupon || undefined,
          shippingMethod: quote?.shippingMethod?.id ?? shippingMethod,
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
            country: details.country,
          },
          saveInfo,
        }),
      });
      const body = (await response.json()) as ApiErrorReply & {
        order?: { id: string };
        accessToken?: string | null;
      };
      if (!response.ok || !body.order) {
        idempotencyKey.current = null;
        const fields = Object.fromEntries(
          Object.entries(body.error?.fields ?? {}).map(([name, message]) => [
            name.split('.').pop() ?? name,
            message,
          ]),
        );
        setFieldErrors(fields);
        setFormError(body.error?.message ?? checkoutMessages.orderProblem);
        setStage('idle');
        return;
      }
      if (saveInfo && !profile) checkoutDetailsStore.set(details);
      const placed = { number: body.order.id, key: body.accessToken ?? null };
      if (payment === 'bank-transfer') return showOrder(placed);
      setPlacedOrder(placed);
      await payPlaced(placed);
    } catch {
      setFormError(checkoutMessages.orderProblem);
      setStage('idle');
    }
  };
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
        key={hydrated ? (profile ? 'profile' : saved ? 'saved' : 'blank') : 'server'}
        onSubmit={(event) => void placeOrder(event)}
        noValidate
        className="mt-8 grid gap-10 lg:grid-cols-[1fr_24rem]"
      >
        <div className="space-y-10">
          <fieldset className="space-y-4" disabled={orderLocked}>
            <legend className="font-display text-2xl">Contact</legend>
            {profile ? null : (
              <p className="text-sm text-ink-soft">
                Have an account?{' '}
                <Link
                  to="/login?redirectTo=/checkout"
                  className="font-medium text-ink underline underline-offset-4"
                >
                  Sign in
                </Link>{' '}
                for faster checkout, or continue as a guest.
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {contactFields.map((field) => (
                <Field
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  required
                  defaultValue={defaults[field.name] ?? ''}
                  onBlur={field.name === 'email' ? (event) => setEmail(event.target.value.trim()) : undefined}
                  error={fieldErrors[field.name]}
                  {...(field.name === 'phone' && nigeria
                    ? { hint: 'For the courier, e.g. 0803 123 4567' }
                    : {})}
                />
              ))}
            </div>
          </fieldset>

          <fieldset className="space-y-4" disabled={orderLocked}>
            <legend className="font-display text-2xl">Shipping address</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-1.5 sm:col-span-2">
                <label
                  htmlFor="country"
                  className="block text-xs font-medium tracking-wide text-ink-soft uppercase"
                >
                  Country
                </label>
                <select
                  id="country"
                  name="country"
                  autoComplete="country-name"
                  value={chosenCountry}
                  onChange={(event) => setCountry(event.target.value)}
                  className={inputClasses}
                >
                  {checkoutCountries.map((code) => (
                    <option key={code} value={code}>
                      {countryNames[code]}
                    </option>
                  ))}
                </select>
              </div>
              {addressFields.map((field) => (
                <Field
                  key={field.name}
                  label={field.label}
                  name={field.name}
                  autoComplete={field.autoComplete}
                  required
                  defaultValue={defaults[field.name] ?? ''}
                  error={fieldErrors[field.name]}
                  className={'wide' in field ? 'sm:col-span-2' : undefined}
                />
              ))}
              {nigeria ? (
                <SelectField
                  key="state-ng"
                  label="State"
                  name="state"
                  autoComplete="address-level1"
                  required
                  defaultValue={nigerianStateOf(defaults.state ?? '') ?? ''}
                  error={fieldErrors.state}
                >
                  <option value="" disabled>
                    Choose your state
                  </option>
                  {nigerianStates.map((state) => (
                    <option key={state} value={state}>
                      {nigerianStateLabel(state)}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <Field
                  key="state-other"
                  label="State / region"
                  name="state"
                  autoComplete="address-level1"
                  required
                  defaultValue={defaults.country === chosenCountry ? (defaults.state ?? '') : ''}
                  error={fieldErrors.state}
                />
              )}
              <Field
                key={nigeria ? 'zip-ng' : 'zip-other'}
                label={nigeria ? 'Postal code (optional)' : 'Postal code'}
                name="zipCode"
                autoComplete="postal-code"
                required={!nigeria}
                defaultValue={defaults.zipCode ?? ''}
                error={fieldErrors.zipCode}
              />
            </div>
            <label className="flex items-center gap-3 text-sm">
              <input
                type="checkbox"
                name="saveInfo"
                defaultChecked={Boolean(saved) || Boolean(profile)}
                className="h-4 w-4 accent-ink"
              />
              {profile
                ? 'Save this information to my profile for next time'
                : 'Save this information for next time'}
            </label>
          </fieldset>

          <fieldset className="space-y-3" disabled={orderLocked}>
            <legend className="font-display text-2xl">Shipping method</legend>
            {(quote?.shippingMethods ?? []).map((method) => (
              <label
                key={method.id}
                className="flex cursor-pointer items-center gap-4 rounded-sm border border-line bg-white p-4 has-checked:border-ink"
              >
                <input
                  type="radio"
                  name="shippingMethod"
                  value={method.id}
                  checked={quote?.shippingMethod?.id === method.id}
                  onChange={() => setShippingMethod(method.id)}
                  className="h-4 w-4 accent-ink"
                />
                <span className="flex-1">
                  <span className="block text-sm font-medium">{method.name}</span>
                  <span className="block text-xs text-muted">{method.description}</span>
                </span>
                <span className="text-sm tabular-nums">
                  {method.free ? 'Free' : formatNaira(method.priceKobo)}
                </span>
              </label>
            ))}
            {!quote ? <p className="text-sm text-muted">Loading delivery options…</p> : null}
          </fieldset>

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
                <span className="text-sm font-medium">{paymentMethodNames[method]}</span>
              </label>
            ))}
            {payment === 'flutterwave' || payment === 'credit-card' ? (
              <div className="rounded-sm bg-cream p-4 text-sm text-ink-soft" data-testid="card-payment-note">
                <p>
                  When you place your order, Flutterwave&apos;s secure window opens for you to pay
                  {payment === 'credit-card' ? ' by card' : ' by card, bank transfer or USSD'}. Your card
                  details are entered there, never on our site.
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
                <p>
                  Pay by transfer to <strong className="text-ink">{bankAccount.bankName}</strong>, account{' '}
                  <strong className="text-ink tabular-nums">{bankAccount.accountNumber}</strong>,{' '}
                  {bankAccount.accountName}.
                </p>
                <p className="mt-2">
                  When you place your order you get its payment reference (RC…): use it with your transfer. We
                  hold your items for {holdHours} hours and confirm your order as soon as the money arrives.
                </p>
              </div>
            ) : null}
          </fieldset>
        </div>

        <aside className="lg:sticky lg:top-28 lg:self-start" aria-label="Order summary">
          <div className="rounded-card border border-line bg-white p-5 lg:p-6">
            <h2 className="font-display text-2xl">Order Summary</h2>
            <ul className="mt-4 space-y-3 border-b border-line pb-4">
              {(quote?.lines ?? []).map((line, index) => (
                <li key={`${line.productId}-${index}`} className="flex gap-3 text-sm">
                  {line.imageUrl ? (
                    <img
                      src={line.imageUrl}
                      alt=""
                      width={48}
                      height={60}
                      className="h-15 w-12 rounded-sm bg-cream object-cover"
                    />
                  ) : null}
                  <div className="flex-1">
                    <p className="leading-snug">{line.name}</p>
                    <p className="text-xs text-muted">
                      {[line.color, line.size && `Size ${line.size}`, `Qty ${line.quantity}`]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                    {line.problem ? <p className="text-xs font-medium text-sale">{line.problem}</p> : null}
                  </div>
                  <p className="tabular-nums">{formatNaira(line.lineTotalKobo)}</p>
                </li>
              ))}
            </ul>
            <div className="pt-4" aria-live="polite">
              {quote ? (
                <OrderTotals
                  figures={{
                    subtotalKobo: quote.subtotalKobo,
                    discountKobo: quote.discountKobo,
                    shippingKobo: quote.shippingKobo,
                    taxKobo: quote.taxKobo,
                    taxRatePercent: quote.taxRatePercent,
                    totalKobo: quote.totalKobo,
                    couponCode: quote.coupon?.code ?? null,
                    shippingLabel: quote.shippingMethod?.name,
                  }}
                />
              ) : (
                <p className="text-sm text-muted">{quoteError ?? 'Working out your total…'}</p>
              )}
              {quote?.couponError ? (
                <p className="mt-3 text-xs text-sale">
                  {coupon}: {quote.couponError}
                </p>
              ) : null}
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
              disabled={placing || (!placedOrder && (!quote || !quote.purchasable || !payment))}
              className={cn(buttonClasses('primary', 'lg', 'mt-5 w-full'))}
            >
              <Lock width={15} height={15} aria-hidden="true" />
              {stage === 'placing'
                ? 'Placing your order…'
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
      </form>
    </section>
  );
}
