/**
 * A cancelled or released order gives each unit back to the variant it was taken from, once: the
 * shop's cancel, the shopper's cancel of an unpaid order and the release of an unpaid order whose
 * hold passed, alone, repeated and racing each other. Meaningful races on PostgreSQL (set
 * TEST_DATABASE_URL); on PGlite the transactions queue, and the bookkeeping is the same.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders, testShippingAddress } from '../../tests/fixtures/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createGridProduct, gridOf, gridStock, setGridStock } from '../../tests/fixtures/variant-grid';
import type { Mailer } from '../mail/mailer';
import { cancelOrder } from './lifecycle';
import { placeOrder, type PlaceOrderDeps } from './place-order';
import { releaseUnpaidOrders } from './release-unpaid';

const HOUR = 3_600_000;

let database: TestDatabase;
let deps: PlaceOrderDeps;
let shirt: { id: number; name: string };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await allowManyUnpaidOrders(database.db);
  const mailer: Mailer = { send: async () => {}, deliver: async () => {} };
  deps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  shirt = await createGridProduct(database.db, {
    name: 'Restock Linen Shirt',
    sizes: ['S', 'M', 'L'],
    colors: ['Olive', 'Navy'],
    stock: 5,
  });
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

beforeEach(async () => {
  await setGridStock(database.db, shirt.id, [], 5);
});

const FULL = { 'S/Olive': 5, 'M/Olive': 5, 'L/Olive': 5, 'S/Navy': 5, 'M/Navy': 5, 'L/Navy': 5 };
const TAKEN = { ...FULL, 'M/Olive': 4, 'L/Navy': 3 };

let emailCounter = 0;
/** An unpaid bank-transfer order for one M in Olive and two L in Navy, placed at `now`. */
async function placeUnpaid(now = new Date()) {
  const placed = await placeOrder(
    deps,
    {
      items: [
        { id: shirt.id, quantity: 1, selectedSize: 'M', selectedColor: 'Olive' },
        { id: shirt.id, quantity: 2, selectedSize: 'L', selectedColor: 'Navy' },
      ],
      shippingMethod: 'standard',
      paymentMethod: 'bank-transfer',
      email: `restock-${++emailCounter}@example.ng`,
      phone: '+234 803 555 0177',
      shippingAddress: { ...testShippingAddress },
    },
    { now },
  );
  return placed.order;
}

