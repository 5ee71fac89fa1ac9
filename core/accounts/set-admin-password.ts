import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { ensureAdminAccount } from './ensure-admin-account';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './sessions';

/** For a shop owner locked out with no mail server: gives the ADMIN_EMAIL account a new password and ends its sessions. */
export async function setAdminPassword(
  db: DbOrTx,
  adminEmail: string,
  password?: string,
): Promise<{ email: string; password: string }> {
  const chosen = password ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(chosen);
  if (problem) throw new Error(problem);
  const { email } = await ensureAdminAccount(db, adminEmail, chosen);
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(chosen), role: 'admin', status: 'active', updatedAt: sql`now()` })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (row) await revokeUserSessions(db, row.id);
  return { email, password: chosen };
}
