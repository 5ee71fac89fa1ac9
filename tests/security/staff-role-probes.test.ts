/**
 * Probes of the staff roles as a staff member would try them: a manager, a dispatcher or a support
 * agent asking for more than the permission table (core/accounts/permissions.ts) gives their role,
 * through the REST API, the dashboard's forms and the pages' data; and a customer or a guest asking
 * for staff things. Every refusal is 403 (401 for a guest) and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../contracts/accounts';
import {
  rolePermissions,
  adminPagePermissions,
  adminTabPermissions,
  can,
  FORBIDDEN_MESSAGE,
} from '../../core/accounts/permissions';
import { adminActionPermissions, staffRoutePermissions } from '../../core/commands';
import { applyProviderTransaction, startPayment } from '../../core/payments/payments';
import { chargeSandboxCard } from '../../core/payments/sandbox';
import { users } from '../../db/schema/accounts';
import { blogPosts } from '../../db/schema/content';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { auth, signInSeededAdmin, signUpAccount, stockedOneSizeProduct } from '../fixtures/admin-api';
import { testOrderBody } from '../fixtures/orders';
import { createTestPagesApp } from '../fixtures/test-pages-app';
import type { TestApp } from '../fixtures/test-app';
import { audienceOf, concretePath, documentedRoutes } from './api-routes';

let test: TestApp;
let productId: number;
const owner = { token: '', id: '' };
const customer = { token: '', id: '', email: 'tolu.customer@example.ng' };
const staff = {} as Record<Exclude<StaffRole, 'owner'>, { token: string; id: string; email: string }>;
const lesserRoles = ['manager', 'dispatch', 'support'] as const;

/** A shopper's account given a staff role by the owner (written as the staff page would). */
async function staffMember(role: StaffRole, email: string) {
  const account = await signUpAccount(test, email, `Probe ${role}`);
  await test.database.db.update(users).set({ role }).where(eq(users.id, account.id));
  return account;
}

async function roleOf(id: string) {
  const [row] = await test.database.db
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  return row!;
}

/** A card order of the customer, paid with a TEST MODE card. */
async function paidOrder(): Promise<string> {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth(customer.token),
    payload: testOrderBody({ id: productId }, { paymentMethod: 'credit-card' }),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const number = placed.json().order.id as string;
  const deps = test.app.services.payments;
  const start = await startPayment(deps, number, {
    user: { id: 'probe', email: 'admin@rossy.ng', emailVerified: true, role: 'owner' },
  });
  const charge = await chargeSandboxCard(deps.db, {
    txRef: start.txRef,
    amount: start.amount,
    currency: 'NGN',
    cardNumber: '5531886652142950',
    expiry: '09/32',
    cvv: '564',
    customer: { email: customer.email, name: 'Tolu Customer' },
  });
  await applyProviderTransaction(deps, await deps.providers.sandbox!.verifyById(charge.transactionId!));
  return number;
}

async function orderStatus(number: string) {
  const [row] = await test.database.db
    .select({ status: orders.status, id: orders.id })
    .from(orders)
    .where(eq(orders.number, number));
  return row!;
}

