import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOrderStatus } from '../../../core/orders/manage-orders';
import { staffTimeline } from '../../../core/orders/order-view';
import { users } from '../../../db/schema/accounts';
import {
  auth,
  createAdminTestApp,
  signUpAccount,
  stockedOneSizeProduct,
} from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

/** The order timeline names the staff member behind each move, for staff only; the shopper never reads a name. */
let test: TestApp;
let productId: number;
let ownerToken: string;
let dispatchToken: string;

beforeAll(async () => {
  let adminToken: string;
  ({ test, adminToken } = await createAdminTestApp({ seed: true, name: 'Shop Owner' }));
  ownerToken = adminToken;
  productId = await stockedOneSizeProduct(test, 20);
  const rider = await signUpAccount(test, 'rider@example.ng', 'Tunde Rider');
  await test.database.db.update(users).set({ role: 'dispatch' }).where(eq(users.id, rider.id));
  dispatchToken = rider.token;
});
afterAll(async () => {
  await test?.close();
});

async function placeOrder() {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 1 }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: 'kemi@example.ng',
      phone: '+234 809 000 1234',
      shippingAddress: {
        firstName: 'Kemi',
        lastName: 'Bello',
        address: '3 Awolowo Road',
        city: 'Ikoyi',
        state: 'Lagos',
        zipCode: '101233',
        country: 'Nigeria',
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json<{ order: { id: string }; accessToken: string }>();
}

describe('the order timeline names the staff member', () => {
  it('shows who confirmed the transfer and who shipped, to staff only', async () => {
    const { order, accessToken } = await placeOrder();
    const confirmed = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm-transfer`,
      headers: auth(ownerToken),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shipped = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      headers: auth(dispatchToken),
      payload: { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG123456' },
    });
    expect(shipped.statusCode, shipped.body).toBe(200);

    const timeline = await staffTimeline(test.database.db, order.id);
    expect(timeline[0]).toMatchObject({ status: 'awaiting_payment', by: null });
    expect(timeline.find((event) => event.status === 'processing')?.by).toBe('Shop Owner (Owner)');
    expect(timeline.find((event) => event.status === 'shipped')?.by).toBe('Tunde Rider (Dispatch)');

    const hers = await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}?key=${accessToken}` });
    expect(hers.statusCode, hers.body).toBe(200);
    expect(hers.body).not.toContain('Tunde Rider');
    expect(hers.body).not.toContain('Shop Owner');
  });

  it('lets dispatch ship but not cancel, and a refused cancel writes nothing', async () => {
    const { order } = await placeOrder();
    const before = await staffTimeline(test.database.db, order.id);
    const cancel = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${order.id}/status`,
      headers: auth(dispatchToken),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(403);
    expect(await staffTimeline(test.database.db, order.id)).toEqual(before);
  });

  it('core refuses a cancel, and a cancel with its refund, to a role without them; the shop’s own jobs are not checked', async () => {
    const { order } = await placeOrder();
    const before = await staffTimeline(test.database.db, order.id);
    const rider = { id: 'rider', email: 'rider@example.ng', name: 'Tunde Rider', role: 'dispatch' as const };
    for (const input of [{ status: 'cancelled' }, { status: 'cancelled', refund: true }])
      await expect(
        changeOrderStatus(test.app.services.orders, order.id, input, { actor: rider, role: 'dispatch' }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: 'Your role does not allow this. Ask the shop owner.',
      });
    expect(await staffTimeline(test.database.db, order.id)).toEqual(before);
    await changeOrderStatus(
      test.app.services.orders,
      order.id,
      { status: 'cancelled' },
      {
        actor: { id: null, email: 'system' },
      },
    );
    const after = await staffTimeline(test.database.db, order.id);
    expect(after.at(-1)).toMatchObject({ status: 'cancelled', by: null });
  });

  it('names the staff member on the refund’s entry', async () => {
    const { order } = await placeOrder();
    const confirmed = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/confirm-transfer`,
      headers: auth(ownerToken),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const refunded = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: auth(ownerToken),
      payload: {
        amount: 100,
        reason: 'A scuffed box',
        manual: {
          accountName: 'Kemi Bello',
          accountNumber: '0123456789',
          bankName: 'GTBank',
          reference: 'TRF-101',
        },
      },
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const timeline = await staffTimeline(test.database.db, order.id);
    expect(timeline.find((event) => event.note?.includes('A scuffed box'))?.by).toBe('Shop Owner (Owner)');
  });
});
