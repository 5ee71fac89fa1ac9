/**
 * Probes of issue 13 (items 4, 9, 10) over HTTP, as an attacker or a careless shopper would send
 * them: racing a first-order coupon, hoarding stock with unpaid orders, leaving the card window,
 * and walking or reading the TEST MODE sandbox's verify API.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../contracts/checkout-texts';
import { shopOverview, type RevenueFigure } from '../../core/reports/overview';
import { lastDays } from '../../core/reports/range';
import { salesReport } from '../../core/reports/sales';
import { sandboxSecretKey } from '../../core/payments/sandbox';
import { saveShopSettings } from '../../core/settings/shop-settings';
import { products } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders';
import { testOrderBody } from '../fixtures/orders';
import { createTestApp, type TestApp } from '../fixtures/test-app';
import { setProductStock } from '../fixtures/stock';

let test: TestApp;
let product: { id: number; size: string | null; name: string };

beforeAll(async () => {
  test = await createTestApp({ seed: true });
  const [row] = await test.database.db
    .select({ id: products.id, sizes: products.sizes, name: products.name })
    .from(products)
    .where(sql`cardinality(${products.sizes}) <= 1`)
    .orderBy(products.id)
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0] ?? null, name: row!.name };
}, 120_000);
afterAll(async () => {
  await test?.close();
});

async function setStock(stock: number) {
  await setProductStock(test.database.db, product.id, stock);
}

async function stock(): Promise<number> {
  const [row] = await test.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, product.id));
  return row!.stock;
}

let addressCounter = 0;
/** Each probe comes from an address of its own unless it says otherwise. */
const freshAddress = () => `10.13.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

function postOrder(body: ReturnType<typeof testOrderBody>, options: { key?: string; from?: string } = {}) {
  return test.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: options.from ?? freshAddress(),
    headers: options.key ? { 'idempotency-key': options.key } : {},
    payload: body,
  });
}

describe('first-order coupon (item 4)', () => {
  it('10 parallel checkouts by one shopper with WELCOME15 give one discounted order, the rest a clear 4xx', async () => {
    await setStock(1000);
    const email = 'welcome-race@example.ng';
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, attempt) =>
        postOrder(testOrderBody(product, { email, couponCode: 'WELCOME15', paymentMethod: 'flutterwave' }), {
          key: `welcome-race-${attempt}`,
        }),
      ),
    );
    const placed = answers.filter((answer) => answer.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0]!.json().order.couponCode).toBe('WELCOME15');
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect([409, 422, 429]).toContain(refused.statusCode);
      expect(refused.statusCode).toBeLessThan(500);
      expect(refused.json().error.message).toMatch(
        new RegExp(`${checkoutMessages.couponFirstOrder}|awaiting payment`),
      );
    }
    const [row] = await test.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.email} = ${email} AND ${orders.discountKobo} > 0`);
    expect(row!.n).toBe(1);
  });
});

