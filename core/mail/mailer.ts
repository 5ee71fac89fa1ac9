import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { render } from '@react-email/render';
import { createElement } from 'react';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/mail';
import { ShopMail, shopMailText, type ShopMailProps } from './templates/shop-mail';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A message already recorded in the outbox, by the transaction that made it. */
export interface QueuedMail {
  id: number;
  message: MailMessage;
}

export interface Mailer {
  /** Records the message in the outbox, and delivers it over SMTP when SMTP is configured. */
  send(message: MailMessage): Promise<void>;
  /**
   * Delivers messages a transaction wrote to the outbox, once it has committed (so a rolled-back
   * order never mails anyone, and a committed one never loses its mail). Callers do not wait for it.
   */
  deliver(queued: QueuedMail[]): Promise<void>;
}

export interface MailerOptions {
  db: DbOrTx;
  smtpUrl?: string | undefined;
  from: string;
  onError?: (error: unknown) => void;
  /**
   * Without SMTP the outbox is the only delivery: called with each message kept there, so the
   * person running the shop can hand on a link (the admin's Outbox view hides tokens and order keys).
   */
  onKept?: (message: MailMessage) => void;
}

/** The links in a mail's text, for a one-line notice where no mail server delivers it. */
export function mailLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]*[^\s<>".,;:!?)]/g)].map((match) => match[0]);
}

export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const markFailed = (id: number, error: unknown) =>
    options.db
      .update(outbox)
      .set({
        status: 'failed',
        error: error instanceof Error ? error.message.slice(0, 500) : 'delivery failed',
      })
      .where(eq(outbox.id, id))
      .catch(() => {});
  const deliverOne = async ({ id, message }: QueuedMail): Promise<void> => {
    if (!transport) {
      options.onKept?.(message);
      return;
    }
    try {
      await transport.sendMail({ from: options.from, ...message });
      await options.db.update(outbox).set({ status: 'sent', sentAt: new Date() }).where(eq(outbox.id, id));
    } catch (error) {
      options.onError?.(error);
      await markFailed(id, error);
    }
  };
  const deliver = async (queued: QueuedMail[]): Promise<void> => {
    await Promise.all(queued.map(deliverOne));
  };
  return {
    deliver,
    async send(message) {
      const [row] = await options.db.insert(outbox).values(message).returning({ id: outbox.id });
      if (!row) return;
      // Delivery happens after the answer: a slow mail server must not hold up the shopper.
      void deliver([{ id: row.id, message }]);
    },
  };
}

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  // As React writes it, so a text looked for in a rendered mail is found.
  "'": '&#x27;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/**
 * A plain, readable e-mail in the shop's style, from paragraphs (or an order's items and totals)
 * and an optional button: the HTML by react-email (core/mail/templates/shop-mail.tsx), the text
 * part beside it from the same words.
 */
export async function renderMail(options: ShopMailProps): Promise<{ text: string; html: string }> {
  return { text: shopMailText(options), html: await render(createElement(ShopMail, options)) };
}
