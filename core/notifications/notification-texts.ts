import { formatNaira } from '../../contracts/money';

/** The order events a shopper is told about in their notifications. */
export type OrderNotificationEvent =
  | { kind: 'placed'; paymentMethod: string; holdHours?: number }
  | { kind: 'paid'; totalKobo: number }
  | { kind: 'shipped'; carrier: string; trackingNumber: string }
  | { kind: 'delivered' }
  | {
      kind: 'ready_for_pickup';
      address: string;
      hours: string;
      /** What the lifecycle hands on of the code: never said here (see orderNotificationText). */
      pickupCode: string;
    }
  | { kind: 'picked_up' }
  | { kind: 'cancelled'; by: 'shop' | 'unpaid' }
  | { kind: 'return'; returnNumber: string; stage: ReturnNotificationStage; detail?: string }
  | { kind: 'refunded'; amountKobo: number; when: string };

/** Where a return stands when its shopper is told: each staff move, and her own request. */
export type ReturnNotificationStage =
  'requested' | 'approved' | 'declined' | 'received' | 'refunded' | 'exchanged' | 'closed';

const returnTitles: Record<ReturnNotificationStage, string> = {
  requested: 'Return requested',
  approved: 'Return approved',
  declined: 'Return declined',
  received: 'Return received',
  refunded: 'Return refunded',
  exchanged: 'Exchange on its way',
  closed: 'Return closed',
};

function returnMessage(
  number: string,
  event: { returnNumber: string; stage: ReturnNotificationStage },
): string {
  const ret = `Return ${event.returnNumber} for order ${number}`;
  switch (event.stage) {
    case 'requested':
      return `We have received your return request ${event.returnNumber} for order ${number}. We will reply shortly.`;
    case 'approved':
      return `${ret} is approved. Please send the items back as described.`;
    case 'declined':
      return `${ret} was declined.`;
    case 'received':
      return `We have received the items of return ${event.returnNumber} for order ${number}.`;
    case 'refunded':
      return `${ret}: your refund is on its way.`;
    case 'exchanged':
      return `${ret}: your exchange is on its way.`;
    case 'closed':
      return `${ret} is complete.`;
  }
}

export interface NotificationText {
  title: string;
  message: string;
}

/** Every order notification's words, in one place. */
export function orderNotificationText(number: string, event: OrderNotificationEvent): NotificationText {
  switch (event.kind) {
    case 'placed':
      return {
        title: 'Order placed',
        message:
          event.paymentMethod === 'bank-transfer'
            ? `Thank you! We have received order ${number}. We hold your items${event.holdHours ? ` for ${event.holdHours} hours` : ''} while your bank transfer reaches us.`
            : `Thank you! We have received order ${number}. We will let you know as soon as your payment is confirmed.`,
      };
    case 'paid':
      return {
        title: 'Payment confirmed',
        message: `Your payment of ${formatNaira(event.totalKobo)} for order ${number} has been received. We are preparing your order.`,
      };
    case 'shipped':
      return {
        title: 'Order shipped',
        message: `Order ${number} is on its way with ${event.carrier}, tracking number ${event.trackingNumber}.`,
      };
    case 'delivered':
      return {
        title: 'Order delivered',
        message: `Order ${number} has been delivered. We hope you love it.`,
      };
    case 'ready_for_pickup':
      // The bell is kept in the database, and so in its backups: it leads to the code (her order's
      // page, her e-mail) without saying it (decision 0060).
      return {
        title: 'Ready for pickup',
        message: `Order ${number} is ready for pickup${event.address ? ` at ${event.address}` : ''}${
          event.hours ? ` (${event.hours})` : ''
        }. Your pickup code is on the order's page and in our e-mail.`,
      };
    case 'picked_up':
      return {
        title: 'Order picked up',
        message: `You collected order ${number}. We hope you love it.`,
      };
    case 'return':
      return {
        title: returnTitles[event.stage],
        message: event.detail
          ? `${returnMessage(number, event)} ${event.detail}`
          : returnMessage(number, event),
      };
    case 'refunded':
      return {
        title: 'Refund sent',
        message: `We have refunded ${formatNaira(event.amountKobo)} for order ${number}. ${event.when}`,
      };
    case 'cancelled':
      return event.by === 'unpaid'
        ? {
            title: 'Order cancelled',
            message: `We did not receive the payment for order ${number} in time, so its items went back on sale. You are welcome to order again.`,
          }
        : {
            title: 'Order cancelled',
            message: `Order ${number} has been cancelled. If you have already paid, our team will contact you about your refund.`,
          };
  }
}

/** Where an order notification leads. */
export const orderLink = (number: string) => `/orders/${number}`;
