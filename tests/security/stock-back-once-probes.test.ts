/**
 * Probes of the paths that give a sold unit back to stock, over HTTP as staff send them: a refund of
 * lines with restock, a cancel, a return received back in stock, and the release of an unpaid order,
 * one after the other in either order and at once. However they meet, a unit sold comes back at most
 * once: the size's stock ends where it was before the sale (never above), the product's sold count
 * moves with it, and the money goes back once. Meaningful races on PostgreSQL (set
 * TEST_DATABASE_URL); on PGlite the transactions queue, and the bookkeeping is the same.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseUnpaidOrders } from '../../core/orders/release-unpaid';
import { applyProviderTransaction, startPayment } from '../../core/payments/payments';
import { chargeSandboxCard } from '../../core/payments/sandbox';
import { products } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { auth, createAdminTestApp, stockedOneSizeProduct, type AdminTestApp } from '../fixtures/admin-api';
import { allowManyUnpaidOrders, testOrderBody } from '../fixtures/orders';
import { variantStock } from '../fixtures/stock';
import { createGridProduct, gridStock } from '../fixtures/variant-grid';

let shop: AdminTestApp;
let productId: number;

beforeAll(async () => {
  shop = await createAdminTestApp({ customerEmail: 'stock.probe@example.ng' });
  productId = await stockedOneSizeProduct(shop.test, 100);
  // Sold before: a sold count taken below what the sales added shows, not hidden at zero.
  await shop.test.database.db.update(products).set({ soldCount: 50 }).where(eq(products.id, productId));
  await allowManyUnpaidOrders(shop.test.database.db);
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

const admin = () => ({ headers: auth(shop.adminToken) });
const inject = (options: InjectOptions) => shop.test.app.inject(options);
const db = () => shop.test.database.db;

/** The size's stock and the product's sold count, as the storefront and the reports read them. */
async function shelf(): Promise<{ stock: number; sold: number }> {
  const [row] = await db()
    .select({ sold: products.soldCount })
    .from(products)
    .where(eq(products.id, productId));
  return { stock: await variantStock(db(), productId), sold: row!.sold };
}

/** A guest's order of `quantity` units (of the size given, else the one-size product), as it is placed; unpaid. */
async function placed(
  paymentMethod: 'credit-card' | 'bank-transfer',
  quantity = 2,
  product: { id: number; size?: string } = { id: productId },
) {
  const answer = await inject({
    method: 'POST',
    url: '/api/orders',
    payload: testOrderBody(product, { paymentMethod, quantity }),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { number: answer.json().order.id as string, key: answer.json().accessToken as string };
}

/** A guest's card order of two units paid with a TEST MODE card: refunds complete at once through the sandbox. */
async function paidCardOrder(quantity = 2, product?: { id: number; size?: string }) {
  const order = await placed('credit-card', quantity, product);
  const deps = shop.test.app.services.payments;
  const start = await startPayment(deps, order.number, {
    user: { id: 'probe', email: 'admin@rossy.ng', emailVerified: true, role: 'owner' },
  });
  const charge = await chargeSandboxCard(deps.db, {
    txRef: start.txRef,
    amount: start.amount,
    currency: 'NGN',
    cardNumber: '5531886652142950',
    expiry: '09/32',
    cvv: '564',
    customer: { email: 'kemi.bello@example.ng', name: 'Kemi Bello' },
  });
  await applyProviderTransaction(deps, await deps.providers.sandbox!.verifyById(charge.transactionId!));
  const [row] = await db().select().from(orders).where(eq(orders.number, order.number));
  expect(row!.paymentStatus).toBe('paid');
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, row!.id));
  return { ...order, orderId: row!.id, line: line! };
}

const refundLines = (number: string, orderLineId: number, quantity: number) =>
  inject({
    method: 'POST',
    url: `/api/admin/orders/${number}/refunds`,
    payload: { lines: [{ orderLineId, quantity }], restock: true, reason: 'Sent back unworn' },
    ...admin(),
  });

const cancel = (number: string) =>
  inject({
    method: 'PATCH',
    url: `/api/admin/orders/${number}/status`,
    payload: { status: 'cancelled' },
    ...admin(),
  });

