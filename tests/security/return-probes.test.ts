/**
 * Probes of the returns API over HTTP, as an attacker or a careless shopper would send them: another
 * order's key, someone else's order, quantities that are not whole units, an order not yet delivered,
 * the same request many times at once, and staff moves naming what is not theirs to move.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../../db/schema/catalog';
import { orderReturns } from '../../db/schema/returns';
import { auth, createAdminTestApp, stockedOneSizeProduct } from '../fixtures/admin-api';
import type { TestApp } from '../fixtures/test-app';

let test: TestApp;
let productId: number;
let adminToken: string;
let customerToken: string;

beforeAll(async () => {
  ({ test, adminToken, customerToken } = await createAdminTestApp({ seed: true }));
  productId = await stockedOneSizeProduct(test, 50);
}, 120_000);
afterAll(async () => {
  await test?.close();
});

const admin = () => ({ headers: auth(adminToken) });

/** A guest's paid order; delivered unless told otherwise. */
async function guestOrder(options: { deliver?: boolean } = {}) {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 2 }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: 'probe@example.ng',
      phone: '+234 809 000 1234',
      shippingAddress: {
        firstName: 'Probe',
        lastName: 'Ola',
        address: '1 Marina',
        city: 'Lagos',
        state: 'Lagos',
        zipCode: '100001',
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
  await test.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/confirm-transfer`,
    ...admin(),
  });
  if (options.deliver !== false)
    for (const payload of [
      { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-9' },
      { status: 'delivered' },
    ])
      await test.app.inject({
        method: 'PATCH',
        url: `/api/admin/orders/${order.id}/status`,
        payload,
        ...admin(),
      });
  const line = order.items[0]!;
  const item = (fields: Record<string, unknown> = {}) => ({
    productId: line.productId,
    selectedSize: line.selectedSize,
    selectedColor: line.selectedColor,
    quantity: 1,
    reason: 'too_small',
    ...fields,
  });
  return { number: order.id, key: accessToken, item };
}

async function returnsOf(number: string): Promise<number> {
  const rows = await test.database.db.execute(
    sql`SELECT count(*)::int AS n FROM order_returns r JOIN orders o ON o.id = r.order_id WHERE o.number = ${number}`,
  );
  return Number((rows as { rows: { n: number }[] }).rows[0]!.n);
}

describe('the returns API refuses what it must', () => {
  it('does not open an order with another order’s key, nor for a signed-in stranger', async () => {
    const mine = await guestOrder();
    const theirs = await guestOrder();
    const body = { key: mine.key, items: [theirs.item()], resolution: 'refund' };
    const asked = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${theirs.number}/returns`,
      payload: body,
    });
    expect(asked.statusCode).toBe(404);
    for (const url of [`/api/orders/${theirs.number}/returns`, `/api/orders/${theirs.number}/returnable`]) {
      expect((await test.app.inject({ method: 'GET', url: `${url}?key=${mine.key}` })).statusCode).toBe(404);
      expect((await test.app.inject({ method: 'GET', url, headers: auth(customerToken) })).statusCode).toBe(
        404,
      );
    }
    expect(await returnsOf(theirs.number)).toBe(0);
  });

  it('takes only whole units: none, negative, fractional or absurd quantities change nothing', async () => {
    const { number, key, item } = await guestOrder();
    for (const quantity of [0, -1, 1.5, 1e9, '1'])
      expect(
        (
          await test.app.inject({
            method: 'POST',
            url: `/api/orders/${number}/returns`,
            payload: { key, items: [item({ quantity })], resolution: 'refund' },
          })
        ).statusCode,
        `quantity ${String(quantity)}`,
      ).toBe(400);
    expect(await returnsOf(number)).toBe(0);
  });

  it('refuses an order not yet delivered', async () => {
    const { number, key, item } = await guestOrder({ deliver: false });
    const asked = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${number}/returns`,
      payload: { key, items: [item()], resolution: 'refund' },
    });
    expect(asked.statusCode).toBe(409);
    expect(await returnsOf(number)).toBe(0);
  });

  it('writes one return when the same request is sent many times at once', async () => {
    const { number, key, item } = await guestOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        test.app.inject({
          method: 'POST',
          url: `/api/orders/${number}/returns`,
          payload: { key, items: [item()], resolution: 'refund' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.json().id)).size).toBe(1);
    expect(await returnsOf(number)).toBe(1);
  });

  it('moves only a return that exists, and receives only its own items', async () => {
    for (const id of ['999999', 'RET-1', '1%20OR%201%3D1'])
      expect(
        (
          await test.app.inject({
            method: 'POST',
            url: `/api/admin/returns/${id}/approve`,
            payload: {},
            ...admin(),
          })
        ).statusCode,
        id,
      ).toBe(404);
    expect(
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/admin/returns/1/approve',
          payload: {},
          headers: auth(customerToken),
        })
      ).statusCode,
    ).toBe(403);

    const { number, key, item } = await guestOrder();
    const { id } = (
      await test.app.inject({
        method: 'POST',
        url: `/api/orders/${number}/returns`,
        payload: { key, items: [item()], resolution: 'refund' },
      })
    ).json<{ id: number }>();
    await test.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${id}/approve`,
      payload: {},
      ...admin(),
    });
    const before = await test.database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.productId, productId));
    const foreign = await test.app.inject({
      method: 'POST',
      url: `/api/admin/returns/${id}/receive`,
      payload: { restock: { '1': true } },
      ...admin(),
    });
    expect(foreign.statusCode).toBe(422);
    const [row] = await test.database.db.select().from(orderReturns).where(eq(orderReturns.id, id));
    expect(row!.status).toBe('approved');
    expect(
      await test.database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.productId, productId)),
    ).toEqual(before);
  });
});
