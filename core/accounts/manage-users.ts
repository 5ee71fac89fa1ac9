import { and, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import {
  userListQuerySchema,
  userStatuses,
  type PublicUser,
  type UserStatus,
} from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { revokeUserSessions } from './sessions';
import { toPublicUser } from './user-view';

export interface UserPage {
  users: PublicUser[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Users for the admin list: newest first, 5 a page, searched case-insensitively on name or e-mail. */
export async function listUsers(db: DbOrTx, raw: unknown): Promise<UserPage> {
  const query = parseInput(userListQuerySchema, raw);
  const where = query.q
    ? or(ilike(users.name, `%${escapeLike(query.q)}%`), ilike(users.email, `%${escapeLike(query.q)}%`))
    : undefined;
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

async function findUser(db: DbOrTx, id: unknown) {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
    throw new AppError('NOT_FOUND', 'User not found');
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

/** Promotion is one way: a customer becomes an administrator. */
export async function promoteUser(db: DbOrTx, id: unknown): Promise<PublicUser> {
  const row = await findUser(db, id);
  if (row.role === 'admin') return toPublicUser(row);
  const [updated] = await db
    .update(users)
    .set({ role: 'admin', updatedAt: sql`now()` })
    .where(eq(users.id, row.id))
    .returning();
  return toPublicUser(updated!);
}

/**
 * Activates or deactivates an account. An admin cannot deactivate themselves, and the last active
 * admin cannot be deactivated; deactivation ends the user's sessions at once.
 */
export async function setUserStatus(
  db: DbOrTx,
  actorId: string,
  id: unknown,
  status: unknown,
): Promise<PublicUser> {
  if (typeof status !== 'string' || !userStatuses.includes(status as UserStatus)) {
    throw new AppError('BAD_REQUEST', 'status must be "active" or "inactive"', {
      status: 'must be "active" or "inactive"',
    });
  }
  const row = await findUser(db, id);
  if (status === 'inactive') {
    if (row.id === actorId) throw new AppError('CONFLICT', 'You cannot deactivate your own account');
    if (row.role === 'admin') {
      const [others] = await db
        .select({ total: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, row.id)));
      if ((others?.total ?? 0) === 0)
        throw new AppError('CONFLICT', 'The last active administrator cannot be deactivated');
    }
  }
  const [updated] = await db
    .update(users)
    .set({ status: status as UserStatus, updatedAt: sql`now()` })
    .where(eq(users.id, row.id))
    .returning();
  if (status === 'inactive') await revokeUserSessions(db, row.id);
  return toPublicUser(updated!);
}
