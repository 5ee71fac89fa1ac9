import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { passwordProblem } from './password-policy';
import { hashPassword } from './passwords';

export interface AdminAccountResult {
  email: string;
  /** Set only when the account was just created with a generated password: shown once. */
  generatedPassword: string | null;
  created: boolean;
}

/** On start, the ADMIN_EMAIL account exists and is an active administrator. An existing password is never changed. */
export async function ensureAdminAccount(
  db: DbOrTx,
  adminEmail: string,
  adminPassword?: string,
): Promise<AdminAccountResult> {
  const email = adminEmail.trim().toLowerCase();
  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) {
    if (existing.role !== 'admin' || existing.status !== 'active') {
      await db.update(users).set({ role: 'admin', status: 'active' }).where(eq(users.id, existing.id));
    }
    return { email, generatedPassword: null, created: false };
  }
  if (adminPassword) {
    const problem = passwordProblem(adminPassword);
    if (problem) throw new Error(`ADMIN_PASSWORD is not acceptable: ${problem}`);
  }
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({ name: 'Shop Admin', email, passwordHash: await hashPassword(password), role: 'admin' })
    .onConflictDoNothing({ target: users.email });
  return { email, generatedPassword: adminPassword ? null : password, created: true };
}