const setStatus = (number: string, payload: Record<string, unknown>) =>
  inject({ method: 'PATCH', url: `/api/admin/orders/${number}/status`, payload, ...admin() });

/** The money given back on the order: completed refunds of its own money. */
async function refunded(orderId: number): Promise<{ count: number; kobo: number }> {
  const rows = await db()
    .select({ amountKobo: refunds.amountKobo })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), eq(refunds.status, 'completed'), eq(refunds.purpose, 'order')));
  return { count: rows.length, kobo: rows.reduce((sum, row) => sum + row.amountKobo, 0) };
}

describe('a refund with restock and a cancel give a unit back once', () => {
  it('refund of both units with restock, then cancel: the stock is where it was before the sale', async () => {
    const before = await shelf();
    const order = await paidCardOrder();
    expect(await shelf()).toEqual({ stock: before.stock - 2, sold: before.sold + 2 });
    const first = await refundLines(order.number, order.line.id, 2);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().status).toBe('completed');
    expect(await shelf()).toEqual(before);
    expect((await cancel(order.number)).statusCode).toBe(200);
    expect(await shelf()).toEqual(before);
    expect(await refunded(order.orderId)).toEqual({ count: 1, kobo: Math.round(first.json().amount * 100) });
  });

  it('cancel, then refund of both units with restock: the refund gives the money back, the stock stays', async () => {
    const before = await shelf();
    const order = await paidCardOrder();
    expect((await cancel(order.number)).statusCode).toBe(200);
    expect(await shelf()).toEqual(before);
    const refund = await refundLines(order.number, order.line.id, 2);
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().status).toBe('completed');
    expect(await shelf()).toEqual(before);
    expect(await refunded(order.orderId)).toEqual({ count: 1, kobo: Math.round(refund.json().amount * 100) });
  });

  it.each([1, 2, 3])('refund with restock and cancel at once (round %i): once', async () => {
    const before = await shelf();
    const order = await paidCardOrder();
    const [refund, cancelled] = await Promise.all([
      refundLines(order.number, order.line.id, 2),
      cancel(order.number),
    ]);
    expect(refund.statusCode, refund.body).toBe(201);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await shelf()).toEqual(before);
    expect(await refunded(order.orderId)).toEqual({ count: 1, kobo: Math.round(refund.json().amount * 100) });
  });

  it('one unit refunded with restock, then cancel: the cancel gives back the other one', async () => {
    const before = await shelf();
    const order = await paidCardOrder();
    expect((await refundLines(order.number, order.line.id, 1)).statusCode).toBe(201);
    expect(await shelf()).toEqual({ stock: before.stock - 1, sold: before.sold + 1 });
    expect((await cancel(order.number)).statusCode).toBe(200);
    expect(await shelf()).toEqual(before);
  });

  it('two refunds of one unit each and a cancel, all at once: each unit back once', async () => {
    const before = await shelf();
    const order = await paidCardOrder();
    const answers = await Promise.all([
      refundLines(order.number, order.line.id, 1),
      cancel(order.number),
      refundLines(order.number, order.line.id, 1),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 200, 201]);
    expect(await shelf()).toEqual(before);
    expect((await refunded(order.orderId)).count).toBe(2);
  });
});

