import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/mail';
import { emailVerifications, sessions, users } from '../../../db/schema/accounts';
import { linkTokenFromOutbox } from '../../../tests/fixtures/admin-api';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let counter = 0;

beforeAll(async () => {
  test = await createTestApp({ seed: false });
});
afterAll(async () => {
  await test?.close();
});

const uniqueEmail = (label = 'shopper') => `${label}.${Date.now()}.${counter++}@example.ng`;
const PASSWORD = 'Adire-Silk-2024';

function startSignUp(email: string, overrides: Record<string, unknown> = {}) {
  // A fresh address per sign-up keeps these tests clear of the per-address sign-up limit.
  return test.app.inject({
    method: 'POST',
    url: '/api/signup',
    remoteAddress: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
    payload: { name: 'Chiamaka Obi', email, password: PASSWORD, ...overrides },
  });
}

function followLink(token: string) {
  return test.app.inject({ method: 'POST', url: '/api/email/verify', payload: { token } });
}

/** Signs up as a shopper does: the form, then the confirmation link from the e-mail, which signs in. */
async function signUpUser(overrides: Record<string, unknown> = {}) {
  const email = typeof overrides.email === 'string' ? overrides.email : uniqueEmail();
  const response = await startSignUp(email, overrides);
  expect(response.statusCode, response.body).toBe(202);
  const confirm = await followLink(await linkTokenFromOutbox(test, email, 'verify-email'));
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { response, confirm, email, token: confirm.json().token as string, user: confirm.json().user };
}

const mailsTo = (email: string) =>
  test.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.id);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sign-up', () => {
  it('creates an unconfirmed customer and mails a link; following it confirms the address and signs in with an httpOnly cookie and a token with exp in seconds', async () => {
    const email = uniqueEmail();
    const started = await startSignUp(email);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toEqual({
      message: `Check your inbox: we sent a link to ${email} to finish creating your account.`,
    });
    expect(started.headers['set-cookie']).toBeUndefined();
    const [created] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({ role: 'customer', emailVerifiedAt: null });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toMatch(/Finish creating your .* account/);

    const response = await followLink(await linkTokenFromOutbox(test, email, 'verify-email'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      email,
      role: 'customer',
      status: 'active',
      name: 'Chiamaka Obi',
      emailVerified: true,
      pendingEmail: null,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    const payload = JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString());
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
    expect(payload.exp).toBeLessThan(Date.now() / 1000 + 31 * 86400);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/rossy_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('ignores a role sent by the browser', async () => {
    const { user } = await signUpUser({ role: 'owner', status: 'inactive' });
    expect(user).toMatchObject({ role: 'customer', status: 'active' });
  });

  it('a link works once, and a made-up or expired one is refused with a clear message', async () => {
    const email = uniqueEmail();
    await startSignUp(email);
    const token = await linkTokenFromOutbox(test, email, 'verify-email');
    expect((await followLink(token)).statusCode).toBe(200);
    // A link the shop cannot honour is a well-formed request it refuses: 422.
    const again = await followLink(token);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toMatch(/invalid, has expired or was already used/);
    expect((await followLink('made-up')).statusCode).toBe(422);

    const late = uniqueEmail('late');
    await startSignUp(late);
    const lateToken = await linkTokenFromOutbox(test, late, 'verify-email');
    const [row] = await test.database.db.select().from(users).where(eq(users.email, late));
    await test.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, row!.id));
    expect((await followLink(lateToken)).statusCode).toBe(422);
  });

  it('answers a taken address exactly as a new one, creates nothing and e-mails its owner instead', async () => {
    const owner = await signUpUser({ name: 'Real Owner' });
    const before = await test.database.db.select().from(users).where(eq(users.email, owner.email));
    const fresh = await startSignUp(uniqueEmail('fresh'), { name: 'Someone' });
    const taken = await startSignUp(owner.email.toUpperCase(), {
      name: 'Someone',
      password: 'Other-Pass-2026',
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json().message.replace(owner.email, 'X')).toBe(
      fresh.json().message.replace(/\S+@example\.ng/, 'X'),
    );
    expect(taken.headers['set-cookie']).toBeUndefined();
    expect(await test.database.db.select().from(users).where(eq(users.email, owner.email))).toEqual(before);
    const mails = await mailsTo(owner.email);
    expect(mails.at(-1)!.subject).toMatch(/Someone tried to create a .* account with your address/);
    expect(mails.at(-1)!.text).toMatch(/forgot-password/);
    // The old password still works; the one typed at the second sign-up does not.
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: owner.email, password: 'Other-Pass-2026' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('an unconfirmed sign-up cannot sign in: the answer of a wrong password, and its link again (once per 10 minutes)', async () => {
    const email = uniqueEmail('unconfirmed');
    await startSignUp(email);
    await linkTokenFromOutbox(test, email, 'verify-email');
    const signIn = (password: string) =>
      test.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const right = await signIn(PASSWORD);
    const wrong = await signIn('Wrong-Pass-2026');
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual(wrong.json());
    expect(right.json().error.message).toBe('Failed to sign in. Please check your credentials.');
    expect(right.headers['set-cookie']).toBeUndefined();
    // The right password mails the link again, after the answer; a second try soon after does not.
    await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
    expect((await signIn(PASSWORD)).statusCode).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailsTo(email)).toHaveLength(2);
    // The newest link confirms the account and signs in; then the password works.
    expect((await followLink(await linkTokenFromOutbox(test, email, 'verify-email'))).statusCode).toBe(200);
    expect((await signIn(PASSWORD)).statusCode).toBe(200);
  });

  it('an account from before confirmation links signs in unconfirmed; "send the link again" is limited', async () => {
    const email = uniqueEmail('legacy');
    await startSignUp(email);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
    // No sign-up link on record: as for an account created before links were sent.
    await test.database.db.delete(emailVerifications).where(eq(emailVerifications.userId, row!.id));
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ emailVerified: false, role: 'customer' });
    const resend = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/profile/email/resend',
        headers: bearer(signIn.json().token),
      });
    const first = await resend();
    expect(first.statusCode).toBe(202);
    expect(first.json().message).toBe(`We sent a new link to ${email}.`);
    await resend();
    await resend();
    expect((await resend()).statusCode).toBe(429);
    expect(await mailsTo(email)).toHaveLength(4);
    // Asking for a link does not turn the account into an unfinished sign-up: it still signs in.
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
    // And the link still proves the address.
    const confirmed = await test.app.inject({
      method: 'POST',
      url: '/api/email/verify',
      payload: { token: await linkTokenFromOutbox(test, email, 'verify-email') },
    });
    expect(confirmed.statusCode).toBe(200);
    const profile = await test.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(again.json().token),
    });
    expect(profile.json().user.emailVerified).toBe(true);
  });

  it('answers the messages of the shop for missing fields, short and common passwords', async () => {
    const missing = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: '', email: uniqueEmail(), password: PASSWORD },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('All fields are required');
    const short = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'A', email: uniqueEmail(), password: 'short1' },
    });
    expect(short.json().error.message).toBe('Password must be at least 8 characters');
    const common = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'A', email: uniqueEmail(), password: 'Password123' },
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().error.fields.password).toMatch(/too common/);
    const badEmail = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'A', email: 'not-an-email', password: PASSWORD },
    });
    expect(badEmail.json().error.message).toBe('Please enter a valid email address');
  });

  it('stores only an argon2id hash', async () => {
    const { email } = await signUpUser();
    const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });
});

