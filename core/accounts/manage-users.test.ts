import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { users } from '../../db/schema/accounts';
import { auditLog } from '../../db/schema/admin';
import type { AuditActor } from '../audit/audit';
import { promoteUser, setUserStatus } from './manage-users';

let database: TestDatabase;
let counter = 0;

async function addUser(
  role: 'owner' | 'manager' | 'dispatch' | 'customer',
  status: 'active' | 'inactive' = 'active',
) {
  counter += 1;
  const [row] = await database.db
    .insert(users)
    .values({ name: `User ${counter}`, email: `user${counter}@example.ng`, passwordHash: 'x', role, status })
    .returning();
  return row!;
}
const actorOf = (row: { id: string; email: string }): AuditActor => ({ id: row.id, email: row.email });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

describe('user management rules', () => {
  it('never leaves the shop without an active administrator', async () => {
    const only = await addUser('owner');
    await addUser('owner', 'inactive');
    // Someone acting for the shop (a job, another process) still cannot remove the last one.
    const system: AuditActor = { id: null, email: 'system' };
    await expect(setUserStatus(database.db, system, only.id, 'inactive')).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The last active owner cannot be deactivated',
    });
    const second = await addUser('owner');
    await setUserStatus(database.db, actorOf(second), only.id, 'inactive');
    await expect(setUserStatus(database.db, system, second.id, 'inactive')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const [row] = await database.db.select().from(users).where(eq(users.id, second.id));
    expect(row?.status).toBe('active');
  });

  it('lets two admins deactivate each other only one at a time', async () => {
    await database.db.update(users).set({ status: 'inactive' }).where(eq(users.role, 'owner'));
    const a = await addUser('owner');
    const b = await addUser('owner');
    const results = await Promise.allSettled([
      setUserStatus(database.db, actorOf(a), b.id, 'inactive'),
      setUserStatus(database.db, actorOf(b), a.id, 'inactive'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const active = await database.db.select().from(users).where(eq(users.status, 'active'));
    expect(active.filter((row) => row.role === 'owner')).toHaveLength(1);
  });

  it('promotes once: promoting an admin again changes and records nothing', async () => {
    const boss = await addUser('owner');
    const customer = await addUser('customer');
    expect((await promoteUser(database.db, actorOf(boss), customer.id)).role).toBe('owner');
    expect((await promoteUser(database.db, actorOf(boss), customer.id)).role).toBe('owner');
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.entityId, customer.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'user.promote', actorId: boss.id });
  });

  it('refuses an unknown id as not found', async () => {
    const boss = await addUser('owner');
    await expect(promoteUser(database.db, actorOf(boss), 'not-a-uuid')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets a manager turn customers off and on, but no staff account; an owner turns staff off', async () => {
    const boss = await addUser('owner');
    const manager = await addUser('manager');
    const rider = await addUser('dispatch');
    const customer = await addUser('customer');
    const asManager = { actorRole: 'manager' as const };
    expect(
      (await setUserStatus(database.db, actorOf(manager), customer.id, 'inactive', asManager)).status,
    ).toBe('inactive');
    expect(
      (await setUserStatus(database.db, actorOf(manager), customer.id, 'active', asManager)).status,
    ).toBe('active');
    for (const target of [boss, rider]) {
      await expect(
        setUserStatus(database.db, actorOf(manager), target.id, 'inactive', asManager),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(
      (await setUserStatus(database.db, actorOf(boss), rider.id, 'inactive', { actorRole: 'owner' })).status,
    ).toBe('inactive');
    await expect(
      setUserStatus(database.db, actorOf(manager), rider.id, 'active', asManager),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const [row] = await database.db.select().from(users).where(eq(users.id, rider.id));
    expect(row?.status).toBe('inactive');
  });
});
