import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../db/schema/content';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
const ids: Record<string, number> = {};

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: false }));
  const rows = await test.database.db
    .insert(contactMessages)
    .values([
      {
        name: 'Ngozi Eze',
        email: 'ngozi@example.ng',
        subject: 'Where is my agbada?',
        message: 'I ordered a week ago and have not heard anything.',
        orderNumber: 'ORD-10007',
        createdAt: new Date('2026-11-20T09:00:00Z'),
      },
      {
        name: 'Tunde Bakare',
        email: 'tunde@example.ng',
        subject: 'Tote bag colours',
        message: 'Does the Lekki tote come in burgundy?',
        status: 'replied',
        createdAt: new Date('2026-11-19T09:00:00Z'),
      },
      {
        name: 'Kemi Ade',
        email: 'kemi@example.ng',
        subject: 'Sizes',
        message: 'What size should I order for a 42 chest?',
        createdAt: new Date('2026-11-21T09:00:00Z'),
      },
    ])
    .returning({ id: contactMessages.id, email: contactMessages.email });
  for (const row of rows) ids[row.email] = row.id;
});
afterAll(async () => {
  await test?.close();
});

const list = async (query = '') => {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/admin/messages${query}`,
    headers: auth(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    messages: { id: number; email: string; status: string; preview: string }[];
    total: number;
    unread: number;
  }>();
};

describe('admin messages', () => {
  it('answers 401 to a guest and 403 to a customer on every route', async () => {
    await expectAdminOnly('GET', '/api/admin/messages');
    await expectAdminOnly('GET', `/api/admin/messages/${ids['kemi@example.ng']}`);
    await expectAdminOnly('PATCH', `/api/admin/messages/${ids['kemi@example.ng']}`, { status: 'replied' });
    // Nothing changed on the way.
    const [row] = await test.database.db
      .select({ status: contactMessages.status })
      .from(contactMessages)
      .where(eq(contactMessages.id, ids['kemi@example.ng']!));
    expect(row!.status).toBe('new');
  });

  it('lists newest first with the unread count, searches and filters by status', async () => {
    const all = await list();
    expect(all.messages.map((message) => message.email)).toEqual([
      'kemi@example.ng',
      'ngozi@example.ng',
      'tunde@example.ng',
    ]);
    expect(all.unread).toBe(2);
    expect((await list('?q=ORD-10007')).messages.map((message) => message.email)).toEqual([
      'ngozi@example.ng',
    ]);
    expect((await list('?q=burgundy')).messages.map((message) => message.email)).toEqual([
      'tunde@example.ng',
    ]);
    const replied = await list('?status=replied');
    expect(replied.messages.map((message) => message.email)).toEqual(['tunde@example.ng']);
    expect(replied.unread).toBe(2);
  });

  it('opening a message marks it read; marking it replied is logged with before → after', async () => {
    const id = ids['ngozi@example.ng']!;
    const opened = await test.app.inject({
      method: 'GET',
      url: `/api/admin/messages/${id}`,
      headers: auth(adminToken),
    });
    expect(opened.json()).toMatchObject({
      message: 'I ordered a week ago and have not heard anything.',
      orderNumber: 'ORD-10007',
      status: 'read',
    });
    expect((await list()).unread).toBe(1);

    const patch = (payload: unknown, target: number | string = id) =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/admin/messages/${target}`,
        headers: auth(adminToken),
        payload: payload as Record<string, unknown>,
      });
    const replied = await patch({ status: 'replied' });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().status).toBe('replied');
    expect((await list('?status=replied')).messages.map((message) => message.id)).toContain(id);

    const audit = await test.app.inject({
      method: 'GET',
      url: '/api/admin/audit?entityType=message',
      headers: auth(adminToken),
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'message.replied',
      entityId: String(id),
      actorEmail: 'admin@rossy.ng',
      changes: [{ field: 'status', before: 'read', after: 'replied' }],
    });

    const unread = await patch({ status: 'new' });
    expect(unread.json().status).toBe('new');
    expect((await list()).unread).toBe(2);

    expect((await patch({ status: 'archived' })).statusCode).toBe(400);
    expect((await patch({ status: 'read' }, 999_999)).statusCode).toBe(404);
    expect((await patch({ status: 'read' }, 'abc')).statusCode).toBe(400);
  });
});
