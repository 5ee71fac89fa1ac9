import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/mail';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { containsPattern } from '../search-pattern';

export const outboxStatuses = ['queued', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof outboxStatuses)[number];

export const outboxStatusNames: Record<OutboxStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

export interface OutboxMailSummary {
  id: number;
  to: string;
  subject: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface OutboxMailView extends OutboxMailSummary {
  text: string;
  html: string;
}

export const outboxListQuerySchema = z.object({
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
      (outboxStatuses as readonly string[]).includes(value ?? '') ? (value as OutboxStatus) : undefined,
    ),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type OutboxListQuery = z.input<typeof outboxListQuerySchema>;

const mailId = z.coerce
  .number({ error: 'E-mail not found' })
  .int('E-mail not found')
  .min(1, 'E-mail not found')
  .max(2_147_483_647, 'E-mail not found');

/** What the admin sees in place of a link's secret. */
export const REDACTED_SECRET = 'hidden';

/**
 * A link's secret parameters: reset and verification tokens (`token=`, `…_token=`), order keys
 * (`key=`, `…key=`) and the like. Matched after `?`, `&` or `&amp;` (HTML), up to the value's end.
 */
const LINK_SECRET =
  /([?&;]|&amp;|&#38;|&#x26;)((?:[a-z0-9_-]*(?:token|key|secret|signature|password))=)([^&\s"'<>#]+)/gi;

/**
 * A pickup code in words ("Your pickup code: K7MQ3A", "Your pickup code is K7MQ3A"): the shopper's
 * proof at the counter, so the staff who check it must not be able to read it here.
 */
const PICKUP_CODE_SECRET = /(pickup code(?::|\s+is)\s*(?:<[^>]*>\s*)*)([A-Z0-9]{6})(?![A-Z0-9])/gi;

/**
 * The outbox keeps every e-mail as it was sent (it is the delivery channel without SMTP), but what an
 * admin reads of it never carries a usable token, order key or pickup code: each becomes "hidden".
 */
export function redactMailSecrets(text: string): string {
  return text
    .replace(
      LINK_SECRET,
      (_match, separator: string, name: string) => `${separator}${name}${REDACTED_SECRET}`,
    )
    .replace(PICKUP_CODE_SECRET, (_match, words: string) => `${words}${REDACTED_SECRET}`);
}

const summaryColumns = {
  id: outbox.id,
  to: outbox.to,
  subject: outbox.subject,
  status: outbox.status,
  error: outbox.error,
  createdAt: outbox.createdAt,
  sentAt: outbox.sentAt,
};

function toSummary(row: {
  id: number;
  to: string;
  subject: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}): OutboxMailSummary {
  return {
    id: row.id,
    to: row.to,
    subject: redactMailSecrets(row.subject),
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** Every e-mail the shop sent or kept, newest first: searched on the recipient or the subject. */
export async function listOutbox(
  db: DbOrTx,
  raw: OutboxListQuery,
): Promise<{ mails: OutboxMailSummary[]; total: number; page: number; pageSize: number; pageCount: number }> {
  const query = parseInput(outboxListQuerySchema, raw);
  const conditions: SQL[] = [];
  if (query.q) {
    const match = or(
      ilike(outbox.to, containsPattern(query.q)),
      ilike(outbox.subject, containsPattern(query.q)),
    );
    if (match) conditions.push(match);
  }
  if (query.status) conditions.push(eq(outbox.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(outbox).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    mails: rows.map(toSummary),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** One e-mail as it was sent, both its text and its HTML version, with its links' secrets hidden. */
export async function getOutboxMail(db: DbOrTx, rawId: unknown): Promise<OutboxMailView> {
  const id = parseInput(mailId, rawId);
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'E-mail not found');
  return { ...toSummary(row), text: redactMailSecrets(row.text), html: redactMailSecrets(row.html) };
}
