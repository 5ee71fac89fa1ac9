import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/catalog';
import { testOrderBody } from '../fixtures/orders';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { signInSeededAdmin, signUpAs } from '../fixtures/admin-api';
import { audienceOf, concretePath, documentedRoutes, type ApiRoute } from './api-routes';
import { setProductStock } from '../fixtures/stock';

/**
 * The authorization matrix: guest, customer A, customer B and admin against every documented
 * route. Admin routes answer 401 to a guest and 403 to a customer; signed-in routes 401 to a guest;
 * and one customer never reaches another's order.
 */
let test: TestApp;
let routes: ApiRoute[];
const tokens = { customerA: '', customerB: '', admin: '' };
let orderOfA: { id: string; accessToken: string };

const auth = (token: string | null): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  routes = documentedRoutes(test.app);
  tokens.admin = (await signInSeededAdmin(test, 'Shop Owner')).token;
  tokens.customerA = await signUpAs(test, 'customer.a@example.ng', 'Amaka A');
  tokens.customerB = await signUpAs(test, 'customer.b@example.ng', 'Bola B');

  const [product] = await test.database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(sql`${products.stock} > 5 and cardinality(${products.sizes}) <= 1`)
    .limit(1);
  await setProductStock(test.database.db, product!.id, 50);
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth(tokens.customerA),
    payload: testOrderBody(
      { id: product!.id, size: product!.sizes[0] ?? null },
      { email: 'customer.a@example.ng' },
    ),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const body = placed.json<{ order: { id: string }; accessToken: string }>();
  orderOfA = { id: body.order.id, accessToken: body.accessToken };
}, 120_000);
afterAll(async () => {
  await test?.close();
});

async function call(route: ApiRoute, token: string | null) {
  const response = await test.app.inject({
    method: route.method,
    url: concretePath(route, {}),
    headers: auth(token),
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  return response.statusCode;
}

describe('authorization matrix over every documented route', () => {
  it('classifies admin and signed-in routes', () => {
    const admin = routes.filter((route) => audienceOf(route) === 'admin');
    expect(admin.length).toBeGreaterThanOrEqual(5);
    expect(routes.some((route) => audienceOf(route) === 'signed-in')).toBe(true);
  });

  it('admin routes: 401 for a guest, 403 for customers, reachable for the admin', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => audienceOf(candidate) === 'admin')) {
      const name = `${route.method} ${route.path}`;
      const guest = await call(route, null);
      const a = await call(route, tokens.customerA);
      const b = await call(route, tokens.customerB);
      const admin = await call(route, tokens.admin);
      if (guest !== 401) wrong.push(`${name}: guest got ${guest}`);
      if (a !== 403 || b !== 403) wrong.push(`${name}: customers got ${a}/${b}`);
      if (admin === 401 || admin === 403 || admin >= 500) wrong.push(`${name}: admin got ${admin}`);
    }
    expect(wrong).toEqual([]);
  });

  it('signed-in routes: 401 for a guest, reachable for a customer', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => audienceOf(candidate) === 'signed-in')) {
      const name = `${route.method} ${route.path}`;
      const guest = await call(route, null);
      const customer = await call(route, tokens.customerB);
      if (guest !== 401) wrong.push(`${name}: guest got ${guest}`);
      if (customer === 401 || customer === 403 || customer >= 500)
        wrong.push(`${name}: customer got ${customer}`);
    }
    expect(wrong).toEqual([]);
  });

  it("a staff member's own second factor: 401 for a guest, 403 for a customer, reachable for staff", async () => {
    const own = routes.filter((candidate) => audienceOf(candidate) === 'staff-self');
    expect(own.length).toBeGreaterThanOrEqual(1);
    for (const route of own) {
      expect(await call(route, null), `${route.method} ${route.path} as a guest`).toBe(401);
      expect(await call(route, tokens.customerA), `${route.method} ${route.path} as a customer`).toBe(403);
      expect([200, 409], `${route.method} ${route.path} as the owner`).toContain(
        await call(route, tokens.admin),
      );
    }
  });

  it('public routes never ask a guest to sign in (except the signed webhook and the sandbox verify)', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((candidate) => audienceOf(candidate) === 'public')) {
      if (route.path.endsWith('/webhook') || route.path === '/api/logout') continue;
      // TEST MODE's verify API asks for the sandbox's secret key, as Flutterwave's asks for FLW_SECRET_KEY.
      if (route.path.startsWith('/api/sandbox/v3/')) continue;
      const guest = await call(route, null);
      if (guest === 401 || guest === 403 || guest >= 500)
        wrong.push(`${route.method} ${route.path}: ${guest}`);
    }
    expect(wrong).toEqual([]);
  });

  it("one customer never sees another's order; the owner, the e-mailed key and the admin do", async () => {
    const path = `/api/orders/${orderOfA.id}`;
    const as = (headers: Record<string, string>, query = '') =>
      test.app.inject({ method: 'GET', url: `${path}${query}`, headers });
    expect((await as(auth(tokens.customerB))).statusCode).toBe(404);
    expect((await as({})).statusCode).toBe(404);
    expect((await as({}, '?key=not-the-key')).statusCode).toBe(404);
    expect((await as(auth(tokens.customerA))).statusCode).toBe(200);
    expect((await as({}, `?key=${orderOfA.accessToken}`)).statusCode).toBe(200);
    expect((await as(auth(tokens.admin))).statusCode).toBe(200);

    const listB = await test.app.inject({
      method: 'GET',
      url: '/api/orders',
      headers: auth(tokens.customerB),
    });
    expect(listB.statusCode).toBe(200);
    expect(JSON.stringify(listB.json())).not.toContain(orderOfA.id);

    // Paying or submitting a transfer reference for someone else's order is refused the same way.
    const pay = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${orderOfA.id}/bank-transfer`,
      headers: auth(tokens.customerB),
      payload: { reference: 'FT2611210001' },
    });
    expect(pay.statusCode).toBe(404);
  });

  it('a forged or expired bearer token is a guest', async () => {
    const me = (token: string) =>
      test.app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect((await me(`${tokens.customerA.slice(0, -2)}xx`)).statusCode).toBe(401);
    expect((await me('eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.')).statusCode).toBe(401);
    const admin = await test.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJyb2xlIjoiYWRtaW4ifQ.' },
    });
    expect(admin.statusCode).toBe(401);
  });
});
