import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { auditLog, pageViews, signIns } from '../../db/schema/admin';
import { categories, products, reviews } from '../../db/schema/catalog';
import { newsletterSubscribers } from '../../db/schema/content';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import { shopOverview } from './overview';
import { buildShopReport } from './shop-report';
import { lagosRange, resolveReportRange } from './range';
import { promisedBusinessDays } from './orders';

/*
 * A shop with no demo data: every row the reports read is made here, so each figure can be checked
 * exactly. The reports' month is March 2030 in Lagos (+01:00).
 */
let database: TestDatabase;
const at = (lagosTime: string) => new Date(`${lagosTime}+01:00`);
const ids: Record<'a' | 'b' | 'c' | 'archived', number> = { a: 0, b: 0, c: 0, archived: 0 };
const people: Record<'c1' | 'c2' | 'c3' | 'c4' | 'c5' | 'admin', string> = {
  c1: '',
  c2: '',
  c3: '',
  c4: '',
  c5: '',
  admin: '',
};

const march = { from: '2030-03-01', to: '2030-03-31' };

/** An order of the report's shop: a paid-or-not Lagos delivery with the fields given. */
const order = (
  number: string,
  fields: Partial<typeof orders.$inferInsert> & { createdAt: Date; totalKobo: number },
): typeof orders.$inferInsert => ({
  number,
  email: 'shopper@example.ng',
  phone: '+234 800 000 0000',
  shippingAddress: {
    firstName: 'Ada',
    lastName: 'Obi',
    address: '1 Broad Street',
    city: 'Lagos',
    state: 'Lagos',
    zipCode: '100001',
    country: 'Nigeria',
  },
  shippingMethod: 'standard',
  shippingMethodLabel: 'Standard',
  paymentMethod: 'bank-transfer',
  paymentStatus: 'pending',
  status: 'awaiting_payment',
  subtotalKobo: fields.totalKobo,
  shippingKobo: 0,
  taxKobo: 0,
  taxRatePercent: 0,
  accessTokenHash: number,
  ...fields,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(categories).values({ id: 'suits', name: 'Suits' });
  const product = (
    name: string,
    priceKobo: number,
    stock: number,
    status: 'active' | 'archived' = 'active',
  ) => ({
    name,
    description: name,
    categoryId: 'suits',
    priceKobo,
    stock,
    status,
  });
  const made = await db
    .insert(products)
    .values([
      product('Agbada Set', 1_000_000, 20),
      product('Brogue Shoes', 2_500_000, 3),
      product('Cufflinks', 500_000, 0),
      product('Old Blazer', 900_000, 1, 'archived'),
    ])
    .returning({ id: products.id });
  [ids.a, ids.b, ids.c, ids.archived] = made.map((row) => row.id) as [number, number, number, number];

  const person = (
    key: keyof typeof people,
    createdAt: string,
    extra: Partial<typeof users.$inferInsert> = {},
  ) => ({
    name: key,
    email: `${key}@example.ng`,
    passwordHash: 'x',
    createdAt: at(createdAt),
    ...extra,
  });
  const accounts = await db
    .insert(users)
    .values([
      person('c1', '2030-03-02T10:00:00'),
      person('c2', '2030-02-10T10:00:00'),
      person('c3', '2030-03-31T23:30:00', { status: 'inactive' }),
      person('c4', '2030-04-01T00:30:00'),
      person('c5', '2030-01-01T10:00:00'),
      person('admin', '2030-03-03T10:00:00', { role: 'owner' }),
    ])
    .returning({ id: users.id, name: users.name });
  for (const account of accounts) people[account.name as keyof typeof people] = account.id;

  await db.insert(signIns).values([
    { userId: people.c2, createdAt: at('2030-03-05T08:00:00') },
    { userId: people.c2, createdAt: at('2030-03-06T08:00:00') },
    { userId: people.c1, createdAt: at('2030-02-28T08:00:00') },
    { userId: people.c3, createdAt: at('2030-04-01T00:10:00') },
  ]);

  const paid = (time: string) => ({ paymentStatus: 'paid' as const, paidAt: at(time) });
  const placed = await db
    .insert(orders)
    .values([
      order('ORD-0', {
        userId: people.c5,
        status: 'delivered',
        createdAt: at('2030-02-01T10:00:00'),
        ...paid('2030-02-01T10:05:00'),
        totalKobo: 400_000,
      }),
      order('ORD-1', {
        userId: people.c1,
        status: 'delivered',
        createdAt: at('2030-03-10T11:00:00'),
        ...paid('2030-03-10T12:00:00'),
        totalKobo: 1_000_000,
        couponCode: 'ROSSY10',
        discountKobo: 100_000,
      }),
      order('ORD-2', {
        userId: people.c2,
        status: 'processing',
        paymentMethod: 'flutterwave',
        createdAt: at('2030-03-31T23:00:00'),
        // The last minutes of the range's last Lagos day: counted.
        ...paid('2030-03-31T23:30:00'),
        totalKobo: 5_000_000,
      }),
      order('ORD-3', {
        userId: people.c2,
        status: 'processing',
        paymentMethod: 'flutterwave',
        createdAt: at('2030-03-31T23:50:00'),
        // Half an hour into the next Lagos day: not March's revenue.
        ...paid('2030-04-01T00:30:00'),
        totalKobo: 700_000,
        couponCode: 'ROSSY10',
        discountKobo: 50_000,
      }),
      order('ORD-4', {
        status: 'cancelled',
        createdAt: at('2030-03-15T09:00:00'),
        ...paid('2030-03-15T09:10:00'),
        totalKobo: 9_000_000,
        couponCode: 'DISCOUNT10',
        discountKobo: 900_000,
      }),
      order('ORD-5', { createdAt: at('2030-03-20T09:00:00'), totalKobo: 300_000 }),
      order('ORD-6', {
        userId: people.c5,
        status: 'shipped',
        paymentMethod: 'credit-card',
        createdAt: at('2030-03-05T08:55:00'),
        ...paid('2030-03-05T09:00:00'),
        totalKobo: 2_000_000,
        carrier: 'GIG Logistics',
        trackingNumber: 'GIG123',
      }),
      order('ORD-7', {
        status: 'processing',
        createdAt: at('2030-03-08T09:00:00'),
        paymentStatus: 'refunded',
        paidAt: at('2030-03-08T09:05:00'),
        totalKobo: 600_000,
      }),
    ])
    .returning({ id: orders.id, number: orders.number });
  const orderId = (number: string) => placed.find((row) => row.number === number)!.id;
  const line = (number: string, productId: number, quantity: number, unitPriceKobo: number) => ({
    orderId: orderId(number),
    productId,
    name: 'line',
    quantity,
    unitPriceKobo,
  });
  await db
    .insert(orderLines)
    .values([
      line('ORD-0', ids.a, 4, 100_000),
      line('ORD-1', ids.a, 1, 1_000_000),
      line('ORD-2', ids.b, 2, 2_500_000),
      line('ORD-3', ids.a, 1, 700_000),
      line('ORD-4', ids.a, 5, 1_800_000),
      line('ORD-6', ids.a, 2, 1_000_000),
      line('ORD-7', ids.b, 1, 600_000),
    ]);
  // ORD-7 was given all its money back the day it was paid.
  await db.insert(refunds).values({
    orderId: orderId('ORD-7'),
    provider: 'manual',
    amountKobo: 600_000,
    reason: 'Out of stock',
    status: 'completed',
    completedAt: at('2030-03-08T15:00:00'),
  });
  await db.insert(orderEvents).values({
    orderId: orderId('ORD-6'),
    status: 'shipped',
    createdAt: at('2030-03-06T10:00:00'),
  });

  await db.insert(pageViews).values([
    { day: '2030-03-01', path: '/', source: 'direct', views: 10 },
    { day: '2030-03-31', path: '/product/1001', source: 'Google', views: 5 },
    { day: '2030-03-31', path: '/', source: 'internal', views: 3 },
    { day: '2030-04-01', path: '/', source: 'direct', views: 100 },
    { day: '2030-02-28', path: '/sale', source: 'direct', views: 50 },
  ]);

  const review = (productId: number, rating: number, createdAt: string) => ({
    productId,
    rating,
    authorName: 'Shopper',
    title: 'Title',
    comment: 'Comment',
    createdAt: at(createdAt),
  });
  await db
    .insert(reviews)
    .values([
      review(ids.a, 5, '2030-03-02T10:00:00'),
      review(ids.a, 4, '2030-03-03T10:00:00'),
      review(ids.b, 1, '2030-03-31T23:30:00'),
      review(ids.b, 2, '2030-04-01T00:30:00'),
    ]);

  const entry = (action: string, createdAt: string) => ({
    actorEmail: 'admin@example.ng',
    action,
    entityType: 'order',
    entityId: 'ORD-1',
    summary: `${action} summary`,
    createdAt: at(createdAt),
  });
  await db
    .insert(auditLog)
    .values([
      entry('order.shipped', '2030-03-06T10:00:00'),
      entry('order.shipped', '2030-03-07T10:00:00'),
      entry('product.update', '2030-03-31T23:59:00'),
      entry('settings.update', '2030-04-01T00:01:00'),
    ]);

  await db.insert(newsletterSubscribers).values([
    { email: 'n1@example.ng', createdAt: at('2030-03-03T10:00:00') },
    {
      email: 'n2@example.ng',
      createdAt: at('2030-03-04T10:00:00'),
      unsubscribedAt: at('2030-03-20T10:00:00'),
    },
    { email: 'n3@example.ng', createdAt: at('2029-12-01T10:00:00') },
    { email: 'n4@example.ng', createdAt: at('2030-04-01T10:00:00') },
  ]);
}, 60_000);

