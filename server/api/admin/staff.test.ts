import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes, staffInvitations, users } from '../../../db/schema/accounts';
import { auditLog } from '../../../db/schema/admin';
import { outbox } from '../../../db/schema/mail';
import {
  auth,
  createAdminTestApp,
  signUpAccount,
  TEST_PASSWORD,
  type AdminTestApp,
} from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let adminToken: string;
let adminId: string;
let customerToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, adminId, customerToken, expectAdminOnly } = await createAdminTestApp({
    seed: true,
    customerEmail: 'shade@example.ng',
  }));
});
afterAll(async () => {
  await test?.close();
});

const asOwner = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  test.app.inject({ method, url, headers: auth(adminToken), ...(payload ? { payload } : {}) });

/** The token of the newest invitation link mailed to `to`. */
async function invitationToken(to: string): Promise<string> {
  const [mail] = await test.database.db
    .select({ text: outbox.text })
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = /\/staff-invite\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No invitation to ${to} in the outbox`);
  return match[1]!;
}

describe('/api/admin/staff', () => {
  it('answers 401 to a guest and 403 to a customer on every route', async () => {
    await expectAdminOnly('GET', '/api/admin/staff');
    await expectAdminOnly('POST', '/api/admin/staff', { email: 'x@example.ng', role: 'dispatch' });
    await expectAdminOnly('PATCH', `/api/admin/staff/${adminId}`, { role: 'manager' });
    await expectAdminOnly('DELETE', `/api/admin/staff/${adminId}`);
    await expectAdminOnly('DELETE', '/api/admin/staff/invitations/00000000-0000-0000-0000-000000000000');
    expect((await test.database.db.select().from(users).where(eq(users.id, adminId)))[0]?.role).toBe('owner');
  });

  it('refuses a role that does not exist, or the customer role, with 400 and changes nothing', async () => {
    for (const role of ['wizard', 'customer', 'admin']) {
      const response = await asOwner('POST', '/api/admin/staff', { email: 'role@example.ng', role });
      expect(response.statusCode, role).toBe(400);
      expect(response.json()).toMatchObject({ error: { fields: { role: expect.any(String) } } });
    }
    expect(
      (await asOwner('POST', '/api/admin/staff', { email: 'not-an-address', role: 'dispatch' })).statusCode,
    ).toBe(400);
    const pending = await test.database.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, 'role@example.ng'));
    expect(pending).toEqual([]);
  });

  it('a dispatcher loses the admin area on their very next request when the owner removes them', async () => {
    const dispatcher = await signUpAccount(test, 'rider@example.ng', 'Rider One');
    const granted = await asOwner('POST', '/api/admin/staff', {
      email: 'Rider@Example.ng',
      role: 'dispatch',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'granted', changed: true, user: { role: 'dispatch' } });

    const orders = () =>
      test.app.inject({ method: 'GET', url: '/api/admin/orders', headers: auth(dispatcher.token) });
    expect((await orders()).statusCode).toBe(200);
    const settings = await test.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: auth(dispatcher.token),
    });
    expect(settings.statusCode).toBe(403);

    const again = await asOwner('POST', '/api/admin/staff', { email: 'rider@example.ng', role: 'dispatch' });
    expect(again.json()).toMatchObject({ status: 'granted', changed: false });

    const removed = await asOwner('DELETE', `/api/admin/staff/${dispatcher.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ user: { role: 'customer' } });
    expect((await orders()).statusCode).toBe(403);
    // Still a customer: their session keeps working outside the admin area.
    const profile = await test.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: auth(dispatcher.token),
    });
    expect(profile.statusCode).toBe(200);

    const actions = await test.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.entityId, dispatcher.id));
    expect(actions).toEqual([
      { action: 'staff.grant', actorId: adminId },
      { action: 'staff.remove', actorId: adminId },
    ]);
  });

  it('refuses a manager everything about staff, and a manager cannot make an owner', async () => {
    const manager = await signUpAccount(test, 'manager@example.ng', 'Manager One');
    expect(
      (await asOwner('POST', '/api/admin/staff', { email: manager.email, role: 'manager' })).statusCode,
    ).toBe(200);
    const asManager = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      test.app.inject({ method, url, headers: auth(manager.token), ...(payload ? { payload } : {}) });
    expect((await asManager('GET', '/api/admin/staff')).statusCode).toBe(403);
    expect(
      (await asManager('POST', '/api/admin/staff', { email: manager.email, role: 'owner' })).statusCode,
    ).toBe(403);
    expect((await asManager('PATCH', `/api/admin/staff/${manager.id}`, { role: 'owner' })).statusCode).toBe(
      403,
    );
    expect((await test.database.db.select().from(users).where(eq(users.id, manager.id)))[0]?.role).toBe(
      'manager',
    );
  });

  it('keeps the last owner: demoting or removing them is 409; a role for a non-staff id is 404', async () => {
    const demote = await asOwner('PATCH', `/api/admin/staff/${adminId}`, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ error: { message: 'The shop needs at least one owner.' } });
    expect((await asOwner('DELETE', `/api/admin/staff/${adminId}`)).statusCode).toBe(409);
    const customer = await test.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: auth(customerToken),
    });
    const customerId = customer.json<{ user: { id: string } }>().user.id;
    expect((await asOwner('PATCH', `/api/admin/staff/${customerId}`, { role: 'support' })).statusCode).toBe(
      404,
    );
    expect((await asOwner('DELETE', '/api/admin/staff/nobody')).statusCode).toBe(404);
    expect((await asOwner('PATCH', `/api/admin/staff/${adminId}`, { role: 'customer' })).statusCode).toBe(
      400,
    );
  });

  it('the owner turns off the second factor of a manager who lost their phone; their sessions end', async () => {
    const manager = await signUpAccount(test, 'lost.phone@example.ng', 'Lost Phone');
    await test.database.db
      .update(users)
      .set({ role: 'manager', twoFactorSecret: 'v1.sealed', twoFactorEnabledAt: new Date() })
      .where(eq(users.id, manager.id));
    await test.database.db.insert(recoveryCodes).values({ userId: manager.id, codeHash: 'a-hash' });

    const byManager = await test.app.inject({
      method: 'DELETE',
      url: `/api/admin/staff/${manager.id}/two-factor`,
      headers: auth(manager.token),
    });
    expect(byManager.statusCode).toBe(403);
    expect((await asOwner('DELETE', `/api/admin/staff/${adminId}/two-factor`)).statusCode).toBe(409);

    const reset = await asOwner('DELETE', `/api/admin/staff/${manager.id}/two-factor`);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ user: { role: 'manager', twoFactorEnabled: false } });
    const [row] = await test.database.db.select().from(users).where(eq(users.id, manager.id));
    expect(row).toMatchObject({ twoFactorSecret: null, twoFactorEnabledAt: null });
    expect(
      await test.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, manager.id)),
    ).toEqual([]);
    const after = await test.app.inject({ method: 'GET', url: '/api/profile', headers: auth(manager.token) });
    expect(after.statusCode, 'their sessions ended').toBe(401);
  });

  it('invites a new address (201), lists it as pending, withdraws it (then 409)', async () => {
    const invited = await asOwner('POST', '/api/admin/staff', {
      email: 'newhand@example.ng',
      role: 'support',
    });
    expect(invited.statusCode).toBe(201);
    const { invitation } = invited.json<{ invitation: { id: string } }>();
    expect(invited.json()).toMatchObject({
      status: 'invited',
      invitation: { email: 'newhand@example.ng', role: 'support', invitedBy: 'admin@rossy.ng' },
    });
    const list = await asOwner('GET', '/api/admin/staff');
    expect(list.statusCode).toBe(200);
    const body = list.json<{ staff: { id: string; role: string }[]; invitations: { id: string }[] }>();
    expect(body.staff.find((member) => member.id === adminId)).toMatchObject({
      role: 'owner',
      twoFactorEnabled: false,
      lastSignInAt: expect.any(String),
    });
    expect(body.invitations.map((row) => row.id)).toContain(invitation.id);

    const token = await invitationToken('newhand@example.ng');
    const withdrawn = await asOwner('DELETE', `/api/admin/staff/invitations/${invitation.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect((await asOwner('DELETE', `/api/admin/staff/invitations/${invitation.id}`)).statusCode).toBe(409);
    expect((await asOwner('DELETE', '/api/admin/staff/invitations/unknown')).statusCode).toBe(404);
    const peek = await test.app.inject({ method: 'GET', url: `/api/staff-invitations?token=${token}` });
    expect(peek.statusCode).toBe(410);
  });
});

describe('/api/staff-invitations', () => {
  it('reads a link, then joins the staff with it once: 201 with a session, then 410', async () => {
    expect(
      (await asOwner('POST', '/api/admin/staff', { email: 'dispatch@example.ng', role: 'dispatch' }))
        .statusCode,
    ).toBe(201);
    const token = await invitationToken('dispatch@example.ng');
    const peek = await test.app.inject({ method: 'GET', url: `/api/staff-invitations?token=${token}` });
    expect(peek.statusCode).toBe(200);
    expect(peek.json()).toMatchObject({
      invitation: {
        email: 'dispatch@example.ng',
        role: 'dispatch',
        roleLabel: 'Dispatch',
        existingAccount: false,
      },
    });
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/staff-invitations?token=nope' })).statusCode,
    ).toBe(404);

    const common = await test.app.inject({
      method: 'POST',
      url: '/api/staff-invitations/accept',
      payload: { token, name: 'Dayo', password: 'password123' },
    });
    expect(common.statusCode).toBe(422);

    const accepted = await test.app.inject({
      method: 'POST',
      url: '/api/staff-invitations/accept',
      payload: { token, name: 'Dayo Rider', password: TEST_PASSWORD },
    });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.headers['set-cookie']).toBeTruthy();
    const body = accepted.json<{ token: string; user: { role: string; emailVerified: boolean } }>();
    expect(body.user).toMatchObject({ role: 'dispatch', emailVerified: true });
    const orders = await test.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: auth(body.token),
    });
    expect(orders.statusCode).toBe(200);
    const settings = await test.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: auth(body.token),
    });
    expect(settings.statusCode).toBe(403);

    const reused = await test.app.inject({
      method: 'POST',
      url: '/api/staff-invitations/accept',
      payload: { token, name: 'Someone Else', password: 'Another-Pass-2026' },
    });
    expect(reused.statusCode).toBe(410);
    expect(reused.json()).toMatchObject({
      error: { message: 'This invitation link is invalid or has expired.' },
    });
    const unknown = await test.app.inject({
      method: 'POST',
      url: '/api/staff-invitations/accept',
      payload: { token: 'unknown-token', name: 'X', password: TEST_PASSWORD },
    });
    expect(unknown.statusCode).toBe(404);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'dispatch@example.ng', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('an expired link answers 410 and creates nothing', async () => {
    await asOwner('POST', '/api/admin/staff', { email: 'late@example.ng', role: 'support' });
    const token = await invitationToken('late@example.ng');
    await test.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(staffInvitations.email, 'late@example.ng'));
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/staff-invitations?token=${token}` })).statusCode,
    ).toBe(410);
    const accepted = await test.app.inject({
      method: 'POST',
      url: '/api/staff-invitations/accept',
      payload: { token, name: 'Late', password: TEST_PASSWORD },
    });
    expect(accepted.statusCode).toBe(410);
    expect(await test.database.db.select().from(users).where(eq(users.email, 'late@example.ng'))).toEqual([]);
  });
});
