import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../../db/schema/catalog';
import { orders } from '../../../db/schema/orders';
import { allowManyUnpaidOrders } from '../../../tests/fixtures/orders';
import { createTestApp, type TestApp } from '../../../tests/fixtures/test-app';
import { setProductStock } from '../../../tests/fixtures/stock';
import { gridOf } from '../../../tests/fixtures/variant-grid';

let test: TestApp;
let product: { id: number; name: string; priceKobo: number; stock: number };

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await allowManyUnpaidOrders(test.database.db);
  const [row] = await test.database.db
    .select({ id: products.id, name: products.name, priceKobo: products.priceKobo, stock: products.stock })
    .from(products)
    .where(sql`cardinality(${products.sizes}) = 1`)
    .orderBy(products.id)
    .limit(1);
  product = row!;
  await setProductStock(test.database.db, product.id, 50);
});
afterAll(async () => {
  await test?.close();
});

async function orderCount(): Promise<number> {
  const [row] = await test.database.db.select({ count: sql<number>`count(*)::int` }).from(orders);
  return row!.count;
}

const address = {
  firstName: 'Adaeze',
  lastName: 'Okafor',
  address: '12 Bode Thomas Street',
  city: 'Surulere',
  state: 'Lagos',
  zipCode: '101283',
  country: 'Nigeria',
};

const orderBody = (overrides: Record<string, unknown> = {}) => ({
  items: [{ id: product.id, quantity: 1, price: 1 }],
  shippingMethod: 'standard',
  paymentMethod: 'bank-transfer',
  email: 'adaeze@example.ng',
  phone: '+234 803 000 1111',
  shippingAddress: address,
  total: 5,
  ...overrides,
});

describe('POST /api/cart/quote', () => {
  it('prices from the database in naira and ignores prices sent by the browser', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: {
        items: [{ id: product.id, quantity: 2, price: 1, unitPriceKobo: 1 }],
        couponCode: 'discount10',
        total: 1,
      },
    });
    expect(response.statusCode).toBe(200);
    const quote = response.json();
    const subtotal = (product.priceKobo * 2) / 100;
    expect(quote.subtotal).toBe(subtotal);
    expect(quote.lines[0].price).toBe(product.priceKobo / 100);
    expect(quote.coupon).toMatchObject({ code: 'DISCOUNT10', percent: 10, type: 'percent' });
    expect(quote.discount).toBe(Math.round(product.priceKobo * 2 * 0.1) / 100);
    // Nigeria's VAT is inside the tag prices: the total is what is left of them and the delivery.
    expect(quote).toMatchObject({ taxIncluded: true, taxRatePercent: 7.5 });
    expect(quote.total).toBeCloseTo(quote.subtotal - quote.discount + quote.shipping, 2);
  });

  it('answers 400 naming the field for a bad quantity', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: product.id, quantity: 0 }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toHaveProperty(['items.0.quantity']);
  });
});

describe('POST /api/coupons/validate', () => {
  it('accepts a seeded code in any case and refuses an unknown one with the shop message', async () => {
    const ok = await test.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'rossy10' },
    });
    expect(ok.json()).toMatchObject({ code: 'ROSSY10', percent: 10 });
    const bad = await test.app.inject({
      method: 'POST',
      url: '/api/coupons/validate',
      payload: { code: 'FREE100' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.message).toBe('Invalid coupon code.');
  });
});