describe('a return received back in stock gives its units back once', () => {
  async function deliveredWithReturn(quantity: number) {
    const order = await paidCardOrder();
    for (const payload of [
      { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-5' },
      { status: 'delivered' },
    ])
      expect((await setStatus(order.number, payload)).statusCode).toBe(200);
    const asked = await inject({
      method: 'POST',
      url: `/api/orders/${order.number}/returns`,
      payload: {
        key: order.key,
        items: [
          {
            productId,
            selectedSize: order.line.size,
            selectedColor: order.line.color,
            quantity,
            reason: 'too_small',
          },
        ],
        resolution: 'refund',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    for (const [move, payload] of [
      ['approve', {}],
      ['receive', { restock: true }],
    ] as const) {
      const moved = await inject({
        method: 'POST',
        url: `/api/admin/returns/${id}/${move}`,
        payload,
        ...admin(),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    return { ...order, returnId: id };
  }

  it('both units returned back in stock, then a refund of both with restock: no more come back, the money once', async () => {
    const before = await shelf();
    const order = await deliveredWithReturn(2);
    expect(await shelf()).toEqual(before);
    // A delivered order is not cancelled: nothing moves.
    expect((await cancel(order.number)).statusCode).toBe(409);
    const refund = await refundLines(order.number, order.line.id, 2);
    expect(refund.statusCode, refund.body).toBe(201);
    expect(await shelf()).toEqual(before);
    // The return's own refund finds the pieces refunded already: the money goes back once.
    const ofReturn = await inject({
      method: 'POST',
      url: `/api/admin/returns/${order.returnId}/refund`,
      payload: {},
      ...admin(),
    });
    expect(ofReturn.statusCode).toBe(409);
    expect(await refunded(order.orderId)).toEqual({ count: 1, kobo: Math.round(refund.json().amount * 100) });
    expect(await shelf()).toEqual(before);
  });

  it('one unit returned back in stock, then a refund of both with restock: the other one comes back', async () => {
    const before = await shelf();
    const order = await deliveredWithReturn(1);
    expect(await shelf()).toEqual({ stock: before.stock - 1, sold: before.sold + 1 });
    expect((await refundLines(order.number, order.line.id, 2)).statusCode).toBe(201);
    expect(await shelf()).toEqual(before);
  });

  it.each([1, 2])(
    'a return received back in stock and a refund of both with restock at once (round %i): once',
    async () => {
      const before = await shelf();
      const order = await paidCardOrder();
      for (const payload of [
        { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-6' },
        { status: 'delivered' },
      ])
        expect((await setStatus(order.number, payload)).statusCode).toBe(200);
      const asked = await inject({
        method: 'POST',
        url: `/api/orders/${order.number}/returns`,
        payload: {
          key: order.key,
          items: [
            {
              productId,
              selectedSize: order.line.size,
              selectedColor: order.line.color,
              quantity: 2,
              reason: 'changed_mind',
            },
          ],
          resolution: 'refund',
        },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json().id as number;
      expect(
        (await inject({ method: 'POST', url: `/api/admin/returns/${id}/approve`, payload: {}, ...admin() }))
          .statusCode,
      ).toBe(200);
      const [received, refund] = await Promise.all([
        inject({
          method: 'POST',
          url: `/api/admin/returns/${id}/receive`,
          payload: { restock: true },
          ...admin(),
        }),
        refundLines(order.number, order.line.id, 2),
      ]);
      expect(received.statusCode, received.body).toBe(200);
      expect(refund.statusCode, refund.body).toBe(201);
      expect(await shelf()).toEqual(before);
      expect((await refunded(order.orderId)).count).toBe(1);
    },
  );

  it('the return’s own refund puts nothing more back', async () => {
    const before = await shelf();
    const order = await deliveredWithReturn(2);
    const ofReturn = await inject({
      method: 'POST',
      url: `/api/admin/returns/${order.returnId}/refund`,
      payload: {},
      ...admin(),
    });
    expect(ofReturn.statusCode, ofReturn.body).toBe(200);
    expect(await shelf()).toEqual(before);
    expect((await refunded(order.orderId)).count).toBe(1);
  });
});

describe('the release of an unpaid order and a cancel give its units back once', () => {
  it.each([1, 2, 3])('release, the shop’s cancel and the shopper’s cancel at once (round %i)', async () => {
    const before = await shelf();
    const order = await placed('bank-transfer');
    expect(await shelf()).toEqual({ stock: before.stock - 2, sold: before.sold + 2 });
    const later = new Date(Date.now() + 30 * 24 * 3_600_000);
    const [released, shops, shoppers] = await Promise.all([
      releaseUnpaidOrders({ db: db() }, later),
      cancel(order.number),
      inject({ method: 'POST', url: `/api/orders/${order.number}/cancel`, payload: { key: order.key } }),
    ]);
    const winners =
      (released.includes(order.number) ? 1 : 0) +
      (shops.statusCode === 200 ? 1 : 0) +
      (shoppers.statusCode === 200 && shoppers.json().cancelled ? 1 : 0);
    expect(winners).toBe(1);
    expect(await shelf()).toEqual(before);
    const [row] = await db().select().from(orders).where(eq(orders.number, order.number));
    expect(row!.status).toBe('cancelled');
  });

  it('a released order’s refund cannot be asked, and a late cancel gives nothing back', async () => {
    const before = await shelf();
    const order = await placed('bank-transfer');
    await releaseUnpaidOrders({ db: db() }, new Date(Date.now() + 30 * 24 * 3_600_000));
    expect(await shelf()).toEqual(before);
    expect((await cancel(order.number)).statusCode).toBe(409);
    const [line] = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, sql`(select id from orders where number = ${order.number})`));
    expect((await refundLines(order.number, line!.id, 2)).statusCode).toBe(409);
    expect(await shelf()).toEqual(before);
  });
});

describe('an exchange moves the sold count with the stock', () => {
  let dress: { id: number; name: string };

  beforeAll(async () => {
    dress = await createGridProduct(db(), {
      name: 'Exchange Ankara Dress',
      sizes: ['S', 'M'],
      colors: ['Olive'],
      stock: 10,
    });
  });

  async function soldOf(id: number): Promise<number> {
    const [row] = await db().select({ sold: products.soldCount }).from(products).where(eq(products.id, id));
    return row!.sold;
  }

  /** A delivered order of one M, and its exchange for an S asked (and approved, unless told). */
  async function exchangeAsked(approve = true) {
    const order = await paidCardOrder(1, { id: dress.id, size: 'M' });
    for (const payload of [
      { status: 'shipped', carrier: 'GIG Logistics', trackingNumber: 'GIG-8' },
      { status: 'delivered' },
    ])
      expect((await setStatus(order.number, payload)).statusCode).toBe(200);
    const asked = await inject({
      method: 'POST',
      url: `/api/orders/${order.number}/returns`,
      payload: {
        key: order.key,
        items: [
          { productId: dress.id, selectedSize: 'M', selectedColor: 'Olive', quantity: 1, reason: 'too_big' },
        ],
        resolution: 'exchange',
        exchangeFor: [{ productId: dress.id, selectedSize: 'S', selectedColor: 'Olive' }],
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json().id as number;
    if (approve)
      expect(
        (await inject({ method: 'POST', url: `/api/admin/returns/${id}/approve`, payload: {}, ...admin() }))
          .statusCode,
      ).toBe(200);
    return { ...order, returnId: id };
  }

  it('received back in stock and sent in another size: the M is back, the S is out, one piece sold', async () => {
    const sold = await soldOf(dress.id);
    const grid = await gridStock(db(), dress.id);
    const order = await exchangeAsked();
    const received = await inject({
      method: 'POST',
      url: `/api/admin/returns/${order.returnId}/receive`,
      payload: { restock: true },
      ...admin(),
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await gridStock(db(), dress.id)).toEqual({ ...grid, 'S/Olive': grid['S/Olive']! - 1 });
    expect(await soldOf(dress.id)).toBe(sold + 1);
  });

  it('declined: the S set aside goes back on sale, and the sold count is the sale’s alone', async () => {
    const sold = await soldOf(dress.id);
    const grid = await gridStock(db(), dress.id);
    const order = await exchangeAsked(false);
    expect(await gridStock(db(), dress.id)).toEqual({
      'M/Olive': grid['M/Olive']! - 1,
      'S/Olive': grid['S/Olive']! - 1,
    });
    expect(await soldOf(dress.id)).toBe(sold + 2);
    const declined = await inject({
      method: 'POST',
      url: `/api/admin/returns/${order.returnId}/decline`,
      payload: { reason: 'Worn' },
      ...admin(),
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await gridStock(db(), dress.id)).toEqual({ ...grid, 'M/Olive': grid['M/Olive']! - 1 });
    expect(await soldOf(dress.id)).toBe(sold + 1);
  });
});
