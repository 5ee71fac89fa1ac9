import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  isStaffRole,
  userListQuerySchema,
  userStatuses,
  type PublicUser,
  type Role,
  type UserStatus,
} from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { isUuid, parseInput } from '../validation';
import { requirePermission } from './permissions';
import { revokeUserSessions } from './sessions';
import { toPublicUser } from './user-view';
import { containsPattern } from '../search-pattern';

export interface UserPage {
  users: PublicUser[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** What the admin screens and the API say when an action is refused. */
export const userManagementMessages = {
  notFound: 'User not found',
  selfDeactivate: 'You cannot deactivate your own account',
  lastAdmin: 'The last active owner cannot be deactivated',
} as const;

/** Users for the admin list: newest first, 5 a page, searched case-insensitively on name or e-mail. */
/** The admin's user search: name or e-mail containing the text, in any case (the list and its export). */
export function userSearchCondition(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  return or(ilike(users.name, pattern), ilike(users.email, pattern));
}

export async function listUsers(db: DbOrTx, raw: unknown): Promise<UserPage> {
  const query = parseInput(userListQuerySchema, raw);
  const where = query.q ? userSearchCondition(query.q) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    users: rows.map(toPublicUser),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

/** The user's row, locked until the transaction ends so two admins' changes cannot interleave. */
async function lockUser(db: DbOrTx, id: unknown) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', userManagementMessages.notFound);
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw new AppError('NOT_FOUND', userManagementMessages.notFound);
  return row;
}

/** Promotion is one way: a customer becomes an administrator. Recorded in the audit log. */
export async function promoteUser(db: DbOrTx, actor: AuditActor, id: unknown): Promise<PublicUser> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (row.role === 'owner') return toPublicUser(row);
    const [updated] = await tx
      .update(users)
      .set({ role: 'owner', updatedAt: sql`now()` })
      .where(eq(users.id, row.id))
      .returning();
    await recordAdminAction(tx, actor, {
      action: 'user.promote',
      entityType: 'user',
      entityId: row.id,
      summary: `${row.email} promoted to Owner`,
      before: { role: row.role },
      after: { role: 'owner' },
    });
    return toPublicUser(updated!);
  });
}

/**
 * Activates or deactivates an account. An admin cannot deactivate themselves, and the last active
 * admin cannot be deactivated; deactivation ends the user's sessions at once. Recorded in the audit log.
 * A staff account (an owner's included) is turned off or on only by a role that manages staff: a
 * manager, who may deactivate customers, neither locks out the owner nor brings back whom the owner
 * turned off. Staff callers pass `actorRole`; the shop's own jobs and scripts do not.
 */
export async function setUserStatus(
  db: DbOrTx,
  actor: AuditActor,
  id: unknown,
  status: unknown,
  options: { actorRole?: Role } = {},
): Promise<PublicUser> {
  if (typeof status !== 'string' || !userStatuses.includes(status as UserStatus)) {
    throw new AppError('BAD_REQUEST', 'status must be "active" or "inactive"', {
      status: 'must be "active" or "inactive"',
    });
  }
  const next = status as UserStatus;
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (options.actorRole !== undefined && isStaffRole(row.role))
      requirePermission(options.actorRole, 'staff.manage');
    if (next === 'inactive') {
      if (row.id === actor.id) throw new AppError('CONFLICT', userManagementMessages.selfDeactivate);
      if (row.role === 'owner' && row.status === 'active') {
        // Locks every active owner: two owners deactivating each other at once cannot both succeed.
        const activeAdmins = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, 'owner'), eq(users.status, 'active')))
          .for('update');
        if (activeAdmins.filter((admin) => admin.id !== row.id).length === 0)
          throw new AppError('CONFLICT', userManagementMessages.lastAdmin);
      }
    }
    if (row.status === next) return toPublicUser(row);
    const [updated] = await tx
      .update(users)
      .set({ status: next, updatedAt: sql`now()` })
      .where(eq(users.id, row.id))
      .returning();
    if (next === 'inactive') await revokeUserSessions(tx, row.id);
    await recordAdminAction(tx, actor, {
      action: next === 'inactive' ? 'user.deactivate' : 'user.activate',
      entityType: 'user',
      entityId: row.id,
      summary: `${row.email} ${next === 'inactive' ? 'deactivated; their sessions were ended' : 'activated'}`,
      before: { status: row.status },
      after: { status: next },
    });
    return toPublicUser(updated!);
  });
}
