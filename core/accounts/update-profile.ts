import { and, eq, ne, sql } from 'drizzle-orm';
import { profileSchema, type PublicUser } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { toPublicUser } from './user-view';

export async function getProfile(db: DbOrTx, userId: string): Promise<PublicUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return toPublicUser(row);
}

/** Saves the fields a shopper may change; role, status and id in the input are ignored. */
export async function updateProfile(db: DbOrTx, userId: string, raw: unknown): Promise<PublicUser> {
  const input = parseInput(profileSchema, raw);
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.email), ne(users.id, userId)));
  if (taken)
    throw new AppError('CONFLICT', 'That email is used by another account', {
      email: 'That email is used by another account',
    });

  const [row] = await db
    .update(users)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return toPublicUser(row);
}