describe('stock hoarding (item 10)', () => {
  it("one order cannot take more than the per-product cap: 422 (the shop's setting) naming the product and the cap", async () => {
    await setStock(39);
    const answer = await postOrder(testOrderBody(product, { email: 'hoard-cap@example.ng', quantity: 39 }));
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error.message).toContain(product.name);
    expect(answer.json().error.message).toContain('at most 10');
    expect(await stock()).toBe(39);
    const quote = await test.app.inject({
      method: 'POST',
      url: '/api/cart/quote',
      payload: { items: [{ id: product.id, quantity: 11, selectedSize: product.size }] },
    });
    expect(quote.json()).toMatchObject({ purchasable: false, maxQuantityPerProduct: 10 });
    expect(quote.json().lines[0].problem).toContain('at most 10');
    const ten = await postOrder(testOrderBody(product, { email: 'hoard-cap@example.ng', quantity: 10 }));
    expect(ten.statusCode).toBe(201);
  });

  it('a fourth unpaid order for one e-mail gets 429 with the shop message; paying or cancelling one frees a place', async () => {
    await setStock(100);
    const email = 'hoard-email@example.ng';
    const first = [];
    for (let i = 0; i < 3; i++) {
      const answer = await postOrder(testOrderBody(product, { email }));
      expect(answer.statusCode).toBe(201);
      first.push(answer.json<{ order: { id: string }; accessToken: string }>());
    }
    const fourth = await postOrder(testOrderBody(product, { email: 'Hoard-Email@Example.NG' }));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(
      'You already have 3 orders awaiting payment. Pay or cancel one of them first.',
    );
    const cancelled = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${first[0]!.order.id}/cancel`,
      payload: { key: first[0]!.accessToken },
    });
    expect(cancelled.json()).toMatchObject({ cancelled: true, order: { status: 'cancelled' } });
    expect((await postOrder(testOrderBody(product, { email }))).statusCode).toBe(201);
  });

  it('one network address may hold 10 open unpaid orders (shared carrier addresses), not 30', async () => {
    await setStock(100);
    const from = '10.99.0.1';
    const answers = [];
    for (let i = 0; i < 12; i++)
      answers.push(await postOrder(testOrderBody(product, { email: `nat-${i}@example.ng` }), { from }));
    expect(answers.slice(0, 10).map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(answers.slice(10).map((answer) => answer.statusCode)).toEqual([429, 429]);
    expect(answers[10]!.json().error.message).toContain('You already have 10 orders awaiting payment');
    // Another address is not held back by them.
    expect((await postOrder(testOrderBody(product, { email: 'nat-other@example.ng' }))).statusCode).toBe(201);
  });

  it('the limits are shop settings, validated', async () => {
    const bad = await saveShopSettings(test.database.db, { maxQuantityPerProduct: 0 }).catch(
      (error: unknown) => error,
    );
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', fields: { maxQuantityPerProduct: expect.any(String) } });
  });

  it('closing the card window releases an unpaid card order at once, only for its link holder', async () => {
    await setStock(20);
    const answer = await postOrder(
      testOrderBody(product, { email: 'closer@example.ng', paymentMethod: 'flutterwave', quantity: 5 }),
    );
    expect(answer.statusCode).toBe(201);
    const { order, accessToken } = answer.json<{ order: { id: string }; accessToken: string }>();
    expect(await stock()).toBe(15);
    const held = await test.database.db.select().from(orders).where(eq(orders.number, order.id));
    expect(held[0]!.stockHeldUntil!.getTime() - held[0]!.createdAt.getTime()).toBe(15 * 60_000);

    const start = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/payments`,
      payload: { key: accessToken },
    });
    expect(start.statusCode).toBe(201);
    const stranger = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { reason: 'closed' },
    });
    expect(stranger.statusCode).toBe(404);
    const wrongKey = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { key: 'not-the-key', reason: 'closed' },
    });
    expect(wrongKey.statusCode).toBe(404);
    expect(await stock()).toBe(15);

    const closed = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { key: accessToken, reason: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ cancelled: true, order: { status: 'cancelled' } });
    expect(await stock()).toBe(20);
    const again = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { key: accessToken, reason: 'closed' },
    });
    expect(again.json()).toMatchObject({ cancelled: false });
    expect(await stock()).toBe(20);
  });

  it('a window closed after the test card was charged pays the order instead of cancelling it', async () => {
    await setStock(20);
    const answer = await postOrder(
      testOrderBody(product, { email: 'paid-then-closed@example.ng', paymentMethod: 'flutterwave' }),
    );
    const { order, accessToken } = answer.json<{ order: { id: string }; accessToken: string }>();
    const attempt = (
      await test.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/payments`,
        payload: { key: accessToken },
      })
    ).json();
    await chargeTestCard(attempt);
    const closed = await test.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/cancel`,
      payload: { key: accessToken, reason: 'closed' },
    });
    expect(closed.json()).toMatchObject({ cancelled: false, order: { paymentStatus: 'paid', isTest: true } });
    expect(await stock()).toBe(19);
  });
});

async function chargeTestCard(attempt: {
  txRef: string;
  amount: number;
  customer: { email: string; name: string };
}) {
  const charge = await test.app.inject({
    method: 'POST',
    url: '/api/sandbox/charges',
    payload: {
      txRef: attempt.txRef,
      amount: attempt.amount,
      currency: 'NGN',
      cardNumber: '5531 8866 5214 2950',
      expiry: '09/32',
      cvv: '564',
      customer: attempt.customer,
    },
  });
  expect(charge.statusCode).toBe(200);
  return charge.json<{ transaction_id: string; tx_ref: string }>();
}

