import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog';
import { users } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { signUpAs } from '../fixtures/admin-api';
import { setProductStock } from '../fixtures/stock';

/** What an attacker changes in the browser: prices, quantities, payment results and uploads. */
let test: TestApp;
let product: { id: number; price: number; size: string | null };
let customer: string;

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  await allowManyUnpaidOrders(test.database.db);
  const [row] = await test.database.db
    .select({ id: products.id, priceKobo: products.priceKobo, sizes: products.sizes })
    .from(products)
    .where(sql`cardinality(${products.sizes}) <= 1`)
    .limit(1);
  await setProductStock(test.database.db, row!.id, 40);
  product = { id: row!.id, price: row!.priceKobo / 100, size: row!.sizes[0] ?? null };
  customer = await signUpAs(test, 'tamper@example.ng');
}, 120_000);
afterAll(async () => {
  await test?.close();
});

/** The checkout's body with these lines (which may be malformed) and any extra fields an attacker adds. */
const orderBody = (items: unknown[], extra: Record<string, unknown> = {}) => ({
  ...testOrderBody(product, { email: 'tamper@example.ng', paymentMethod: 'flutterwave' }),
  items,
  ...extra,
});

describe('price and quantity tampering', () => {
  it('a price, total, discount or coupon percent sent by the browser is ignored', async () => {
    const honest = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: product.id, quantity: 2, selectedSize: product.size }] },
    });
    const forged = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody(
        [{ id: product.id, quantity: 2, selectedSize: product.size, price: 1, priceKobo: 100 }],
        {
          total: 1,
          subtotal: 1,
          discount: 999_999,
          couponPercent: 100,
          shipping: 0,
        },
      ),
    });
    expect(forged.statusCode, forged.body).toBe(201);
    const order = forged.json().order as { total: number; subtotal: number; discount: number };
    expect(order.subtotal).toBe(product.price * 2);
    expect(order.total).toBe(honest.json().total);
    expect(order.discount).toBe(0);
  });

  it.each([
    ['zero', 0],
    ['negative', -3],
    ['fractional', 1.5],
    ['huge', 1_000_000],
    ['text', 'two'],
    ['an object', { $gt: 0 }],
  ])('a %s quantity is refused with 400 naming the field', async (_, quantity) => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ id: product.id, quantity, selectedSize: product.size }]),
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().error.fields ?? {})).toMatch(/quantity/);
  });

  it('the same product split over many lines cannot beat the stock check', async () => {
    const lines = Array.from({ length: 5 }, () => ({
      id: product.id,
      quantity: 10,
      selectedSize: product.size,
    }));
    const response = await test.app.inject({ method: 'POST', url: '/api/orders', payload: orderBody(lines) });
    expect(response.statusCode).toBe(409);
    const [row] = await test.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    expect(row!.stock).toBeGreaterThanOrEqual(0);
  });
});

describe('mass assignment', () => {
  it('__proto__ in a JSON body is refused with 400', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"name":"Proto Person","email":"proto@example.ng","password":"Sturdy-Pass-2026","__proto__":{"role":"admin"}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('a role sent to sign-up is ignored', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { name: 'Role Person', email: 'role@example.ng', password: 'Sturdy-Pass-2026', role: 'owner' },
    });
    expect(response.statusCode).toBe(202);
    const [row] = await test.database.db.select().from(users).where(eq(users.email, 'role@example.ng'));
    expect(row?.role).toBe('customer');
  });
});

