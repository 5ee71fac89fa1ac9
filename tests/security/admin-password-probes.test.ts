import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../../core/accounts/ensure-admin-account';
import { setAdminPassword } from '../../core/accounts/set-admin-password';
import { users } from '../../db/schema/accounts';
import { adminStartupNote } from '../../server/admin-startup-note';
import { auth, signInSeededAdmin, signUpAccount, TEST_PASSWORD } from '../fixtures/admin-api';
import { createTestApp, type TestApp } from '../fixtures/test-app';

/**
 * Issue 24, finding 7: start-up advised `npm run admin:password` for ADMIN_EMAIL even when that
 * address belonged to a customer, and the command would have made that customer (whoever signed up
 * with the address) an administrator. The advice is given for an administrator's address only, and
 * the command refuses to promote a customer unless told to in so many words.
 */
let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ seed: false });
  await signInSeededAdmin(test);
}, 120_000);
afterAll(async () => {
  await test?.close();
});

async function signIn(email: string, password: string) {
  return test.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
}

async function roleOf(email: string) {
  const [row] = await test.database.db.select({ role: users.role }).from(users).where(eq(users.email, email));
  return row?.role;
}

describe('ADMIN_EMAIL held by a customer', () => {
  it('start-up does not advise npm run admin:password for it', async () => {
    await signUpAccount(test, 'holder@example.ng', 'Address Holder');
    const admin = await ensureAdminAccount(test.database.db, 'holder@example.ng');
    expect(admin).toMatchObject({ isAdmin: false, holder: 'customer' });
    const note = adminStartupNote(admin, { fromAdminPassword: false });
    expect(note).toContain('holder@example.ng');
    expect(note).toMatch(/customer/);
    expect(note).not.toContain('admin:password');
  });

  it('npm run admin:password refuses to make the customer an administrator and changes nothing', async () => {
    const customer = await signUpAccount(test, 'squat@example.ng', 'Squatter');
    await expect(setAdminPassword(test.database.db, 'squat@example.ng', 'Taken-Over-2026')).rejects.toThrow(
      /customer/,
    );
    expect(await roleOf('squat@example.ng')).toBe('customer');
    // Their password and session are as they were; the one the command was given opens nothing.
    expect((await signIn('squat@example.ng', 'Taken-Over-2026')).statusCode).toBe(401);
    expect((await signIn('squat@example.ng', TEST_PASSWORD)).statusCode).toBe(200);
    const profile = await test.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: auth(customer.token),
    });
    expect(profile.statusCode).toBe(200);
    const adminArea = await test.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: auth(customer.token),
    });
    expect(adminArea.statusCode).toBe(403);
  });

  it('the owner may still promote the account on purpose (--promote-customer)', async () => {
    await signUpAccount(test, 'mine@example.ng', 'Owner Elsewhere');
    const result = await setAdminPassword(test.database.db, 'mine@example.ng', 'Owner-Again-2026', {
      promoteCustomer: true,
    });
    expect(result.email).toBe('mine@example.ng');
    expect(await roleOf('mine@example.ng')).toBe('owner');
    expect((await signIn('mine@example.ng', 'Owner-Again-2026')).statusCode).toBe(200);
  });
});

describe('ADMIN_EMAIL that is an administrator’s', () => {
  it('start-up says how to sign in, and where to get a new password', async () => {
    const admin = await ensureAdminAccount(test.database.db, 'admin@rossy.ng');
    expect(admin).toMatchObject({ isAdmin: true, holder: 'admin', created: false });
    const note = adminStartupNote(admin, { fromAdminPassword: false });
    expect(note).toContain('admin@rossy.ng');
    expect(note).toContain('npm run admin:password');
  });

  it('npm run admin:password gives it a new password', async () => {
    await setAdminPassword(test.database.db, 'admin@rossy.ng', 'New-Admin-Pass-2026');
    expect(await roleOf('admin@rossy.ng')).toBe('owner');
    expect((await signIn('admin@rossy.ng', 'New-Admin-Pass-2026')).statusCode).toBe(200);
  });
});

describe('ADMIN_EMAIL that is no account’s, on a shop that has its administrator', () => {
  it('start-up says ADMIN_EMAIL creates only the first one, without advising the command', async () => {
    const admin = await ensureAdminAccount(test.database.db, 'nobody.yet@example.ng');
    expect(admin).toMatchObject({ isAdmin: false, holder: 'none', created: false });
    const note = adminStartupNote(admin, { fromAdminPassword: false });
    expect(note).toContain('nobody.yet@example.ng');
    expect(note).not.toContain('admin:password');
  });
});
