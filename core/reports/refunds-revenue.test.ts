import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { shopOverview } from './overview';
import { buildShopReport } from './shop-report';

/*
 * Revenue net of refunds: a refund comes off revenue on the day it completed, and the order it was
 * given back on is still a paid order. The shop's month is May 2031 in Lagos (+01:00).
 */
let database: TestDatabase;
const at = (lagosTime: string) => new Date(`${lagosTime}+01:00`);
const may = { from: '2031-05-01', to: '2031-05-31' };

const order = (
  number: string,
  fields: Partial<typeof orders.$inferInsert> & { totalKobo: number; paidAt: Date },
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
  paymentMethod: 'flutterwave',
  paymentStatus: 'paid',
  status: 'processing',
  subtotalKobo: fields.totalKobo,
  shippingKobo: 0,
  taxKobo: 0,
  taxRatePercent: 0,
  accessTokenHash: number,
  createdAt: fields.paidAt,
  ...fields,
});

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const placed = await db
    .insert(orders)
    .values([
      // ₦50,000 paid 10 May, ₦10,000 of it given back on 12 May.
      order('ORD-R1', {
        paymentStatus: 'partially_refunded',
        paidAt: at('2031-05-10T10:00:00'),
        totalKobo: 5_000_000,
      }),
      // ₦20,000 paid 11 May, all of it given back on 11 May.
      order('ORD-R2', {
        paymentStatus: 'refunded',
        paymentMethod: 'bank-transfer',
        status: 'delivered',
        paidAt: at('2031-05-11T09:00:00'),
        totalKobo: 2_000_000,
      }),
      // Paid and untouched.
      order('ORD-R3', { paidAt: at('2031-05-20T09:00:00'), totalKobo: 3_000_000 }),
      // Neither a TEST MODE order nor a cancelled one is a sale, and neither are their refunds.
      order('ORD-R4', {
        paymentStatus: 'refunded',
        isTest: true,
        paidAt: at('2031-05-10T11:00:00'),
        totalKobo: 900_000,
      }),
      order('ORD-R5', {
        paymentStatus: 'refunded',
        status: 'cancelled',
        paidAt: at('2031-05-10T12:00:00'),
        totalKobo: 800_000,
      }),
    ])
    .returning({ id: orders.id, number: orders.number });
  const id = (number: string) => placed.find((row) => row.number === number)!.id;
  const refund = (
    number: string,
    amountKobo: number,
    fields: Partial<typeof refunds.$inferInsert> = {},
  ): typeof refunds.$inferInsert => ({
    orderId: id(number),
    provider: 'flutterwave',
    amountKobo,
    reason: 'Refund',
    status: 'completed',
    ...fields,
  });
  await db.insert(refunds).values([
    refund('ORD-R1', 1_000_000, {
      createdAt: at('2031-05-11T18:00:00'),
      completedAt: at('2031-05-12T09:00:00'),
    }),
    refund('ORD-R2', 2_000_000, {
      provider: 'manual',
      createdAt: at('2031-05-11T10:00:00'),
      completedAt: at('2031-05-11T10:30:00'),
    }),
    // Asked, not yet given back, or given back on no one's word: revenue is untouched.
    refund('ORD-R3', 500_000, { status: 'pending', createdAt: at('2031-05-21T09:00:00') }),
    refund('ORD-R3', 400_000, {
      status: 'failed',
      failureReason: 'Declined',
      createdAt: at('2031-05-21T10:00:00'),
    }),
    // Money owed back beyond the order (an overpaid transfer) was never revenue.
    refund('ORD-R3', 250_000, {
      purpose: 'owed',
      createdAt: at('2031-05-22T09:00:00'),
      completedAt: at('2031-05-22T09:30:00'),
    }),
    refund('ORD-R4', 900_000, { provider: 'sandbox', completedAt: at('2031-05-10T11:30:00') }),
    refund('ORD-R5', 800_000, { completedAt: at('2031-05-10T12:30:00') }),
    // ORD-R3 given ₦3,000 back in June: June's revenue, not May's.
    refund('ORD-R3', 300_000, {
      createdAt: at('2031-06-02T09:00:00'),
      completedAt: at('2031-06-02T09:30:00'),
    }),
  ]);
});
afterAll(async () => {
  await database?.destroy();
});

describe('revenue net of refunds', () => {
  it('takes a ₦10,000 refund off revenue, and the order given money back still counts as an order', async () => {
    const { sales } = await buildShopReport(database.db, may);
    // ₦50,000 + ₦20,000 + ₦30,000 paid; ₦10,000 and ₦20,000 given back.
    expect(sales.grossRevenueKobo).toBe(10_000_000);
    expect(sales.refunds).toEqual({ count: 2, amountKobo: 3_000_000 });
    expect(sales.revenueKobo).toBe(7_000_000);
    expect(sales.orders).toBe(3);
    expect(sales.averageOrderKobo).toBe(2_333_333);
    expect(sales.daily.filter((row) => row.revenueKobo !== 0 || row.orders > 0)).toEqual([
      { day: '2031-05-10', revenueKobo: 5_000_000, orders: 1 },
      // Paid and refunded the same day.
      { day: '2031-05-11', revenueKobo: 0, orders: 1 },
      // The day the refund completed, not the day it was asked.
      { day: '2031-05-12', revenueKobo: -1_000_000, orders: 0 },
      { day: '2031-05-20', revenueKobo: 3_000_000, orders: 1 },
    ]);
    expect(sales.paymentMethods.map((row) => [row.method, row.orders, row.revenueKobo]).sort()).toEqual([
      ['bank-transfer', 1, 0],
      ['flutterwave', 2, 7_000_000],
    ]);
  });

  it('lowers revenue by exactly the refund: one ₦10,000 refund is ₦10,000 less', async () => {
    const before = await buildShopReport(database.db, { from: '2031-05-12', to: '2031-05-12' });
    const without = await buildShopReport(database.db, { from: '2031-05-10', to: '2031-05-10' });
    const both = await buildShopReport(database.db, { from: '2031-05-10', to: '2031-05-12' });
    expect(before.sales.revenueKobo).toBe(-1_000_000);
    expect(without.sales.revenueKobo).toBe(5_000_000);
    expect(both.sales.revenueKobo).toBe(5_000_000 + 0 - 1_000_000);
    expect(both.sales.orders).toBe(2);
  });

  it('counts a refund in the range it completed in', async () => {
    const { sales } = await buildShopReport(database.db, { from: '2031-06-01', to: '2031-06-30' });
    expect(sales).toMatchObject({
      revenueKobo: -300_000,
      grossRevenueKobo: 0,
      orders: 0,
      refunds: { count: 1, amountKobo: 300_000 },
    });
  });

  it('shows the overview net of refunds, with the refunds beside it', async () => {
    const overview = await shopOverview(database.db, at('2031-05-31T20:00:00'));
    const month = overview.revenue.find((figure) => figure.id === '30d')!;
    expect(month).toMatchObject({
      from: '2031-05-02',
      revenueKobo: 7_000_000,
      orders: 3,
      refundsKobo: 3_000_000,
      refunds: 2,
    });
    const day = await shopOverview(database.db, at('2031-05-12T20:00:00'));
    expect(day.revenue[0]).toMatchObject({ id: 'today', revenueKobo: -1_000_000, orders: 0, refunds: 1 });
  });
});
