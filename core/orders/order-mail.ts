import { formatNaira } from '../../contracts/money';
import { taxLineLabel } from '../../contracts/tax';
import { paymentMethodNames } from '../../contracts/checkout-texts';
import type { MailMessage, Mailer } from '../mail/mailer';
import { renderMail } from '../mail/mailer';
import type { MailOrderItem, MailOrderSummary, MailOrderTotal } from '../mail/templates/order-summary';
import { PICKUP_METHOD_ID, type ShopSettings } from '../settings/shop-settings';
import type { OrderView } from './order-view';
import type { RefundProvider } from '../../db/schema/payments';
import { LAGOS_TIME_ZONE } from '../../contracts/lagos-time';
import { orderDeliveryPromise } from '../../contracts/order-delivery';

interface MailDeps {
  mailer: Mailer;
  publicUrl: string;
}

/** The order's page; a guest's link carries the order's secret, so only the e-mail's reader can open it. */
export function orderLink(publicUrl: string, number: string, accessToken: string | null): string {
  const base = `${publicUrl}/orderdetails/${encodeURIComponent(number)}`;
  return accessToken ? `${base}?key=${encodeURIComponent(accessToken)}` : base;
}

/**
 * The order's items and totals, a table in the mail's HTML and lines in its text ("1 × Linen Shirt
 * (Olive, size M): ₦65,000", "Subtotal: …"); for the shop's staff each item also names the SKU to pick.
 */
function orderSummary(order: OrderView, options: { sku?: boolean } = {}): MailOrderSummary {
  return { items: summaryItems(order, options), totals: summaryTotals(order) };
}

function summaryItems(order: OrderView, options: { sku?: boolean }): MailOrderItem[] {
  return order.items.map((item) => {
    const parts = [
      item.color,
      item.size && `size ${item.size}`,
      options.sku && item.sku && `SKU ${item.sku}`,
    ];
    return {
      name: item.name,
      details: parts.filter(Boolean).join(', '),
      quantity: item.quantity,
      lineTotalKobo: item.lineTotalKobo,
    };
  });
}

function summaryTotals(order: OrderView): MailOrderTotal[] {
  const tax = { label: taxLineLabel(order), amount: formatNaira(order.taxKobo) };
  return [
    { label: 'Subtotal', amount: formatNaira(order.subtotalKobo) },
    ...(order.discountKobo > 0
      ? [{ label: `Discount (${order.couponCode})`, amount: `−${formatNaira(order.discountKobo)}` }]
      : []),
    {
      label: `Shipping, ${order.shippingMethodLabel}`,
      amount: order.shippingKobo === 0 ? 'Free' : formatNaira(order.shippingKobo),
    },
    ...(order.taxIncluded ? [] : [tax]),
    { label: 'Total', amount: formatNaira(order.totalKobo), grand: true },
    // VAT inside the prices is read under the total, which already holds it.
    ...(order.taxIncluded ? [tax] : []),
  ];
}

// Made once: building a formatter with a time zone on every order cost more than the rest of the mail.
const placedAtFormat = new Intl.DateTimeFormat('en-NG', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: LAGOS_TIME_ZONE,
});

/** The dates promised at checkout, as the order pages say them; nothing for an order without them. */
function deliveryPromiseLines(order: OrderView): string[] {
  const promise = orderDeliveryPromise({ ...order, shippingMethodId: order.shippingMethod });
  return promise ? [`${promise}, by ${order.shippingMethodLabel.split(' (')[0]}.`] : [];
}

/** The shopper's confirmation of a new order, with its link (carrying the key for a guest). */
export async function orderConfirmationMail(
  publicUrl: string,
  order: OrderView,
  options: { accessToken: string | null; settings: ShopSettings },
): Promise<MailMessage> {
  const { settings } = options;
  const address = order.shippingAddress;
  const bank =
    order.paymentMethod !== 'bank-transfer'
      ? []
      : order.bankReference
        ? [
            `To complete your order, transfer ${formatNaira(order.totalKobo)} to:`,
            `${settings.bankAccount.bankName}, account ${settings.bankAccount.accountNumber}, ${settings.bankAccount.accountName}.`,
            `Use the reference ${order.bankReference} so we can match your payment. We hold your items for ${settings.unpaidOrderHoldHours} hours.`,
          ]
        : [
            `To complete your order, transfer exactly ${formatNaira(order.totalKobo)} to the account opened for this order alone: open your order with the button below to see its bank and number.`,
            `Your order confirms itself the moment the money arrives. We hold your items for ${settings.unpaidOrderHoldHours} hours.`,
          ];
  return {
    to: order.email,
    subject: `Your ${settings.name} order ${order.number}`,
    ...(await renderMail({
      shopName: settings.name,
      heading: `Thank you for your order, ${address.firstName}`,
      paragraphs: [
        `Order ${order.number}, placed ${placedAtFormat.format(new Date(order.placedAt))}.`,
        orderSummary(order),
        ...bank,
        order.shippingMethod === PICKUP_METHOD_ID
          ? `To collect from our shop at ${settings.pickup.address} (${settings.pickup.hours}). We will e-mail you your pickup code when it is ready.`
          : `Delivering to ${address.firstName} ${address.lastName}, ${address.address}, ${address.city}, ${address.state} ${address.zipCode}, ${address.country}.`,
        ...deliveryPromiseLines(order),
        `Questions? Reply to this e-mail or call ${settings.supportPhone}.`,
      ],
      action: { label: 'View your order', url: orderLink(publicUrl, order.number, options.accessToken) },
    })),
  };
}