afterAll(async () => {
  await database?.destroy();
});

describe('report range', () => {
  it('is the last 30 Lagos days by default, today included, and starts at Lagos midnight', () => {
    // 23:30 UTC on 31 March is already 1 April in Lagos.
    const range = resolveReportRange({}, new Date('2030-03-31T23:30:00Z'));
    expect(range).toMatchObject({ from: '2030-03-03', to: '2030-04-01', days: 30 });
    expect(range.start.toISOString()).toBe('2030-03-02T23:00:00.000Z');
    expect(range.end.toISOString()).toBe('2030-04-01T23:00:00.000Z');
  });

  it('refuses a start after the end, a range longer than a year, and a date that is not one', () => {
    const refusal = (raw: unknown) => {
      try {
        resolveReportRange(raw);
      } catch (error) {
        return error instanceof AppError ? error.code : 'other';
      }
      return 'accepted';
    };
    // A start after the end, or too long a range, is a rule (422); a day that does not exist is the shape (400).
    expect(refusal({ from: '2030-03-10', to: '2030-03-01' })).toBe('UNPROCESSABLE');
    expect(refusal({ from: '2028-01-01', to: '2030-03-01' })).toBe('UNPROCESSABLE');
    expect(refusal({ from: '2030-02-30' })).toBe('BAD_REQUEST');
    expect(refusal({ from: '2030-03-01', to: '2030-03-01' })).toBe('accepted');
  });

  it('reads the promised days of a shipping method', () => {
    expect(promisedBusinessDays('Delivery in 3-5 business days')).toBe(5);
    expect(promisedBusinessDays('Delivery in 1-2 business days')).toBe(2);
    expect(promisedBusinessDays('Next-day delivery in Lagos')).toBe(1);
    expect(promisedBusinessDays('Ask us')).toBeNull();
  });
});

