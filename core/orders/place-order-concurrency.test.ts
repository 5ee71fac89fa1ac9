/**
 * Checkouts racing for the last units and the last coupon uses. Meaningful on PostgreSQL (set
 * TEST_DATABASE_URL), where the transactions really run side by side; on PGlite they queue.
 *
 * On PostgreSQL the orders go through a pool with a connection per shopper, so all of them are in
 * flight at once. (Through the fixture's pool of 5, the waiting requests hit the pool's 1 s
 * connectionTimeoutMillis while the others queue on the product's row lock: they fail with
 * 'timeout exceeded when trying to connect' rather than queue.)
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutMessages } from '../../contracts/checkout-texts';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { coupons, orders } from '../../db/schema/orders';
import { openDatabase, type DatabaseHandle, type Db } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { AppError } from '../errors';
import type { Mailer } from '../mail/mailer';
import { getShopSettings } from '../settings/shop-settings';
import { placeOrder, type PlacedOrder, type PlaceOrderDeps } from './place-order';
import { setProductStock } from '../../tests/fixtures/stock';
import { gridStock, setGridStock } from '../../tests/fixtures/variant-grid';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** PGlite runs one transaction at a time, so a few rounds show the bookkeeping; PostgreSQL gets the real race. */
const ROUNDS = onPostgres ? 20 : 4;
const SHOPPERS = 50;

let database: TestDatabase;
let wide: DatabaseHandle | null = null;
let deps: PlaceOrderDeps;
let product: { id: number; sizes: string[]; colors: { name: string }[] };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  // The confirmation e-mail is not what is measured here; a mailer that keeps nothing keeps the rounds quick.
  const mailer: Mailer = { send: async () => {}, deliver: async () => {} };
  deps = { db: await shoppersDb(), mailer, publicUrl: 'https://rossy.test' };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes, colors: products.colors })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1);
  product = row!;
});
afterAll(async () => {
  await wide?.close();
  await database?.destroy();
});

/** The test database through a pool wide enough for every shopper at once (PostgreSQL only). */
async function shoppersDb(): Promise<Db> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return database.db;
  const result = await database.db.execute<{ name: string }>(sql`SELECT current_database() AS name`);
  const name = (result as { rows: { name: string }[] }).rows[0]!.name;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  wide = await openDatabase({ databaseUrl: url.toString(), maxConnections: SHOPPERS });
  return wide.db;
}

function orderBody(round: number, shopper: number, extra: Record<string, unknown> = {}) {
  return {
    items: [{ id: product.id, quantity: 1, selectedSize: product.sizes[0] }],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email: `shopper-${round}-${shopper}@example.ng`,
    phone: '+234 803 000 3333',
    shippingAddress: {
      firstName: 'Ngozi',
      lastName: 'Obi',
      address: '8 Ogui Road',
      city: 'Enugu',
      state: 'Enugu',
      zipCode: '400001',
      country: 'Nigeria',
    },
    ...extra,
  };
}

async function stockOf(id: number): Promise<number> {
  const [row] = await database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
  return row!.stock;
}

function split(results: PromiseSettledResult<PlacedOrder>[]) {
  const placed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const errors = results.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  return { placed, errors };
}

