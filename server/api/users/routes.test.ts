import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../../db/schema/accounts';
import { auditLog } from '../../../db/schema/admin';
import {
  auth,
  createAdminTestApp,
  signUpAccount,
  TEST_PASSWORD as PASSWORD,
  type AdminTestApp,
} from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let api: AdminTestApp;
let test: TestApp;
let admin: { token: string; id: string };

const uniqueEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.ng`;
const signUp = (name: string, email = uniqueEmail('shopper')) => signUpAccount(test, email, name);

beforeAll(async () => {
  api = await createAdminTestApp({ seed: false, name: 'Ada Admin', customerEmail: uniqueEmail('kemi') });
  test = api.test;
  admin = { token: api.adminToken, id: api.adminId };
});
afterAll(async () => {
  await test?.close();
});
const setStatus = (id: string, status: string, token = admin.token) =>
  test.app.inject({
    method: 'PATCH',
    url: `/api/users/${id}/status`,
    headers: auth(token),
    payload: { status },
  });
const auditOf = (action: string, entityId: string) =>
  test.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));

describe('user management API', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    await api.expectAdminOnly('GET', '/api/users');
    await api.expectAdminOnly('PATCH', `/api/users/${api.customerId}/promote`);
    await api.expectAdminOnly('PATCH', `/api/users/${api.customerId}/status`, { status: 'inactive' });
  });

  it('searches name or e-mail in any case, 5 a page', async () => {
    const marker = `okafor${randomBytes(3).toString('hex')}`;
    for (let index = 0; index < 4; index++) await signUp(`Chidi ${marker} ${index}`);
    await signUp('Someone Else', `${marker}.shop@example.ng`);
    await signUp('Ngozi Eze', uniqueEmail(marker));
    const first = await test.app.inject({
      method: 'GET',
      url: `/api/users?q=${marker.toUpperCase()}`,
      headers: auth(admin.token),
    });
    expect(first.json()).toMatchObject({ total: 6, page: 1, pageSize: 5, pageCount: 2 });
    expect(first.json().users).toHaveLength(5);
    const second = await test.app.inject({
      method: 'GET',
      url: `/api/users?q=${marker}&page=2`,
      headers: auth(admin.token),
    });
    expect(second.json().users).toHaveLength(1);
    const none = await test.app.inject({
      method: 'GET',
      url: '/api/users?q=nobody-by-this-name',
      headers: auth(admin.token),
    });
    expect(none.json()).toMatchObject({ total: 0, users: [] });
  });

  it('promotes a customer (recorded), and the new admin can use the admin API', async () => {
    const customer = await signUp('Femi Adeyemi');
    const response = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${customer.id}/promote`,
      headers: auth(admin.token),
    });
    expect(response.json().user.role).toBe('owner');
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/users', headers: auth(customer.token) })).statusCode,
    ).toBe(200);
    const [entry] = await auditOf('user.promote', customer.id);
    expect(entry).toMatchObject({
      actorEmail: 'admin@rossy.ng',
      before: { role: 'customer' },
      after: { role: 'owner' },
    });
  });

  it('deactivates (sessions end, sign-in refused), activates again, and records both', async () => {
    const customer = await signUp('Yemi Alade');
    const off = await setStatus(customer.id, 'inactive');
    expect(off.json().user.status).toBe('inactive');
    expect(
      await test.database.db.select().from(sessions).where(eq(sessions.userId, customer.id)),
    ).toHaveLength(0);
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/profile', headers: auth(customer.token) }))
        .statusCode,
    ).toBe(401);
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: customer.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);

    expect((await setStatus(customer.id, 'active')).json().user.status).toBe('active');
    const again = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: customer.email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);

    expect((await auditOf('user.deactivate', customer.id))[0]).toMatchObject({
      before: { status: 'active' },
      after: { status: 'inactive' },
    });
    expect((await auditOf('user.activate', customer.id))[0]).toMatchObject({
      before: { status: 'inactive' },
      after: { status: 'active' },
    });
  });

  it('refuses an admin deactivating themselves, and records nothing', async () => {
    const response = await setStatus(admin.id, 'inactive');
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('You cannot deactivate your own account');
    const [row] = await test.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.status).toBe('active');
    expect(await auditOf('user.deactivate', admin.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown user and 400 for an unknown status', async () => {
    const unknown = await test.app.inject({
      method: 'PATCH',
      url: '/api/users/00000000-0000-0000-0000-000000000000/promote',
      headers: auth(admin.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await setStatus(admin.id, 'asleep')).statusCode).toBe(400);
  });
});
