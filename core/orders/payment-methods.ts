import type { PaymentMethodId } from '../../contracts/checkout-texts';
import type { ShopSettings } from '../settings/shop-settings';

/** Which switch in the admin's settings turns each payment method on. */
const settingOf: Record<PaymentMethodId, keyof ShopSettings['paymentMethods']> = {
  flutterwave: 'flutterwave',
  'credit-card': 'creditCard',
  'bank-transfer': 'bankTransfer',
};

/** The payment methods a shopper may choose now, in the checkout's order. */
export function enabledPaymentMethods(settings: Pick<ShopSettings, 'paymentMethods'>): PaymentMethodId[] {
  return (Object.keys(settingOf) as PaymentMethodId[]).filter((id) => settings.paymentMethods[settingOf[id]]);
}

export function isPaymentMethodEnabled(
  settings: Pick<ShopSettings, 'paymentMethods'>,
  method: PaymentMethodId,
): boolean {
  return settings.paymentMethods[settingOf[method]];
}