describe('shop report for March 2030', () => {
  it('counts sales paid within the Lagos days, net of refunds, leaving out cancelled orders', async () => {
    const { sales } = await buildShopReport(database.db, march);
    // ORD-1 ₦10,000 + ORD-2 ₦50,000 (paid 23:30 on the last day) + ORD-6 ₦20,000, and ORD-7's
    // ₦6,000 paid and given back.
    expect(sales.revenueKobo).toBe(8_000_000);
    expect(sales.grossRevenueKobo).toBe(8_600_000);
    expect(sales.refunds).toEqual({ count: 1, amountKobo: 600_000 });
    // A refunded order was still paid: an order.
    expect(sales.orders).toBe(4);
    expect(sales.averageOrderKobo).toBe(2_000_000);
    expect(sales.unitsSold).toBe(6);
    expect(sales.daily).toHaveLength(31);
    expect(sales.daily.filter((row) => row.revenueKobo > 0)).toEqual([
      { day: '2030-03-05', revenueKobo: 2_000_000, orders: 1 },
      { day: '2030-03-10', revenueKobo: 1_000_000, orders: 1 },
      { day: '2030-03-31', revenueKobo: 5_000_000, orders: 1 },
    ]);
    expect(sales.bestsellers.map((row) => [row.name, row.unitsSold, row.revenueKobo])).toEqual([
      ['Brogue Shoes', 3, 5_600_000],
      ['Agbada Set', 3, 3_000_000],
    ]);
    // Archived products are not slow movers; what sold nothing comes first, then the fullest shelves.
    expect(sales.slowMovers.map((row) => [row.name, row.unitsSold])).toEqual([
      ['Cufflinks', 0],
      ['Agbada Set', 3],
      ['Brogue Shoes', 3],
    ]);
    expect(
      sales.paymentMethods.map((row) => [row.method, row.orders, row.percent, row.revenueKobo]).sort(),
    ).toEqual([
      ['bank-transfer', 2, 50, 1_000_000],
      ['credit-card', 1, 25, 2_000_000],
      ['flutterwave', 1, 25, 5_000_000],
    ]);
  });

  it('moves an order paid half an hour into April into April', async () => {
    const { sales } = await buildShopReport(database.db, { from: '2030-04-01', to: '2030-04-01' });
    expect(sales).toMatchObject({ revenueKobo: 700_000, orders: 1 });
    expect(sales.daily).toEqual([{ day: '2030-04-01', revenueKobo: 700_000, orders: 1 }]);
  });

  it('counts sign-ups, sign-ins, returning and active customers', async () => {
    const { users: report } = await buildShopReport(database.db, march);
    expect(report).toMatchObject({
      signUps: 2, // c1, and c3 at 23:30 on the last day; not c4 (00:30 in April) nor the admin
      signIns: 2,
      peopleSignedIn: 1,
      returningCustomers: 2, // c2 signed in; c5 ordered again
      customers: 4,
      activeInRange: 3, // c1 ordered, c2 signed in, c5 ordered
      inactiveInRange: 1,
      deactivatedAccounts: 1,
    });
    expect(report.dailySignUps.filter((row) => row.signUps > 0)).toEqual([
      { day: '2030-03-02', signUps: 1 },
      { day: '2030-03-31', signUps: 1 },
    ]);
  });

  it('values the stock on sale at the selling price and lists the emptiest shelves', async () => {
    const { inventory } = await buildShopReport(database.db, march);
    expect(inventory).toMatchObject({
      products: 3,
      units: 23,
      outOfStock: 1,
      lowStock: 1,
      stockValueKobo: 20 * 1_000_000 + 3 * 2_500_000,
      stockValueBasis: 'retail',
    });
    expect(inventory.lowest.map((row) => [row.name, row.stock])).toEqual([
      ['Cufflinks', 0],
      ['Brogue Shoes', 3],
      ['Agbada Set', 20],
    ]);
  });

  it('counts orders placed in the range by status, with the ones in transit and when they are due', async () => {
    const { orders: report } = await buildShopReport(database.db, march);
    expect(report).toMatchObject({
      placed: 7,
      completed: 1,
      pending: 4,
      cancelled: 1,
      inTransit: 1,
      refunded: 1,
    });
    expect(report.inTransitOrders).toEqual([
      {
        number: 'ORD-6',
        carrier: 'GIG Logistics',
        trackingNumber: 'GIG123',
        shippingMethod: 'Standard',
        shippedAt: '2030-03-06T09:00:00.000Z',
        // Shipped Wednesday 6 March; Standard promises 3-5 business days.
        expectedBy: '2030-03-13',
      },
    ]);
  });

  it('counts first-party page views by source and page, and orders per view', async () => {
    const { traffic } = await buildShopReport(database.db, march);
    expect(traffic.views).toBe(18);
    expect(traffic.ordersPlaced).toBe(7);
    expect(traffic.conversionPercent).toBe(38.89);
    expect(traffic.sources).toEqual([
      { source: 'direct', views: 10, percent: 55.6 },
      { source: 'Google', views: 5, percent: 27.8 },
      { source: 'internal', views: 3, percent: 16.7 },
    ]);
    expect(traffic.topPages).toEqual([
      { path: '/', views: 13 },
      { path: '/product/1001', views: 5 },
    ]);
    expect(traffic.daily.find((row) => row.day === '2030-03-31')).toEqual({ day: '2030-03-31', views: 8 });
  });

  it('summarises the reviews written in the range', async () => {
    const { feedback } = await buildShopReport(database.db, march);
    expect(feedback.reviews).toBe(3);
    expect(feedback.averageRating).toBe(3.33);
    expect(feedback.distribution.map((row) => [row.rating, row.reviews])).toEqual([
      [5, 1],
      [4, 1],
      [3, 0],
      [2, 0],
      [1, 1],
    ]);
    expect(feedback.lowestRated.map((row) => [row.name, row.averageRating, row.reviews])).toEqual([
      ['Brogue Shoes', 1, 1],
      ['Agbada Set', 4.5, 2],
    ]);
  });

  it('counts admin actions by type, newest first', async () => {
    const { admin } = await buildShopReport(database.db, march);
    expect(admin.actions).toBe(3);
    expect(admin.byAction).toEqual([
      { action: 'order.shipped', count: 2 },
      { action: 'product.update', count: 1 },
    ]);
    expect(admin.latest[0]).toMatchObject({ action: 'product.update', actorEmail: 'admin@example.ng' });
  });

  it('counts coupon uses with the discount given, and newsletter sign-ups', async () => {
    const { marketing } = await buildShopReport(database.db, march);
    // ORD-1 and ORD-3 used ROSSY10; the cancelled ORD-4 gave its DISCOUNT10 use back.
    expect(marketing.coupons).toEqual([
      { code: 'ROSSY10', uses: 2, discountKobo: 150_000, revenueKobo: 1_700_000 },
    ]);
    expect(marketing.couponUses).toBe(2);
    expect(marketing.discountKobo).toBe(150_000);
    expect(marketing.newsletter).toEqual({ subscribed: 2, unsubscribed: 1, subscribers: 3 });
  });

  it('counts a free-delivery coupon by the delivery it waived', async () => {
    await database.db.insert(orders).values(
      order('ORD-FREE', {
        paymentStatus: 'paid',
        paidAt: at('2030-03-20T10:05:00'),
        status: 'processing',
        deliveryDiscountKobo: 200_000,
        taxKobo: 34_884,
        taxIncluded: true,
        taxRatePercent: 7.5,
        totalKobo: 500_000,
        couponCode: 'FREEDEL',
        createdAt: at('2030-03-20T10:00:00'),
      }),
    );
    try {
      const { marketing } = await buildShopReport(database.db, march);
      expect(marketing.coupons).toContainEqual({
        code: 'FREEDEL',
        uses: 1,
        discountKobo: 200_000,
        revenueKobo: 500_000,
      });
      expect(marketing.discountKobo).toBe(150_000 + 200_000);
    } finally {
      await database.db.delete(orders).where(eq(orders.number, 'ORD-FREE'));
    }
  });
});

