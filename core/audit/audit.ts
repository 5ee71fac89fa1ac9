import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { daySchema } from '../../contracts/limits';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/admin';
import { parseInput } from '../validation';
import { containsPattern } from '../search-pattern';
import type { Role } from '../../contracts/accounts';
import { lagosMidnight, lagosNextMidnight } from '../../contracts/lagos-time';

/** Who did it: the signed-in staff member (or 'system' for the shop's own jobs). */
export interface AuditActor {
  id: string | null;
  email: string;
  /** Their name, for the records that show people (the order timeline). */
  name?: string;
  /**
   * Their role, when a person acts from the admin area: core checks the permission table with it where
   * one route reaches two permissions (a cancel with its refund). The shop's own jobs have none.
   */
  role?: Role;
}

/** The order timeline's columns naming who made a move: a staff member, or nobody for the shop's own jobs. */
export function eventActor(actor: AuditActor | null | undefined): {
  actorId: string | null;
  actorName: string | null;
} {
  return actor?.id
    ? { actorId: actor.id, actorName: actor.name || actor.email }
    : { actorId: null, actorName: null };
}

export interface AuditEntryInput {
  /** 'product.update', 'order.ship', 'settings.update', 'user.promote', … */
  action: string;
  entityType: string;
  entityId: string | number;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Records one admin action. Call it inside the same transaction as the change, so a change is never
 * made without its entry, and an entry never describes a change that was rolled back.
 */
export async function recordAdminAction(
  db: DbOrTx,
  actor: AuditActor,
  entry: AuditEntryInput,
): Promise<void> {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entityType: entry.entityType,
    entityId: String(entry.entityId),
    summary: entry.summary.slice(0, 500),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** One field an action changed, as the log shows it: 'status: awaiting_payment → processing'. */
export interface AuditChange {
  field: string;
  /** null when the field was not there before (a creation) or after (a removal). */
  before: string | null;
  after: string | null;
}

export interface AuditEntryView {
  id: number;
  actorEmail: string;
  /**
   * Who that is now, from their account: the log keeps only the e-mail it was written with, so a
   * renamed or re-roled staff member shows as they are today, and a removed account by its e-mail.
   */
  actorName: string | null;
  actorRole: Role | null;
  action: string;
  entityType: string;
  entityId: string;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The fields whose value differs between before and after, in the order they were recorded. */
  changes: AuditChange[];
  createdAt: string;
}

function shown(value: unknown): string | null {
  if (value === undefined) return null;
  if (value === null) return 'none';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** The before → after difference of an entry: only the fields that changed. */
export function auditChanges(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const was = before && Object.hasOwn(before, field) ? shown(before[field]) : null;
    const now = after && Object.hasOwn(after, field) ? shown(after[field]) : null;
    if (was !== now) changes.push({ field, before: was, after: now });
  }
  return changes;
}

/** A Lagos day, or blank for none (a form's empty field). */
const optionalDay = z
  .union([
    daySchema('Use a date like 2026-11-21'),
    z
      .string()
      .regex(/^ *$/, 'Use a date like 2026-11-21')
      .transform(() => undefined),
  ])
  .optional();

export const auditQuerySchema = z.object({
  q: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ?? '').replaceAll('\0', '').trim().slice(0, 100)),
  entityType: z
    .string()
    .max(40)
    .optional()
    .transform((value) => (value ?? '').replaceAll('\0', '').trim()),
  from: optionalDay,
  to: optionalDay,
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** The audit log, newest first; searched on the actor, the action or the summary. Dates are Lagos days. */
export async function listAuditEntries(
  db: DbOrTx,
  raw: AuditQuery,
): Promise<{ entries: AuditEntryView[]; total: number; page: number; pageCount: number }> {
  const query = parseInput(auditQuerySchema, raw);
  const conditions: SQL[] = [];
  if (query.q) {
    const like = containsPattern(query.q);
    const match = or(
      ilike(auditLog.actorEmail, like),
      ilike(users.name, like),
      ilike(auditLog.action, like),
      ilike(auditLog.summary, like),
      ilike(auditLog.entityId, like),
    );
    if (match) conditions.push(match);
  }
  if (query.entityType) conditions.push(eq(auditLog.entityType, query.entityType));
  if (query.from) conditions.push(gte(auditLog.createdAt, lagosMidnight(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, lagosNextMidnight(query.to)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({ entry: auditLog, actorName: users.name, actorRole: users.role })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    entries: rows.map(({ entry: row, actorName, actorRole }) => ({
      id: row.id,
      actorEmail: row.actorEmail,
      actorName: actorName || null,
      actorRole: actorRole ?? null,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      summary: row.summary,
      before: row.before ?? null,
      after: row.after ?? null,
      changes: auditChanges(row.before, row.after),
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** The kinds of things the log has entries for ('order', 'export', 'product', …), for its filter. */
export async function listAuditEntityTypes(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ entityType: auditLog.entityType })
    .from(auditLog)
    .orderBy(asc(auditLog.entityType))
    .limit(100);
  return rows.map((row) => row.entityType);
}
