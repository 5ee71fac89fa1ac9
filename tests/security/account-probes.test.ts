import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdminAccount } from '../../core/accounts/ensure-admin-account';
import { hashPassword } from '../../core/accounts/passwords';
import { setAdminPassword } from '../../core/accounts/set-admin-password';
import { emailVerifications, users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { linkTokenFromOutbox, signUpAs, TEST_PASSWORD } from '../fixtures/admin-api';
import { testOrderBody } from '../fixtures/orders';
import type { TestApp } from '../fixtures/test-app';
import { createTestPagesApp } from '../fixtures/test-pages-app';
import { setProductStock } from '../fixtures/stock';

/**
 * Probes of issue 13, findings 1, 2 and 8: nobody becomes admin through ADMIN_EMAIL, nobody reads a
 * guest's orders by typing the guest's address into an account, and sign-up, sign-in, profile and
 * forgot-password do not tell who has an account; and of the review after it: a kept e-mail-change
 * link does not outlive a password reset, and opening a confirmation link changes nothing. The whole
 * shop (API and pages, compiled by Vite) on one database.
 */
let test: TestApp;
let product: { id: number; size: string | null };
let ip = 0;
/** Each call from an address of its own, so the per-address limits meet none of these probes. */
const remoteAddress = () => `10.13.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function signUp(email: string, password = TEST_PASSWORD, name = 'Probe Person') {
  return test.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: remoteAddress(),
    payload: { name, email, password },
  });
}

async function signIn(email: string, password = TEST_PASSWORD) {
  const response = await test.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string; user: { role: string; emailVerified: boolean } }>();
}

async function guestOrder(email: string): Promise<string> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: remoteAddress(),
    headers: { 'idempotency-key': `probe-${Date.now()}-${ip}` },
    payload: { ...testOrderBody(product, { email }), phone: '+234 803 111 2222' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ order: { id: string } }>().order.id;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
  const [row] = await test.database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(sql`${products.stock} > 5 and cardinality(${products.sizes}) <= 1`)
    .limit(1);
  await setProductStock(test.database.db, row!.id, 500);
  product = { id: row!.id, size: row!.sizes[0] ?? null };
}, 180_000);
afterAll(async () => {
  await test?.close();
});

describe('finding 1: nobody becomes admin through ADMIN_EMAIL', () => {
  it('signing up and signing in with ADMIN_EMAIL, before any admin exists, gives a customer', async () => {
    const [admins] = await test.database.db.select({ n: count() }).from(users).where(eq(users.role, 'owner'));
    expect(admins!.n).toBe(0);
    const started = await signUp('  Admin@Rossy.ng ', 'Stranger-Pass-2026');
    expect(started.statusCode).toBe(202);
    expect(JSON.stringify(started.json())).not.toMatch(/admin"|token/);
    const confirmed = await test.app.inject({
      method: 'POST',
      url: '/api/email/verify',
      payload: { token: await linkTokenFromOutbox(test, 'admin@rossy.ng', 'verify-email') },
    });
    expect(confirmed.json().user.role).toBe('customer');
    const session = await signIn('admin@rossy.ng', 'Stranger-Pass-2026');
    expect(session.user.role).toBe('customer');
    const admin = await test.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: bearer(session.token),
    });
    expect(admin.statusCode).toBe(403);
  });

  it('a restart never promotes a customer who holds ADMIN_EMAIL, nor creates a second admin once one exists', async () => {
    // The customer above holds admin@rossy.ng: start-up leaves them a customer.
    const result = await ensureAdminAccount(test.database.db, 'admin@rossy.ng', 'Owner-Seed-Pass-2026');
    expect(result).toMatchObject({ created: false, isAdmin: false });
    const [holder] = await test.database.db.select().from(users).where(eq(users.email, 'admin@rossy.ng'));
    expect(holder!.role).toBe('customer');

    // The owner, seeded on a shop with no admin, moved to another address; ADMIN_EMAIL is free again.
    const fresh = await ensureAdminAccount(test.database.db, 'owner@rossy.ng', 'Owner-Seed-Pass-2026');
    expect(fresh).toMatchObject({ created: true, isAdmin: true });
    await test.database.db
      .update(users)
      .set({ email: 'owner.new@rossy.ng' })
      .where(eq(users.email, 'owner@rossy.ng'));
    const again = await ensureAdminAccount(test.database.db, 'owner@rossy.ng', 'Owner-Seed-Pass-2026');
    expect(again).toMatchObject({ created: false, isAdmin: false });
    expect(await test.database.db.select().from(users).where(eq(users.email, 'owner@rossy.ng'))).toHaveLength(
      0,
    );
    const squatter = await signUp('owner@rossy.ng', 'Stranger-Pass-2026');
    expect(squatter.statusCode).toBe(202);
    await test.app.inject({
      method: 'POST',
      url: '/api/email/verify',
      payload: { token: await linkTokenFromOutbox(test, 'owner@rossy.ng', 'verify-email') },
    });
    expect((await signIn('owner@rossy.ng', 'Stranger-Pass-2026')).user.role).toBe('customer');
  });

  it('only a signed-in admin promotes', async () => {
    // The administrator seeded above, at their new address.
    const admin = await signIn('owner.new@rossy.ng', 'Owner-Seed-Pass-2026');
    const customer = await signIn('owner@rossy.ng', 'Stranger-Pass-2026');
    const [target] = await test.database.db.select().from(users).where(eq(users.email, 'owner@rossy.ng'));
    const bySelf = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${target!.id}/promote`,
      headers: bearer(customer.token),
    });
    expect(bySelf.statusCode).toBe(403);
    const byAdmin = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${target!.id}/promote`,
      headers: bearer(admin.token),
    });
    expect(byAdmin.json().user.role).toBe('owner');
  });
});

describe('finding 2: a guest’s orders are not read by whoever types the guest’s address', () => {
  it('an account signed up with the guest’s address sees nothing of the order until it follows the link', async () => {
    const victim = 'guest.victim@example.ng';
    const number = await guestOrder(victim);
    await signUp(victim, 'Squatter-Pass-2026');
    // Unconfirmed, the sign-up cannot even sign in.
    const refused = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: victim, password: 'Squatter-Pass-2026' },
    });
    expect(refused.statusCode).toBe(401);
    // The right password sent the link again, after the answer: wait for it, so it is not written later.
    const links = async () =>
      (
        await test.database.db
          .select({ n: count() })
          .from(outbox)
          .where(and(eq(outbox.to, victim), like(outbox.text, '%/verify-email?token=%')))
      )[0]!.n;
    await expect.poll(links).toBe(2);
    // An account from before confirmation links (none on record) signs in, unproved.
    const [row] = await test.database.db.select().from(users).where(eq(users.email, victim));
    await test.database.db.delete(emailVerifications).where(eq(emailVerifications.userId, row!.id));
    const squatter = await signIn(victim, 'Squatter-Pass-2026');
    expect(squatter.user.emailVerified).toBe(false);
    const list = await test.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: bearer(squatter.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().orders).toEqual([]);
    const detail = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${number}`,
      headers: bearer(squatter.token),
    });
    expect(detail.statusCode).toBe(404);
    expect(detail.body).not.toContain('803 111 2222');
    const reference = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/bank-transfer`,
      headers: bearer(squatter.token),
      payload: { reference: 'FBN12345678' },
    });
    expect(reference.statusCode).toBe(404);
    const pay = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/payments`,
      headers: bearer(squatter.token),
      payload: {},
    });
    expect(pay.statusCode).toBe(404);
  });

  it('a profile changed to the guest’s address does not take it, nor the orders, without the link', async () => {
    const victim = 'guest.second@example.ng';
    const number = await guestOrder(victim);
    const token = await signUpAs(test, 'curious@example.ng', 'Curious');
    const changed = await test.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'Curious', email: victim },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().user).toMatchObject({ email: 'curious@example.ng', pendingEmail: victim });
    const list = await test.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(token) });
    expect(list.json().orders).toEqual([]);
    const detail = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${number}`,
      headers: bearer(token),
    });
    expect(detail.statusCode).toBe(404);
  });

  it('the address’s owner, once confirmed, sees the guest order in the account', async () => {
    const owner = 'guest.owner@example.ng';
    const number = await guestOrder(owner);
    const token = await signUpAs(test, owner, 'Real Owner');
    const list = await test.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(token) });
    expect(list.json().orders.map((order: { id: string }) => order.id)).toContain(number);
  });
});

describe('finding 8: sign-up, profile and forgot-password do not tell who has an account', () => {
  it('sign-up answers a taken address exactly as a new one, without a session either way', async () => {
    await signUpAs(test, 'known.one@example.ng', 'Known');
    const taken = await signUp('known.one@example.ng');
    const fresh = await signUp('unknown.one@example.ng');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).not.toBe(409);
    expect(taken.json().message.replace('known.one', 'X')).toBe(
      fresh.json().message.replace('unknown.one', 'X'),
    );
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(fresh.headers['set-cookie']).toBeUndefined();
  });

  it('a profile e-mail change answers a taken address exactly as a free one', async () => {
    await signUpAs(test, 'known.two@example.ng', 'Known');
    const token = await signUpAs(test, 'changer@example.ng', 'Changer');
    const put = (email: string) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(token),
        payload: { name: 'Changer', email },
      });
    const taken = await put('known.two@example.ng');
    const free = await put('unknown.two@example.ng');
    expect(taken.statusCode).toBe(200);
    expect(free.statusCode).toBe(200);
    const shape = (body: { user: Record<string, unknown> }) => ({ ...body.user, pendingEmail: 'X' });
    expect(shape(taken.json())).toEqual(shape(free.json()));
  });

  it('forgot-password takes the same time for a known and an unknown address (medians of many calls)', async () => {
    const rounds = 15;
    const passwordHash = await hashPassword('Timing-Probe-Pass-1');
    const known = Array.from({ length: rounds }, (_, index) => `timing.known.${index}@example.ng`);
    await test.database.db
      .insert(users)
      .values(known.map((email) => ({ name: 'Timing Known', email, passwordHash })));
    const forgot = async (email: string) => {
      const started = performance.now();
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/password/forgot',
        remoteAddress: remoteAddress(),
        payload: { email },
      });
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(202);
      return elapsed;
    };
    const mailCount = async (email: string) =>
      (await test.database.db.select({ n: count() }).from(outbox).where(eq(outbox.to, email)))[0]!.n;
    // Warm up both paths, then alternate, so both see the same machine and the same caches.
    await forgot('timing.warmup@example.ng');
    await forgot(known[0]!);
    await linkTokenFromOutbox(test, known[0]!, 'reset-password');
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let index = 1; index < rounds; index++) {
      unknownTimes.push(await forgot(`timing.unknown.${index}@example.ng`));
      knownTimes.push(await forgot(known[index]!));
      // The mail is written after the answer; wait for it (outside the measured time) before the next call.
      await linkTokenFromOutbox(test, known[index]!, 'reset-password');
      expect(await mailCount(`timing.unknown.${index}@example.ng`)).toBe(0);
    }
    const knownMedian = median(knownTimes);
    const unknownMedian = median(unknownTimes);
    // Within a quarter of the other path's time (and 1 ms of scheduling noise).
    expect(
      Math.abs(knownMedian - unknownMedian),
      `median known ${knownMedian.toFixed(2)} ms, unknown ${unknownMedian.toFixed(2)} ms`,
    ).toBeLessThanOrEqual(Math.max(1, 0.25 * Math.min(knownMedian, unknownMedian)));
  });
});

/** An account squatting `email` from before confirmation links: unproved, no link on record, the stranger's password. */
async function legacySquatter(email: string, password: string) {
  await test.database.db
    .insert(users)
    .values({ name: 'Squatter', email, passwordHash: await hashPassword(password) });
  return signIn(email, password);
}

/** The squatter asks to move the account to their own address and keeps the link. */
async function keepChangeLink(token: string, to: string): Promise<string> {
  const changed = await test.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: bearer(token),
    payload: { name: 'Squatter', email: to },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return linkTokenFromOutbox(test, to, 'verify-email');
}

async function expectLinkDead(kept: string, owner: string) {
  const followed = await test.app.inject({
    method: 'POST',
    url: '/api/email/verify',
    payload: { token: kept },
  });
  expect(followed.statusCode).toBe(422);
  expect(followed.headers['set-cookie']).toBeUndefined();
  expect(followed.body).not.toContain('token":"ey');
  const [row] = await test.database.db.select().from(users).where(eq(users.email, owner));
  expect(row).toMatchObject({ email: owner, pendingEmail: null });
}

describe('review: a kept e-mail-change link does not outlive the owner taking the account back', () => {
  it('after a password reset the squatter’s change link neither moves the address nor signs in', async () => {
    const owner = 'takeback.owner@example.ng';
    const squatter = await legacySquatter(owner, 'Squatter-Pass-2026');
    const kept = await keepChangeLink(squatter.token, 'takeback.stranger@example.ng');
    await test.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      remoteAddress: remoteAddress(),
      payload: { email: owner },
    });
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      remoteAddress: remoteAddress(),
      payload: {
        token: await linkTokenFromOutbox(test, owner, 'reset-password'),
        password: 'Owner-Back-2026',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectLinkDead(kept, owner);
  });

  it('after npm run admin:password the squatter’s change link neither moves the address nor signs in', async () => {
    const owner = 'takeback.boss@example.ng';
    const squatter = await legacySquatter(owner, 'Squatter-Pass-2026');
    const kept = await keepChangeLink(squatter.token, 'takeback.thief@example.ng');
    // The owner says the account at the address is theirs (--promote-customer).
    await setAdminPassword(test.database.db, owner, 'Owner-Admin-Pass-2026', { promoteCustomer: true });
    await expectLinkDead(kept, owner);
  });

  it('a change link, even unspent, moves the address only and signs nobody in', async () => {
    const token = await signUpAs(test, 'mover.old@example.ng', 'Mover');
    const link = await keepChangeLink(token, 'mover.new@example.ng');
    const followed = await test.app.inject({
      method: 'POST',
      url: '/api/email/verify',
      payload: { token: link },
    });
    expect(followed.statusCode).toBe(200);
    expect(followed.headers['set-cookie']).toBeUndefined();
    expect(followed.json()).not.toHaveProperty('token');
    expect(followed.json()).not.toHaveProperty('user');
    const [row] = await test.database.db.select().from(users).where(eq(users.email, 'mover.new@example.ng'));
    expect(row).toBeDefined();
  });
});

describe('review: signing in after signing up does not tell whether the address was free', () => {
  it('the password typed at sign-up fails the same way for a new and a taken address', async () => {
    await signUpAs(test, 'taken.three@example.ng', 'Known');
    const attempt = async (email: string) => {
      expect((await signUp(email, 'Prober-Pass-2026')).statusCode).toBe(202);
      return test.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: remoteAddress(),
        payload: { email, password: 'Prober-Pass-2026' },
      });
    };
    const taken = await attempt('taken.three@example.ng');
    const fresh = await attempt('free.three@example.ng');
    expect(fresh.statusCode).toBe(401);
    expect(fresh.statusCode).toBe(taken.statusCode);
    expect(fresh.json()).toEqual(taken.json());
    expect(fresh.headers['set-cookie']).toBeUndefined();
  });

  it('the right password of an unconfirmed sign-up counts as a failed attempt', async () => {
    const email = 'counted.three@example.ng';
    await signUp(email, 'Prober-Pass-2026');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: remoteAddress(),
        payload: { email, password: 'Prober-Pass-2026' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  });
});

describe('review: opening a confirmation link changes nothing until its button is pressed', () => {
  it('GET /verify-email?token=… shows a form that posts the token; the POST confirms and signs in', async () => {
    const email = 'scanned.link@example.ng';
    await signUp(email, 'Scanned-Pass-2026');
    const token = await linkTokenFromOutbox(test, email, 'verify-email');
    const opened = await test.app.inject({ method: 'GET', url: `/verify-email?token=${token}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(opened.body).toContain('Confirm my e-mail');
    expect(opened.body).toMatch(/<form[^>]*method="post"/);
    expect(opened.body).toContain(`name="token" value="${token}"`);
    const [unchanged] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(unchanged!.emailVerifiedAt).toBeNull();

    const confirmed = await test.app.inject({
      method: 'POST',
      url: '/verify-email',
      remoteAddress: remoteAddress(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe('/verify-email?confirmed=account');
    expect(String(confirmed.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).not.toBeNull();
  });
});