/**
 * Where the shop's e-mail alerts go (Settings → Notifications): the alert address, or the support
 * address when none is set; null when its owner turned e-mail alerts off.
 */
function shopAlertAddress(settings: ShopSettings): string | null {
  if (!settings.notifications.emailAlerts) return null;
  return settings.notifications.alertEmail || settings.supportEmail;
}

/**
 * The shop's alert about a new order when its owner asked for e-mail alerts (Settings →
 * Notifications): to the alert address, or the support address when none is set. Null without alerts.
 */
export async function newOrderAlertMail(
  publicUrl: string,
  order: OrderView,
  settings: ShopSettings,
): Promise<MailMessage | null> {
  const to = shopAlertAddress(settings);
  if (!to) return null;
  const address = order.shippingAddress;
  return {
    to,
    subject: `New order ${order.number}: ${formatNaira(order.totalKobo)}`,
    ...(await renderMail({
      shopName: settings.name,
      heading: `New order ${order.number}`,
      paragraphs: [
        `${address.firstName} ${address.lastName} (${order.email}, ${order.phone}) ordered, paying by ${paymentMethodNames[order.paymentMethod]}.`,
        orderSummary(order, { sku: true }),
        order.paymentMethod === 'bank-transfer'
          ? order.bankReference
            ? `Awaiting a bank transfer with the reference ${order.bankReference}.`
            : 'Awaiting a bank transfer into its own account: it confirms itself when the money arrives.'
          : 'The card payment is confirmed separately; the order shows it in the dashboard.',
        order.shippingMethod === PICKUP_METHOD_ID
          ? `${address.firstName} ${address.lastName} collects it from the shop: mark it Ready for pickup once it is packed.`
          : `Deliver to ${address.address}, ${address.city}, ${address.state}, ${address.country}, by ${order.shippingMethodLabel}.`,
      ],
      action: {
        label: 'Open the order',
        url: `${publicUrl}/admin?tab=orders&order=${encodeURIComponent(order.number)}`,
      },
    })),
  };
}

/**
 * The shop's alert that money arrived for an order but not as asked (short, or after its transfer
 * account closed): the owner decides. Sent whenever e-mail alerts are on, like the new-order alert.
 */
export async function transferReviewAlertMail(
  publicUrl: string,
  order: Pick<OrderView, 'number' | 'email'>,
  message: string,
  settings: ShopSettings,
): Promise<MailMessage | null> {
  const to = shopAlertAddress(settings);
  if (!to) return null;
  return {
    to,
    subject: `A transfer for ${order.number} needs your decision`,
    ...(await renderMail({
      shopName: settings.name,
      heading: `A transfer for ${order.number} needs your decision`,
      paragraphs: [
        message,
        `The order keeps its items until you decide. Confirm the payment in the order, or cancel it and refund ${order.email}.`,
      ],
      action: {
        label: 'Open the order',
        url: `${publicUrl}/admin?tab=orders&order=${encodeURIComponent(order.number)}`,
      },
    })),
  };
}

/**
 * The shop's alert that it owes a shopper money: a transfer after the order was paid or cancelled,
 * or more than the total. The transfer stays listed under Payments as Refund due.
 */
export async function refundDueAlertMail(
  publicUrl: string,
  order: Pick<OrderView, 'number' | 'email'>,
  message: string,
  settings: ShopSettings,
): Promise<MailMessage | null> {
  const to = shopAlertAddress(settings);
  if (!to) return null;
  return {
    to,
    subject: `Money to refund for ${order.number}`,
    ...(await renderMail({
      shopName: settings.name,
      heading: `Money to refund for ${order.number}`,
      paragraphs: [
        message,
        `It is listed under Payments as Refund due and on the order's page. Refund ${order.email} through the payment provider or your bank.`,
      ],
      action: {
        label: 'Open the order',
        url: `${publicUrl}/admin?tab=orders&order=${encodeURIComponent(order.number)}`,
      },
    })),
  };
}

