import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/admin';
import { auth, createAdminTestApp, type AdminTestApp } from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: false }));
  await test.database.db.insert(auditLog).values([
    {
      actorEmail: 'admin@rossy.ng',
      action: 'product.update',
      entityType: 'product',
      entityId: '1004',
      summary: 'Price of Oxford Shirt ₦25,000 → ₦22,000',
      before: { price: 25000, stock: 8, name: 'Oxford Shirt' },
      after: { price: 22000, stock: 8, name: 'Oxford Shirt' },
      // 23:30 in Lagos on 14 November.
      createdAt: new Date('2026-11-14T22:30:00Z'),
    },
    {
      actorEmail: 'manager@rossy.ng',
      action: 'order.shipped',
      entityType: 'order',
      entityId: 'ORD-10009',
      summary: 'ORD-10009: Processing → Shipped (GIG Logistics, GIG-1)',
      before: { status: 'processing' },
      after: { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-1' },
      // 00:30 in Lagos on 15 November.
      createdAt: new Date('2026-11-14T23:30:00Z'),
    },
    {
      actorEmail: 'admin@rossy.ng',
      action: 'settings.update',
      entityType: 'settings',
      entityId: 'shop',
      summary: 'Shop name changed',
      before: { shopName: 'Rossy' },
      after: { shopName: 'Rossy Lagos' },
      createdAt: new Date('2026-11-16T12:00:00Z'),
    },
  ]);
});
afterAll(async () => {
  await test?.close();
});

type Entry = {
  action: string;
  entityId: string;
  changes: { field: string; before: string | null; after: string | null }[];
};

async function entries(query: string) {
  const response = await test.app.inject({
    method: 'GET',
    url: `/api/admin/audit${query}`,
    headers: auth(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ entries: Entry[]; total: number; page: number; pageCount: number }>();
}

describe('admin activity log', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    await expectAdminOnly('GET', '/api/admin/audit');
  });

  it('lists newest first with only the changed fields, before → after', async () => {
    const all = await entries('');
    expect(all.entries.map((entry) => entry.action)).toEqual([
      'settings.update',
      'order.shipped',
      'product.update',
    ]);
    expect(all.entries[2]!.changes).toEqual([{ field: 'price', before: '25000', after: '22000' }]);
    expect(all.entries[1]!.changes).toEqual([
      { field: 'status', before: 'processing', after: 'shipped' },
      { field: 'carrier', before: null, after: 'GIG Logistics' },
      { field: 'trackingNumber', before: null, after: 'GIG-1' },
    ]);
  });

  it('filters by search, kind of record and Lagos dates, and pages', async () => {
    expect((await entries('?q=manager@')).entries.map((entry) => entry.entityId)).toEqual(['ORD-10009']);
    expect((await entries('?q=oxford')).entries.map((entry) => entry.entityId)).toEqual(['1004']);
    expect((await entries('?q=ORD-10009')).total).toBe(1);
    expect((await entries('?entityType=settings')).entries.map((entry) => entry.action)).toEqual([
      'settings.update',
    ]);
    // Lagos days: 23:30 on the 14th belongs to the 14th, 00:30 on the 15th to the 15th.
    expect((await entries('?from=2026-11-14&to=2026-11-14')).entries.map((entry) => entry.entityId)).toEqual([
      '1004',
    ]);
    expect((await entries('?from=2026-11-15&to=2026-11-15')).entries.map((entry) => entry.entityId)).toEqual([
      'ORD-10009',
    ]);
    expect((await entries('?from=2026-11-15')).total).toBe(2);
    const second = await entries('?pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageCount: 2 });
    expect(second.entries.map((entry) => entry.action)).toEqual(['product.update']);
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/admin/audit?from=last-week',
      headers: auth(adminToken),
    });
    expect(bad.statusCode).toBe(400);
  });
});