describe('sign-in and sessions', () => {
  it('asks for both fields, and answers a wrong password and an unknown e-mail the same way', async () => {
    const { email } = await signUpUser();
    const empty = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please enter both email and password');
    const wrong = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'wrong-password-1' },
    });
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: uniqueEmail('nobody'), password: 'wrong-password-1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('gives a new session on every sign-in; the bearer token and the cookie both identify the user', async () => {
    const { email } = await signUpUser();
    const first = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
    });
    const second = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().token).not.toBe(second.json().token);
    const viaBearer = await test.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: bearer(first.json().token),
    });
    expect(viaBearer.json().user.email).toBe(email);
    const viaCookie = await test.app.inject({
      method: 'GET',
      url: '/api/profile',
      cookies: { rossy_session: second.json().token },
    });
    expect(viaCookie.json().user.email).toBe(email);
  });

  it('refuses tampered, unsigned and foreign tokens', async () => {
    const { token } = await signUpUser();
    const [header, payload] = token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const tampered = `${header}.${payload}.${'A'.repeat(43)}`;
    for (const bad of [unsigned, tampered, 'garbage', `${token}x`]) {
      const response = await test.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(bad) });
      expect(response.statusCode).toBe(401);
    }
  });

  it('logout ends the session on the server', async () => {
    const { token } = await signUpUser();
    const out = await test.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/rossy_session=;/);
    const after = await test.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Not authenticated');
  });

  it('limits sign-in attempts per account with a 429 and Retry-After', async () => {
    const { email } = await signUpUser();
    let last;
    for (let attempt = 0; attempt < 11; attempt++) {
      last = await test.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: `10.1.0.${attempt}`,
        payload: { email, password: 'wrong-password-1' },
      });
    }
    if (!last) throw new Error('no sign-in attempt was made');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().error.code).toBe('RATE_LIMITED');
    // Once locked, even the right password waits for the window to pass.
    const right = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '10.1.0.99',
      payload: { email, password: PASSWORD },
    });
    expect(right.statusCode).toBe(429);
  });

  it('counts failed attempts only: an owner who signs in often is never stopped', async () => {
    const { email } = await signUpUser();
    for (let attempt = 0; attempt < 15; attempt++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.2.0.1',
        payload: { email, password: PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe('profile', () => {
  it('updates the details and ignores role and status', async () => {
    const { token, email } = await signUpUser();
    const response = await test.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: {
        name: 'Chiamaka Okafor',
        email,
        phone: '+2348030000001',
        city: 'Abuja',
        state: 'FCT',
        role: 'owner',
        status: 'inactive',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      name: 'Chiamaka Okafor',
      city: 'Abuja',
      role: 'customer',
      status: 'active',
    });
  });

  it('a new e-mail waits for its link; the answer is the same when another account has the address', async () => {
    const taken = await signUpUser();
    const { token, email, user } = await signUpUser();
    const newEmail = uniqueEmail('moved');
    const change = (address: string) =>
      test.app.inject({
        method: 'PUT',
        url: '/api/profile',
        headers: bearer(token),
        payload: { name: 'X', email: address },
      });

    const toTaken = await change(taken.email);
    expect(toTaken.statusCode).toBe(200);
    expect(toTaken.json().user).toMatchObject({ email, pendingEmail: taken.email, emailVerified: true });
    expect((await mailsTo(taken.email)).at(-1)!.subject).toMatch(/Someone tried to use your address/);

    const toNew = await change(newEmail);
    expect(toNew.statusCode).toBe(200);
    expect(toNew.json().user).toMatchObject({ email, pendingEmail: newEmail, emailVerified: true });
    const [row] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(email);

    const confirmed = await followLink(await linkTokenFromOutbox(test, newEmail, 'verify-email'));
    expect(confirmed.statusCode).toBe(200);
    // A change link moves the address only: it signs nobody in.
    expect(confirmed.json()).toEqual({ message: `Your account now uses ${newEmail}.`, email: newEmail });
    expect(confirmed.headers['set-cookie']).toBeUndefined();
    const profile = await test.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) });
    expect(profile.json().user).toMatchObject({
      id: user.id,
      email: newEmail,
      pendingEmail: null,
      emailVerified: true,
    });
  });

  it('a confirmation for an address another account took meanwhile is refused, and the e-mail stays', async () => {
    const { token, email, user } = await signUpUser();
    const wanted = uniqueEmail('wanted');
    await test.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: 'X', email: wanted },
    });
    const link = await linkTokenFromOutbox(test, wanted, 'verify-email');
    await signUpUser({ email: wanted });
    const refused = await followLink(link);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/belongs to another account/);
    const [row] = await test.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(email);
  });

  it('refuses an empty name', async () => {
    const { token, email } = await signUpUser();
    const noName = await test.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: bearer(token),
      payload: { name: ' ', email },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields.name).toBe('Name is required');
  });

  it('accepts a real image as avatar, re-encoded as WebP, and refuses other bytes', async () => {
    const { token } = await signUpUser();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#9a7446' } })
      .png()
      .toBuffer();
    const upload = (bytes: Buffer, filename: string, type: string) => {
      const boundary = '----rossy';
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return test.app.inject({
        method: 'POST',
        url: '/api/profile/avatar',
        headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const ok = await upload(png, '../../etc/passwd.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.avatarUrl).toMatch(/^\/media\/avatars\/[0-9a-f]{16}-256\.webp$/);
    const disguised = await upload(Buffer.from('<?php echo "hi"; ?>'), 'photo.png', 'image/png');
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().error.fields.avatar).toMatch(/JPEG, PNG, WebP or GIF/);
  });
});

describe('password change', () => {
  it('checks the current password and the confirmation, then ends the other sessions', async () => {
    const { token, email } = await signUpUser();
    const other = (
      await test.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } })
    ).json().token;
    const mismatch = await test.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: bearer(token),
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'Kente-Weave-99',
        confirmPassword: 'Kente-Weave-98',
      },
    });
    expect(mismatch.json().error.message).toBe('New passwords do not match');
    const wrongCurrent = await test.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: bearer(token),
      payload: {
        currentPassword: 'not-it-at-all',
        newPassword: 'Kente-Weave-99',
        confirmPassword: 'Kente-Weave-99',
      },
    });
    expect(wrongCurrent.statusCode).toBe(422);
    const changed = await test.app.inject({
      method: 'PUT',
      url: '/api/profile/password',
      headers: bearer(token),
      payload: {
        currentPassword: PASSWORD,
        newPassword: 'Kente-Weave-99',
        confirmPassword: 'Kente-Weave-99',
      },
    });
    expect(changed.statusCode).toBe(200);
    for (const old of [token, other]) {
      expect(
        (await test.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(old) })).statusCode,
      ).toBe(401);
    }
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(changed.json().token) }))
        .statusCode,
    ).toBe(200);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Kente-Weave-99' },
    });
    expect(signIn.statusCode).toBe(200);
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown e-mails, and mails a one-time link only to the known one', async () => {
    const { email, token } = await signUpUser();
    const unknownEmail = uniqueEmail('ghost');
    const known = await test.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: unknownEmail },
    });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe('If an account with that email exists, a reset link has been sent.');
    const resetToken = await linkTokenFromOutbox(test, email, 'reset-password');
    expect((await mailsTo(email)).at(-1)!.subject).toMatch(/Reset your .* password/);
    expect(await test.database.db.select().from(outbox).where(eq(outbox.to, unknownEmail))).toHaveLength(0);

    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: resetToken, password: 'Ankara-Print-77' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: resetToken, password: 'Ankara-Print-78' },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toMatch(/invalid or has expired/);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode,
    ).toBe(401);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Ankara-Print-77' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: { token: 'made-up', password: 'Ankara-Print-77' },
    });
    expect(response.statusCode).toBe(422);
  });
});

