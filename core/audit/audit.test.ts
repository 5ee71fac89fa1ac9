import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { listAuditEntries, recordAdminAction } from './audit';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});

afterAll(async () => {
  await database?.destroy();
});

describe('the activity log', () => {
  it('names the staff member and their role beside the e-mail, as they are now; others by the e-mail kept', async () => {
    const [ada] = await database.db
      .insert(users)
      .values({ name: 'Ada Obi', email: 'ada.audit@rossy.ng', passwordHash: 'x', role: 'dispatch' })
      .returning();
    const entry = { entityType: 'order', entityId: 'ORD-1', summary: 'Shipped ORD-1' };
    await recordAdminAction(
      database.db,
      { id: ada!.id, email: ada!.email },
      { ...entry, action: 'order.ship' },
    );
    await recordAdminAction(database.db, { id: null, email: 'system' }, { ...entry, action: 'order.expire' });
    await recordAdminAction(
      database.db,
      { id: null, email: 'gone@rossy.ng' },
      { ...entry, action: 'order.cancel' },
    );

    const { entries } = await listAuditEntries(database.db, {});
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
    expect(byAction['order.ship']).toMatchObject({
      actorEmail: 'ada.audit@rossy.ng',
      actorName: 'Ada Obi',
      actorRole: 'dispatch',
    });
    expect(byAction['order.expire']).toMatchObject({
      actorEmail: 'system',
      actorName: null,
      actorRole: null,
    });
    expect(byAction['order.cancel']).toMatchObject({ actorEmail: 'gone@rossy.ng', actorName: null });

    const found = await listAuditEntries(database.db, { q: 'ada obi' });
    expect(found.total).toBe(1);
    expect(found.entries.map((e) => e.action)).toEqual(['order.ship']);
  });
});
