import { escapeHtml, renderMail, type MailMessage } from '../mail/mailer';
import { variantLabel } from '../../contracts/catalog';
import { andList } from '../../contracts/words';

/** One size and colour of a product that came back, for the mail. */
export interface RestockedOption {
  size: string | null;
  color: string | null;
}

export interface BackInStockMail {
  to: string;
  shopName: string;
  productName: string;
  /** The product page, with the first option that came back chosen when the page reads it. */
  productUrl: string;
  /** Every option of the product this address waited for that came back (usually one). */
  options: RestockedOption[];
  /** Stops this address's stock alerts (core/catalog/stock-alerts.ts: stockAlertUnsubscribeUrl). */
  unsubscribeUrl: string;
}

/** "M / Olive", "M / Olive and L / Olive", "M, L and XL", or '' for a product's only variant. */
export function optionsPhrase(options: RestockedOption[]): string {
  return andList(options.map(variantLabel).filter((text) => text !== ''));
}

const UNSUBSCRIBE_LEAD = 'Asked for this by mistake, or want no more stock alerts? Stop them here:';

/**
 * The one e-mail a watcher gets when what she waited for is back: what came back, a link to the
 * product, and a link that stops her stock alerts.
 */
export async function backInStockMail(mail: BackInStockMail): Promise<MailMessage> {
  const phrase = optionsPhrase(mail.options);
  const what = phrase ? `${mail.productName} in ${phrase}` : mail.productName;
  const rendered = await renderMail({
    shopName: mail.shopName,
    heading: `Back in stock: ${mail.productName}`,
    paragraphs: [
      `Good news: ${what} is back in stock at ${mail.shopName}.`,
      'Sizes go quickly, so if you still want it, order soon. This is the only e-mail we send you about it.',
      `${UNSUBSCRIBE_LEAD} ${mail.unsubscribeUrl}`,
    ],
    action: { label: 'Shop it now', url: mail.productUrl },
  });
  const shown = escapeHtml(mail.unsubscribeUrl);
  return {
    to: mail.to,
    subject: `Back in stock: ${what}`,
    text: rendered.text,
    // In HTML the address becomes a link, as in the newsletter's mails.
    html: rendered.html.replace(
      `${escapeHtml(UNSUBSCRIBE_LEAD)} ${shown}`,
      `${escapeHtml('Asked for this by mistake, or want no more stock alerts?')} <a href="${shown}" style="color:#6b6358">Stop my stock alerts</a>.`,
    ),
  };
}

export interface StockAlertConfirmationMail {
  to: string;
  shopName: string;
  productName: string;
  /** The size and colour asked for. */
  option: RestockedOption;
  /** The page that confirms the sign-ups this mail's token names (on a button, not on the visit). */
  confirmUrl: string;
}

/**
 * The one mail a sign-up causes before any alert (decision 0034): it asks the mailbox to confirm.
 * Until the link is followed the sign-up is pending: nothing is sent when the size is back, it does
 * not count toward the size's list, and it expires after 48 hours. A mailbox gets at most one a day
 * while it leaves one unanswered.
 */
export async function stockAlertConfirmationMail(mail: StockAlertConfirmationMail): Promise<MailMessage> {
  const phrase = optionsPhrase([mail.option]);
  const what = phrase ? `${mail.productName} in ${phrase}` : mail.productName;
  return {
    to: mail.to,
    subject: `Confirm your stock alert: ${what}`,
    ...(await renderMail({
      shopName: mail.shopName,
      heading: 'Confirm your stock alert',
      paragraphs: [
        `Someone, we hope you, asked ${mail.shopName} to e-mail this address when ${what} is back in stock.`,
        'Follow the link below to confirm, and we will e-mail you once when it is back. Until you do, we send nothing about it. The link works for 48 hours.',
        'If you did not ask for this, ignore this e-mail: nothing comes of it.',
      ],
      action: { label: 'Confirm my alert', url: mail.confirmUrl },
    })),
  };
}
