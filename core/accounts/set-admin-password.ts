import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';
import { retireVerificationLinks } from './email-verification';
import { revokeUserSessions } from './sessions';

/** Thrown when ADMIN_EMAIL is a customer's address and the owner did not ask to promote that account. */
export class CustomerAddressError extends Error {
  constructor(email: string) {
    super(
      `${email} is a customer's account, not an administrator's: anyone may have signed up with that address, so it is not made an administrator.`,
    );
    this.name = 'CustomerAddressError';
  }
}

/**
 * For a shop owner locked out with no mail server (run on the server, so whoever runs it owns the shop):
 * gives the ADMIN_EMAIL account a new password, makes it an active administrator with its address
 * confirmed (creating it if missing), and ends its sessions, its unused confirmation links and any
 * pending new address, so nobody who held it before keeps it. A customer's account is promoted only
 * with `promoteCustomer` (the owner says the account is theirs): otherwise whoever signed up with the
 * address would become an administrator. The check and the change are one statement.
 */
export async function setAdminPassword(
  db: DbOrTx,
  adminEmail: string,
  password?: string,
  options: { promoteCustomer?: boolean } = {},
): Promise<{ email: string; password: string }> {
  const chosen = password ?? randomBytes(12).toString('base64url');
  const email = adminEmail.trim().toLowerCase();
  const problem = passwordProblem(chosen, { email });
  if (problem) throw new Error(problem);
  const passwordHash = await hashPassword(chosen);
  const [row] = await db
    .insert(users)
    .values({ name: 'Shop Admin', email, passwordHash, role: 'owner', emailVerifiedAt: sql`now()` })
    .onConflictDoUpdate({
      target: users.email,
      set: {
        passwordHash,
        role: 'owner',
        status: 'active',
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: sql`now()`,
      },
      setWhere: options.promoteCustomer ? undefined : eq(users.role, 'owner'),
    })
    .returning({ id: users.id });
  if (!row) throw new CustomerAddressError(email);
  await retireVerificationLinks(db, row.id);
  await revokeUserSessions(db, row.id);
  return { email, password: chosen };
}
