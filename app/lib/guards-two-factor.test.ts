import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/accounts/passwords';
import { saveShopSettings } from '../../core/settings/shop-settings';
import { users } from '../../db/schema/accounts';
import { auth } from '../../tests/fixtures/admin-api';
import type { TestApp } from '../../tests/fixtures/test-app';
import { createTestPagesApp } from '../../tests/fixtures/test-pages-app';

let test: TestApp;
const PASSWORD = 'Dispatch-Pass-2026';

beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
  await saveShopSettings(test.database.db, { staffTwoFactor: 'required' });
  await test.database.db.insert(users).values({
    name: 'Femi Dispatch',
    email: 'femi@rossy.ng',
    passwordHash: await hashPassword(PASSWORD),
    role: 'dispatch',
    emailVerifiedAt: new Date(),
  });
}, 60_000);
afterAll(async () => {
  await test?.close();
});

describe('admin pages when the owner requires a second factor', () => {
  it('send staff without one to their profile to turn it on', async () => {
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'femi@rossy.ng', password: PASSWORD },
    });
    const { token } = login.json<{ token: string }>();
    for (const url of ['/admin', '/admin?tab=orders']) {
      const response = await test.app.inject({ method: 'GET', url, headers: auth(token) });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/profile?setup=two-factor');
    }
    const profile = await test.app.inject({
      method: 'GET',
      url: '/profile?setup=two-factor',
      headers: auth(token),
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('Two-step sign-in');
  });
});
