import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../core/accounts/passwords';
import { users } from '../../../db/schema/accounts';
import { auth, signInSeededAdmin, signUpAs, TEST_PASSWORD } from '../../../tests/fixtures/admin-api';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
const MANAGER = { email: 'tobi@rossy.ng', password: 'Manager-Pass-2026' };
let lastStep = 0;

/** A code for a step after the last one used, as a phone would show it a little later. */
function nextCode(secret: string): string {
  const now = Math.floor(Date.now() / 30_000);
  lastStep = Math.max(lastStep + 1, now - 1);
  if (lastStep > now + 1) throw new Error('no unused step left in the window');
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: lastStep * 30_000,
  });
}

const post = (url: string, payload: object, token?: string) =>
  test.app.inject({ method: 'POST', url, payload, ...(token ? { headers: auth(token) } : {}) });

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await test.database.db.insert(users).values({
    name: 'Tobi Manager',
    email: MANAGER.email,
    passwordHash: await hashPassword(MANAGER.password),
    role: 'manager',
    emailVerifiedAt: new Date(),
  });
});
afterAll(async () => {
  await test?.close();
});

describe('two-step sign-in over REST', () => {
  let secret = '';
  let recovery: string[] = [];

  it('a manager turns it on from the profile', async () => {
    const token = (await post('/api/login', MANAGER)).json<{ token: string }>().token;
    expect((await test.app.inject({ url: '/api/profile/two-factor', headers: auth(token) })).json()).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await post('/api/profile/two-factor/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    secret = setup.json<{ secret: string }>().secret;
    expect(setup.json<{ qrSvg: string }>().qrSvg).toContain('<svg');
    const wrong = await post('/api/profile/two-factor/enable', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(422);
    const enabled = await post('/api/profile/two-factor/enable', { code: nextCode(secret) }, token);
    expect(enabled.statusCode).toBe(200);
    recovery = enabled.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(recovery).toHaveLength(10);
    expect((await post('/api/profile/two-factor/setup', {}, token)).statusCode).toBe(409);
  });

  it('then signs in in two steps: 202 with a challenge, then 200 with a session', async () => {
    const first = await post('/api/login', MANAGER);
    expect(first.statusCode).toBe(202);
    const body = first.json<{ twoFactorRequired: boolean; challenge: string; token?: string }>();
    expect(body.twoFactorRequired).toBe(true);
    expect(body.token).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();

    const wrong = await post('/api/login/two-factor', { challenge: body.challenge, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      error: { message: 'That code is not right. Check the time on your phone and try again.' },
    });
    const done = await post('/api/login/two-factor', { challenge: body.challenge, code: nextCode(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.headers['set-cookie']).toContain('rossy_session=');
    const again = await post('/api/login/two-factor', { challenge: body.challenge, code: recovery[0]! });
    expect(again.statusCode).toBe(401);
  });

  it('takes a recovery code once', async () => {
    for (const expected of [200, 401]) {
      const { challenge } = (await post('/api/login', MANAGER)).json<{ challenge: string }>();
      const answer = await post('/api/login/two-factor', { challenge, code: recovery[1]! });
      expect(answer.statusCode).toBe(expected);
    }
  });

  it('customers cannot start it', async () => {
    const token = await signUpAs(test, 'ada@example.ng');
    expect((await post('/api/profile/two-factor/setup', {}, token)).statusCode).toBe(403);
    expect((await post('/api/profile/two-factor/setup', {})).statusCode).toBe(401);
  });
});

describe('the owner requiring a second factor of staff', () => {
  it('is refused while her own is off, then keeps staff without one out of the admin API', async () => {
    const owner = await signInSeededAdmin(test);
    const require = () =>
      test.app.inject({
        method: 'PATCH',
        url: '/api/admin/settings',
        headers: auth(owner.token),
        payload: { staffTwoFactor: 'required' },
      });
    const refused = await require();
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('before requiring it of your staff');

    const setup = await post('/api/profile/two-factor/setup', {}, owner.token);
    const ownerSecret = setup.json<{ secret: string }>().secret;
    lastStep = 0;
    const enabled = await post(
      '/api/profile/two-factor/enable',
      { code: nextCode(ownerSecret) },
      owner.token,
    );
    expect(enabled.statusCode).toBe(200);
    expect((await require()).statusCode).toBe(200);

    // A second owner without the factor on: 403 naming the way in, then 200 once it is on.
    await test.database.db.insert(users).values({
      name: 'Second Owner',
      email: 'kemi@rossy.ng',
      passwordHash: await hashPassword(TEST_PASSWORD),
      role: 'owner',
      emailVerifiedAt: new Date(),
    });
    const kemi = (await post('/api/login', { email: 'kemi@rossy.ng', password: TEST_PASSWORD })).json<{
      token: string;
    }>().token;
    const orders = () => test.app.inject({ url: '/api/admin/orders', headers: auth(kemi) });
    const closed = await orders();
    expect(closed.statusCode).toBe(403);
    expect(closed.body).toContain('Turn on two-step sign-in under Profile → Security to use the admin area.');
    expect(
      (await test.app.inject({ url: '/api/profile/two-factor', headers: auth(kemi) })).json(),
    ).toMatchObject({
      required: true,
    });
    const kemiSecret = (await post('/api/profile/two-factor/setup', {}, kemi)).json<{ secret: string }>()
      .secret;
    lastStep = 0;
    expect(
      (await post('/api/profile/two-factor/enable', { code: nextCode(kemiSecret) }, kemi)).statusCode,
    ).toBe(200);
    expect((await orders()).statusCode).toBe(200);

    // While required, it cannot be turned off.
    const off = await post(
      '/api/profile/two-factor/disable',
      { password: TEST_PASSWORD, code: nextCode(kemiSecret) },
      kemi,
    );
    expect(off.statusCode).toBe(409);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, 'kemi@rossy.ng'));
    expect(row!.twoFactorEnabledAt).not.toBeNull();
  });
});