/** A dashboard form posted as the shop's own page posts it. */
function postForm(url: string, token: string, fields: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url,
    headers: {
      ...auth(token),
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
      host: 'localhost',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

beforeAll(async () => {
  test = await createTestPagesApp({ seed: true });
  productId = await stockedOneSizeProduct(test, 500);
  Object.assign(owner, await signInSeededAdmin(test, 'Rossy Owner'));
  Object.assign(customer, await signUpAccount(test, customer.email, 'Tolu Customer'));
  staff.manager = await staffMember('manager', 'mgr@example.ng');
  staff.dispatch = await staffMember('dispatch', 'dispatch@example.ng');
  staff.support = await staffMember('support', 'support@example.ng');
}, 180_000);
afterAll(async () => {
  await test?.close();
});

describe('the permission table', () => {
  it('a role that exchanges also refunds: an exchange gives back the cheaper piece’s difference by itself', () => {
    for (const [role, held] of Object.entries(rolePermissions))
      if (held.includes('returns.exchange')) expect(held, role).toContain('refunds.manage');
  });

  it('only the owner manages staff, settings, the outbox and the activity log', () => {
    for (const permission of ['staff.manage', 'settings.manage', 'outbox.read', 'audit.read'] as const)
      expect(
        Object.entries(rolePermissions)
          .filter(([, held]) => held.includes(permission))
          .map(([role]) => role),
        permission,
      ).toEqual(['owner']);
  });
});

describe('the REST API keeps each role to its permissions', () => {
  it('every staff route refuses each role that lacks its permission with 403 and the same message', async () => {
    const wrong: string[] = [];
    const routes = documentedRoutes(test.app).filter((route) => audienceOf(route) === 'admin');
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const key = `${route.method} ${fastifyPath(route.path)}`;
      const permission = staffRoutePermissions[key];
      if (!permission) {
        wrong.push(`${key}: not in the permission table`);
        continue;
      }
      for (const role of lesserRoles) {
        if (can(role, permission)) continue;
        const response = await test.app.inject({
          method: route.method,
          url: concretePath(route, {}),
          headers: auth(staff[role].token),
          ...(route.hasBody && !route.isMultipart ? { payload: {} } : {}),
        });
        if (response.statusCode !== 403) wrong.push(`${key} as ${role}: ${response.statusCode}`);
        else if (JSON.stringify(response.json()).includes('"data"'))
          wrong.push(`${key} as ${role}: the refusal carries data`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the reads a role holds answer it', async () => {
    const reads: [keyof typeof staff, string][] = [
      ['dispatch', '/api/admin/orders'],
      ['support', '/api/admin/returns'],
      ['support', '/api/users'],
      ['manager', '/api/admin/reports'],
      ['manager', '/api/admin/export/orders.csv'],
    ];
    for (const [role, url] of reads) {
      const response = await test.app.inject({ method: 'GET', url, headers: auth(staff[role].token) });
      expect(response.statusCode, `${url} as ${role}: ${response.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('dispatch cannot cancel an order through the status route, with or without its refund', async () => {
    const number = await paidOrder();
    for (const body of [{ status: 'cancelled' }, { status: 'cancelled', refund: true, reason: 'Probe' }]) {
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${number}/status`,
        headers: auth(staff.dispatch.token),
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(403);
    }
    const order = await orderStatus(number);
    expect(order.status).toBe('processing');
    expect(await test.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it('support cannot move an order along or refund a return', async () => {
    const number = await paidOrder();
    const shipped = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/status`,
      headers: auth(staff.support.token),
      payload: { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG1' },
    });
    expect(shipped.statusCode).toBe(403);
    const refund = await test.app.inject({
      method: 'POST',
      url: '/api/admin/returns/1/refund',
      headers: auth(staff.support.token),
      payload: {},
    });
    expect(refund.statusCode).toBe(403);
    expect((await orderStatus(number)).status).toBe('processing');
  });
});

describe('accounts: no role climbs, and a manager leaves staff to the owner', () => {
  it('a manager cannot promote anyone, themself included', async () => {
    for (const id of [customer.id, staff.manager.id]) {
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/users/${id}/promote`,
        headers: auth(staff.manager.token),
      });
      expect(response.statusCode).toBe(403);
    }
    expect((await roleOf(customer.id)).role).toBe('customer');
    expect((await roleOf(staff.manager.id)).role).toBe('manager');
  });

  it('a manager cannot deactivate an owner, nor another staff member; a customer, yes', async () => {
    const second = await staffMember('owner', 'second.owner@example.ng');
    for (const target of [owner.id, second.id, staff.dispatch.id, staff.support.id]) {
      const response = await test.app.inject({
        method: 'PATCH',
        url: `/api/users/${target}/status`,
        headers: auth(staff.manager.token),
        payload: { status: 'inactive' },
      });
      expect(response.statusCode, response.body).toBe(403);
      expect((await roleOf(target)).status).toBe('active');
    }
    const form = await postForm('/admin', staff.manager.token, {
      intent: 'user-status',
      id: second.id,
      status: 'inactive',
    });
    expect(form.statusCode).toBe(403);
    expect((await roleOf(second.id)).status).toBe('active');

    const shopper = await signUpAccount(test, 'deactivate.me@example.ng');
    const allowed = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${shopper.id}/status`,
      headers: auth(staff.manager.token),
      payload: { status: 'inactive' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('a manager cannot bring back a staff member the owner deactivated', async () => {
    const gone = await staffMember('dispatch', 'gone.dispatch@example.ng');
    const off = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${gone.id}/status`,
      headers: auth(owner.token),
      payload: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const back = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${gone.id}/status`,
      headers: auth(staff.manager.token),
      payload: { status: 'active' },
    });
    expect(back.statusCode).toBe(403);
    expect((await roleOf(gone.id)).status).toBe('inactive');
  });

  it('the profile and sign-up ignore a role sent with them', async () => {
    const profile = await test.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: auth(staff.dispatch.token),
      payload: { name: 'Probe dispatch', role: 'owner', status: 'active' },
    });
    expect(profile.statusCode).toBeLessThan(500);
    expect((await roleOf(staff.dispatch.id)).role).toBe('dispatch');

    const signup = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'Sly', email: 'sly@example.ng', password: 'Owner-Pass-2026', role: 'owner' },
    });
    expect(signup.statusCode).toBeLessThan(500);
    const [row] = await test.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'sly@example.ng'));
    expect(row?.role ?? 'customer').toBe('customer');
  });

  it('a role taken away, or an account deactivated, closes the door to its open session at once', async () => {
    const demoted = await staffMember('manager', 'demoted@example.ng');
    const before = await test.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: auth(demoted.token),
    });
    expect(before.statusCode).toBe(200);
    await test.database.db.update(users).set({ role: 'dispatch' }).where(eq(users.id, demoted.id));
    const lower = await test.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: auth(demoted.token),
    });
    expect(lower.statusCode).toBe(403);
    await test.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, demoted.id));
    for (const url of ['/api/admin/orders', '/admin.data?tab=orders']) {
      const response = await test.app.inject({ method: 'GET', url, headers: auth(demoted.token) });
      // A page's data request answers a redirect as 202 with the address only (React Router's single fetch).
      expect([202, 302, 403], `${url}: ${response.statusCode}`).toContain(response.statusCode);
      expect(response.body).not.toContain(customer.email);
    }

    const removed = await staffMember('support', 'removed@example.ng');
    const off = await test.app.inject({
      method: 'PATCH',
      url: `/api/users/${removed.id}/status`,
      headers: auth(owner.token),
      payload: { status: 'inactive' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = await test.app.inject({ method: 'GET', url: '/api/users', headers: auth(removed.token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('the dashboard keeps each role to its permissions', () => {
  it('every dashboard action a role lacks is 403 with the refusal only', async () => {
    const wrong: string[] = [];
    for (const role of lesserRoles)
      for (const [intent, permission] of Object.entries(adminActionPermissions)) {
        if (can(role, permission)) continue;
        const response = await postForm('/admin', staff[role].token, { intent, number: 'ORD-X', id: '1' });
        if (response.statusCode !== 403) wrong.push(`${intent} as ${role}: ${response.statusCode}`);
      }
    expect(wrong).toEqual([]);
    // Dozens of page actions one after another: a busy 2-core machine takes longer than the default.
  }, 120_000);

  it('dispatch cannot cancel through the dashboard, with or without the refund', async () => {
    const number = await paidOrder();
    for (const refund of ['false', 'true']) {
      const response = await postForm('/admin', staff.dispatch.token, { intent: 'cancel', number, refund });
      expect(response.statusCode).toBe(403);
    }
    expect((await orderStatus(number)).status).toBe('processing');
  });

  it('the product pages refuse their actions to roles without the catalogue', async () => {
    for (const role of ['dispatch', 'support'] as const)
      for (const page of ['/admin/products/new', '/admin/products/1', '/admin/products/import']) {
        const response = await postForm(page, staff[role].token, {
          intent: 'save',
          name: 'Probe',
          price: '1',
        });
        expect(response.statusCode, `${page} as ${role}`).toBe(403);
      }
  });

  it('a tab the role lacks is 403 in its data, and the refusal carries nothing of the tab', async () => {
    const wrong: string[] = [];
    for (const role of lesserRoles)
      for (const [tab, permission] of Object.entries(adminTabPermissions)) {
        const response = await test.app.inject({
          method: 'GET',
          url: `/admin.data?tab=${tab}`,
          headers: auth(staff[role].token),
        });
        if (can(role, permission)) {
          if (response.statusCode !== 200) wrong.push(`${tab} as ${role}: ${response.statusCode} (granted)`);
          continue;
        }
        if (response.statusCode !== 403) wrong.push(`${tab} as ${role}: ${response.statusCode}`);
        if (response.body.includes(customer.email))
          wrong.push(`${tab} as ${role}: the refusal names a customer`);
      }
    expect(wrong).toEqual([]);
  });

  it('the pages beside the dashboard refuse a role without their permission', async () => {
    for (const role of lesserRoles)
      for (const [page, permission] of Object.entries(adminPagePermissions)) {
        if (can(role, permission)) continue;
        const url = `${page.replace(':id', '1')}.data`;
        const response = await test.app.inject({ method: 'GET', url, headers: auth(staff[role].token) });
        expect(response.statusCode, `${url} as ${role}`).toBe(403);
        expect(response.body).not.toContain(customer.email);
      }
    for (const page of ['/admin/reports', '/admin/users']) {
      const document = await test.app.inject({
        method: 'GET',
        url: page,
        headers: auth(staff.dispatch.token),
      });
      expect(document.statusCode, page).toBe(403);
      expect(document.body).toContain(FORBIDDEN_MESSAGE);
      expect(document.body).not.toContain(customer.email);
    }
  });

  it('a customer and a guest reach no admin page nor its data', async () => {
    for (const url of ['/admin', '/admin.data?tab=orders', '/admin/reports.data', '/admin/users.data']) {
      const asCustomer = await test.app.inject({ method: 'GET', url, headers: auth(customer.token) });
      const asGuest = await test.app.inject({ method: 'GET', url });
      for (const response of [asCustomer, asGuest]) {
        expect([202, 302]).toContain(response.statusCode);
        expect(response.body).not.toContain(customer.email);
      }
    }
    for (const token of [customer.token, '']) {
      const response = await postForm('/admin', token, { intent: 'user-promote', id: customer.id });
      expect([302, 303]).toContain(response.statusCode);
    }
    expect((await roleOf(customer.id)).role).toBe('customer');
  });

  it('dispatch opening an order reads the order as its shopper does, not the refund records', async () => {
    const number = await paidOrder();
    const refunded = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/refunds`,
      headers: auth(owner.token),
      payload: { amount: 100, reason: 'Probe goodwill refund' },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const asOwner = await test.app.inject({
      method: 'GET',
      url: `/admin.data?tab=orders&order=${number}`,
      headers: auth(owner.token),
    });
    // The refund engine's records (who made it, the provider's reference, bank details) are the owner's.
    expect(asOwner.body).toContain('"createdBy"');
    const asDispatch = await test.app.inject({
      method: 'GET',
      url: `/admin.data?tab=orders&order=${number}`,
      headers: auth(staff.dispatch.token),
    });
    expect(asDispatch.statusCode).toBe(200);
    expect(asDispatch.body).toContain(number);
    for (const field of ['"createdBy"', '"providerReference"', '"bankDetails"', '"remainingKobo"'])
      expect(asDispatch.body, field).not.toContain(field);
  });

  it('a dashboard form from another site is refused before it reaches the role check', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/admin',
      headers: {
        ...auth(owner.token),
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        host: 'localhost',
      },
      payload: new URLSearchParams({ intent: 'user-promote', id: customer.id }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect((await roleOf(customer.id)).role).toBe('customer');
  });

  it('a draft of the blog is read by a role that writes the blog, and by no one else', async () => {
    await test.database.db.insert(blogPosts).values({
      slug: 'probe-draft-sale',
      title: 'Probe draft: the secret sale',
      excerpt: 'Not yet',
      body: 'The sale starts on Friday.',
      author: 'Rossy',
      categorySlug: 'news',
      categoryName: 'News',
    });
    const read = (token: string | null) =>
      test.app.inject({ method: 'GET', url: '/blog/probe-draft-sale', headers: token ? auth(token) : {} });
    expect((await read(owner.token)).statusCode).toBe(200);
    expect((await read(staff.manager.token)).statusCode).toBe(200);
    for (const token of [staff.dispatch.token, staff.support.token, customer.token, null]) {
      const response = await read(token);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('secret sale');
    }
  });
});
