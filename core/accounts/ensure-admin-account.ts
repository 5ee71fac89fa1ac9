import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';

export interface AdminAccountResult {
  email: string;
  /** Set only when the account was just created with a generated password: shown once. */
  generatedPassword: string | null;
  created: boolean;
  /** Whether the ADMIN_EMAIL account is an administrator now (false when the address is a customer's, or unused). */
  isAdmin: boolean;
  /** Who holds the address: an administrator, a customer, or no account (the shop has another administrator). */
  holder: 'admin' | 'customer' | 'none';
}

/**
 * On start, seeds the shop's first administrator from ADMIN_EMAIL, and only that: the account is
 * created when the shop has no administrator and no account uses the address. An existing account
 * is never promoted (a stranger may have registered the address after the owner moved to another),
 * and once an administrator exists, ADMIN_EMAIL grants nothing: only a signed-in admin promotes.
 * The seeded account's address counts as confirmed. An existing password is never changed.
 */
export async function ensureAdminAccount(
  db: DbOrTx,
  adminEmail: string,
  adminPassword?: string,
): Promise<AdminAccountResult> {
  const email = adminEmail.trim().toLowerCase();
  const [existing] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
  if (existing) {
    const isAdmin = existing.role === 'owner';
    return {
      email,
      generatedPassword: null,
      created: false,
      isAdmin,
      holder: isAdmin ? 'admin' : 'customer',
    };
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'owner')).limit(1);
  if (anyAdmin) return { email, generatedPassword: null, created: false, isAdmin: false, holder: 'none' };
  if (adminPassword) {
    const problem = passwordProblem(adminPassword, { email });
    if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem}`);
  }
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const [row] = await db
    .insert(users)
    .values({
      name: 'Shop Admin',
      email,
      passwordHash: await hashPassword(password),
      role: 'owner',
      emailVerifiedAt: sql`now()`,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!row) return ensureAdminAccount(db, adminEmail, adminPassword);
  return {
    email,
    generatedPassword: adminPassword ? null : password,
    created: true,
    isAdmin: true,
    holder: 'admin',
  };
}