describe('payment spoofing', () => {
  async function cardOrder() {
    const placed = await test.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: orderBody([{ id: product.id, quantity: 1, selectedSize: product.size }]),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, accessToken } = placed.json<{
      order: { id: string; total: number };
      accessToken: string;
    }>();
    const start = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      payload: { key: accessToken },
    });
    expect(start.statusCode).toBe(201);
    return { order, accessToken, attempt: start.json<{ txRef: string; amount: number }>() };
  }

  const charge = (txRef: string, amount: number, cardNumber = '5531 8866 5214 2950') =>
    test.app.inject({
      method: 'POST',
      url: '/api/sandbox/charges',
      payload: {
        txRef,
        amount,
        currency: 'NGN',
        cardNumber,
        expiry: '09/32',
        cvv: '564',
        customer: { email: 'tamper@example.ng', name: 'Tobi Ade' },
      },
    });

  const verify = (orderId: string, key: string, transactionId: unknown, txRef: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: { orderId, key, transactionId: String(transactionId), txRef },
    });

  it('a successful charge for less than the total does not pay the order', async () => {
    const { order, accessToken, attempt } = await cardOrder();
    const cheap = await charge(attempt.txRef, 100);
    expect(cheap.statusCode).toBe(200);
    const answer = await verify(order.id, accessToken, cheap.json().transaction_id, attempt.txRef);
    expect(answer.json().paid ?? false).toBe(false);
    const [row] = await test.database.db
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.number, order.id));
    expect(row!.paymentStatus).not.toBe('paid');
  });

  it('a callback claiming success for a declined card does not pay the order', async () => {
    const { order, accessToken, attempt } = await cardOrder();
    const declined = await charge(attempt.txRef, attempt.amount, '5258 5859 2266 6506');
    expect(declined.json().status).toBe('failed');
    const answer = await verify(order.id, accessToken, declined.json().transaction_id, attempt.txRef);
    expect(answer.json().paid ?? false).toBe(false);
  });

  it('a made-up transaction id does not pay the order', async () => {
    const { order, accessToken, attempt } = await cardOrder();
    const answer = await verify(order.id, accessToken, 987654321, attempt.txRef);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });

  it('a webhook without the shared secret changes nothing', async () => {
    const { order, attempt } = await cardOrder();
    const paid = await charge(attempt.txRef, attempt.amount);
    const hook = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/webhook',
      payload: {
        event: 'charge.completed',
        data: { id: paid.json().transaction_id, tx_ref: attempt.txRef, status: 'successful' },
      },
    });
    expect(hook.statusCode).toBe(401);
    const [row] = await test.database.db
      .select({ paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.number, order.id));
    expect(row!.paymentStatus).not.toBe('paid');
  });
});

describe('upload attacks', () => {
  const upload = (bytes: Buffer, filename: string, type: string) => {
    const boundary = '----rossy-security';
    return test.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: {
        authorization: `Bearer ${customer}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };

  it('a file of the wrong type with an image name is refused', async () => {
    const response = await upload(
      Buffer.from('<html><script>alert(1)</script></html>'),
      'cat.jpg',
      'image/jpeg',
    );
    // Well-formed multipart, but the bytes are not an image: the shop's rule, 422.
    expect(response.statusCode).toBe(422);
  });

  it('an oversize file is refused without being kept', async () => {
    const response = await upload(Buffer.alloc(6 * 1024 * 1024, 1), 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
  });

  it('an image polyglot (a PNG with a script appended) is re-encoded: what is served is a clean WebP', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#222' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([
      png,
      Buffer.from('<script>alert(document.cookie)</script><?php system($_GET["c"]); ?>'),
    ]);
    const response = await upload(polyglot, 'avatar.png.html', 'text/html');
    expect(response.statusCode).toBe(200);
    const url = response.json().user.avatarUrl as string;
    expect(url).toMatch(/\.webp$/);
    const served = await test.app.inject({ method: 'GET', url });
    if (served.statusCode === 200) {
      expect(served.headers['content-type']).toMatch(/image\/webp/);
      expect(served.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    }
  });
});

describe('rate limits', () => {
  it('order tracking is limited per address with 429 and Retry-After', async () => {
    let limited: { statusCode: number; headers: Record<string, unknown> } | undefined;
    for (let attempt = 0; attempt < 40 && !limited; attempt++) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/orders/track',
        remoteAddress: '203.0.113.9',
        payload: { orderNumber: `ORD-${20000 + attempt}`, email: 'guess@example.ng' },
      });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await test.app.inject({
      method: 'POST',
      url: '/api/orders/track',
      remoteAddress: '203.0.113.10',
      payload: { orderNumber: 'ORD-20000', email: 'guess@example.ng' },
    });
    expect(other.statusCode).not.toBe(429);
  });
});
