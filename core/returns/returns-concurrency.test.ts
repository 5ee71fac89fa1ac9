/**
 * Returns racing each other: shoppers reserving the last unit for an exchange, staff approving and
 * declining the same return at once, the same request sent many times together. Meaningful on
 * PostgreSQL (set TEST_DATABASE_URL), where the transactions run side by side through a wide pool;
 * on PGlite they queue, and the bookkeeping is still checked.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle, type Db } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { categories, productVariants, products } from '../../db/schema/catalog';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import { orderReturns } from '../../db/schema/returns';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { gridStock, setGridStock } from '../../tests/fixtures/variant-grid';
import type { Mailer } from '../mail/mailer';
import { hashSecret } from '../orders/place-order';
import { moveReturn } from './moves';
import type { ReturnMoveDeps } from './plan';
import { requestReturn } from './request';

const PARALLEL = 10;
const DELIVERED = new Date('2030-05-01T12:00:00Z');
const INSIDE = new Date('2030-05-10T12:00:00Z');

let database: TestDatabase;
let wide: DatabaseHandle | null = null;
let deps: ReturnMoveDeps;
let productId = 0;
let staff: { id: string; email: string };
let orderCount = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  // The e-mails are not what is measured here.
  const mailer: Mailer = { send: async () => {}, deliver: async () => {} };
  deps = { db: await wideDb(), mailer, publicUrl: 'https://rossy.test', providers: {} };
  const { db } = database;
  await db.insert(categories).values({ id: 'women', name: 'Women' });
  const [product] = await db
    .insert(products)
    .values({
      name: 'Adire Dress',
      description: 'Dress',
      categoryId: 'women',
      priceKobo: 3_000_000,
      sizes: ['M', 'L'],
      colors: [{ name: 'Indigo', hex: '#2e3a87' }],
    })
    .returning({ id: products.id });
  productId = product!.id;
  const [person] = await db
    .insert(users)
    .values({ name: 'Staff', email: 'staff@rossy.test', passwordHash: 'x', role: 'owner' })
    .returning({ id: users.id, email: users.email });
  staff = person!;
});
afterAll(async () => {
  await wide?.close();
  await database?.destroy();
});

/** The test database through a pool wide enough for every request at once (PostgreSQL only). */
async function wideDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return database.db;
  const result = await database.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
  const name = (result as { rows: { name: string }[] }).rows[0]!.name;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  wide = await openDatabase({ databaseUrl: url.toString(), maxConnections: PARALLEL * 2 });
  return wide.db;
}

/** A delivered guest order of one dress in M / Indigo; its number and key. */
async function deliveredOrder(): Promise<{ number: string; key: string }> {
  const { db } = database;
  const key = randomUUID();
  const number = `ORD-C${++orderCount}`;
  const [variant] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), eq(productVariants.size, 'M')));
  const [order] = await db
    .insert(orders)
    .values({
      number,
      email: `shopper-${orderCount}@example.ng`,
      phone: '+2348000000000',
      shippingAddress: {
        firstName: 'Ngozi',
        lastName: 'Obi',
        address: '8 Ogui Road',
        city: 'Enugu',
        state: 'Enugu',
        zipCode: '400001',
        country: 'Nigeria',
      },
      shippingMethod: 'standard',
      shippingMethodLabel: 'Standard',
      paymentMethod: 'flutterwave',
      paymentStatus: 'paid',
      status: 'delivered',
      deliveredAt: DELIVERED,
      paidAt: DELIVERED,
      subtotalKobo: 3_000_000,
      shippingKobo: 0,
      taxKobo: 0,
      totalKobo: 3_000_000,
      taxRatePercent: 0,
      accessTokenHash: hashSecret(key),
    })
    .returning({ id: orders.id });
  await db.insert(orderLines).values({
    orderId: order!.id,
    productId,
    name: 'Adire Dress',
    unitPriceKobo: 3_000_000,
    quantity: 1,
    size: 'M',
    color: 'Indigo',
    variantId: variant!.id,
  });
  return { number, key };
}

const exchangeForL = (order: { key: string }) => ({
  key: order.key,
  items: [{ productId, selectedSize: 'M', selectedColor: 'Indigo', quantity: 1, reason: 'too_small' }],
  resolution: 'exchange',
  exchangeFor: [{ productId, selectedSize: 'L', selectedColor: 'Indigo' }],
});
const guest = { user: null };
const actor = () => ({ id: staff.id, email: staff.email });

describe('returns racing', () => {
  it('gives the last L to one exchange only; the others are told it sold out', async () => {
    await setGridStock(database.db, productId, [{ size: 'L', color: 'Indigo', stock: 1 }], 5);
    const shoppers = await Promise.all(Array.from({ length: PARALLEL }, () => deliveredOrder()));
    const results = await Promise.allSettled(
      shoppers.map((order) => requestReturn(deps, order.number, exchangeForL(order), guest, { now: INSIDE })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(String(result.reason)).toContain('L / Indigo is sold out');
    expect((await gridStock(database.db, productId))['L/Indigo']).toBe(0);
  });

  it('answers many copies of one request, sent together, with one return', async () => {
    await setGridStock(database.db, productId, [], 5);
    const order = await deliveredOrder();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        requestReturn(deps, order.number, exchangeForL(order), guest, { now: INSIDE }),
      ),
    );
    expect(new Set(answers.map((answer) => answer.view.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    // One unit set aside, not ten.
    expect((await gridStock(database.db, productId))['L/Indigo']).toBe(4);
  });

  it('moves a return once when staff approve and decline it together, and gives a reservation back once', async () => {
    await setGridStock(database.db, productId, [], 5);
    const order = await deliveredOrder();
    const { view } = await requestReturn(deps, order.number, exchangeForL(order), guest, { now: INSIDE });
    expect((await gridStock(database.db, productId))['L/Indigo']).toBe(4);
    const moves = Array.from({ length: PARALLEL }, (_, index) =>
      index % 2 === 0
        ? moveReturn(deps, view.id, 'approve', { instructions: 'Post it' }, actor())
        : moveReturn(deps, view.id, 'decline', { reason: 'Worn' }, actor()),
    );
    const results = await Promise.allSettled(moves);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [row] = await database.db.select().from(orderReturns).where(eq(orderReturns.id, view.id));
    const [placed] = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, order.number));
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, placed!.id));
    expect(events.filter((event) => /approved|declined/.test(event.note))).toHaveLength(1);
    expect((await gridStock(database.db, productId))['L/Indigo']).toBe(row!.status === 'declined' ? 5 : 4);
  });
});
