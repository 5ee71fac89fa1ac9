import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { retireVerificationLinks } from './email-verification';
import { revokeUserSessions } from './sessions';

/**
 * For a shop owner locked out with no mail server (run on the server, so whoever runs it owns the shop):
 * gives the ADMIN_EMAIL account a new password, makes it an active administrator with its address
 * confirmed (creating it if missing), and ends its sessions, its unused confirmation links and any
 * pending new address, so nobody who held it before keeps it.
 */
export async function setAdminPassword(
  db: DbOrTx,
  adminEmail: string,
  password?: string,
): Promise<{ email: string; password: string }> {
  const chosen = password ?? randomBytes(12).toString('base64url');
  const problem = passwordProblem(chosen);
  if (problem) throw new Error(problem);
  const email = adminEmail.trim().toLowerCase();
  const passwordHash = await hashPassword(chosen);
  const [row] = await db
    .insert(users)
    .values({ name: 'Shop Admin', email, passwordHash, role: 'admin', emailVerifiedAt: sql`now()` })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        passwordHash,
        role: 'admin',
        status: 'active',
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: users.id });
  if (row) {
    await retireVerificationLinks(db, row.id);
    await revokeUserSessions(db, row.id);
  }
  return { email, password: chosen };
}
