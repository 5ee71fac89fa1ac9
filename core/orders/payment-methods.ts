import type { PaymentMethodId } from '../../contracts/checkout-texts';
import type { ShopSettings } from '../settings/shop-settings';

/** Which switch in the admin's settings turns each payment method on. */
const settingOf: Record<PaymentMethodId, keyof ShopSettings['paymentMethods']> = {
  flutterwave: 'flutterwave',
  'credit-card': 'creditCard',
  'bank-transfer': 'bankTransfer',
};

/**
 * The payment methods a shopper may choose now, in the checkout's order. 'Credit card' and
 * Flutterwave open the same provider window (the first limited to cards), so with both turned on
 * the checkout offers one card option, Flutterwave, which takes cards too; 'Credit card' shows
 * only when it is the shop's one card option.
 */
export function enabledPaymentMethods(settings: Pick<ShopSettings, 'paymentMethods'>): PaymentMethodId[] {
  const enabled = (Object.keys(settingOf) as PaymentMethodId[]).filter(
    (id) => settings.paymentMethods[settingOf[id]],
  );
  return enabled.includes('flutterwave') ? enabled.filter((id) => id !== 'credit-card') : enabled;
}

export function isPaymentMethodEnabled(
  settings: Pick<ShopSettings, 'paymentMethods'>,
  method: PaymentMethodId,
): boolean {
  return settings.paymentMethods[settingOf[method]];
}
