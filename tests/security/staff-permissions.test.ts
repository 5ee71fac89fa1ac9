import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRoles, type StaffRole } from '../../contracts/accounts';
import { can } from '../../core/accounts/permissions';
import { routePermission, staffRoutePermissions } from '../../core/commands';
import type { CurrentUser } from '../../core/accounts/sessions';
import { users } from '../../db/schema/accounts';
import { requireStaff } from '../../server/plugins/session';
import { errorsPlugin } from '../../server/plugins/errors';
import { auth, signInSeededAdmin, signUpAccount } from '../fixtures/admin-api';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { concretePath, documentedRoutes, type ApiRoute } from './api-routes';

/**
 * The permission table, walked: every staff REST route is in it and every entry is a route; and every
 * route answers a guest 401, a customer 403, and each staff role 403 or not according to the table.
 */
let test: TestApp;
let routes: ApiRoute[];
const tokens: Record<'customer' | StaffRole, string> = {
  customer: '',
  owner: '',
  manager: '',
  dispatch: '',
  support: '',
};

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const isStaffRoute = (route: ApiRoute) => /^\/api\/(admin\/|users(\/|$))/.test(route.path);

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  routes = documentedRoutes(test.app);
  tokens.owner = (await signInSeededAdmin(test)).token;
  tokens.customer = (await signUpAccount(test, 'walk.customer@example.ng', 'Walk Customer')).token;
  for (const role of ['manager', 'dispatch', 'support'] as const) {
    const account = await signUpAccount(test, `walk.${role}@example.ng`, `Walk ${role}`);
    await test.database.db.update(users).set({ role }).where(eq(users.id, account.id));
    tokens[role] = account.token;
  }
}, 180_000);
afterAll(async () => {
  await test?.close();
});

async function call(route: ApiRoute, token: string | null): Promise<number> {
  const response = await test.app.inject({
    method: route.method,
    url: concretePath(route, {}),
    headers: token ? auth(token) : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  return response.statusCode;
}

describe('the permission table and the routes', () => {
  it('has an entry for every staff route, and every entry is a route of the shop', () => {
    const staffRoutes = routes.filter(isStaffRoute);
    expect(staffRoutes.length).toBeGreaterThan(40);
    for (const route of staffRoutes)
      expect(
        routePermission(route.method, fastifyPath(route.path)),
        `${route.method} ${route.path}`,
      ).toBeDefined();
    for (const key of Object.keys(staffRoutePermissions)) {
      const [method, url] = key.split(' ') as [string, string];
      expect(test.app.hasRoute({ method: method, url }), `${key} is in the table but not a route`).toBe(true);
    }
  });

  it('answers every staff route as the table says: guest 401, customer 403, each role 403 or let in', async () => {
    const staffRoutes = routes.filter(isStaffRoute);
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const permission = routePermission(route.method, fastifyPath(route.path))!;
      const expectations: [string, string | null, (status: number) => boolean][] = [
        ['guest', null, (status) => status === 401],
        ['customer', tokens.customer, (status) => status === 403],
        ...staffRoles.map(
          (role) =>
            [
              role,
              tokens[role],
              can(role, permission)
                ? (status: number) => status !== 401 && status !== 403
                : (status: number) => status === 403,
            ] as [string, string, (status: number) => boolean],
        ),
      ];
      for (const [caller, token, expected] of expectations) {
        const status = await call(route, token);
        if (!expected(status)) wrong.push(`${route.method} ${route.path} as ${caller}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('lets each role read the lists it holds (200)', async () => {
    const reads: [StaffRole, string][] = [
      ['dispatch', '/api/admin/orders'],
      ['support', '/api/admin/orders'],
      ['support', '/api/admin/returns'],
      ['support', '/api/admin/messages'],
      ['support', '/api/users'],
      ['manager', '/api/admin/reports'],
      ['manager', '/api/admin/transactions'],
      ['owner', '/api/admin/settings'],
      ['owner', '/api/admin/staff'],
    ];
    for (const [role, url] of reads) {
      const response = await test.app.inject({ method: 'GET', url, headers: auth(tokens[role]) });
      expect(response.statusCode, `${role} ${url}: ${response.body.slice(0, 200)}`).toBe(200);
    }
  });
});

describe('a route missing from the table', () => {
  it('refuses everyone, the owner included', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.decorateRequest('user', null);
    const owner = { id: 'o', role: 'owner', name: 'Owner', email: 'o@example.ng' } as CurrentUser;
    app.addHook('onRequest', async (request) => {
      request.user = owner;
    });
    app.addHook('onRequest', requireStaff());
    app.get('/api/admin/overview', async () => ({ ok: true }));
    app.get('/api/admin/not-in-the-table', async () => ({ ok: true }));
    expect((await app.inject({ url: '/api/admin/overview' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/admin/not-in-the-table' })).statusCode).toBe(403);
    await app.close();
  });
});
