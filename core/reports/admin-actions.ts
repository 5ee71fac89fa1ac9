import { asc, count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/admin';
import { within, type ReportRange } from './range';

/** The Admin actions card: the activity log in the range. */
export interface AdminActionsReport {
  actions: number;
  byAction: { action: string; count: number }[];
  latest: { id: number; action: string; actorEmail: string; summary: string; createdAt: string }[];
}

export async function adminActionsReport(
  db: DbOrTx,
  range: ReportRange,
  options: { latest?: number } = {},
): Promise<AdminActionsReport> {
  const inRange = within(auditLog.createdAt, range);
  const [byAction, latest] = await Promise.all([
    db
      .select({ action: auditLog.action, count: count() })
      .from(auditLog)
      .where(inRange)
      .groupBy(auditLog.action)
      .orderBy(desc(count()), asc(auditLog.action)),
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        actorEmail: auditLog.actorEmail,
        summary: auditLog.summary,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .where(inRange)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(options.latest ?? 8),
  ]);
  return {
    actions: byAction.reduce((total, row) => total + row.count, 0),
    byAction,
    latest: latest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
