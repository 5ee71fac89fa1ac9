import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { orderReturns, returnItems } from '../../db/schema/returns';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { lagosRange } from './range';
import { returnsReport } from './returns';

/*
 * The returns card: of the units sold in a range, how many came back, and why, per product and per
 * size. Every row is made here so each figure can be checked exactly. The month is March 2030 in Lagos.
 */
let database: TestDatabase;
const at = (lagosTime: string) => new Date(`${lagosTime}+01:00`);
const march = lagosRange('2030-03-01', '2030-03-31');
const ids = { shirt: 0, kaftan: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await db.insert(categories).values({ id: 'men', name: 'Men' });
  const made = await db
    .insert(products)
    .values([
      {
        name: 'Linen Shirt',
        description: 'Shirt',
        categoryId: 'men',
        priceKobo: 2_000_000,
        sizes: ['M', 'L'],
      },
      { name: 'Kaftan', description: 'Kaftan', categoryId: 'men', priceKobo: 3_000_000 },
    ])
    .returning({ id: products.id });
  [ids.shirt, ids.kaftan] = made.map((row) => row.id) as [number, number];

  const order = (
    number: string,
    fields: Partial<typeof orders.$inferInsert>,
  ): typeof orders.$inferInsert => ({
    number,
    email: 'ada@example.ng',
    phone: '+2348000000000',
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
    status: 'delivered',
    subtotalKobo: 0,
    shippingKobo: 0,
    taxKobo: 0,
    totalKobo: 0,
    taxRatePercent: 0,
    accessTokenHash: number,
    ...fields,
  });
  const placed = await db
    .insert(orders)
    .values([
      order('ORD-1', { paidAt: at('2030-03-02T10:00:00') }),
      order('ORD-2', { paidAt: at('2030-03-10T10:00:00') }),
      // A TEST MODE order: nothing sold, nothing returned.
      order('ORD-TEST', { paidAt: at('2030-03-10T10:00:00'), isTest: true }),
      // Sold in February: its return in March still counts as a return in March.
      order('ORD-FEB', { paidAt: at('2030-02-20T10:00:00') }),
    ])
    .returning({ id: orders.id, number: orders.number });
  const orderId = (number: string) => placed.find((row) => row.number === number)!.id;

  const line = (number: string, productId: number, size: string | null, quantity: number) => ({
    orderId: orderId(number),
    productId,
    name: productId === ids.shirt ? 'Linen Shirt' : 'Kaftan',
    unitPriceKobo: 2_000_000,
    quantity,
    size,
  });
  const lines = await db
    .insert(orderLines)
    .values([
      line('ORD-1', ids.shirt, 'M', 4),
      line('ORD-1', ids.kaftan, null, 2),
      line('ORD-2', ids.shirt, 'L', 6),
      line('ORD-TEST', ids.shirt, 'M', 5),
      line('ORD-FEB', ids.shirt, 'M', 1),
    ])
    .returning({ id: orderLines.id });
  const [shirtM, kaftan, shirtL, testShirt, febShirt] = lines.map((row) => row.id);

  const returned = async (
    number: string,
    orderNumber: string,
    status: (typeof orderReturns.$inferInsert)['status'],
    resolution: 'refund' | 'exchange',
    createdAt: string,
    items: {
      lineId: number;
      productId: number;
      size: string | null;
      quantity: number;
      reason: (typeof returnItems.$inferInsert)['reason'];
    }[],
  ) => {
    const [made] = await db
      .insert(orderReturns)
      .values({ number, orderId: orderId(orderNumber), status, resolution, createdAt: at(createdAt) })
      .returning({ id: orderReturns.id });
    await db.insert(returnItems).values(
      items.map((item) => ({
        returnId: made!.id,
        orderLineId: item.lineId,
        productId: item.productId,
        size: item.size,
        quantity: item.quantity,
        reason: item.reason,
      })),
    );
  };
  await returned('RET-1', 'ORD-1', 'exchanged', 'exchange', '2030-03-08T10:00:00', [
    { lineId: shirtM!, productId: ids.shirt, size: 'M', quantity: 2, reason: 'too_small' },
  ]);
  await returned('RET-2', 'ORD-1', 'requested', 'refund', '2030-03-09T10:00:00', [
    { lineId: shirtM!, productId: ids.shirt, size: 'M', quantity: 1, reason: 'damaged' },
    { lineId: kaftan!, productId: ids.kaftan, size: null, quantity: 1, reason: 'changed_mind' },
  ]);
  await returned('RET-3', 'ORD-2', 'refunded', 'refund', '2030-03-20T10:00:00', [
    { lineId: shirtL!, productId: ids.shirt, size: 'L', quantity: 1, reason: 'too_big' },
  ]);
  // A declined return: nothing came back.
  await returned('RET-4', 'ORD-2', 'declined', 'refund', '2030-03-21T10:00:00', [
    { lineId: shirtL!, productId: ids.shirt, size: 'L', quantity: 3, reason: 'changed_mind' },
  ]);
  await returned('RET-5', 'ORD-TEST', 'requested', 'refund', '2030-03-21T10:00:00', [
    { lineId: testShirt!, productId: ids.shirt, size: 'M', quantity: 5, reason: 'too_small' },
  ]);
  await returned('RET-6', 'ORD-FEB', 'received', 'exchange', '2030-03-03T10:00:00', [
    { lineId: febShirt!, productId: ids.shirt, size: 'M', quantity: 1, reason: 'too_small' },
  ]);
  // Asked in April: outside the range.
  await returned('RET-7', 'ORD-2', 'requested', 'refund', '2030-04-01T00:30:00', [
    { lineId: shirtL!, productId: ids.shirt, size: 'L', quantity: 1, reason: 'too_small' },
  ]);
}, 120_000);

