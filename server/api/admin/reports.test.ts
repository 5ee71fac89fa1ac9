import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lagosToday } from '../../../core/reports/range';
import { pageViews } from '../../../db/schema/admin';
import { products, productVariants } from '../../../db/schema/catalog';
import { orders } from '../../../db/schema/orders';
import {
  auth,
  createAdminTestApp,
  stockedOneSizeProduct,
  type AdminTestApp,
} from '../../../tests/fixtures/admin-api';
import type { TestApp } from '../../../tests/fixtures/test-app';

/*
 * The overview and reports over the API, on a fresh catalog with no orders: every order, sign-in and
 * page view the figures count is made here, so the numbers are exact.
 */
let test: TestApp;
let productId: number;
let adminToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
const today = lagosToday();

const get = (url: string, token?: string) =>
  test.app.inject({ method: 'GET', url, headers: token ? auth(token) : {} });

beforeAll(async () => {
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({ seed: true }));
  productId = await stockedOneSizeProduct(test, 50);
}, 120_000);
afterAll(async () => {
  await test?.close();
});

async function placeOrder(quantity: number, options: { pay: boolean }) {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity }],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: 'funmi@example.ng',
      phone: '+234 809 000 1234',
      shippingAddress: {
        firstName: 'Funmi',
        lastName: 'Ade',
        address: '9 Ring Road',
        city: 'Ibadan',
        state: 'Oyo',
        zipCode: '200001',
        country: 'Nigeria',
      },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().order.id as string;
  if (options.pay) {
    const confirmed = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${id}/confirm-transfer`,
      headers: auth(adminToken),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }
  return id;
}

const totalKobo = async (number: string) =>
  (
    await test.database.db.select({ total: orders.totalKobo }).from(orders).where(eq(orders.number, number))
  )[0]!.total;

describe('admin overview and reports', () => {
  it('answer 401 to a guest and 403 to a customer', async () => {
    for (const url of ['/api/admin/overview', '/api/admin/reports']) await expectAdminOnly('GET', url);
  });

  it('count paid orders as revenue, not unpaid or cancelled ones, in the overview and the report', async () => {
    const paid = await placeOrder(2, { pay: true });
    await placeOrder(1, { pay: false });
    const cancelled = await placeOrder(3, { pay: true });
    const cancel = await test.app.inject({
      method: 'PATCH',
      url: `/api/admin/orders/${cancelled}/status`,
      headers: auth(adminToken),
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const revenue = (await totalKobo(paid)) / 100;

    const overview = await get('/api/admin/overview', adminToken);
    expect(overview.statusCode, overview.body).toBe(200);
    const body = overview.json();
    expect(body.today).toBe(today);
    for (const figure of body.revenue) expect(figure).toMatchObject({ revenue, orders: 1 });
    expect(body.ordersByStatus).toEqual(
      expect.arrayContaining([
        { status: 'processing', label: 'Processing', orders: 1 },
        { status: 'awaiting_payment', label: 'Awaiting payment', orders: 1 },
        { status: 'cancelled', label: 'Cancelled', orders: 1 },
      ]),
    );
    expect(body.newCustomers).toEqual({ last7Days: 1, last30Days: 1 });
    expect(body.recentOrders.map((order: { id: string }) => order.id)).toContain(paid);

    const report = await get(`/api/admin/reports?from=${today}&to=${today}`, adminToken);
    expect(report.statusCode, report.body).toBe(200);
    const { sales, orders: placed, range } = report.json();
    expect(range).toEqual({ from: today, to: today, days: 1 });
    expect(sales).toMatchObject({ revenue, orders: 1, averageOrder: revenue, unitsSold: 2 });
    expect(sales.daily).toEqual([{ day: today, revenue, orders: 1 }]);
    expect(sales.bestsellers[0]).toMatchObject({ productId, unitsSold: 2 });
    expect(sales.paymentMethods).toEqual([
      { method: 'bank-transfer', label: 'Bank transfer', orders: 1, revenue, percent: 100 },
    ]);
    expect(placed).toMatchObject({ placed: 3, pending: 2, cancelled: 1, completed: 0 });
  });

  it('count sign-ins and page views in the range', async () => {
    const signIn = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'bisi@example.ng', password: 'Owner-Pass-2026' },
    });
    expect(signIn.statusCode).toBe(200);
    await test.database.db.insert(pageViews).values([
      { day: today, path: '/', source: 'direct', views: 40 },
      { day: today, path: '/sale', source: 'Google', views: 10 },
    ]);
    const report = (await get(`/api/admin/reports?from=${today}&to=${today}`, adminToken)).json();
    // The administrator's own sign-in (the test app signs them in) and the customer's.
    expect(report.users).toMatchObject({ signUps: 1, signIns: 2, peopleSignedIn: 2, returningCustomers: 1 });
    expect(report.traffic).toMatchObject({ views: 50, ordersPlaced: 3, conversionPercent: 6 });
    expect(report.traffic.sources).toEqual([
      { source: 'direct', views: 40, percent: 80 },
      { source: 'Google', views: 10, percent: 20 },
    ]);
  });

  it('cover the last 30 days by default and refuse a start after the end', async () => {
    const report = await get('/api/admin/reports', adminToken);
    expect(report.statusCode).toBe(200);
    expect(report.json().range).toMatchObject({ to: today, days: 30 });
    const backwards = await get('/api/admin/reports?from=2030-03-10&to=2030-03-01', adminToken);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().error.fields).toHaveProperty('from');
    expect((await get('/api/admin/reports?from=yesterday', adminToken)).statusCode).toBe(400);
  });

  it('count stock per size and colour: a size selling out moves the inventory and the overview', async () => {
    interface VariantFigure {
      productId: number;
      sku: string;
      size: string | null;
      color: string | null;
      stock: number;
      status: string;
    }
    const figures = async () => {
      const report = await get(`/api/admin/reports?from=${today}&to=${today}`, adminToken);
      expect(report.statusCode, report.body).toBe(200);
      const overview = await get('/api/admin/overview', adminToken);
      expect(overview.statusCode, overview.body).toBe(200);
      return {
        inventory: report.json().inventory as {
          outOfStockVariants: number;
          lowStockVariants: number;
          units: number;
          lowest: (VariantFigure & { productStock: number })[];
        },
        overview: overview.json<{
          lowStock: VariantFigure[];
          lowStockCount: number;
          outOfStockCount: number;
        }>(),
      };
    };
    // A size of a product in several sizes and colours, with more than the threshold.
    const [variant] = await test.database.db
      .select({ id: productVariants.id, productId: productVariants.productId, sku: productVariants.sku })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(
        and(
          eq(products.status, 'active'),
          gt(productVariants.stock, 5),
          sql`cardinality(${products.sizes}) > 1`,
          sql`jsonb_array_length(${products.colors}) > 1`,
        ),
      )
      .orderBy(productVariants.id)
      .limit(1);
    expect(variant).toBeDefined();
    const before = await figures();
    // Every row is the database's, emptiest first.
    for (const row of before.inventory.lowest) {
      const [stored] = await test.database.db
        .select({ stock: productVariants.stock, productId: productVariants.productId })
        .from(productVariants)
        .where(eq(productVariants.sku, row.sku));
      expect(stored, row.sku).toEqual({ stock: row.stock, productId: row.productId });
    }
    const stocks = before.inventory.lowest.map((row) => row.stock);
    expect(stocks).toEqual([...stocks].sort((a, b) => a - b));

    await test.database.db
      .update(productVariants)
      .set({ stock: 0 })
      .where(eq(productVariants.id, variant!.id));
    const after = await figures();
    expect(after.inventory.outOfStockVariants).toBe(before.inventory.outOfStockVariants + 1);
    expect(after.overview.outOfStockCount).toBe(before.overview.outOfStockCount + 1);
    expect(after.overview.lowStockCount).toBe(before.overview.lowStockCount + 1);
    const [{ units }] = (await test.database.db
      .select({ units: sql<number>`sum(${products.stock})::int` })
      .from(products)
      .where(eq(products.status, 'active'))) as [{ units: number }];
    expect(after.inventory.units).toBe(units);
    // Sold out sorts first: with the overview's six rows it may share the top with other sold-out
    // sizes, so ask the report's longer list for it.
    const listed = after.inventory.lowest.find((row) => row.sku === variant!.sku);
    if (listed) expect(listed).toMatchObject({ stock: 0, status: 'out_of_stock' });
    else expect(after.inventory.lowest.every((row) => row.stock === 0)).toBe(true);
  });
});
