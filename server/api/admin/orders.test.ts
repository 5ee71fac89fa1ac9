import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { outbox } from '../../../db/schema/mail';
import {
  auth,
  createAdminTestApp,
  stockedOneSizeProduct,
  type AdminTestApp,
} from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

let test: TestApp;
let productId: number;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
  productId = await stockedOneSizeProduct(test, 20);
});
afterAll(async () => {
  await test?.close();
});

async function paidOrder() {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 2 }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: 'funmi@example.ng',
      phone: '+234 809 000 1234',
      shippingAddress: {
        firstName: 'Funmi',
        lastName: 'Ade',
        address: '9 Ring Road',
        city: 'Ibadan',
        state: 'Oyo',
        zipCode: '200001',
        country: 'Nigeria',
      },
    },
  });
  const id = placed.json().order.id as string;
  await test.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${id}/confirm-transfer`,
    headers: auth(adminToken),
  });
  return id;
}

const stock = async () =>
  (
    await test.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, productId))
  )[0]!.stock;

describe('admin orders', () => {
  it('answers 401 to a guest and 403 to a customer', async () => {
    await expectAdminOnly('GET', '/api/admin/orders');
  });

  it('moves an order Processing → Shipped (with carrier and tracking) → Delivered, telling the customer each time', async () => {
    const id = await paidOrder();
    const list = await test.app.inject({
      method: 'GET',
      url: `/api/admin/orders?q=funmi`,
      headers: auth(adminToken),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders.map((order: { id: string }) => order.id)).toContain(id);

    const patch = (body: Record<string, unknown>) =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${id}/status`,
        headers: auth(adminToken),
        payload: body,
      });
    const missing = await patch({ status: 'shipped' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('trackingNumber');
    const tooEarly = await patch({ status: 'delivered' });
    expect(tooEarly.statusCode).toBe(409);

    const shipped = await patch({ status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG123456' });
    expect(shipped.json()).toMatchObject({
      status: 'shipped',
      progress: 50,
      carrier: 'GIG Logistics',
      trackingNumber: 'GIG123456',
    });
    const delivered = await patch({ status: 'delivered' });
    expect(delivered.json()).toMatchObject({ status: 'delivered', progress: 100 });
    expect((delivered.json().timeline as { status: string }[]).map((event) => event.status)).toEqual([
      'awaiting_payment',
      'processing',
      'shipped',
      'delivered',
    ]);
    const mails = await test.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.to, 'funmi@example.ng'));
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([`Order ${id}: Shipped`, `Order ${id}: Delivered`]),
    );
    expect((await patch({ status: 'cancelled' })).statusCode).toBe(409);
  });

  it('cancelling puts the stock back exactly once', async () => {
    const before = await stock();
    const id = await paidOrder();
    expect(await stock()).toBe(before - 2);
    const cancel = () =>
      test.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${id}/status`,
        headers: auth(adminToken),
        payload: { status: 'cancelled' },
      });
    const results = await Promise.all([cancel(), cancel()]);
    expect(results.map((result) => result.statusCode).sort()).toEqual([200, 409]);
    expect(await stock()).toBe(before);
  });
});

describe('admin orders collected from the shop', () => {
  async function paidPickupOrder() {
    const placed = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        items: [{ id: productId, quantity: 1 }],
        shippingMethod: 'pickup',
        paymentMethod: 'bank-transfer',
        email: 'kemi@example.ng',
        phone: '+234 809 000 5678',
        shippingAddress: { firstName: 'Kemi', lastName: 'Bello', state: 'Lagos', country: 'Nigeria' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const body = placed.json();
    const id = body.order.id as string;
    await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/confirm-transfer`,
      headers: auth(adminToken),
    });
    return { id, key: body.accessToken as string };
  }

  const patch = (id: string, body: Record<string, unknown>) =>
    test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${id}/status`,
      headers: auth(adminToken),
      payload: body,
    });

  it('readies it without showing staff the code, refuses a wrong code and collects it with the right one', async () => {
    const { id, key } = await paidPickupOrder();
    const shipped = await patch(id, { status: 'shipped', carrier: 'gig', trackingNumber: 'GIG-1' });
    expect(shipped.statusCode, shipped.body).toBe(400);

    const ready = await patch(id, { status: 'ready_for_pickup' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready_for_pickup',
      statusLabel: 'Ready for pickup',
      pickupCode: null,
    });
    // The shopper's own view, by her link's key, carries the code.
    const own = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${id}?key=${encodeURIComponent(key)}`,
    });
    expect(own.statusCode, own.body).toBe(200);
    const code = own.json().pickupCode as string;
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/);

    expect((await patch(id, { status: 'picked_up' })).statusCode).toBe(400);
    const wrong = await patch(id, {
      status: 'picked_up',
      pickupCode: code === 'AAAAAA' ? 'CCCCCC' : 'AAAAAA',
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().error.fields).toMatchObject({ pickupCode: expect.any(String) });
    const collected = await patch(id, { status: 'picked_up', pickupCode: code });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({ status: 'picked_up', progress: 100 });
  });
});
