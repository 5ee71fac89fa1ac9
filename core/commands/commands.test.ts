/**
 * The table of commands (decision 0072): every command names a permission the shop knows; a route or
 * an action that runs a command takes its permission from the command alone; and runCommand refuses a
 * role without it before reading the input, then refuses bad input naming the field.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissions } from '../../contracts/permissions';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { users } from '../../db/schema/accounts';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import { actionPermissionTable, routePermissionTable } from '../accounts/permissions';
import type { CommandContext } from '../command';
import type { PageServices } from '../page-services';
import {
  actionPermission,
  commandIntents,
  commandRoutes,
  commands,
  routePermission,
  runCommand,
} from './index';

let database: TestDatabase;
let ownerId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  await ensureAdminAccount(database.db, 'owner@rossy.test', 'Owner-Pass-2026');
  const [owner] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'owner@rossy.test'));
  ownerId = owner!.id;
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

// The commands run here need only the database of the shop's services.
const staff = (role: 'owner' | 'manager' | 'dispatch' | 'support'): CommandContext => ({
  db: database.db,
  services: { db: database.db } as PageServices,
  actor: { id: ownerId, email: `${role}@rossy.test`, role },
});

describe('the table of commands', () => {
  it('gives every command a permission the shop knows, a summary and an input schema', () => {
    for (const [name, found] of Object.entries(commands)) {
      expect(permissions, name).toContain(found.permission);
      expect(found.summary.length, name).toBeGreaterThan(10);
      expect(typeof found.input.safeParse, name).toBe('function');
    }
  });

  it('is the one source of a command route’s or action’s permission', () => {
    for (const [route, name] of Object.entries(commandRoutes)) {
      expect(Object.hasOwn(routePermissionTable, route), route).toBe(false);
      const [method, url] = route.split(' ') as [string, string];
      expect(routePermission(method, url), route).toBe(commands[name].permission);
    }
    for (const [intent, name] of Object.entries(commandIntents)) {
      expect(Object.hasOwn(actionPermissionTable, intent), intent).toBe(false);
      expect(actionPermission(intent), intent).toBe(commands[name].permission);
    }
    expect(routePermission('POST', '/api/admin/nothing-here')).toBeUndefined();
    expect(actionPermission('nothing-here')).toBeUndefined();
  });

  it('refuses a role without the permission before it reads the input, then names the bad field', async () => {
    // Dispatch may not move stock: 403 whatever was sent.
    await expect(
      runCommand('inventory.transfer', staff('dispatch'), { nonsense: true }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      runCommand('locations.create', staff('manager'), { name: 'Store room' }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    // A manager may: the input is then read, and a bad one named.
    await expect(
      runCommand('inventory.transfer', staff('manager'), { sku: 'ROS-1', from: 1, to: 2, quantity: 0 }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', fields: { quantity: 'Move at least 1 unit' } });
    // And the owner's command runs.
    const made = await runCommand('locations.create', staff('owner'), { name: 'Store room' });
    expect(made).toMatchObject({ name: 'Store room', fulfilsOnline: false });
  });
});
