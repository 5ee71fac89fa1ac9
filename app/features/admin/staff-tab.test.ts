import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffInvitations, users } from '../../../db/schema/accounts';
import { auth, signInSeededAdmin, signUpAccount } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';
import { createTestPagesApp } from '../../../tests/fixtures/test-pages-app';

let test: TestApp;
const owner = { token: '', id: '', email: '' };

/** A Staff tab form posted as the dashboard posts it. */
function postForm(token: string, fields: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url: '/admin.data?tab=staff',
    headers: {
      ...auth(token),
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
      host: 'localhost',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function roleOf(id: string) {
  const [row] = await test.database.db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

async function invitationsTo(email: string) {
  return test.database.db.select().from(staffInvitations).where(eq(staffInvitations.email, email));
}

beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
  Object.assign(owner, await signInSeededAdmin(test, 'Rossy Owner'));
}, 180_000);
afterAll(async () => {
  await test?.close();
});

describe('the Staff tab', () => {
  it('invites an address without an account, lists the invitation, and withdraws it', async () => {
    const added = await postForm(owner.token, {
      intent: 'staff-add',
      email: ' New.Rider@Example.ng ',
      role: 'dispatch',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.body).toContain('Invitation sent to new.rider@example.ng to join as a Dispatch.');
    const [invitation] = await invitationsTo('new.rider@example.ng');
    expect(invitation?.role).toBe('dispatch');

    const listed = await test.app.inject({
      method: 'GET',
      url: '/admin.data?tab=staff',
      headers: auth(owner.token),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain('new.rider@example.ng');
    expect(listed.body).toContain(owner.email);

    const withdrawn = await postForm(owner.token, {
      intent: 'staff-revoke-invitation',
      id: invitation!.id,
      email: invitation!.email,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect((await invitationsTo('new.rider@example.ng'))[0]?.revokedAt).not.toBeNull();
  });

  it('gives a confirmed account its role at once, changes it, and takes it away', async () => {
    const shopper = await signUpAccount(test, 'kemi.staff@example.ng', 'Kemi Ade');
    const granted = await postForm(owner.token, {
      intent: 'staff-add',
      email: shopper.email,
      role: 'support',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.body).toContain('Kemi Ade is now a Support.');
    expect(await roleOf(shopper.id)).toBe('support');

    const changed = await postForm(owner.token, { intent: 'staff-role', id: shopper.id, role: 'manager' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await roleOf(shopper.id)).toBe('manager');

    // A manager gives no roles: refused, nothing changes.
    const refused = await postForm(shopper.token, {
      intent: 'staff-add',
      email: 'other@example.ng',
      role: 'dispatch',
    });
    expect(refused.statusCode).toBe(403);
    expect(await invitationsTo('other@example.ng')).toEqual([]);

    const removed = await postForm(owner.token, { intent: 'staff-remove', id: shopper.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await roleOf(shopper.id)).toBe('customer');
  });

  it('refuses a made-up role and removing the last owner, changing nothing', async () => {
    const bad = await postForm(owner.token, { intent: 'staff-add', email: 'x@example.ng', role: 'customer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a staff role');
    expect(await invitationsTo('x@example.ng')).toEqual([]);

    const last = await postForm(owner.token, { intent: 'staff-remove', id: owner.id });
    expect(last.statusCode).toBe(409);
    expect(last.body).toContain('The shop needs at least one owner.');
    expect(await roleOf(owner.id)).toBe('owner');
  });

  it('the Users tab shows the second factor and no longer promotes', async () => {
    const listed = await test.app.inject({
      method: 'GET',
      url: '/admin.data?tab=users',
      headers: auth(owner.token),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain('twoFactorEnabled');
    const promote = await test.app.inject({
      method: 'POST',
      url: '/admin.data?tab=users',
      headers: {
        ...auth(owner.token),
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://localhost',
        host: 'localhost',
      },
      payload: new URLSearchParams({ intent: 'user-promote', id: owner.id }).toString(),
    });
    expect(promote.statusCode).toBe(400);
  });
});