describe(`concurrent checkouts (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, { timeout: 90_000 }, () => {
  it(`${SHOPPERS} shoppers for 5 units: exactly 5 orders, the rest OUT_OF_STOCK, ${ROUNDS} rounds`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await setProductStock(database.db, product.id, 5);
      const results = await Promise.allSettled(
        Array.from({ length: SHOPPERS }, (_, shopper) => placeOrder(deps, orderBody(round, shopper))),
      );
      const { placed, errors } = split(results);
      const unexpected = errors.filter(
        (error) => !(error instanceof AppError && error.code === 'OUT_OF_STOCK'),
      );
      expect(unexpected.map(String), `round ${round}`).toEqual([]);
      expect(placed, `round ${round}`).toHaveLength(5);
      expect(errors).toHaveLength(SHOPPERS - 5);
      expect(new Set(placed.map((result) => result.order.number)).size).toBe(5);
      expect(await stockOf(product.id), `round ${round}`).toBe(0);
    }
    const [count] = await database.db
      .select({ orders: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.email} LIKE 'shopper-%'`);
    expect(count!.orders).toBe(5 * ROUNDS);
  });

  it(`${SHOPPERS} shoppers for a coupon with 3 uses: exactly 3 orders use it, ${ROUNDS} rounds`, async () => {
    await database.db.insert(coupons).values({ code: 'THREEONLY', percent: 20, usageLimit: 3 });
    for (let round = 0; round < ROUNDS; round++) {
      await database.db.update(coupons).set({ usedCount: 0 }).where(eq(coupons.code, 'THREEONLY'));
      await setProductStock(database.db, product.id, 10_000);
      const results = await Promise.allSettled(
        Array.from({ length: SHOPPERS }, (_, shopper) =>
          placeOrder(deps, orderBody(1000 + round, shopper, { couponCode: 'threeonly' })),
        ),
      );
      const { placed, errors } = split(results);
      const unexpected = errors.filter(
        (error) =>
          !(
            error instanceof AppError &&
            error.code === 'CONFLICT' &&
            error.message === checkoutMessages.couponUsedUp
          ),
      );
      expect(unexpected.map(String), `round ${round}`).toEqual([]);
      expect(placed, `round ${round}`).toHaveLength(3);
      expect(placed.every((result) => result.order.couponCode === 'THREEONLY')).toBe(true);
      const [coupon] = await database.db.select().from(coupons).where(eq(coupons.code, 'THREEONLY'));
      expect(coupon!.usedCount).toBe(3);
      // A refused checkout takes no stock.
      expect(await stockOf(product.id)).toBe(10_000 - 3);
    }
  });

  it('shoppers each wanting the last unit of two sizes, as two lines: one order, both sizes 0', async () => {
    if (product.sizes.length < 2) throw new Error('the test needs a product with two sizes');
    const [first, second] = product.sizes as [string, string];
    const color = product.colors[0]?.name ?? null;
    for (let round = 0; round < 5; round++) {
      await setGridStock(
        database.db,
        product.id,
        [
          { size: first, color, stock: 1 },
          { size: second, color, stock: 1 },
        ],
        0,
      );
      const items = [
        { id: product.id, quantity: 1, selectedSize: first },
        { id: product.id, quantity: 1, selectedSize: second },
      ];
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, shopper) =>
          placeOrder(deps, orderBody(2000 + round, shopper, { items })),
        ),
      );
      const { placed, errors } = split(results);
      expect(placed).toHaveLength(1);
      expect(errors.every((error) => error instanceof AppError && error.code === 'OUT_OF_STOCK')).toBe(true);
      expect(await stockOf(product.id)).toBe(0);
    }
  });

  it(`12 shoppers for the last 3 of one size: exactly 3 orders, the others refused naming the size, the other sizes untouched, ${ROUNDS} rounds`, async () => {
    if (product.sizes.length < 2) throw new Error('the test needs a product with two sizes');
    const size = product.sizes[1]!;
    const color = product.colors[0]?.name ?? null;
    const label = [size, color].filter(Boolean).join(' / ');
    for (let round = 0; round < ROUNDS; round++) {
      // Plenty of the product overall (every other size and colour 7), 3 of this size in this colour.
      await setGridStock(database.db, product.id, [{ size, color, stock: 3 }], 7);
      const before = await gridStock(database.db, product.id);
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, shopper) =>
          placeOrder(
            deps,
            orderBody(6000 + round, shopper, {
              items: [{ id: product.id, quantity: 1, selectedSize: size, selectedColor: color }],
            }),
          ),
        ),
      );
      const { placed, errors } = split(results);
      const unexpected = errors.filter(
        (error) =>
          !(
            error instanceof AppError &&
            error.code === 'OUT_OF_STOCK' &&
            error.status === 409 &&
            error.message.includes(label)
          ),
      );
      expect(unexpected.map(String), `round ${round}`).toEqual([]);
      expect(placed, `round ${round}`).toHaveLength(3);
      expect(errors).toHaveLength(9);
      expect(
        placed.every((result) =>
          result.order.items.every((item) => item.size === size && item.color === color),
        ),
      ).toBe(true);
      const after = await gridStock(database.db, product.id);
      expect(after, `round ${round}`).toEqual({ ...before, [`${size}/${color ?? ''}`]: 0 });
      expect(await stockOf(product.id)).toBe(
        Object.values(before).reduce((sum, units) => sum + units, 0) - 3,
      );
    }
  });

  /** Losers of a first-order race: refused with the coupon's own message, never a 500. */
  function firstOrderRefusals(errors: unknown[]) {
    return errors.filter(
      (error) =>
        !(
          error instanceof AppError &&
          (error.code === 'CONFLICT' || error.code === 'UNPROCESSABLE') &&
          error.message === checkoutMessages.couponFirstOrder &&
          error.fields?.couponCode === checkoutMessages.couponFirstOrder
        ),
    );
  }

  it(`10 checkouts by one shopper with WELCOME15: one discounted first order, ${ROUNDS} rounds`, async () => {
    await setProductStock(database.db, product.id, 10_000);
    for (let round = 0; round < ROUNDS; round++) {
      const email = `first-order-${round}@example.ng`;
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, attempt) =>
          placeOrder(deps, orderBody(3000 + round, 0, { email, couponCode: 'WELCOME15' }), {
            idempotencyKey: `first-order-${round}-${attempt}`,
          }),
        ),
      );
      const { placed, errors } = split(results);
      expect(firstOrderRefusals(errors).map(String), `round ${round}`).toEqual([]);
      expect(placed, `round ${round}`).toHaveLength(1);
      expect(placed[0]!.order.discountKobo).toBeGreaterThan(0);
    }
  });

  it(`one account racing WELCOME15 under 10 different e-mails: one discounted first order, ${ROUNDS} rounds`, async () => {
    await setProductStock(database.db, product.id, 10_000);
    for (let round = 0; round < ROUNDS; round++) {
      const [user] = await database.db
        .insert(users)
        .values({ name: 'Tobi Ade', email: `account-${round}@example.ng`, passwordHash: 'x' })
        .returning({ id: users.id });
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, attempt) =>
          placeOrder(deps, orderBody(4000 + round, attempt, { couponCode: 'welcome15' }), {
            user: { id: user!.id },
          }),
        ),
      );
      const { placed, errors } = split(results);
      expect(firstOrderRefusals(errors).map(String), `round ${round}`).toEqual([]);
      expect(placed, `round ${round}`).toHaveLength(1);
    }
  });

  it('a cancelled discounted first order frees the first-order right; a live one keeps it', async () => {
    await setProductStock(database.db, product.id, 10_000);
    const email = 'lapsed-first@example.ng';
    const first = await placeOrder(deps, orderBody(5000, 0, { email, couponCode: 'WELCOME15' }));
    await database.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(eq(orders.number, first.order.number));
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        placeOrder(deps, orderBody(5000, 1, { email, couponCode: 'WELCOME15' })),
      ),
    );
    const { placed, errors } = split(results);
    expect(firstOrderRefusals(errors).map(String)).toEqual([]);
    expect(placed).toHaveLength(1);
  });
  it(`carts naming two products in opposite orders: no deadlock, no oversell, ${ROUNDS} rounds`, async () => {
    const pair = await database.db
      .select({ id: products.id, sizes: products.sizes })
      .from(products)
      .orderBy(asc(products.id))
      .limit(3);
    const [first, second] = pair.slice(1);
    const line = (item: { id: number; sizes: string[] }) => ({
      id: item.id,
      quantity: 1,
      selectedSize: item.sizes[0] ?? null,
    });
    for (let round = 0; round < ROUNDS; round++) {
      await setProductStock(database.db, first!.id, 10);
      await setProductStock(database.db, second!.id, 10);
      const results = await Promise.allSettled(
        Array.from({ length: 40 }, (_, shopper) =>
          placeOrder(
            deps,
            orderBody(3000 + round, shopper, {
              items: shopper % 2 ? [line(first!), line(second!)] : [line(second!), line(first!)],
            }),
          ),
        ),
      );
      const { placed, errors } = split(results);
      const unexpected = errors.filter(
        (error) => !(error instanceof AppError && error.code === 'OUT_OF_STOCK'),
      );
      expect(unexpected.map(String), `round ${round}`).toEqual([]);
      expect(placed, `round ${round}`).toHaveLength(10);
      expect(await stockOf(first!.id)).toBe(0);
      expect(await stockOf(second!.id)).toBe(0);
    }
  });

  it(`one e-mail racing for more unpaid orders than its limit: exactly the limit placed, ${ROUNDS} rounds`, async () => {
    const { maxUnpaidOrdersPerEmail } = await getShopSettings(database.db);
    for (let round = 0; round < ROUNDS; round++) {
      await setProductStock(database.db, product.id, 100);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          placeOrder(deps, orderBody(4000 + round, 0, { email: `one-email-${round}@example.ng` }), {
            clientAddress: `10.0.${round}.1`,
          }),
        ),
      );
      const { placed, errors } = split(results);
      const unexpected = errors.filter(
        (error) => !(error instanceof AppError && error.code === 'RATE_LIMITED'),
      );
      expect(unexpected.map(String), `round ${round}`).toEqual([]);
      expect(placed, `round ${round}`).toHaveLength(maxUnpaidOrdersPerEmail);
      // Only the placed orders took stock: the refused ones rolled back whole.
      expect(await stockOf(product.id)).toBe(100 - maxUnpaidOrdersPerEmail);
    }
  });
});
