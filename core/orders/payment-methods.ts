import type { CardProviderId, PaymentMethodId } from '../../contracts/checkout-texts';
import type { ShopSettings } from '../settings/shop-settings';

/** Which switch in the admin's settings turns each payment method on. */
const settingOf: Record<PaymentMethodId, keyof ShopSettings['paymentMethods']> = {
  flutterwave: 'flutterwave',
  paystack: 'flutterwave',
  'credit-card': 'creditCard',
  'bank-transfer': 'bankTransfer',
};

/**
 * What the shop's payment keys allow: the card providers with keys (none: TEST MODE, where the
 * sandbox takes cards), and whether a provider opens an account of its own for each bank-transfer
 * order (Flutterwave, or the sandbox; not Paystack alone).
 */
export interface PaymentSetup {
  cardProviders: readonly CardProviderId[];
  transferAccounts: boolean;
}

/** TEST MODE's setup: the sandbox takes cards and opens transfer accounts. */
export const testModeSetup: PaymentSetup = { cardProviders: [], transferAccounts: true };

/** Whether a new bank-transfer order gets an account of its own: the owner's setting, where a provider can open one. */
export function transferAccountsOn(
  settings: Pick<ShopSettings, 'transferAccountPerOrder'>,
  setup: PaymentSetup,
): boolean {
  return settings.transferAccountPerOrder && setup.transferAccounts;
}

/**
 * The provider that takes the next card payment: the owner's choice among the providers with keys,
 * the one with keys when only one has them, and the TEST MODE sandbox when none has.
 */
export function activeCardProvider(
  configured: readonly CardProviderId[],
  choice: CardProviderId,
): CardProviderId | 'sandbox' {
  if (configured.includes(choice)) return choice;
  return configured[0] ?? 'sandbox';
}

/** The provider checkout's own method: Paystack's when it takes cards, Flutterwave's (or the sandbox's, which plays it) otherwise. */
function providerMethod(provider: CardProviderId | 'sandbox'): PaymentMethodId {
  return provider === 'paystack' ? 'paystack' : 'flutterwave';
}

type MethodSettings = Pick<ShopSettings, 'paymentMethods' | 'cardProvider'>;

/**
 * The payment methods a shopper may choose now, in the checkout's order. 'Credit card' and the
 * provider's checkout open the same provider window (the first limited to cards), so with both
 * turned on the checkout offers one card option, the provider's, which takes cards too; 'Credit
 * card' shows only when it is the shop's one card option. `configured`: the card providers with keys.
 */
export function enabledPaymentMethods(
  settings: MethodSettings,
  configured: readonly CardProviderId[] = [],
): PaymentMethodId[] {
  const own = providerMethod(activeCardProvider(configured, settings.cardProvider));
  const enabled = (Object.keys(settingOf) as PaymentMethodId[]).filter(
    (id) => settings.paymentMethods[settingOf[id]] && (settingOf[id] !== 'flutterwave' || id === own),
  );
  return enabled.includes(own) ? enabled.filter((id) => id !== 'credit-card') : enabled;
}

/** Whether an order may be placed with this method now (the provider checkout only as the active provider's). */
export function isPaymentMethodEnabled(
  settings: MethodSettings,
  method: PaymentMethodId,
  configured: readonly CardProviderId[] = [],
): boolean {
  if (!settings.paymentMethods[settingOf[method]]) return false;
  if (settingOf[method] !== 'flutterwave') return true;
  return method === providerMethod(activeCardProvider(configured, settings.cardProvider));
}
