/**
 * The ledger (docs/decisions/0067-inventory-ledger.md): every change to a size × colour's stock is a
 * row with its reason, its cause and the balance after it, whichever path made it, so for every
 * variant the stock is the sum of its rows after a day of sales, cancellations, releases, returns,
 * edits and imports, and GET /api/admin/inventory/movements reads a variant's history newest first.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders, testShippingAddress } from '../../tests/fixtures/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createGridProduct, gridOf, setGridStock } from '../../tests/fixtures/variant-grid';
import type { Mailer } from '../mail/mailer';
import { cancelOrder } from '../orders/lifecycle';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { releaseUnpaidOrders } from '../orders/release-unpaid';
import { updateProduct } from '../catalog/manage-products';
import { listMovements, productStockHistory } from './movements';
import { stockCause } from './cause';

const HOUR = 3_600_000;
let database: TestDatabase;
let deps: PlaceOrderDeps;
let shirt: { id: number; name: string };
const owner = { id: null, email: 'owner@rossy.ng' };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await allowManyUnpaidOrders(database.db);
  const mailer: Mailer = { send: async () => {}, deliver: async () => {} };
  deps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  shirt = await createGridProduct(database.db, {
    name: 'Ledger Linen Shirt',
    sizes: ['M', 'L'],
    colors: ['Olive', 'Navy'],
    stock: 5,
  });
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as { rows: Row[] }).rows;
}

/** Every variant whose stock is not the sum of its rows, or whose level or last balance differs. */
async function unbalanced() {
  return rows(sql`
    SELECT v.id, v.stock, coalesce(m.sum, 0) AS ledger, coalesce(l.stock, 0) AS level, last.balance
      FROM product_variants v
      LEFT JOIN (SELECT variant_id, sum(quantity)::int AS sum FROM inventory_movements GROUP BY variant_id) m
             ON m.variant_id = v.id
      LEFT JOIN (SELECT variant_id, sum(stock)::int AS stock FROM inventory_levels GROUP BY variant_id) l
             ON l.variant_id = v.id
      LEFT JOIN LATERAL (SELECT balance FROM inventory_movements WHERE variant_id = v.id ORDER BY id DESC LIMIT 1) last
             ON true
     WHERE v.stock <> coalesce(m.sum, 0) OR v.stock <> coalesce(l.stock, 0)
        OR (last.balance IS NOT NULL AND last.balance <> v.stock)`);
}

let emails = 0;
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
      email: `ledger-${++emails}@example.ng`,
      phone: '+234 803 555 0188',
      shippingAddress: { ...testShippingAddress },
    },
    { now },
  );
  const [row] = await database.db.select().from(orders).where(eq(orders.number, placed.order.number));
  return row!;
}

const cell = async (size: string, color: string) =>
  (await gridOf(database.db, shirt.id)).find((one) => one.size === size && one.color === color)!;

describe('the stock ledger', () => {
  it('opens every seeded variant with its balance: the stock is the sum of its rows', async () => {
    expect(await unbalanced()).toEqual([]);
    const [defaults] = await rows<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM stock_locations WHERE is_default AND fulfils_online`,
    );
    expect(defaults?.count).toBe(1);
  });

  it('writes a sale for each line with its order, and a cancel that gives the units back with it', async () => {
    const order = await placeUnpaid();
    const navy = await cell('L', 'Navy');
    const [sale] = (await listMovements(database.db, { variantId: navy.id, page: 1 })).items;
    expect(sale).toMatchObject({
      quantity: -2,
      reason: 'sale',
      orderId: order.id,
      orderNumber: order.number,
      balance: navy.stock,
    });

    await database.db.transaction((tx) => cancelOrder(tx, order, 'shop', new Date()));
    const history = (await listMovements(database.db, { variantId: navy.id, page: 1 })).items;
    expect(history.slice(0, 2).map((row) => [row.reason, row.quantity, row.orderId])).toEqual([
      ['cancel', 2, order.id],
      ['sale', -2, order.id],
    ]);
    expect(history[0]!.balance).toBe(history[1]!.balance + 2);
    expect(await unbalanced()).toEqual([]);
  });

  it('names a release of an unpaid order whose hold passed, each row with its own order', async () => {
    const placedAt = new Date(Date.now() - 72 * HOUR);
    const first = await placeUnpaid(placedAt);
    const second = await placeUnpaid(placedAt);
    await releaseUnpaidOrders({ db: database.db }, new Date());
    const olive = await cell('M', 'Olive');
    const released = (await listMovements(database.db, { variantId: olive.id, page: 1 })).items.filter(
      (row) => row.reason === 'release',
    );
    expect(released.map((row) => row.orderId).sort()).toEqual([first.id, second.id].sort());
    expect(await unbalanced()).toEqual([]);
  });

  it('records the owner’s edit of the grid, a count written directly and a count named by its cause', async () => {
    await updateProduct(
      database.db,
      shirt.id,
      {
        variants: [
          { size: 'M', color: 'Olive', stock: 12 },
          { size: 'L', color: 'Olive', stock: 5 },
          { size: 'M', color: 'Navy', stock: 5 },
          { size: 'L', color: 'Navy', stock: 5 },
        ],
      },
      owner,
    );
    const olive = await cell('M', 'Olive');
    const [edit] = (await listMovements(database.db, { variantId: olive.id, page: 1 })).items;
    expect(edit).toMatchObject({ reason: 'edit', quantity: 12 - 5, balance: 12 });

    // A change no path named is still a row: an adjustment.
    await setGridStock(database.db, shirt.id, [{ size: 'M', color: 'Olive', stock: 10 }]);
    const [direct] = (await listMovements(database.db, { variantId: olive.id, page: 1 })).items;
    expect(direct).toMatchObject({ reason: 'adjustment', quantity: -2, balance: 10 });

    // Named by a cause in a transaction: its reason and note.
    await database.db.transaction(async (tx) => {
      await stockCause(tx, { reason: 'stocktake', note: 'Saturday count' });
      await tx.execute(sql`UPDATE product_variants SET stock = 9 WHERE id = ${olive.id}`);
    });
    const [counted] = (await listMovements(database.db, { variantId: olive.id, page: 1 })).items;
    expect(counted).toMatchObject({ reason: 'stocktake', quantity: -1, balance: 9, note: 'Saturday count' });
    expect(await unbalanced()).toEqual([]);
  });

  it('refuses a reason it does not know, and changes nothing', async () => {
    const olive = await cell('M', 'Olive');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('rossy.stock_reason', 'gift', true)`);
        await tx.execute(sql`UPDATE product_variants SET stock = stock + 1 WHERE id = ${olive.id}`);
      }),
    ).rejects.toThrow();
    expect((await cell('M', 'Olive')).stock).toBe(olive.stock);
    expect(await unbalanced()).toEqual([]);
  });

  it('lists a page of 50 newest first with the total, and filters by location', async () => {
    const all = await listMovements(database.db, { page: 1 });
    expect(all.items.length).toBe(Math.min(50, all.total));
    const ids = all.items.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await listMovements(database.db, { locationId: 999_999, page: 1 })).total).toBe(0);
  });

  it('reads a product’s history with each size and colour named, newest first, within its limit', async () => {
    const history = await productStockHistory(database.db, shirt.id, 3);
    expect(history).toHaveLength(3);
    expect(history[0]).toMatchObject({ option: 'M / Olive', reason: 'stocktake', quantity: -1, balance: 9 });
    expect(history.map((move) => move.id)).toEqual([...history.map((move) => move.id)].sort((a, b) => b - a));
    expect(await productStockHistory(database.db, 999_999)).toEqual([]);
  });
});