describe('POST /api/orders', () => {
  it('places a guest order, honours the Idempotency-Key, and shows the order only with its key', async () => {
    const headers = { 'idempotency-key': 'checkout-test-1' };
    const first = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderBody(),
    });
    expect(first.statusCode).toBe(201);
    const { order, accessToken } = first.json();
    expect(order.id).toMatch(/^ORD-\d{5,}$/);
    expect(order.status).toBe('awaiting_payment');
    // Paid into an account of its own (the shop's default): no RC reference to match by hand.
    expect(order.bankReference).toBeNull();
    expect(accessToken).toEqual(expect.any(String));

    const again = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderBody(),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().order.id).toBe(order.id);

    const other = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: orderBody({ items: [{ id: product.id, quantity: 2 }] }),
    });
    expect(other.statusCode).toBe(422);

    const [row] = await test.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row?.stock).toBe(49);

    const anonymous = await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}` });
    expect(anonymous.statusCode).toBe(404);
    const wrongKey = await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}?key=guess` });
    expect(wrongKey.statusCode).toBe(404);
    const withKey = await test.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}?key=${accessToken}`,
    });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json().total).toBe(order.total);

    const tracked = await test.app.inject({
      method: 'POST',
      url: '/api/orders/track',
      payload: { orderNumber: order.id.toLowerCase(), email: 'ADAEZE@example.ng' },
    });
    expect(tracked.statusCode).toBe(200);
    expect(tracked.json().timeline[0].status).toBe('awaiting_payment');
    const notTracked = await test.app.inject({
      method: 'POST',
      url: '/api/orders/track',
      payload: { orderNumber: order.id, email: 'someone@example.ng' },
    });
    expect(notTracked.statusCode).toBe(404);
    expect(notTracked.json().error.message).toBe(
      'No order found with the provided information. Please check and try again.',
    );
  });

  it('answers 409 naming the product, its size and colour when there is not enough stock', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody({
        items: [{ id: product.id, quantity: 100 }],
      }),
    });
    expect(response.statusCode).toBe(400);
    const split = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody({
        items: [
          { id: product.id, quantity: 40, selectedSize: null },
          { id: product.id, quantity: 40 },
        ],
      }),
    });
    // Two lines of one size and colour draw on one variant's stock together.
    expect(split.statusCode).toBe(409);
    const [cell] = await gridOf(test.database.db, product.id);
    const left = cell!.stock;
    expect(split.json().error).toMatchObject({
      code: 'OUT_OF_STOCK',
      message: `${product.name}: Only ${left} left in ${[cell!.size, cell!.color].filter(Boolean).join(' / ')}.`,
    });
    expect((await gridOf(test.database.db, product.id))[0]!.stock, 'nothing taken').toBe(left);
  });

  it('answers 409 TOTAL_CHANGED with the new quote when the total the shopper saw is no longer the total, placing nothing; the same key then places', async () => {
    const quote = () =>
      test.app.inject({
        method: 'POST',
        url: '/api/cart/quote',
        payload: {
          items: [{ id: product.id, quantity: 1 }],
          shippingAddress: { country: address.country, state: address.state },
        },
      });
    const seen = (await quote()).json().total as number;
    const stock = async () =>
      (
        await test.database.db
          .select({ stock: products.stock })
          .from(products)
          .where(eq(products.id, product.id))
      )[0]!.stock;
    const before = { stock: await stock(), orders: await orderCount() };
    await test.database.db
      .update(products)
      .set({ priceKobo: product.priceKobo + 150_000 })
      .where(eq(products.id, product.id));
    try {
      const headers = { 'idempotency-key': 'checkout-total-changed-1' };
      const changed = await test.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: orderBody({ expectedTotal: seen }),
      });
      expect(changed.statusCode).toBe(409);
      const body = changed.json();
      expect(body.error).toEqual({ code: 'TOTAL_CHANGED', message: expect.stringContaining('(was ₦') });
      expect(body.quote).toEqual((await quote()).json());
      expect(body.quote.lines[0].price).toBe((product.priceKobo + 150_000) / 100);
      expect({ stock: await stock(), orders: await orderCount() }).toEqual(before);

      const placed = await test.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers,
        payload: orderBody({ expectedTotal: body.quote.total }),
      });
      expect(placed.statusCode).toBe(201);
      expect(placed.json().order.total).toBe(body.quote.total);
      expect(await stock()).toBe(before.stock - 1);
    } finally {
      await test.database.db
        .update(products)
        .set({ priceKobo: product.priceKobo })
        .where(eq(products.id, product.id));
    }
  });

  it('documents expectedTotal and the 409 with the new quote', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/orders'].post;
    const body = operation.requestBody.content['application/json'].schema;
    expect(body.properties.expectedTotal).toMatchObject({ type: 'number', minimum: 0 });
    const conflict = operation.responses['409'].content['application/json'].schema;
    expect(Object.keys(conflict.properties)).toEqual(['error', 'quote']);
  });

  it('lists orders only for a signed-in shopper', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/orders' });
    expect(response.statusCode).toBe(401);
  });
});
