import { returnStatusNames, type ReturnStatusId } from '../../contracts/returns';
import { formatNaira } from '../../contracts/money';
import type { MailMessage } from '../mail/mailer';
import { renderMail } from '../mail/mailer';
import type { ShopSettings } from '../settings/shop-settings';

/** What a return's e-mail needs to know of it. */
export interface ReturnMailFacts {
  number: string;
  orderNumber: string;
  email: string;
  firstName: string;
  status: ReturnStatusId;
  resolution: 'refund' | 'exchange';
  /** "1 × Linen shirt (Olive, size M): Too small", one per item. */
  items: string[];
  instructions: string;
  declineReason: string | null;
  exchangeCarrier: string | null;
  exchangeTrackingNumber: string | null;
  /** Money going back with this step, when any. */
  refundKobo: number;
}

/** The words each step of a return says to its shopper, after the greeting and before the items. */
function stepParagraphs(facts: ReturnMailFacts): string[] {
  switch (facts.status) {
    case 'requested':
      return [
        `We have received your request to return items from order ${facts.orderNumber}.`,
        facts.resolution === 'exchange'
          ? 'The pieces you chose instead are set aside for you while we look at your request.'
          : 'Once the items are back with us, we will refund you.',
        'We will reply with instructions shortly.',
      ];
    case 'approved':
      return [
        'Your return is approved. Please send the items back to us:',
        facts.instructions ||
          'Pack them with your order number and our team will tell you where to send them.',
      ];
    case 'declined':
      return [
        'We are sorry: we cannot accept this return.',
        ...(facts.declineReason ? [`Why: ${facts.declineReason}`] : []),
      ];
    case 'received':
      return [
        'The items you sent back have reached us.',
        facts.resolution === 'exchange'
          ? 'We will send your exchange shortly.'
          : 'We will refund you shortly.',
      ];
    case 'refunded':
      return [
        facts.refundKobo > 0
          ? `We have refunded ${formatNaira(facts.refundKobo)}. A card refund reaches your account in 5–10 working days.`
          : 'We have refunded you.',
      ];
    case 'exchanged':
      return [
        `Your exchange is on its way with ${facts.exchangeCarrier ?? 'our carrier'}${
          facts.exchangeTrackingNumber ? `, tracking number ${facts.exchangeTrackingNumber}` : ''
        }.`,
        ...(facts.refundKobo > 0
          ? [
              `The piece you chose costs less: we are refunding the difference, ${formatNaira(facts.refundKobo)}.`,
            ]
          : []),
      ];
    case 'closed':
      return ['Your return is complete. Thank you for shopping with us.'];
  }
}

/** The shopper's e-mail for one step of her return. */
export async function returnStepMail(
  publicUrl: string,
  facts: ReturnMailFacts,
  shopName: string,
): Promise<MailMessage> {
  const label = returnStatusNames[facts.status];
  return {
    to: facts.email,
    subject: `Return ${facts.number} for order ${facts.orderNumber}: ${label}`,
    ...(await renderMail({
      shopName,
      heading: facts.firstName
        ? `${facts.firstName}, your return ${facts.number}`
        : `Your return ${facts.number}`,
      paragraphs: [...stepParagraphs(facts), ...facts.items],
      action: {
        label: 'Track your order',
        url: `${publicUrl}/track-order?order=${encodeURIComponent(facts.orderNumber)}`,
      },
    })),
  };
}

/**
 * The shop's alert that a shopper asked for a return, when its owner asked for e-mail alerts
 * (Settings → Notifications): to the alert address, or the support address; null without alerts.
 */
export async function returnRequestedAlertMail(
  publicUrl: string,
  facts: ReturnMailFacts,
  settings: Pick<ShopSettings, 'name' | 'supportEmail' | 'notifications'>,
): Promise<MailMessage | null> {
  if (!settings.notifications.emailAlerts) return null;
  const to = settings.notifications.alertEmail || settings.supportEmail;
  if (!to) return null;
  return {
    to,
    subject: `Return ${facts.number} asked for order ${facts.orderNumber}`,
    ...(await renderMail({
      shopName: settings.name,
      heading: `Return ${facts.number} asked for order ${facts.orderNumber}`,
      paragraphs: [
        `${facts.email} asks for ${facts.resolution === 'exchange' ? 'another size or colour' : 'the money back'}:`,
        ...facts.items,
        'Approve it with instructions for sending the parcel, or decline it with a reason.',
      ],
      action: { label: 'Open the returns', url: `${publicUrl}/admin?tab=returns` },
    })),
  };
}