describe('TEST MODE (item 9)', () => {
  it("the sandbox's verify needs its secret key and its transaction ids cannot be walked", async () => {
    await setStock(20);
    const answer = await postOrder(
      testOrderBody(product, { email: 'walked@example.ng', paymentMethod: 'flutterwave' }),
    );
    const { order, accessToken } = answer.json<{ order: { id: string }; accessToken: string }>();
    const attempt = (
      await test.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/payments`,
        payload: { key: accessToken },
      })
    ).json();
    const charge = await chargeTestCard(attempt);
    expect(charge.transaction_id).toMatch(/^sbx_[0-9a-f]{32}$/);

    const verify = (id: string, authorization?: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/sandbox/v3/transactions/${id}/verify`,
        headers: authorization ? { authorization } : {},
      });
    const byRef = (authorization?: string) =>
      test.app.inject({
        method: 'GET',
        url: `/api/sandbox/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(attempt.txRef)}`,
        headers: authorization ? { authorization } : {},
      });
    // Walking sequential ids, with or without the public test key, says nothing.
    for (const id of ['1', '2', '3', charge.transaction_id]) {
      const walked = await verify(id);
      expect(walked.statusCode).toBe(401);
      expect(JSON.stringify(walked.json())).not.toContain('walked@example.ng');
    }
    expect((await verify(charge.transaction_id, 'Bearer FLWPUBK_TEST-SANDBOX-X')).statusCode).toBe(401);
    expect((await byRef()).statusCode).toBe(401);

    const secret = await sandboxSecretKey(test.database.db);
    expect(secret).toMatch(/^FLWSECK_TEST-[0-9a-f]{48}-X$/);
    const good = await verify(charge.transaction_id, `Bearer ${secret}`);
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toMatchObject({
      id: charge.transaction_id,
      tx_ref: attempt.txRef,
      status: 'successful',
    });
    expect((await byRef(`Bearer ${secret}`)).statusCode).toBe(200);
    // With the key, sequential ids still find nothing.
    for (const id of ['1', '2', '3']) expect((await verify(id, `Bearer ${secret}`)).statusCode).toBe(404);
  });

  it('an order paid with a test card is a test order: labelled, and left out of revenue and reports', async () => {
    await setStock(20);
    const answer = await postOrder(
      testOrderBody(product, { email: 'test-paid@example.ng', paymentMethod: 'flutterwave' }),
    );
    const { order, accessToken } = answer.json<{
      order: { id: string; total: number };
      accessToken: string;
    }>();
    const before = await shopOverview(test.database.db);
    const salesBefore = await salesReport(test.database.db, lastDays(2));
    const attempt = (
      await test.app.inject({
        method: 'POST',
        url: `/api/orders/${order.id}/payments`,
        payload: { key: accessToken },
      })
    ).json();
    const charge = await chargeTestCard(attempt);
    const verified = await test.app.inject({
      method: 'POST',
      url: '/api/payments/flutterwave/verify',
      payload: {
        orderId: order.id,
        transactionId: charge.transaction_id,
        txRef: attempt.txRef,
        key: accessToken,
      },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().order).toMatchObject({ paymentStatus: 'paid', isTest: true });
    const shown = await test.app.inject({ method: 'GET', url: `/api/orders/${order.id}?key=${accessToken}` });
    expect(shown.json()).toMatchObject({ isTest: true });

    const after = await shopOverview(test.database.db);
    // Counted apart: the figures are the same, and the test order is said beside them.
    const counted = (figure: RevenueFigure) => ({ ...figure, testOrders: 0, testKobo: 0 });
    expect(after.revenue.map(counted)).toEqual(before.revenue.map(counted));
    expect(after.revenue[0]!.testOrders).toBe(before.revenue[0]!.testOrders + 1);
    const salesAfter = await salesReport(test.database.db, lastDays(2));
    expect(salesAfter.orders).toBe(salesBefore.orders);
    expect(salesAfter.revenueKobo).toBe(salesBefore.revenueKobo);
  });
});
