import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { announcements, notifications } from '../../db/schema/content';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError, type FieldErrors } from '../errors';

export const announcementMessages = {
  titleRequired: 'Please enter a title',
  messageRequired: 'Please enter the message',
  linkInvalid: 'The link must be a page of this shop, such as /sale or /blog',
  typeInvalid: 'Choose Promotion or Info',
} as const;

export const ANNOUNCEMENT_TITLE_MAX = 80;
export const ANNOUNCEMENT_MESSAGE_MAX = 400;

/** A path on this site: '/sale', '/products?category=bags'; never another site ('//evil', 'https://…'). */
const sitePath = /^\/(?![/\\])[^\s<>"']{0,199}$/;

export const announcementInputSchema = z.object({
  type: z.enum(['promo', 'info'], { error: announcementMessages.typeInvalid }),
  title: z
    .string({ error: announcementMessages.titleRequired })
    .trim()
    .min(1, announcementMessages.titleRequired)
    .max(ANNOUNCEMENT_TITLE_MAX, `Keep the title under ${ANNOUNCEMENT_TITLE_MAX} characters`),
  message: z
    .string({ error: announcementMessages.messageRequired })
    .trim()
    .min(1, announcementMessages.messageRequired)
    .max(ANNOUNCEMENT_MESSAGE_MAX, `Keep the message under ${ANNOUNCEMENT_MESSAGE_MAX} characters`),
  link: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || sitePath.test(value), announcementMessages.linkInvalid),
});
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

/** Checks an announcement, answering the first problem as the message and each field's problem. */
export function parseAnnouncement(raw: unknown): z.output<typeof announcementInputSchema> {
  const parsed = announcementInputSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues)
    fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  throw new AppError('BAD_REQUEST', Object.values(fields)[0] ?? 'The announcement is not valid.', fields);
}

/** Who an announcement reaches: customers whose accounts are active. */
const activeCustomer = and(eq(users.role, 'customer'), eq(users.status, 'active'));

export async function countAnnouncementRecipients(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(activeCustomer);
  return row?.total ?? 0;
}

export interface SentAnnouncement {
  id: number;
  recipients: number;
}

/**
 * Sends an announcement: recorded once, then one notification per active customer written by a
 * single INSERT … SELECT, and the send recorded in the audit log, all in one transaction.
 */
export async function sendAnnouncement(
  db: Db,
  actor: AuditActor,
  raw: unknown,
  now = new Date(),
): Promise<SentAnnouncement> {
  const input = parseAnnouncement(raw);
  return db.transaction(async (tx) => {
    const [announcement] = await tx
      .insert(announcements)
      .values({ ...input, createdBy: actor.id, createdAt: now })
      .returning({ id: announcements.id });
    if (!announcement) throw new Error('The announcement was not recorded');
    await tx.execute(sql`
      insert into ${notifications} (user_id, type, title, message, link, announcement_id, created_at)
      select ${users.id}, ${input.type}, ${input.title}, ${input.message}, ${input.link}, ${announcement.id}, ${now.toISOString()}::timestamptz
      from ${users}
      where ${activeCustomer}`);
    const [sent] = await tx
      .select({ total: count() })
      .from(notifications)
      .where(eq(notifications.announcementId, announcement.id));
    const recipients = sent?.total ?? 0;
    await tx.update(announcements).set({ recipients }).where(eq(announcements.id, announcement.id));
    await recordAdminAction(tx, actor, {
      action: 'announcement.send',
      entityType: 'announcement',
      entityId: announcement.id,
      summary: `${input.type === 'promo' ? 'Promotion' : 'Announcement'} “${input.title}” sent to ${recipients} ${recipients === 1 ? 'customer' : 'customers'}`,
      after: { ...input, recipients },
    });
    return { id: announcement.id, recipients };
  });
}

export interface AnnouncementView {
  id: number;
  type: 'promo' | 'info';
  title: string;
  message: string;
  link: string | null;
  recipients: number;
  /** How many of its notifications have been read (deleted ones are not counted). */
  readCount: number;
  sentBy: string | null;
  sentAt: string;
}

/** Announcements sent, newest first. */
export async function listAnnouncements(
  db: DbOrTx,
  options: { page?: number; pageSize?: number } = {},
): Promise<{ announcements: AnnouncementView[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(options.pageSize ?? 10, 1), 50);
  const page = Math.max(options.page ?? 1, 1);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        announcement: announcements,
        sentBy: users.email,
        readCount: sql<number>`(select count(*)::int from ${notifications} where ${notifications.announcementId} = ${announcements.id} and ${notifications.readAt} is not null)`,
      })
      .from(announcements)
      .leftJoin(users, eq(users.id, announcements.createdBy))
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(announcements),
  ]);
  return {
    announcements: rows.map(({ announcement, sentBy, readCount }) => ({
      id: announcement.id,
      type: announcement.type,
      title: announcement.title,
      message: announcement.message,
      link: announcement.link,
      recipients: announcement.recipients,
      readCount,
      sentBy,
      sentAt: announcement.createdAt.toISOString(),
    })),
    total: totals?.total ?? 0,
    page,
    pageSize,
  };
}
