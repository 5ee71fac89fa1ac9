import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secretKinds, secretRateLimits, type SecretKind } from '../../core/rate-limits';
import { users } from '../../db/schema/accounts';
import { auth, signUpAccount, TEST_PASSWORD } from '../fixtures/admin-api';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { readyPickupOrder } from '../fixtures/pickup';

/**
 * Walks the table of limits on typed secrets (core/rate-limits.ts `secretRateLimits`, issue 44 finding
 * 2): for every kind the shop checks today, wrong answers through its own route reach 429 at the
 * subject's limit, and past it the right answer is refused too (the limit is no oracle). Where a
 * kind's subjects cost nothing to make (invitation tokens), the address's limit is walked as well.
 */
let test: TestApp;
let ip = 0;
const nextAddress = () => `10.62.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
}, 180_000);
afterAll(async () => {
  await test?.close();
});

async function staffAccount(email: string) {
  const account = await signUpAccount(test, email, 'Probe Manager');
  await test.database.db.update(users).set({ role: 'manager' }).where(eq(users.id, account.id));
  return account;
}

/**
 * One kind's walk: `wrong()` sends a wrong secret for one subject from a new address each time, `right()`
 * the right one; both answer the HTTP status.
 */
interface Walk {
  subject(): Promise<{ wrong(address: string): Promise<number>; right(address: string): Promise<number> }>;
  /** The status a wrong answer gets below the limit. */
  wrongStatus: number;
}

const walks: Partial<Record<SecretKind, Walk>> = {
  password: {
    wrongStatus: 422,
    async subject() {
      const account = await signUpAccount(test, `walk.password.${ip}@example.ng`, 'Walk Password');
      const change = (address: string, currentPassword: string) =>
        test.app
          .inject({
            method: 'PUT',
            url: '/api/profile/password',
            headers: auth(account.token),
            remoteAddress: address,
            payload: { currentPassword, newPassword: 'A-New-Pass-2026', confirmPassword: 'A-New-Pass-2026' },
          })
          .then((answer) => answer.statusCode);
      return {
        wrong: (address) => change(address, 'not-my-password'),
        right: (address) => change(address, TEST_PASSWORD),
      };
    },
  },
  'second-factor': {
    wrongStatus: 422,
    async subject() {
      const account = await staffAccount(`walk.code.${ip}@example.ng`);
      const started = await test.app.inject({
        method: 'POST',
        url: '/api/profile/two-factor/setup',
        headers: auth(account.token),
      });
      expect(started.statusCode, started.body).toBe(200);
      const { secret } = started.json<{ secret: string }>();
      const { TOTP, Secret } = await import('otpauth');
      const enable = (address: string, code: string) =>
        test.app
          .inject({
            method: 'POST',
            url: '/api/profile/two-factor/enable',
            headers: auth(account.token),
            remoteAddress: address,
            payload: { code },
          })
          .then((answer) => answer.statusCode);
      return {
        wrong: (address) => enable(address, '000000'),
        right: (address) =>
          enable(address, new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate()),
      };
    },
  },
  'pickup-code': {
    wrongStatus: 400,
    async subject() {
      const order = await readyPickupOrder(test);
      const collect = (address: string, pickupCode: string) =>
        test.app
          .inject({
            method: 'PATCH',
            url: `/api/admin/orders/${order.number}/status`,
            headers: auth(order.staffToken),
            remoteAddress: address,
            payload: { status: 'picked_up', pickupCode },
          })
          .then((answer) => answer.statusCode);
      const wrongCode = order.pickupCode === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA';
      return {
        wrong: (address) => collect(address, wrongCode),
        right: (address) => collect(address, order.pickupCode),
      };
    },
  },
  invitation: {
    wrongStatus: 404,
    async subject() {
      const token = randomBytes(32).toString('base64url');
      const accept = (address: string) =>
        test.app
          .inject({
            method: 'POST',
            url: '/api/staff-invitations/accept',
            remoteAddress: address,
            payload: { token, name: 'Walk Invitee', password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
          })
          .then((answer) => answer.statusCode);
      // An unknown token has no right answer: past the limit it is 429 rather than 404.
      return { wrong: accept, right: accept };
    },
  },
};

/** Kinds in the table whose checks are still to come with their features (issues 48 and 49). */
const toCome: SecretKind[] = ['gift-card-code', 'payment-link'];

describe('the table of limits on typed secrets', () => {
  it('names every kind once, and every kind is walked here or still to come', () => {
    expect(new Set(secretKinds).size).toBe(secretKinds.length);
    expect([...Object.keys(walks), ...toCome].sort()).toEqual([...secretKinds].sort());
    for (const kind of secretKinds) {
      const rules = secretRateLimits[kind];
      expect(rules.bySubject.limit, kind).toBeLessThanOrEqual(rules.byIp.limit);
      expect(rules.bySubject.name).not.toBe(rules.byIp.name);
    }
  });

  for (const [kind, walk] of Object.entries(walks) as [SecretKind, Walk][]) {
    it(`${kind}: wrong answers reach 429 at ${secretRateLimits[kind].bySubject.limit} for one subject, and then the right one is refused too`, async () => {
      const subject = await walk.subject();
      const limit = secretRateLimits[kind].bySubject.limit;
      const statuses: number[] = [];
      for (let index = 0; index < limit + 2; index++) statuses.push(await subject.wrong(nextAddress()));
      expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(walk.wrongStatus));
      expect(statuses.slice(limit)).toEqual([429, 429]);
      expect(await subject.right(nextAddress())).toBe(429);
    });
  }

  it('invitation: one address trying tokens in turn reaches 429 at its own limit', async () => {
    const address = nextAddress();
    const limit = secretRateLimits.invitation.byIp.limit;
    const statuses: number[] = [];
    for (let index = 0; index < limit + 1; index++) {
      const token = randomBytes(32).toString('base64url');
      const answer = await test.app.inject({
        method: 'GET',
        url: `/api/staff-invitations?token=${token}`,
        remoteAddress: address,
      });
      statuses.push(answer.statusCode);
    }
    expect(statuses.slice(0, limit).every((status) => status === 404)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it('a right answer gives its place back: right answers between wrong ones are never counted', async () => {
    const account = await signUpAccount(test, 'walk.forgive@example.ng', 'Walk Forgive');
    const limit = secretRateLimits.password.bySubject.limit;
    const change = (token: string, currentPassword: string, newPassword: string) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/profile/password',
        headers: auth(token),
        remoteAddress: nextAddress(),
        payload: { currentPassword, newPassword, confirmPassword: newPassword },
      });
    for (let index = 0; index < limit - 1; index++)
      expect((await change(account.token, 'not-my-password', 'A-New-Pass-2026')).statusCode).toBe(422);
    const right = await change(account.token, TEST_PASSWORD, 'A-New-Pass-2026');
    expect(right.statusCode, right.body).toBe(200);
    // The password change gave a new session; the account's counter is the same.
    const token = right.json().token as string;
    expect((await change(token, 'not-my-password', 'Third-Pass-2026')).statusCode).toBe(422);
    expect((await change(token, 'not-my-password', 'Third-Pass-2026')).statusCode).toBe(429);
  });
});
