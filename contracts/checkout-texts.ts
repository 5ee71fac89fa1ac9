// Kept free of zod: the browser imports these.
import { checkoutCountries } from './account-texts';
import { formatNaira, formatWholeNaira } from './money';

export { checkoutCountries };
export type CheckoutCountry = (typeof checkoutCountries)[number];

export const countryNames: Record<CheckoutCountry, string> = {
  Nigeria: 'Nigeria',
  USA: 'United States',
  CAN: 'Canada',
  UK: 'United Kingdom',
  AUS: 'Australia',
  GER: 'Germany',
  FRA: 'France',
};

export type TaxRegion = 'ng' | 'us' | 'eu' | 'asia' | 'other';

/** The tax region of each country the shop delivers to; Nigeria is its own (VAT). */
export const taxRegionOf: Record<CheckoutCountry, TaxRegion> = {
  Nigeria: 'ng',
  USA: 'us',
  CAN: 'other',
  UK: 'eu',
  AUS: 'asia',
  GER: 'eu',
  FRA: 'eu',
};

export const paymentMethodIds = ['flutterwave', 'paystack', 'credit-card', 'bank-transfer'] as const;
export type PaymentMethodId = (typeof paymentMethodIds)[number];

/** The card providers an owner may choose between in Settings → Payments, when both have keys. */
export const cardProviderIds = ['flutterwave', 'paystack'] as const;
export type CardProviderId = (typeof cardProviderIds)[number];
export const cardProviderNames: Record<CardProviderId, string> = {
  flutterwave: 'Flutterwave',
  paystack: 'Paystack',
};

export const paymentMethodNames: Record<PaymentMethodId, string> = {
  flutterwave: 'Flutterwave (card, bank, USSD)',
  paystack: 'Paystack (card, bank, USSD)',
  'credit-card': 'Credit card',
  'bank-transfer': 'Bank transfer',
};

export const orderStatusIds = [
  'awaiting_payment',
  'processing',
  'shipped',
  'delivered',
  'ready_for_pickup',
  'picked_up',
  'cancelled',
] as const;
export type OrderStatusId = (typeof orderStatusIds)[number];

export const orderStatusNames: Record<OrderStatusId, string> = {
  awaiting_payment: 'Awaiting payment',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  ready_for_pickup: 'Ready for pickup',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
};

/** A card order whose payment never went through: the shopper's own word for it. */
export const PAYMENT_NOT_COMPLETED = 'Payment not completed';

/**
 * The status a shopper reads. A card order still waiting is an attempt to pay that did not finish
 * (the window was closed, the card declined): 'Payment not completed', with Pay now and Cancel
 * beside it. A bank-transfer order waits for the shopper's transfer: 'Awaiting payment'.
 */
export function shopperStatusLabel(status: OrderStatusId, paymentMethod: PaymentMethodId): string {
  return status === 'awaiting_payment' && paymentMethod !== 'bank-transfer'
    ? PAYMENT_NOT_COMPLETED
    : orderStatusNames[status];
}

/**
 * The progress bar of an order: Processing 0, Shipped 50, Delivered 100. A pickup order waiting at
 * the shop is as far along as one on the road; collected, it has reached its shopper.
 */
export function orderProgress(status: OrderStatusId): number {
  if (status === 'shipped' || status === 'ready_for_pickup') return 50;
  if (status === 'delivered' || status === 'picked_up') return 100;
  return 0;
}

export const checkoutMessages = {
  required: 'Please fill in all required fields',
  invalidPhone: 'Please enter a valid phone number',
  invalidNigerianPhone: 'Please enter a Nigerian phone number, such as 0803 123 4567 or +234 803 123 4567',
  chooseState: 'Please choose your state',
  enterState: 'Please enter your state or region',
  invalidCoupon: 'Invalid coupon code.',
  couponExpired: 'This coupon code has expired.',
  couponUsedUp: 'This coupon code has reached its usage limit.',
  couponFirstOrder: 'This coupon code is for a first order only.',
  couponCustomerLimit: 'You have already used this coupon code as many times as it allows.',
  couponNotForPickup: 'This code gives free delivery: it does not apply to pickup at the shop.',
  orderProblem: 'There was a problem processing your order. Please try again.',
  emptyCart: 'Your Cart is Empty',
  bankReferenceRequired: 'Please enter your bank transfer reference number',
  bankReferenceFormat: 'Invalid reference format. Bank references are typically 8-20 characters long.',
  bankPending:
    'Payment is pending confirmation. Bank transfers typically take 1-24 hours to process. Please try again later or contact our support team if you believe this is an error.',
  trackNumberRequired: 'Please enter an order number',
  trackEmailRequired: 'Please enter your email address',
  trackNotFound: 'No order found with the provided information. Please check and try again.',
  orderNotFound: "We couldn't find the order you're looking for.",
} as const;

/**
 * The checkout's message when fields are left empty: one field is named by its own message (a
 * missing state says so), several are listed by their labels after the general request.
 */
export function missingFieldsMessage(missing: readonly { label: string; message: string }[]): string {
  if (missing.length === 1) return missing[0]!.message;
  return `${checkoutMessages.required}: ${missing.map((field) => field.label).join(', ')}.`;
}

/**
 * The names a coupon for chosen categories or products is for, in a sentence: "Women's Bags, Ankara
 * Tote and 2 more".
 */
export function couponScopeWords(names: readonly string[]): string {
  const shown = names.slice(0, 3);
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** ₦20,000 as a shop writes it, ₦4,534.88 where there are kobo. */
export function couponNaira(kobo: number): string {
  return kobo % 100 === 0 ? formatWholeNaira(kobo) : formatNaira(kobo);
}

/** The minimum spend not met: on the whole order, or on the items the coupon is for (named). */
export function couponMinimumSpendMessage(minimumKobo: number, scope: string | null): string {
  return scope
    ? `Spend ${couponNaira(minimumKobo)} on eligible items (${scope}) to use this code.`
    : `Spend ${couponNaira(minimumKobo)} to use this code.`;
}

/** What a coupon gives, in a few words: "10% off", "₦5,000 off", "Free delivery". */
export function couponOffer(coupon: {
  type: 'percent' | 'fixed' | 'free_delivery';
  percent: number | null;
  amountKobo: number | null;
}): string {
  if (coupon.type === 'fixed') return `${couponNaira(coupon.amountKobo ?? 0)} off`;
  if (coupon.type === 'free_delivery') return 'Free delivery';
  return `${coupon.percent ?? 0}% off`;
}

/** A coupon for chosen categories or products, and nothing in the bag is one of them. */
export function couponNothingEligibleMessage(scope: string): string {
  return `This code is for ${scope} only: nothing in your bag qualifies.`;
}

/** A customer's bank reference: spaces removed, then 8-20 letters or digits; null when it does not fit. */
export function normalizeBankReference(raw: string): string | null {
  const compact = raw.replace(/\s+/g, '');
  return /^[A-Za-z0-9]{8,20}$/.test(compact) ? compact.toUpperCase() : null;
}

/**
 * What the shopper is told when the total on the server is not the one Place Order showed (a price,
 * delivery charge or coupon changed since): said by the API's 409 and by the checkout's alert.
 */
export function totalChangedMessage(nowKobo: number, wasKobo: number): string {
  return `Prices changed since you opened checkout: the total is now ${formatNaira(nowKobo)} (was ${formatNaira(wasKobo)}).`;
}

export const MAX_LINE_QUANTITY = 99;
export const MAX_CART_LINES = 50;
