import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/catalog';
import { outbox } from '../../db/schema/mail';
import { coupons, orderEvents, orders } from '../../db/schema/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createMailer } from '../mail/mailer';
import { placeOrder, type PlaceOrderDeps } from './place-order';
import { quoteCart } from './quote';
import { releaseUnpaidOrders } from './release-unpaid';
import { setProductStock } from '../../tests/fixtures/stock';

const HOUR = 3_600_000;

let database: TestDatabase;
let deps: PlaceOrderDeps;
let product: { id: number; sizes: string[] };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1);
  product = row!;
  await database.db.insert(coupons).values({ code: 'HOLD10', percent: 10, usageLimit: 5 });
});
afterAll(async () => {
  await database?.destroy();
});

async function productRow() {
  const [row] = await database.db
    .select({ stock: products.stock, soldCount: products.soldCount })
    .from(products)
    .where(eq(products.id, product.id));
  return row!;
}

async function couponUses(): Promise<number> {
  const [row] = await database.db.select().from(coupons).where(eq(coupons.code, 'HOLD10'));
  return row!.usedCount;
}

async function orderRow(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

async function eventsOf(number: string) {
  const row = await orderRow(number);
  return database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.id));
}

/** A bank-transfer order for 2 units with the limited coupon, placed at `now`. */
async function placeUnpaid(email: string, now: Date) {
  const placed = await placeOrder(
    deps,
    {
      items: [{ id: product.id, quantity: 2, selectedSize: product.sizes[0] }],
      couponCode: 'hold10',
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email,
      phone: '+234 803 000 4444',
      shippingAddress: {
        firstName: 'Bola',
        lastName: 'Adeyemi',
        address: '21 Ring Road',
        city: 'Ibadan',
        state: 'Oyo',
        zipCode: '200001',
        country: 'Nigeria',
      },
    },
    { now },
  );
  return placed.order;
}

describe('releaseUnpaidOrders', () => {
  it('keeps an unpaid order and its stock until the hold passes', async () => {
    await setProductStock(database.db, product.id, 10);
    await database.db.update(products).set({ soldCount: 0 }).where(eq(products.id, product.id));
    const placedAt = new Date();
    const order = await placeUnpaid('early@example.ng', placedAt);
    expect(await releaseUnpaidOrders(deps, new Date(placedAt.getTime() + 47 * HOUR))).toEqual([]);
    expect((await orderRow(order.number)).status).toBe('awaiting_payment');
    expect((await productRow()).stock).toBe(8);
    // Leave nothing behind for the next test: release it now.
    expect(await releaseUnpaidOrders(deps, new Date(placedAt.getTime() + 48 * HOUR))).toEqual([order.number]);
  });

  it('cancels an order whose hold passed, returning stock and coupon use once, and tells the shopper', async () => {
    await setProductStock(database.db, product.id, 10);
    await database.db.update(products).set({ soldCount: 0 }).where(eq(products.id, product.id));
    await database.db.update(coupons).set({ usedCount: 0 }).where(eq(coupons.code, 'HOLD10'));
    const placedAt = new Date();
    const order = await placeUnpaid('late-payer@example.ng', placedAt);
    expect(await productRow()).toEqual({ stock: 8, soldCount: 2 });
    expect(await couponUses()).toBe(1);

    const after = new Date(new Date(order.stockHeldUntil!).getTime() + 1000);
    expect(await releaseUnpaidOrders(deps, after)).toEqual([order.number]);

    const row = await orderRow(order.number);
    expect(row.status).toBe('cancelled');
    expect(row.stockReleasedAt?.toISOString()).toBe(after.toISOString());
    expect(await productRow()).toEqual({ stock: 10, soldCount: 0 });
    expect(await couponUses()).toBe(0);
    const events = await eventsOf(order.number);
    expect(events.map((event) => event.status)).toEqual(['awaiting_payment', 'cancelled']);

    // Again: nothing more comes back.
    expect(await releaseUnpaidOrders(deps, new Date(after.getTime() + HOUR))).toEqual([]);
    expect(await productRow()).toEqual({ stock: 10, soldCount: 0 });
    expect(await couponUses()).toBe(0);
    expect(await eventsOf(order.number)).toHaveLength(2);

    const mails = await database.db.select().from(outbox).where(eq(outbox.to, 'late-payer@example.ng'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your Rossy order ${order.number}`,
      `Order ${order.number}: Cancelled`,
    ]);
    expect(mails[1]!.text).toContain('went back on sale');
  });

  it('releases each order exactly once when two runs race', async () => {
    await setProductStock(database.db, product.id, 10);
    await database.db.update(products).set({ soldCount: 0 }).where(eq(products.id, product.id));
    await database.db.update(coupons).set({ usedCount: 0 }).where(eq(coupons.code, 'HOLD10'));
    const placedAt = new Date();
    const first = await placeUnpaid('race-1@example.ng', placedAt);
    const second = await placeUnpaid('race-2@example.ng', placedAt);
    expect(await productRow()).toEqual({ stock: 6, soldCount: 4 });
    expect(await couponUses()).toBe(2);

    const after = new Date(placedAt.getTime() + 49 * HOUR);
    const runs = await Promise.all([
      releaseUnpaidOrders(deps, after),
      releaseUnpaidOrders(deps, after),
      releaseUnpaidOrders(deps, after),
    ]);
    expect(runs.flat().sort()).toEqual([first.number, second.number].sort());
    expect(await productRow()).toEqual({ stock: 10, soldCount: 0 });
    expect(await couponUses()).toBe(0);
    for (const number of [first.number, second.number])
      expect((await eventsOf(number)).filter((event) => event.status === 'cancelled')).toHaveLength(1);
    const cancelMails = await database.db.select().from(outbox).where(eq(outbox.to, 'race-1@example.ng'));
    expect(cancelMails.filter((mail) => mail.subject.endsWith(': Cancelled'))).toHaveLength(1);
  });

  it('leaves a paid order alone, however old', async () => {
    await setProductStock(database.db, product.id, 10);
    await database.db.update(products).set({ soldCount: 0 }).where(eq(products.id, product.id));
    const placedAt = new Date();
    const order = await placeUnpaid('paid@example.ng', placedAt);
    await database.db
      .update(orders)
      .set({ status: 'processing', paymentStatus: 'paid', paidAt: placedAt })
      .where(eq(orders.number, order.number));
    expect(await releaseUnpaidOrders(deps, new Date(placedAt.getTime() + 30 * 24 * HOUR))).toEqual([]);
    expect((await orderRow(order.number)).status).toBe('processing');
    expect((await productRow()).stock).toBe(8);
  });

  it('lets a shopper whose first order lapsed use the first-order coupon again', async () => {
    await setProductStock(database.db, product.id, 10);
    const placedAt = new Date();
    await placeUnpaid('second-chance@example.ng', placedAt);
    const quote = () =>
      quoteCart(database.db, {
        items: [{ id: product.id, quantity: 1, selectedSize: product.sizes[0] }],
        couponCode: 'welcome15',
        email: 'second-chance@example.ng',
      });
    expect((await quote()).couponError).not.toBeNull();
    await releaseUnpaidOrders(deps, new Date(placedAt.getTime() + 49 * HOUR));
    expect((await quote()).couponError).toBeNull();
  });
});
