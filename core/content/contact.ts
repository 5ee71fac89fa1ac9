import { contactInputSchema, contactMessages } from '../../contracts/contact';
import type { Db } from '../../db/client';
import { contactMessages as contactMessagesTable } from '../../db/schema/content';
import { AppError, type FieldErrors } from '../errors';
import { renderMail, type Mailer } from '../mail/mailer';
import type { ClientInfo, RateLimiter, RateLimitRule } from '../rate-limits';
import { getShopSettings } from '../settings/shop-settings';

/** What the contact form needs: the newsletter's services fit (database, mailer, rate limits). */
export interface ContactDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  rateLimiter: RateLimiter;
  onMailError?: (error: unknown) => void;
}

/** A person writes a few messages at most; a script filling the inbox is stopped. Generous per address (carrier NAT). */
export const contactRateLimits = {
  byIp: { name: 'contact-ip', limit: 10, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>;

export interface ContactReceipt {
  id: number;
  message: string;
}

function parseContact(raw: unknown) {
  const parsed = contactInputSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues)
    fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  throw new AppError('BAD_REQUEST', Object.values(fields)[0] ?? contactMessages.failed, fields);
}

/**
 * A message from the contact page: checked, stored for the admins' Messages tab, and e-mailed to the
 * shop's support address. A mail that cannot be queued does not lose the message: it is stored first.
 */
export async function submitContactMessage(
  deps: ContactDeps,
  raw: unknown,
  client: ClientInfo,
): Promise<ContactReceipt> {
  const input = parseContact(raw);
  await deps.rateLimiter.hit(contactRateLimits.byIp, client.ip);
  const [row] = await deps.db
    .insert(contactMessagesTable)
    .values(input)
    .returning({ id: contactMessagesTable.id });
  if (!row) throw new Error('The message was not stored');
  await mailShop(deps, { ...input, id: row.id }).catch((error: unknown) => deps.onMailError?.(error));
  return { id: row.id, message: contactMessages.thanks };
}

async function mailShop(
  deps: ContactDeps,
  input: {
    id: number;
    name: string;
    email: string;
    subject: string;
    message: string;
    orderNumber: string | null;
  },
): Promise<void> {
  const { name: shopName, supportEmail } = await getShopSettings(deps.db);
  await deps.mailer.send({
    to: supportEmail,
    subject: `Contact form: ${input.subject}${input.orderNumber ? ` (${input.orderNumber})` : ''}`,
    ...(await renderMail({
      shopName,
      heading: `Message from ${input.name}`,
      paragraphs: [
        `From: ${input.name} <${input.email}>`,
        `Subject: ${input.subject}`,
        ...(input.orderNumber ? [`Order: ${input.orderNumber}`] : []),
        ...input.message.split(/\n{2,}/),
        `Reply to ${input.email} to answer.`,
      ],
      action: { label: 'Open the messages', url: `${deps.publicUrl}/admin?tab=messages` },
    })),
  });
}