const statusSentences: Partial<Record<OrderView['status'], string>> = {
  processing: 'Your payment is confirmed and we are preparing your order.',
  shipped: 'Your order is on its way.',
  delivered: 'Your order has been delivered. We hope you love it.',
  ready_for_pickup: 'Your order is packed and waiting for you at our shop.',
  picked_up: 'You collected your order. We hope you love it.',
  cancelled: 'Your order has been cancelled.',
};

/** What the ready-for-pickup mail adds: where, when, and the code only the shopper holds. */
function pickupLines(order: OrderView, pickup: ShopSettings['pickup'] | undefined): string[] {
  if (order.status !== 'ready_for_pickup' || !order.pickupCode) return [];
  return [
    `Your pickup code: ${order.pickupCode}. Show it at the shop to collect your order.`,
    ...(pickup?.address ? [`Where: ${pickup.address}`] : []),
    ...(pickup?.hours ? [`When: ${pickup.hours}`] : []),
  ];
}

/** The shipped mail's tracking line: the carrier, and the number as a link when the carrier has a tracking page. */
function trackingLines(order: OrderView): string[] {
  if (!order.trackingNumber) return [];
  const line = `Tracking: ${order.carrier ?? ''} ${order.trackingNumber}`.trim();
  return order.trackingUrl ? [`${line}. Follow your parcel: ${order.trackingUrl}`] : [line];
}

/** Tells the shopper their order moved on, with the note recorded for the change. */
export async function sendOrderStatusMail(
  deps: MailDeps,
  order: OrderView,
  options: { note: string; shopName: string; pickup?: ShopSettings['pickup'] | undefined },
): Promise<void> {
  const tracked = order.trackingUrl && order.trackingNumber;
  await deps.mailer.send({
    to: order.email,
    subject: `Order ${order.number}: ${order.statusLabel}`,
    ...(await renderMail({
      shopName: options.shopName,
      heading: `Order ${order.number} is ${order.statusLabel.toLowerCase()}`,
      paragraphs: [
        statusSentences[order.status] ?? `Your order is now ${order.statusLabel.toLowerCase()}.`,
        ...(options.note ? [options.note] : []),
        ...pickupLines(order, options.pickup),
        ...trackingLines(order),
      ],
      // A parcel with a carrier's tracking page is followed there; anything else on the shop's page.
      action:
        tracked && order.status === 'shipped'
          ? { label: `Track with ${order.carrier ?? 'the carrier'}`, url: order.trackingUrl! }
          : {
              label: 'Track your order',
              url: `${deps.publicUrl}/track-order?order=${encodeURIComponent(order.number)}`,
            },
    })),
  });
}

/**
 * When refunded money reaches the shopper, in words: a card refund takes the bank's time, a TEST MODE
 * refund moved nothing, a refund by hand went to the account she gave, and one the card could not
 * take back (Paystack) went to the bank account she gave the shop (`toAccount`).
 */
export function refundArrivalNote(provider: RefundProvider, toAccount = false): string {
  if (provider === 'sandbox') return 'This was a TEST MODE payment: no money moved.';
  if (provider === 'manual')
    return 'We sent it to your bank account; it usually arrives within 1–2 working days.';
  if (toAccount)
    return 'Your card could not take it back, so it goes to the bank account you gave us, usually within a few working days.';
  return 'It goes back to the card or account you paid with, usually within 5–10 working days for cards.';
}

/** Tells the shopper money is on its way back: how much, for what, and when it comes. */
export async function sendRefundMail(
  deps: MailDeps,
  order: Pick<OrderView, 'number' | 'email'>,
  refund: { amountKobo: number; reason: string; provider: RefundProvider; toAccount?: boolean },
  shopName: string,
): Promise<void> {
  await deps.mailer.send({
    to: order.email,
    subject: `Order ${order.number}: ${formatNaira(refund.amountKobo)} refunded`,
    ...(await renderMail({
      shopName,
      heading: `We refunded ${formatNaira(refund.amountKobo)} for order ${order.number}`,
      paragraphs: [`Reason: ${refund.reason}`, refundArrivalNote(refund.provider, refund.toAccount)],
      action: {
        label: 'Track your order',
        url: `${deps.publicUrl}/track-order?order=${encodeURIComponent(order.number)}`,
      },
    })),
  });
}
