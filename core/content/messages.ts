import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/content';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { containsPattern } from '../search-pattern';

export const contactMessageStatuses = ['new', 'read', 'replied'] as const;
export type ContactMessageStatus = (typeof contactMessageStatuses)[number];

export const contactMessageStatusNames: Record<ContactMessageStatus, string> = {
  new: 'New',
  read: 'Read',
  replied: 'Replied',
};

export interface ContactMessageSummary {
  id: number;
  name: string;
  email: string;
  subject: string;
  /** The first words of the message, for the list. */
  preview: string;
  orderNumber: string | null;
  status: ContactMessageStatus;
  createdAt: string;
}

export interface ContactMessageView extends Omit<ContactMessageSummary, 'preview'> {
  message: string;
}

export const messageListQuerySchema = z.object({
  q: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ?? '').replaceAll('\0', '').trim().slice(0, 100)),
  status: z
    .string()
    .max(40)
    .optional()
    .transform((value) =>
      (contactMessageStatuses as readonly string[]).includes(value ?? '')
        ? (value as ContactMessageStatus)
        : undefined,
    ),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

const messageId = z.coerce
  .number({ error: 'Message not found' })
  .int('Message not found')
  .min(1, 'Message not found')
  .max(2_147_483_647, 'Message not found');

export const messageStatusChangeSchema = z.object({
  status: z.enum(contactMessageStatuses, { error: 'Choose new, read or replied' }),
});

const PREVIEW_LENGTH = 140;

function preview(message: string): string {
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…` : flat;
}

type Row = typeof contactMessages.$inferSelect;

function toView(row: Row): ContactMessageView {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    orderNumber: row.orderNumber,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The contact inbox, newest first: searched on the sender's name and e-mail, the subject, the
 * message and the order number; filtered by status. `unread` counts every new message, whatever
 * the filter, for the tab's heading.
 */
export async function listContactMessages(
  db: DbOrTx,
  raw: MessageListQuery,
): Promise<{
  messages: ContactMessageSummary[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
  pageCount: number;
}> {
  const query = parseInput(messageListQuerySchema, raw);
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(
      ilike(contactMessages.name, pattern),
      ilike(contactMessages.email, pattern),
      ilike(contactMessages.subject, pattern),
      ilike(contactMessages.message, pattern),
      ilike(contactMessages.orderNumber, pattern),
    );
    if (match) conditions.push(match);
  }
  if (query.status) conditions.push(eq(contactMessages.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals, unread] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ total: count() }).from(contactMessages).where(eq(contactMessages.status, 'new')),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    messages: rows.map((row) => {
      const { message, ...rest } = toView(row);
      return { ...rest, preview: preview(message) };
    }),
    total,
    unread: unread[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/**
 * One message, opened by an admin: a new message becomes read. Opening is not an admin change worth
 * a log entry (every message is opened); changing a status on purpose is, see below.
 */
export async function openContactMessage(db: Db, rawId: unknown): Promise<ContactMessageView> {
  const id = parseInput(messageId, rawId);
  const [updated] = await db
    .update(contactMessages)
    .set({ status: 'read' })
    .where(and(eq(contactMessages.id, id), eq(contactMessages.status, 'new')))
    .returning();
  if (updated) return toView(updated);
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Message not found');
  return toView(row);
}

/** Marks a message new (unread), read or replied; recorded in the audit log with the change. */
export async function setContactMessageStatus(
  db: Db,
  actor: AuditActor,
  rawId: unknown,
  raw: unknown,
): Promise<ContactMessageView> {
  const id = parseInput(messageId, rawId);
  const { status } = parseInput(messageStatusChangeSchema, raw);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Message not found');
    if (current.status === status) return toView(current);
    const [updated] = await tx
      .update(contactMessages)
      .set({ status })
      .where(eq(contactMessages.id, id))
      .returning();
    await recordAdminAction(tx, actor, {
      action: `message.${status}`,
      entityType: 'message',
      entityId: id,
      summary: `Message from ${current.email} ("${current.subject.slice(0, 80)}") marked ${contactMessageStatusNames[status].toLowerCase()}`,
      before: { status: current.status },
      after: { status },
    });
    return toView(updated ?? current);
  });
}
