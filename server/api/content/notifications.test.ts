import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts';
import { products } from '../../../db/schema/catalog';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { signInSeededAdmin, signUpAs } from '../../../tests/fixtures/admin-api';
import { setProductStock } from '../../../tests/fixtures/stock';

let test: TestApp;
let shopperToken: string;
let otherToken: string;
let adminToken: string;
let productId: number;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  const signUp = (email: string) => signUpAs(test, email, 'Ngozi Eze');
  shopperToken = await signUp('ngozi@example.ng');
  otherToken = await signUp('emeka@example.ng');
  adminToken = (await signInSeededAdmin(test)).token;
  const [row] = await test.database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .limit(1);
  productId = row!.id;
  await setProductStock(test.database.db, productId, 50);
});
afterAll(async () => {
  await test?.close();
});

async function placeOrder(token: string) {
  const [product] = await test.database.db
    .select({ sizes: products.sizes })
    .from(products)
    .where(eq(products.id, productId));
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: auth(token),
    payload: {
      items: [{ id: productId, quantity: 1, selectedSize: product!.sizes[0] }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: 'ngozi@example.ng',
      phone: '+234 803 555 0000',
      shippingAddress: {
        firstName: 'Ngozi',
        lastName: 'Eze',
        address: '3 Allen Avenue',
        city: 'Ikeja',
        state: 'Lagos',
        zipCode: '100271',
        country: 'Nigeria',
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().order.id as string;
}

const list = async (token: string, filter = 'all') =>
  test.app.inject({ method: 'GET', url: `/api/notifications?filter=${filter}`, headers: auth(token) });

describe('/api/notifications', () => {
  it('answers 401 to a guest on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['PATCH', '/api/notifications'],
      ['PATCH', '/api/notifications/1'],
      ['DELETE', '/api/notifications'],
      ['DELETE', '/api/notifications/1'],
    ] as const) {
      const response = await test.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lists the order placed and the shipping update for the shopper who ordered, with the unread count', async () => {
    const number = await placeOrder(shopperToken);
    await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${number}/confirm-transfer`,
      headers: auth(adminToken),
    });
    const shipped = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${number}/status`,
      headers: auth(adminToken),
      payload: { status: 'shipped', carrier: 'DHL', trackingNumber: 'DHL-1234' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const response = await list(shopperToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.unreadCount).toBe(3);
    expect(body.notifications.map((item: { title: string }) => item.title)).toEqual([
      'Order shipped',
      'Payment confirmed',
      'Order placed',
    ]);
    expect(body.notifications[0]).toMatchObject({
      type: 'order',
      link: `/orders/${number}`,
      isRead: false,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect((await list(otherToken)).json().notifications).toEqual([]);
    expect((await list(shopperToken, 'promotions')).json().notifications).toEqual([]);
    expect((await list(shopperToken, 'nonsense')).statusCode).toBe(400);
  });

  it("marks read, deletes and clears only the shopper's own; another shopper's id is 404 and nothing changes", async () => {
    const [first, second] = (await list(shopperToken)).json().notifications as { id: number }[];

    for (const method of ['PATCH', 'DELETE'] as const) {
      const stolen = await test.app.inject({
        method,
        url: `/api/notifications/${first!.id}`,
        headers: auth(otherToken),
      });
      expect(stolen.statusCode, method).toBe(404);
    }
    await test.app.inject({ method: 'PATCH', url: '/api/notifications', headers: auth(otherToken) });
    await test.app.inject({ method: 'DELETE', url: '/api/notifications', headers: auth(otherToken) });
    expect((await list(shopperToken)).json()).toMatchObject({ unreadCount: 3, total: 3 });

    const read = await test.app.inject({
      method: 'PATCH',
      url: `/api/notifications/${first!.id}`,
      headers: auth(shopperToken),
    });
    expect(read.json()).toMatchObject({ id: first!.id, isRead: true });
    expect((await list(shopperToken, 'unread')).json().notifications).toHaveLength(2);

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${second!.id}`,
      headers: auth(shopperToken),
    });
    expect(deleted.statusCode).toBe(204);
    const again = await test.app.inject({
      method: 'DELETE',
      url: `/api/notifications/${second!.id}`,
      headers: auth(shopperToken),
    });
    expect(again.statusCode).toBe(404);

    const all = await test.app.inject({
      method: 'PATCH',
      url: '/api/notifications',
      headers: auth(shopperToken),
    });
    expect(all.json()).toEqual({ updated: 1, unreadCount: 0 });
    const cleared = await test.app.inject({
      method: 'DELETE',
      url: '/api/notifications',
      headers: auth(shopperToken),
    });
    expect(cleared.json()).toEqual({ deleted: 2 });
    expect((await list(shopperToken)).json()).toMatchObject({ notifications: [], unreadCount: 0, total: 0 });
  });

  it('refuses an id that is not a number with 400', async () => {
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/notifications/abc',
      headers: auth(shopperToken),
    });
    expect(response.statusCode).toBe(400);
  });

  it('stops reaching a shopper whose account was deactivated (their session ends)', async () => {
    await test.database.db
      .update(users)
      .set({ status: 'inactive' })
      .where(eq(users.email, 'emeka@example.ng'));
    expect((await list(otherToken)).statusCode).toBe(401);
  });
});
