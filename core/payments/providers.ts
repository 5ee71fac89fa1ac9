import { cardProviderNames, type CardProviderId, type PaymentMethodId } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { activeCardProvider, type PaymentSetup } from '../orders/payment-methods';
import { ProviderError, type PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

/**
 * The providers the shop has keys for. With none, the TEST MODE sandbox takes every payment; the
 * sandbox also stays able to refund its own test charges after keys are set.
 */
export interface PaymentProviders {
  flutterwave?: PaymentProvider | undefined;
  paystack?: PaymentProvider | undefined;
  /** Set only in TEST MODE (no provider has keys). */
  sandbox?: PaymentProvider | undefined;
}

/** TEST MODE: no provider has keys, so no payment is money. */
export function isTestMode(providers: PaymentProviders): boolean {
  return !providers.flutterwave && !providers.paystack;
}

/** The card providers with keys, Flutterwave first. */
export function configuredCardProviders(providers: PaymentProviders): CardProviderId[] {
  const names: CardProviderId[] = [];
  if (providers.flutterwave) names.push('flutterwave');
  if (providers.paystack) names.push('paystack');
  return names;
}

function sandboxOf(providers: PaymentProviders, db: DbOrTx): PaymentProvider {
  return providers.sandbox ?? createSandboxProvider(db);
}

/**
 * The provider a payment attempt, a refund or a webhook names: only that one may verify or refund
 * it, whatever the shop takes cards with now. A provider whose keys were removed since cannot be
 * asked: an 'unreachable' ProviderError, so nothing is decided on its behalf.
 */
export function providerNamed(providers: PaymentProviders, db: DbOrTx, name: string): PaymentProvider {
  if (name === 'sandbox') return sandboxOf(providers, db);
  const provider =
    name === 'flutterwave' ? providers.flutterwave : name === 'paystack' ? providers.paystack : undefined;
  if (!provider)
    throw new ProviderError(
      `The shop has no ${name === 'paystack' ? 'Paystack' : name === 'flutterwave' ? 'Flutterwave' : name} keys set, so this payment cannot be checked with its provider.`,
      'unreachable',
    );
  return provider;
}

/** The provider that takes the next card payment (Settings → Payments, among those with keys). */
export function cardProviderOf(
  providers: PaymentProviders,
  db: DbOrTx,
  choice: CardProviderId,
): PaymentProvider {
  return providerNamed(providers, db, activeCardProvider(configuredCardProviders(providers), choice));
}

/**
 * The provider a new attempt for an order goes to: the one its payment method names while it has
 * keys (an order placed for Flutterwave's checkout keeps Flutterwave), the owner's card provider
 * otherwise (a card-only order, or one whose provider's keys are gone).
 */
export function providerForOrder(
  providers: PaymentProviders,
  db: DbOrTx,
  method: PaymentMethodId,
  choice: CardProviderId,
): PaymentProvider {
  if (!isTestMode(providers)) {
    if (method === 'flutterwave' && providers.flutterwave) return providers.flutterwave;
    if (method === 'paystack' && providers.paystack) return providers.paystack;
  }
  return cardProviderOf(providers, db, choice);
}

/**
 * The provider Flutterwave's webhook speaks for: Flutterwave, or in TEST MODE the sandbox, which
 * plays it (the TEST MODE bank reports its transfers the same way).
 */
export function flutterwaveOrSandbox(providers: PaymentProviders, db: DbOrTx): PaymentProvider {
  return isTestMode(providers) ? sandboxOf(providers, db) : providerNamed(providers, db, 'flutterwave');
}

/**
 * The provider that opens an account of its own for each bank-transfer order: Flutterwave, or the
 * sandbox in TEST MODE. Null with Paystack alone: its accounts belong to customers, not orders, so
 * shoppers pay into the shop's own account with the order's RC reference.
 */
export function transferProviderOf(
  providers: PaymentProviders,
  db: DbOrTx,
): (PaymentProvider & Required<Pick<PaymentProvider, 'createTransferCharge'>>) | null {
  if (!providers.flutterwave && !isTestMode(providers)) return null;
  const provider = flutterwaveOrSandbox(providers, db);
  if (!provider.createTransferCharge) return null;
  return provider as PaymentProvider & Required<Pick<PaymentProvider, 'createTransferCharge'>>;
}

/** What these keys allow, for placing orders and showing the checkout. */
export function paymentSetupOf(providers: PaymentProviders): PaymentSetup {
  return {
    cardProviders: configuredCardProviders(providers),
    transferAccounts: Boolean(providers.flutterwave) || isTestMode(providers),
  };
}

/** The name shoppers read for the provider that takes cards now: TEST MODE's sandbox plays Flutterwave. */
export function cardProviderNameOf(providers: PaymentProviders, choice: CardProviderId): string {
  const active = activeCardProvider(configuredCardProviders(providers), choice);
  return cardProviderNames[active === 'sandbox' ? 'flutterwave' : active];
}