describe('overview', () => {
  it('shows revenue for today, 7 and 30 Lagos days, orders by status, new customers and low stock', async () => {
    const overview = await shopOverview(database.db, at('2030-03-31T23:45:00'));
    expect(overview.today).toBe('2030-03-31');
    expect(
      overview.revenue.map((figure) => [figure.id, figure.from, figure.revenueKobo, figure.orders]),
    ).toEqual([
      ['today', '2030-03-31', 5_000_000, 1],
      ['7d', '2030-03-25', 5_000_000, 1],
      ['30d', '2030-03-02', 8_000_000, 4],
    ]);
    expect(Object.fromEntries(overview.ordersByStatus.map((row) => [row.status, row.orders]))).toEqual({
      awaiting_payment: 1,
      processing: 3,
      shipped: 1,
      delivered: 2,
      ready_for_pickup: 0,
      picked_up: 0,
      cancelled: 1,
    });
    expect(overview.newCustomers).toEqual({ last7Days: 1, last30Days: 2 });
    expect(overview.lowStock.map((row) => [row.name, row.stock])).toEqual([
      ['Cufflinks', 0],
      ['Brogue Shoes', 3],
    ]);
    expect(overview.lowStockCount).toBe(2);
    expect(overview.outOfStockCount).toBe(1);
  });

  it('says TEST MODE orders apart and never counts them in revenue', async () => {
    const [real] = await database.db.select().from(orders).where(eq(orders.number, 'ORD-2'));
    const { id: _id, ...copy } = real!;
    void _id;
    const [test] = await database.db
      .insert(orders)
      .values({
        ...copy,
        number: 'ORD-TEST',
        accessTokenHash: 'ORD-TEST',
        isTest: true,
        totalKobo: 4_500_000,
      })
      .returning({ id: orders.id });
    try {
      const overview = await shopOverview(database.db, at('2030-03-31T23:45:00'));
      const today = overview.revenue.find((figure) => figure.id === 'today')!;
      expect([today.revenueKobo, today.orders, today.testOrders, today.testKobo]).toEqual([
        5_000_000, 1, 1, 4_500_000,
      ]);
    } finally {
      await database.db.delete(orders).where(eq(orders.id, test!.id));
    }
  });

  it('moves to the next day at Lagos midnight', async () => {
    const overview = await shopOverview(database.db, at('2030-04-01T00:40:00'));
    expect(overview.revenue[0]).toMatchObject({
      id: 'today',
      from: '2030-04-01',
      revenueKobo: 700_000,
      orders: 1,
    });
  });
});

describe('lagosRange', () => {
  it('counts both ends', () => {
    expect(lagosRange('2030-03-01', '2030-03-31').days).toBe(31);
  });
});