afterAll(async () => {
  await database?.destroy();
});

describe('returnsReport', () => {
  it('counts units returned against units sold in the range, leaving out declined and TEST MODE returns', async () => {
    const report = await returnsReport(database.db, march);
    // Sold in March: shirt M 4, shirt L 6, kaftan 2 (the test order and February's are not March sales).
    expect(report.unitsSold).toBe(12);
    // Returned in March: 2 + 1 + 1 (RET-1, RET-2), 1 (RET-3), 1 (RET-6).
    expect(report.unitsReturned).toBe(6);
    expect(report.ratePercent).toBe(50);
    expect(report.returns).toBe(4);
    expect(report.byResolution).toEqual({ refund: 2, exchange: 2 });
    expect(report.reasons).toEqual({
      too_small: 3,
      too_big: 1,
      not_as_pictured: 0,
      damaged: 1,
      changed_mind: 1,
      other: 0,
    });
  });

  it('gives the rate and reasons per product, the most returned first', async () => {
    const report = await returnsReport(database.db, march);
    expect(
      report.products.map((row) => [row.name, row.unitsSold, row.unitsReturned, row.ratePercent]),
    ).toEqual([
      ['Linen Shirt', 10, 5, 50],
      ['Kaftan', 2, 1, 50],
    ]);
    expect(report.products[0]!.productId).toBe(ids.shirt);
    expect(report.products[0]!.reasons).toMatchObject({ too_small: 3, too_big: 1, damaged: 1 });
  });

  it('gives the rate and reasons per size of a product', async () => {
    const report = await returnsReport(database.db, march);
    const shirt = report.sizes.filter((row) => row.productId === ids.shirt);
    expect(shirt.map((row) => [row.size, row.unitsSold, row.unitsReturned, row.ratePercent])).toEqual([
      ['M', 4, 4, 100],
      ['L', 6, 1, 16.7],
    ]);
    expect(shirt[0]!.reasons).toMatchObject({ too_small: 3, damaged: 1, too_big: 0 });
    expect(shirt[1]!.reasons).toMatchObject({ too_big: 1, changed_mind: 0 });
    const kaftan = report.sizes.find((row) => row.productId === ids.kaftan);
    expect(kaftan).toMatchObject({ size: null, unitsSold: 2, unitsReturned: 1 });
  });

  it('has no rate where nothing was sold in the range, and is empty for a quiet range', async () => {
    const april = await returnsReport(database.db, lagosRange('2030-04-01', '2030-04-30'));
    expect(april.unitsSold).toBe(0);
    expect(april.unitsReturned).toBe(1);
    expect(april.ratePercent).toBeNull();
    expect(april.products[0]).toMatchObject({
      name: 'Linen Shirt',
      unitsSold: 0,
      unitsReturned: 1,
      ratePercent: null,
    });

    const january = await returnsReport(database.db, lagosRange('2030-01-01', '2030-01-31'));
    expect(january).toMatchObject({ unitsSold: 0, unitsReturned: 0, returns: 0, products: [], sizes: [] });
  });
});
