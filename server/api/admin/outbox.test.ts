import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/mail';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: false }));
  await test.database.db.insert(outbox).values([
    {
      to: 'old@example.ng',
      subject: 'Order ORD-10001: Shipped',
      text: 'Your order has left our Lagos studio.',
      html: '<p>Your order has left our Lagos studio.</p>',
      status: 'sent',
      sentAt: new Date('2026-11-01T10:00:05Z'),
      createdAt: new Date('2026-11-01T10:00:00Z'),
    },
    {
      to: 'bounce@example.ng',
      subject: 'Welcome to Rossy',
      text: 'Welcome',
      html: '<p>Welcome</p>',
      status: 'failed',
      error: '550 mailbox unavailable',
      createdAt: new Date('2026-11-02T10:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await test?.close();
});

describe('admin outbox', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    for (const url of ['/api/admin/outbox', '/api/admin/outbox/1']) await expectAdminOnly('GET', url);
  });

  it('lists every mail newest first, by recipient or subject and by status, and opens one in full', async () => {
    const forgot = await test.app.inject({
      method: 'POST',
      url: '/api/password/forgot',
      payload: { email: 'bisi@example.ng' },
    });
    expect(forgot.statusCode, forgot.body).toBeLessThan(300);

    const get = async (query = '') => {
      const response = await test.app.inject({
        method: 'GET',
        url: `/api/admin/outbox${query}`,
        headers: auth(adminToken),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{
        mails: { id: number; to: string; subject: string; status: string }[];
        total: number;
      }>();
    };
    const all = await get();
    expect(all.mails[0]!.to).toBe('bisi@example.ng');
    expect(all.mails.at(-1)!.to).toBe('old@example.ng');
    expect(all.mails).not.toHaveProperty('0.html');

    const byRecipient = await get('?q=BISI@example');
    expect(byRecipient.mails.every((mail) => mail.to === 'bisi@example.ng')).toBe(true);
    expect(byRecipient.total).toBeGreaterThan(0);
    expect((await get('?q=ORD-10001')).mails.map((mail) => mail.to)).toEqual(['old@example.ng']);
    expect((await get('?status=failed')).mails.map((mail) => mail.to)).toEqual(['bounce@example.ng']);

    const reset = byRecipient.mails[0]!;
    const opened = await test.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${reset.id}`,
      headers: auth(adminToken),
    });
    expect(opened.statusCode).toBe(200);
    const mail = opened.json<{ text: string; html: string; subject: string; status: string }>();
    expect(mail.subject).toBe(reset.subject);
    expect(mail.text).toMatch(/\/reset-password/);
    expect(mail.html).toMatch(/<a [^>]*href="[^"]*reset-password/);
    expect(mail.status).toBe('queued');

    const failed = await test.app.inject({
      method: 'GET',
      url: `/api/admin/outbox/${(await get('?status=failed')).mails[0]!.id}`,
      headers: auth(adminToken),
    });
    expect(failed.json()).toMatchObject({ status: 'failed', error: '550 mailbox unavailable' });
    for (const id of ['999999', '0', 'abc', '99999999999999999999']) {
      const missing = await test.app.inject({
        method: 'GET',
        url: `/api/admin/outbox/${id}`,
        headers: auth(adminToken),
      });
      expect([400, 404], id).toContain(missing.statusCode);
    }
  });
});
