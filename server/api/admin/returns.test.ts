import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let customerToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];

beforeAll(async () => {
  ({ test, adminToken, customerToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
  productId = await stockedOneSizeProduct(test, 20);
});
afterAll(async () => {
  await test?.close();
});

/** A guest's order of two units, paid by transfer, shipped and delivered; its number, key and line. */
async function deliveredOrder() {
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
  const { order, accessToken } = placed.json<{
    order: {
      id: string;
      items: { productId: number; selectedSize: string | null; selectedColor: string | null }[];
    };
    accessToken: string;
  }>();
  const admin = { headers: auth(adminToken) };
  await test.app.inject({ method: 'POST', url: `/api/admin/orders/${order.id}/confirm-transfer`, ...admin });
  for (const payload of [
    { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-1' },
    { status: 'delivered' },
  ])
    expect(
      (
        await test.app.inject({
          method: 'PATCH',
          url: `/api/admin/orders/${order.id}/status`,
          payload,
          ...admin,
        })
      ).statusCode,
    ).toBe(200);
  const line = order.items[0]!;
  return {
    number: order.id,
    key: accessToken,
    item: {
      productId: line.productId,
      selectedSize: line.selectedSize,
      selectedColor: line.selectedColor,
      quantity: 1,
      reason: 'too_big',
    },
  };
}

describe('a shopper’s returns over REST', () => {
  it('are asked with the order’s key, once however often sent, and hidden from everyone else', async () => {
    const { number, key, item } = await deliveredOrder();
    const body = { items: [item], resolution: 'refund' };
    const url = `/api/orders/${number}/returns`;
    expect((await test.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(404);
    expect(
      (await test.app.inject({ method: 'POST', url, payload: { ...body, key: 'not-the-key' } })).statusCode,
    ).toBe(404);
    expect(
      (await test.app.inject({ method: 'POST', url, payload: body, headers: auth(customerToken) }))
        .statusCode,
    ).toBe(404);

    const first = await test.app.inject({ method: 'POST', url, payload: { ...body, key } });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      number: expect.stringMatching(/^RET-\d+$/),
      status: 'requested',
      resolution: 'refund',
      items: [{ quantity: 1, reason: 'too_big', reasonLabel: 'Too big' }],
    });
    const again = await test.app.inject({ method: 'POST', url, payload: { ...body, key } });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const listed = await test.app.inject({ method: 'GET', url: `${url}?key=${encodeURIComponent(key)}` });
    expect(listed.json().returns).toMatchObject([{ id: first.json().id, statusLabel: 'Requested' }]);
    expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const returnable = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${number}/returnable?key=${encodeURIComponent(key)}`,
    });
    expect(returnable.json()).toMatchObject({
      windowOpen: true,
      returnsDays: 30,
      lines: [{ bought: 2, returnable: 1 }],
    });

    const tooMany = await test.app.inject({
      method: 'POST',
      url,
      payload: { key, items: [{ ...item, quantity: 2 }], resolution: 'refund' },
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.code).toBe('CONFLICT');
  });
});

describe('the admin’s returns', () => {
  it('are for staff only', async () => {
    await expectAdminOnly('GET', '/api/admin/returns');
    await expectAdminOnly('GET', '/api/admin/returns/1');
    await expectAdminOnly('POST', '/api/admin/returns/1/approve', {});
  });

  it('are listed by state and moved along: approve, receive, refund by hand, close; a second click is refused', async () => {
    const { number, key, item } = await deliveredOrder();
    const asked = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/returns`,
      payload: { key, items: [item], resolution: 'refund' },
    });
    const { id, number: returnNumber } = asked.json<{ id: number; number: string }>();
    const admin = { headers: auth(adminToken) };

    const listed = await test.app.inject({
      method: 'GET',
      url: '/api/admin/returns?status=requested',
      ...admin,
    });
    expect(listed.json().returns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id,
          orderNumber: number,
          customerName: 'Funmi Ade',
          moves: ['approve', 'decline'],
        }),
      ]),
    );
    expect(
      (await test.app.inject({ method: 'GET', url: '/api/admin/returns?status=lost', ...admin })).statusCode,
    ).toBe(400);
    expect(
      (await test.app.inject({ method: 'GET', url: `/api/admin/returns/${returnNumber}`, ...admin })).json()
        .id,
    ).toBe(id);

    const approve = () =>
      test.app.inject({
        method: 'POST',
        url: `/api/admin/returns/${id}/approve`,
        payload: { instructions: 'Send it to 9 Ring Road' },
        ...admin,
      });
    expect((await approve()).json()).toMatchObject({
      status: 'approved',
      instructions: 'Send it to 9 Ring Road',
    });
    const twice = await approve();
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('This return has moved on');

    const received = await test.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${id}/receive`,
      payload: { restock: true },
      ...admin,
    });
    expect(received.json()).toMatchObject({ status: 'received', items: [{ restocked: true }] });

    // Paid into the shop's own account: the money goes back by hand, with the transfer's details.
    const refunded = await test.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${id}/refund`,
      payload: {
        manual: {
          accountName: 'Funmi Ade',
          accountNumber: '0123456789',
          bankName: 'GTBank',
          reference: 'TRF-889',
        },
      },
      ...admin,
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'refunded', refunds: [{ status: 'completed' }] });

    const closed = await test.app.inject({ method: 'POST', url: `/api/admin/returns/${id}/close`, ...admin });
    expect(closed.json()).toMatchObject({ status: 'closed', moves: [] });
  });
});