describe('password reset proves the address', () => {
  it('an unconfirmed account that completes a reset from the e-mailed link is confirmed', async () => {
    const email = uniqueEmail('squatted');
    await startSignUp(email);
    await test.app.inject({ method: 'POST', url: '/api/password/forgot', payload: { email } });
    const reset = await test.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        token: await linkTokenFromOutbox(test, email, 'reset-password'),
        password: 'Owner-Takes-Back-1',
      },
    });
    expect(reset.statusCode).toBe(200);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).not.toBeNull();
    // The squatter's password no longer works.
    const squatter = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
    });
    expect(squatter.statusCode).toBe(401);
  });
});

describe('user management', () => {
  async function adminToken() {
    const customer = await signUpUser({ email: uniqueEmail('manager') });
    await test.database.db.update(users).set({ role: 'owner' }).where(eq(users.id, customer.user.id));
    return { token: customer.token, id: customer.user.id as string };
  }

  it('answers 401 to a guest and 403 to a customer on every admin route', async () => {
    const customer = await signUpUser();
    const routes = [
      { method: 'GET' as const, url: '/api/users' },
      { method: 'PATCH' as const, url: `/api/users/${customer.user.id}/promote` },
      {
        method: 'PATCH' as const,
        url: `/api/users/${customer.user.id}/status`,
        payload: { status: 'inactive' },
      },
    ];
    for (const route of routes) {
      const guest = await test.app.inject(route);
      expect(guest.statusCode, `${route.method} ${route.url} as guest`).toBe(401);
      const asCustomer = await test.app.inject({ ...route, headers: bearer(customer.token) });
      expect(asCustomer.statusCode, `${route.method} ${route.url} as customer`).toBe(403);
    }
  });

  it('lists users 5 a page, searched on name or e-mail', async () => {
    const admin = await adminToken();
    const marker = `zz${Date.now()}`;
    for (let index = 0; index < 6; index++) await signUpUser({ name: `Tolu ${marker} ${index}` });
    const page = await test.app.inject({
      method: 'GET',
      url: `/api/users?q=${marker.toUpperCase()}`,
      headers: bearer(admin.token),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ total: 6, pageSize: 5, pageCount: 2 });
    expect(page.json().users).toHaveLength(5);
  });

  it('promotes a customer, and deactivation ends their sessions and stops their sign-in', async () => {
    const admin = await adminToken();
    const customer = await signUpUser();
    const promoted = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${customer.user.id}/promote`,
      headers: bearer(admin.token),
    });
    expect(promoted.json().user.role).toBe('owner');

    const target = await signUpUser();
    const off = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.user.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'inactive' },
    });
    expect(off.json().user.status).toBe('inactive');
    expect(
      await test.database.db.select().from(sessions).where(eq(sessions.userId, target.user.id)),
    ).toHaveLength(0);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(target.token) }))
        .statusCode,
    ).toBe(401);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: target.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toMatch(/deactivated/);

    const bad = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${target.user.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'asleep' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('does not let an admin deactivate themselves', async () => {
    const admin = await adminToken();
    const self = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${admin.id}/status`,
      headers: bearer(admin.token),
      payload: { status: 'inactive' },
    });
    expect(self.statusCode).toBe(409);
  });

  it('answers 404 for an unknown user id', async () => {
    const admin = await adminToken();
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/users/00000000-0000-0000-0000-000000000000/promote',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(404);
  });
});
