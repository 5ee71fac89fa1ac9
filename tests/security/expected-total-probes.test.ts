/**
 * Probe of issue 24, item 6: the order could charge more than the shopper saw. The shopper is
 * quoted a total, the admin doubles the price, and Place Order used to charge the doubled total
 * with nothing shown. The order now carries the total the shopper saw (`expectedTotal`) and a
 * different total on the server is a 409 with the new quote, placing nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders';
import { paymentTransactions } from '../../db/schema/payments';
import { auth, signInSeededAdmin } from '../fixtures/admin-api';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { setProductStock } from '../fixtures/stock';

let test: TestApp;
let adminToken: string;
let product: { id: number; size: string | null; priceKobo: number };

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await allowManyUnpaidOrders(test.database.db);
  adminToken = (await signInSeededAdmin(test)).token;
  const [row] = await test.database.db
    .select({ id: products.id, sizes: products.sizes, priceKobo: products.priceKobo })
    .from(products)
    // Not on sale: the admin's new price needs no original price above it.
    .where(
      sql`cardinality(${products.sizes}) <= 1 AND ${products.status} = 'active' AND ${products.originalPriceKobo} IS NULL`,
    )
    .orderBy(products.id)
    .limit(1);
  await setProductStock(test.database.db, row!.id, 40);
  product = { id: row!.id, size: row!.sizes[0] ?? null, priceKobo: row!.priceKobo };
}, 120_000);
afterAll(async () => {
  await test?.close();
});

async function quote(): Promise<{ total: number; lines: { price: number }[] }> {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/cart/quote',
    // The order's address: the quote prices delivery by its state, as Place Order does.
    payload: {
      items: [{ id: product.id, quantity: 1, selectedSize: product.size }],
      shippingAddress: { country: 'Nigeria', state: 'Lagos' },
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function setPrice(naira: number) {
  const response = await test.app.inject({
    method: 'PATCH',
    url: `/api/admin/products/${product.id}`,
    headers: auth(adminToken),
    payload: { price: naira },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function counts() {
  const [row] = await test.database.db
    .select({
      orders: sql<number>`(SELECT count(*)::int FROM ${orders})`,
      payments: sql<number>`(SELECT count(*)::int FROM ${paymentTransactions})`,
      stock: products.stock,
    })
    .from(products)
    .where(eq(products.id, product.id));
  return row!;
}

const placeOrder = (expectedTotal: number, key: string, paymentMethod: 'bank-transfer' | 'flutterwave') =>
  test.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { 'idempotency-key': key },
    payload: { ...testOrderBody(product, { email: 'seen.total@example.ng', paymentMethod }), expectedTotal },
  });

describe('the total the shopper saw (item 6)', () => {
  it.each(['bank-transfer', 'flutterwave'] as const)(
    'quote, the admin doubles the price, Place Order (%s) with the old total: 409 with the new quote, nothing taken; the same key then places at the new total',
    async (paymentMethod) => {
      const original = product.priceKobo / 100;
      const seen = await quote();
      await setPrice(original * 2);
      try {
        const before = await counts();

        const key = `seen-total-${paymentMethod}`;
        const refused = await placeOrder(seen.total, key, paymentMethod);
        expect(refused.statusCode, refused.body).toBe(409);
        const body = refused.json();
        expect(body.error.code).toBe('TOTAL_CHANGED');
        expect(body.error.message).toContain('the total is now');
        const now = await quote();
        expect(now.total).toBeGreaterThan(seen.total);
        expect(body.quote).toEqual(now);
        expect(await counts(), 'no order, no payment, no stock taken').toEqual(before);

        // The shopper saw the new total and confirms again with the same Idempotency-Key.
        const placed = await placeOrder(now.total, key, paymentMethod);
        expect(placed.statusCode, placed.body).toBe(201);
        expect(placed.json().order.total, 'never charged more than seen').toBe(now.total);
        const again = await placeOrder(now.total, key, paymentMethod);
        expect(again.statusCode, 'a repeat is the same order').toBe(200);
        expect(again.json().order.id).toBe(placed.json().order.id);
      } finally {
        await setPrice(original);
      }
    },
  );

  it('a total the shopper saw that still holds places the order as before', async () => {
    const seen = await quote();
    const placed = await placeOrder(seen.total, 'seen-total-unchanged', 'bank-transfer');
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.total).toBe(seen.total);
  });

  it.each([-1, 'abc', 1e12, null])('an expectedTotal of %s is a 400 naming the field', async (value) => {
    const before = await counts();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...testOrderBody(product, { email: 'seen.total@example.ng' }), expectedTotal: value },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.fields).toHaveProperty(['expectedTotal']);
    expect(await counts()).toEqual(before);
  });
});