async function orderRow(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

async function productStock(): Promise<number> {
  const result = await database.db.execute(sql`SELECT stock FROM products WHERE id = ${shirt.id}`);
  return Number((result as { rows: { stock: number }[] }).rows[0]!.stock);
}

describe('a cancellation restores its variants once', () => {
  it('the order takes from its own size and colour, and its lines name the variant and its SKU', async () => {
    const order = await placeUnpaid();
    expect(await gridStock(database.db, shirt.id)).toEqual(TAKEN);
    const grid = await gridOf(database.db, shirt.id);
    const lines = await database.db.execute(
      sql`SELECT variant_id, sku, size, color FROM order_lines WHERE order_id = ${(await orderRow(order.number)).id} ORDER BY id`,
    );
    expect((lines as { rows: unknown[] }).rows).toEqual([
      {
        variant_id: grid.find((cell) => cell.size === 'M' && cell.color === 'Olive')!.id,
        sku: `ROS-${shirt.id}-M-OLV`,
        size: 'M',
        color: 'Olive',
      },
      {
        variant_id: grid.find((cell) => cell.size === 'L' && cell.color === 'Navy')!.id,
        sku: `ROS-${shirt.id}-L-NVY`,
        size: 'L',
        color: 'Navy',
      },
    ]);
  });

  it("the shop's cancel, twice at once and again later, gives the units back to M/Olive and L/Navy once", async () => {
    const order = await placeUnpaid();
    const row = await orderRow(order.number);
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => database.db.transaction((tx) => cancelOrder(tx, row, 'shop', new Date()))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await gridStock(database.db, shirt.id)).toEqual(FULL);
    // A request that read the order before it was cancelled comes late: nothing more comes back.
    expect(await database.db.transaction((tx) => cancelOrder(tx, row, 'shop', new Date()))).toBeNull();
    const cancelled = await orderRow(order.number);
    expect(await database.db.transaction((tx) => cancelOrder(tx, cancelled, 'shop', new Date()))).toBeNull();
    expect(await gridStock(database.db, shirt.id)).toEqual(FULL);
    expect(await productStock()).toBe(30);
  });

  it("the shopper's cancel of an unpaid order, repeated, gives the units back once", async () => {
    const order = await placeUnpaid();
    const row = await orderRow(order.number);
    const outcomes = await Promise.all(
      [1, 2].map(() => database.db.transaction((tx) => cancelOrder(tx, row, 'shopper', new Date()))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await gridStock(database.db, shirt.id)).toEqual(FULL);
  });

  it('the release of an unpaid order, two runs at once, gives the units back once', async () => {
    const placedAt = new Date(Date.now() - 100 * HOUR);
    const order = await placeUnpaid(placedAt);
    expect(await gridStock(database.db, shirt.id)).toEqual(TAKEN);
    const runs = await Promise.all([releaseUnpaidOrders(deps), releaseUnpaidOrders(deps)]);
    expect(runs.flat()).toEqual([order.number]);
    expect(await gridStock(database.db, shirt.id)).toEqual(FULL);
    expect(await releaseUnpaidOrders(deps)).toEqual([]);
    expect(await gridStock(database.db, shirt.id)).toEqual(FULL);
  });

  it.each([1, 2, 3, 4, 5])(
    'a release racing the shop’s and the shopper’s cancels gives the units back once (round %i)',
    async () => {
      const placedAt = new Date(Date.now() - 100 * HOUR);
      const order = await placeUnpaid(placedAt);
      const row = await orderRow(order.number);
      const results = await Promise.all([
        releaseUnpaidOrders(deps).then((numbers) => numbers.length > 0),
        database.db.transaction((tx) => cancelOrder(tx, row, 'shopper', new Date())).then(Boolean),
        database.db.transaction((tx) => cancelOrder(tx, row, 'shop', new Date())).then(Boolean),
        releaseUnpaidOrders(deps).then((numbers) => numbers.length > 0),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await gridStock(database.db, shirt.id)).toEqual(FULL);
      expect((await orderRow(order.number)).status).toBe('cancelled');
    },
  );

  it('units go back to their own size and colour even when the others are sold out or were restocked meanwhile', async () => {
    const order = await placeUnpaid();
    // Meanwhile the owner changes the grid: Olive M sells out elsewhere, S/Navy is restocked.
    await setGridStock(database.db, shirt.id, [
      { size: 'M', color: 'Olive', stock: 0 },
      { size: 'S', color: 'Navy', stock: 12 },
    ]);
    const row = await orderRow(order.number);
    await database.db.transaction((tx) => cancelOrder(tx, row, 'shop', new Date()));
    expect(await gridStock(database.db, shirt.id)).toEqual({
      ...FULL,
      'M/Olive': 1,
      'S/Navy': 12,
      'L/Navy': 5,
    });
  });

  it('a line whose variant the owner removed and added again goes back to the new M/Olive; one removed for good, nowhere', async () => {
    const order = await placeUnpaid();
    // The owner removes M/Olive (the order's line keeps its size and colour, its variant is gone) and adds it back.
    await database.db.execute(
      sql`DELETE FROM product_variants WHERE product_id = ${shirt.id} AND size = 'M' AND color = 'Olive'`,
    );
    await database.db.execute(sql`
      INSERT INTO product_variants (product_id, size, color, sku, stock, position)
      VALUES (${shirt.id}, 'M', 'Olive', 'ROS-TEST-M-OLV-AGAIN', 2, 1)`);
    // L/Navy goes for good.
    await database.db.execute(
      sql`DELETE FROM product_variants WHERE product_id = ${shirt.id} AND size = 'L' AND color = 'Navy'`,
    );
    const row = await orderRow(order.number);
    expect(await database.db.transaction((tx) => cancelOrder(tx, row, 'shop', new Date()))).not.toBeNull();
    const { 'L/Navy': _gone, ...rest } = FULL;
    expect(await gridStock(database.db, shirt.id)).toEqual({ ...rest, 'M/Olive': 3 });
    expect(await productStock()).toBe(4 * 5 + 3);
  });
});
