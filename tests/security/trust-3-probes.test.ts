import { eq } from 'drizzle-orm';
import { type TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendVerificationLink } from '../../core/accounts/email-verification';
import { grantStaffRole } from '../../core/accounts/staff';
import { signInChallenges, users } from '../../db/schema/accounts';
import { outbox } from '../../db/schema/mail';
import { webVitalsDaily } from '../../db/schema/vitals';
import {
  auth,
  linkTokenFromOutbox,
  signInSeededAdmin,
  signUpAccount,
  TEST_PASSWORD,
} from '../fixtures/admin-api';
import type { TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';

/**
 * Probes of the third attack (issue 44), findings 1, 2, 6, 9 and 10: no link signs in around a second
 * factor, the signed-in second-factor routes are limited, one sign-in challenge checks five codes however
 * they race, one address cannot write the speed report, and `Origin: null` is not the shop's origin.
 * The whole shop (API and pages) on one database.
 */
let test: TestApp;
let ip = 0;
/** Each call from an address of its own unless a probe means one address. */
const nextAddress = () => `10.44.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const owner = { token: '', id: '', email: '' };

beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
  Object.assign(owner, await signInSeededAdmin(test, 'Rossy Owner'));
}, 180_000);
afterAll(async () => {
  await test?.close();
});

/** A staff member of `role` with two-step sign-in on; returns her token (the session that turned it on) and secret. */
async function staffWithSecondFactor(email: string, role: 'manager' | 'dispatch' = 'manager') {
  const account = await signUpAccount(test, email, `Probe ${role}`);
  await test.database.db.update(users).set({ role }).where(eq(users.id, account.id));
  const started = await test.app.inject({
    method: 'POST',
    url: '/api/profile/two-factor/setup',
    headers: auth(account.token),
  });
  expect(started.statusCode, started.body).toBe(200);
  const totp = URI.parse(started.json<{ otpauthUri: string }>().otpauthUri) as TOTP;
  const enabled = await test.app.inject({
    method: 'POST',
    url: '/api/profile/two-factor/enable',
    headers: auth(account.token),
    payload: { code: totp.generate() },
  });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { ...account, totp };
}

/** Whether an answer carries a session: a token in its body or a session cookie. */
function signsIn(response: { body: string; headers: Record<string, unknown> }): boolean {
  const cookie = String(response.headers['set-cookie'] ?? '');
  let token: unknown = null;
  try {
    token = (JSON.parse(response.body) as { token?: unknown }).token ?? null;
  } catch {
    token = null;
  }
  return /rossy_session=[^;]/.test(cookie) || (typeof token === 'string' && token.length > 0);
}

const verify = (token: string) =>
  test.app.inject({
    method: 'POST',
    url: '/api/email/verify',
    remoteAddress: nextAddress(),
    payload: { token },
  });

describe('finding 1: a replaced e-mail-change link signs nobody in', () => {
  it('a manager with 2FA follows the second link, then the first one opens nothing', async () => {
    const manager = await staffWithSecondFactor('mgr.links@example.ng');
    const moved = await test.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(manager.token),
      payload: { name: 'Probe manager', email: 'mgr.new@example.ng' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const first = await linkTokenFromOutbox(test, 'mgr.new@example.ng', 'verify-email');
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/profile/email/resend',
      headers: auth(manager.token),
    });
    expect(again.statusCode, again.body).toBe(202);
    const second = await linkTokenFromOutbox(test, 'mgr.new@example.ng', 'verify-email');
    expect(second).not.toBe(first);

    const followed = await verify(second);
    expect(followed.statusCode, followed.body).toBe(200);
    expect(signsIn(followed)).toBe(false);

    const replayed = await verify(first);
    expect(replayed.statusCode, replayed.body).toBe(422);
    expect(signsIn(replayed)).toBe(false);
  });

  it('a new link ends the one before it, for a sign-up too', async () => {
    const email = 'two.links@example.ng';
    const signUp = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: nextAddress(),
      payload: { name: 'Two Links', email, password: TEST_PASSWORD },
    });
    expect(signUp.statusCode, signUp.body).toBe(202);
    const first = await linkTokenFromOutbox(test, email, 'verify-email');
    const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
    await sendVerificationLink(test.app.services.accounts, row!, email, 'sign-up');
    const second = await linkTokenFromOutbox(test, email, 'verify-email');
    expect((await verify(first)).statusCode).toBe(422);
    const confirmed = await verify(second);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(signsIn(confirmed)).toBe(true);
  });

  it('walks every kind of link: none signs in an account with 2FA on', async () => {
    const manager = await staffWithSecondFactor('mgr.walk@example.ng');
    const [row] = await test.database.db.select().from(users).where(eq(users.id, manager.id));
    const outcomes: Record<string, boolean> = {};

    // A sign-up's own link, as if the sign-up were unfinished, and a link that proves the address again.
    for (const purpose of ['sign-up', 'confirm'] as const) {
      await test.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, manager.id));
      await sendVerificationLink(test.app.services.accounts, row!, row!.email, purpose);
      const followed = await verify(await linkTokenFromOutbox(test, row!.email, 'verify-email'));
      expect(followed.statusCode, `${purpose}: ${followed.body}`).toBe(200);
      outcomes[purpose] = signsIn(followed);
    }

    // A new address.
    await test.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(manager.token),
      payload: { name: 'Probe manager', email: 'mgr.walk.new@example.ng' },
    });
    const changed = await verify(await linkTokenFromOutbox(test, 'mgr.walk.new@example.ng', 'verify-email'));
    expect(changed.statusCode, changed.body).toBe(200);
    outcomes.change = signsIn(changed);

    // A password reset.
    const forgot = await test.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      remoteAddress: nextAddress(),
      payload: { email: 'mgr.walk.new@example.ng' },
    });
    expect(forgot.statusCode, forgot.body).toBeLessThan(300);
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      remoteAddress: nextAddress(),
      payload: {
        token: await linkTokenFromOutbox(test, 'mgr.walk.new@example.ng', 'reset-password'),
        password: 'Another-Pass-2026',
        confirmPassword: 'Another-Pass-2026',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    outcomes.reset = signsIn(reset);

    // A staff invitation, sent before the account took the invited address.
    const invited = await grantStaffRole(
      test.app.services.accounts,
      { id: owner.id, email: owner.email, name: 'Rossy Owner', role: 'owner' },
      { email: 'mgr.walk.invited@example.ng', role: 'support' },
    );
    expect(invited.status).toBe('invited');
    const [mail] = await test.database.db
      .select({ text: outbox.text })
      .from(outbox)
      .where(eq(outbox.to, 'mgr.walk.invited@example.ng'));
    const token = /staff-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    await test.database.db
      .update(users)
      .set({ email: 'mgr.walk.invited@example.ng' })
      .where(eq(users.id, manager.id));
    const accepted = await test.app.inject({
      method: 'POST',
      url: '/api/staff-invitations/accept',
      remoteAddress: nextAddress(),
      payload: { token },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    outcomes.invitation = signsIn(accepted);

    expect(outcomes).toEqual({
      'sign-up': false,
      confirm: false,
      change: false,
      reset: false,
      invitation: false,
    });
  });
});

describe('finding 2: the signed-in second-factor routes are limited', () => {
  it('wrong codes and passwords get 429, not an endless 422', async () => {
    const manager = await staffWithSecondFactor('mgr.limits@example.ng');
    const address = nextAddress();
    const post = (url: string, payload: object) =>
      test.app.inject({ method: 'POST', url, headers: auth(manager.token), remoteAddress: address, payload });

    const passwords: number[] = [];
    for (let index = 0; index < 20; index++)
      passwords.push(
        (await post('/api/profile/two-factor/disable', { password: `wrong-${index}`, code: '000000' }))
          .statusCode,
      );
    expect(passwords.filter((status) => status === 422).length).toBeLessThanOrEqual(10);
    expect(passwords.slice(-5)).toEqual([429, 429, 429, 429, 429]);

    const codes: number[] = [];
    for (let index = 0; index < 40; index++)
      codes.push((await post('/api/profile/two-factor/recovery-codes', { code: '000000' })).statusCode);
    expect(codes.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
    expect(codes.slice(-30).every((status) => status === 429)).toBe(true);
    // The right code is refused too while the limit holds: the limit is no oracle.
    const right = await post('/api/profile/two-factor/recovery-codes', { code: manager.totp.generate() });
    expect(right.statusCode, right.body).toBe(429);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, manager.id));
    expect(row!.twoFactorEnabledAt).not.toBeNull();
  });

  it('codes sent at once take their places first: no more than five are checked', async () => {
    const manager = await staffWithSecondFactor('mgr.burst@example.ng');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        test.app.inject({
          method: 'POST',
          url: '/api/profile/two-factor/recovery-codes',
          headers: auth(manager.token),
          remoteAddress: nextAddress(),
          payload: { code: '000000' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(35);
  });
});

describe('finding 6: one sign-in challenge checks five codes, however they race', () => {
  it('40 wrong codes at once', async () => {
    const manager = await staffWithSecondFactor('mgr.race@example.ng');
    const waiting = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: nextAddress(),
      payload: { email: manager.email, password: TEST_PASSWORD },
    });
    expect(waiting.statusCode, waiting.body).toBe(202);
    const { challenge } = waiting.json<{ challenge: string }>();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        test.app.inject({
          method: 'POST',
          url: '/api/login/two-factor',
          remoteAddress: nextAddress(),
          payload: { challenge, code: '000000' },
        }),
      ),
    );
    const wrong = answers.filter((answer) => /not right/.test(answer.body)).length;
    expect(wrong).toBeLessThanOrEqual(5);
    const rows = await test.database.db
      .select({ attempts: signInChallenges.attempts, usedAt: signInChallenges.usedAt })
      .from(signInChallenges)
      .where(eq(signInChallenges.userId, manager.id));
    expect(Math.max(...rows.map((row) => row.attempts))).toBeLessThanOrEqual(5);
    // The challenge is over: even the right code needs the password again.
    const late = await test.app.inject({
      method: 'POST',
      url: '/api/login/two-factor',
      remoteAddress: nextAddress(),
      payload: { challenge, code: manager.totp.generate() },
    });
    expect(late.statusCode).toBe(401);
  });
});

describe('finding 9: one address cannot write the speed report', () => {
  it('300 beacons from one address count 20', async () => {
    await test.database.db.delete(webVitalsDaily);
    const statuses: number[] = [];
    for (let index = 0; index < 300; index++) {
      const answer = await test.app.inject({
        method: 'POST',
        url: '/api/vitals',
        remoteAddress: '10.44.250.250',
        payload: { template: 'home', device: 'mobile', connection: '4g', metrics: { LCP: 9000 } },
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.filter((status) => status === 204).length).toBe(20);
    expect(statuses.filter((status) => status === 429).length).toBe(280);
    const rows = await test.database.db.select().from(webVitalsDaily);
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(20);
  });
});

describe('finding 10: `Origin: null` is no origin of the shop', () => {
  it('refuses a profile change and a sign-out posted from a null origin or marked cross-site', async () => {
    const customer = await signUpAccount(test, 'null.origin@example.ng', 'Null Origin');
    const change = (headers: Record<string, string>) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: { ...auth(customer.token), ...headers },
        payload: { name: 'Changed By Someone Else', email: customer.email },
      });
    expect((await change({ origin: 'null' })).statusCode).toBe(403);
    expect((await change({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await change({ origin: 'file://' })).statusCode).toBe(403);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row!.name).toBe('Null Origin');

    const signOut = await test.app.inject({
      method: 'POST',
      url: '/logout',
      headers: {
        ...auth(customer.token),
        origin: 'null',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(signOut.statusCode).toBe(403);
    const still = await test.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: auth(customer.token),
    });
    expect(still.statusCode).toBe(200);

    // The shop's own pages, and clients that send no Origin, still pass.
    expect(
      (await change({ origin: 'http://localhost', host: 'localhost', 'sec-fetch-site': 'same-origin' }))
        .statusCode,
    ).toBe(200);
    expect((await change({})).statusCode).toBe(200);
  });
});
