/**
 * A day of the seeded shop, every path that moves stock taken through the shop's own functions:
 * sales placed by the checkout's function, a cancel, the release of an unpaid order whose hold passed,
 * a refund with restock, a return received back in stock, an exchange sent and one declined, units
 * received by hand, a CSV import and an edit of the grid. Then, for every size × colour of the shop,
 * its stock is the sum of its ledger's rows, each row's balance is the running sum and the last one
 * is the stock, and its levels (one location) add up to it; every product's sold count moved by the
 * rule (docs/decisions/0067-inventory-ledger.md, "One home for stock").
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders, testShippingAddress } from '../../tests/fixtures/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { gridOf } from '../../tests/fixtures/variant-grid';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import { importProducts } from '../catalog/product-import';
import { updateProduct } from '../catalog/manage-products';
import { createMailer } from '../mail/mailer';
import { cancelOrder } from '../orders/lifecycle';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { releaseUnpaidOrders } from '../orders/release-unpaid';
import { applyProviderTransaction, startPayment, type PaymentDeps } from '../payments/payments';
import { createRefund } from '../refunds/record';
import { chargeSandboxCard, createSandboxProvider } from '../payments/sandbox';
import { moveReturn } from '../returns/moves';
import { requestReturn } from '../returns/request';
import { adjustStock } from './adjust';
import { setCounts } from './set-counts';

const HOUR = 3_600_000;
let database: TestDatabase;
let uploadDir: string;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let staff: { id: string; email: string };

/** A seeded product sold in two sizes of one colour at one price, each with units enough for the day. */
interface DayProduct {
  id: number;
  color: string;
  sizes: [string, string];
}
let shirt: DayProduct;
let other: DayProduct;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await database.db.execute(query)) as { rows: Row[] }).rows;
}

/** Seeded products with a colour in two sizes at the product’s own price with 5 units or more. */
async function stockedProducts(): Promise<DayProduct[]> {
  const found = await rows<{ id: number; color: string; sizes: string[] }>(sql`
    SELECT p.id, v.color, (array_agg(v.size ORDER BY v.position))[1:2] AS sizes
      FROM products p JOIN product_variants v ON v.product_id = p.id
     WHERE p.status = 'active' AND v.size <> '' AND v.price_kobo IS NULL AND v.stock >= 5
     GROUP BY p.id, v.color
    HAVING count(*) >= 2
     ORDER BY p.id, v.color
     LIMIT 20`);
  const seen = new Set<number>();
  return found
    .filter((row) => !seen.has(Number(row.id)) && seen.add(Number(row.id)))
    .map((row) => ({ id: Number(row.id), color: row.color, sizes: [row.sizes[0]!, row.sizes[1]!] }));
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rossy-stock-day-'));
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = { ...orderDeps, providers: { sandbox: createSandboxProvider(database.db) } };
  await allowManyUnpaidOrders(database.db);
  await ensureAdminAccount(database.db, 'boss@rossy.test', 'Boss-Pass-2026');
  const [boss] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'boss@rossy.test'));
  staff = boss!;
  const stocked = await stockedProducts();
  expect(stocked.length, 'the seed sells two products in two sizes with units').toBeGreaterThanOrEqual(2);
  [shirt, other] = [stocked[0]!, stocked[1]!];
}, 180_000);
afterAll(async () => {
  await database?.destroy();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

let emails = 0;
/** An order placed through the checkout's function; a card one paid in TEST MODE, and delivered if asked. */
async function order(
  lines: { product: DayProduct; size?: 0 | 1; quantity?: number }[],
  how: { card?: boolean; delivered?: boolean; placedAt?: Date } = {},
) {
  const placed = await placeOrder(
    orderDeps,
    {
      items: lines.map((line) => ({
        id: line.product.id,
        quantity: line.quantity ?? 1,
        selectedSize: line.product.sizes[line.size ?? 0],
        selectedColor: line.product.color,
      })),
      shippingMethod: 'standard',
      paymentMethod: how.card ? 'credit-card' : 'bank-transfer',
      email: `day-${++emails}@example.ng`,
      phone: '+234 803 555 0155',
      shippingAddress: { ...testShippingAddress },
    },
    { now: how.placedAt ?? new Date() },
  );
  const number = placed.order.number;
  if (how.card) {
    const start = await startPayment(deps, number, {
      user: { id: staff.id, email: staff.email, emailVerified: true, role: 'owner' },
    });
    const charge = await chargeSandboxCard(database.db, {
      txRef: start.txRef,
      amount: start.amount,
      currency: 'NGN',
      cardNumber: '5531886652142950',
      expiry: '09/32',
      cvv: '564',
      customer: { email: 'kemi.bello@example.ng', name: 'Kemi Bello' },
    });
    const paid = await applyProviderTransaction(
      deps,
      await deps.providers.sandbox!.verifyById(charge.transactionId!),
    );
    expect(paid.paid).toBe(true);
  }
  if (how.delivered)
    await database.db
      .update(orders)
      .set({ status: 'delivered', deliveredAt: new Date() })
      .where(eq(orders.number, number));
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
  const lineRows = await database.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id));
  return { number, key: placed.accessToken!, row: row!, lines: lineRows };
}

const actor = () => ({ id: staff.id, email: staff.email });
/** A return of one piece of the shirt's first size: money back, or the second size instead. */
const returnBody = (key: string, exchange: boolean) => ({
  key,
  items: [
    {
      productId: shirt.id,
      selectedSize: shirt.sizes[0],
      selectedColor: shirt.color,
      quantity: 1,
      reason: 'too_small',
    },
  ],
  resolution: exchange ? 'exchange' : 'refund',
  ...(exchange
    ? { exchangeFor: [{ productId: shirt.id, selectedSize: shirt.sizes[1], selectedColor: shirt.color }] }
    : {}),
});

async function soldCounts(): Promise<Map<number, number>> {
  const all = await database.db.select({ id: products.id, sold: products.soldCount }).from(products);
  return new Map(all.map((row) => [row.id, row.sold]));
}

describe('a day of the seeded shop', () => {
  it('leaves every size’s stock the sum of its ledger, its last balance and its levels, and the sold counts by the rule', async () => {
    const soldBefore = await soldCounts();

    // Sales that stay sold: two lines across two products, and a second order of the other product.
    await order(
      [
        { product: shirt, size: 1 },
        { product: other, quantity: 2 },
      ],
      { card: true },
    );
    await order([{ product: other, size: 1 }]);
    // A cancel by the shop, and an unpaid order released when its hold passed.
    const cancelled = await order([{ product: shirt, quantity: 2 }]);
    await database.db.transaction((tx) => cancelOrder(tx, cancelled.row, 'shop', new Date()));
    await order([{ product: shirt }], { placedAt: new Date(Date.now() - 72 * HOUR) });
    await releaseUnpaidOrders({ db: database.db }, new Date());
    // A refund of one of two with restock.
    const refunded = await order([{ product: shirt, quantity: 2 }], { card: true });
    await createRefund(
      deps,
      refunded.number,
      {
        lines: [{ orderLineId: refunded.lines[0]!.id, quantity: 1 }],
        restock: true,
        reason: 'One came back',
      },
      staff,
    );
    // A return received back in stock.
    const returned = await order([{ product: shirt }], { card: true, delivered: true });
    const giveBack = await requestReturn(orderDeps, returned.number, returnBody(returned.key, false), {
      user: null,
    });
    await moveReturn(deps, giveBack.view.id, 'approve', {}, actor());
    await moveReturn(deps, giveBack.view.id, 'receive', { restock: true }, actor());
    // An exchange received back in stock and sent in the other size, and one declined.
    const exchanged = await order([{ product: shirt }], { card: true, delivered: true });
    const sent = await requestReturn(orderDeps, exchanged.number, returnBody(exchanged.key, true), {
      user: null,
    });
    await moveReturn(deps, sent.view.id, 'approve', {}, actor());
    await moveReturn(deps, sent.view.id, 'receive', { restock: true }, actor());
    await moveReturn(
      deps,
      sent.view.id,
      'exchange',
      { carrier: 'GIG Logistics', trackingNumber: 'GIG-1' },
      actor(),
    );
    const declined = await order([{ product: shirt }], { card: true, delivered: true });
    const refused = await requestReturn(orderDeps, declined.number, returnBody(declined.key, true), {
      user: null,
    });
    await moveReturn(deps, refused.view.id, 'decline', { reason: 'Worn and washed' }, actor());

    // Units received by hand, a CSV import (a count by SKU and a new product) and the editor's grid.
    const otherGrid = await gridOf(database.db, other.id);
    await adjustStock(
      database.db,
      { variantId: otherGrid[0]!.id, quantity: 5, reason: 'received', note: 'From the Aba workshop' },
      actor(),
    );
    const imported = await importProducts(
      { db: database.db, uploadDir },
      [
        'handle,product id,name,description,category,brand,price,original price,size,colour,colour hex,sku,stock,variant price,image url',
        `,,,,,,,,,,,${otherGrid[1]!.sku},3,,`,
        `day,,Day Linen Shirt,Washed linen,Men's Shirts,,25500,,M,Olive,,DAY-M-OLV,6,,`,
        `day,,,,,,,,L,Olive,,DAY-L-OLV,4,,`,
      ].join('\r\n'),
      { dryRun: false, actor: actor() },
    );
    expect(imported.report.errors).toEqual([]);
    const edited = await gridOf(database.db, shirt.id);
    await updateProduct(
      database.db,
      shirt.id,
      {
        variants: edited.map((cell, index) => ({
          size: cell.size,
          color: cell.color,
          stock: index === 0 ? cell.stock + 10 : cell.stock,
        })),
      },
      actor(),
    );

    // Every size × colour of the shop balances with its ledger and its levels.
    const unbalanced = await rows(sql`
      SELECT v.id, v.sku, v.stock, coalesce(m.sum, 0) AS ledger, coalesce(l.stock, 0) AS levels, last.balance
        FROM product_variants v
        LEFT JOIN (SELECT variant_id, sum(quantity)::int AS sum FROM inventory_movements GROUP BY variant_id) m
               ON m.variant_id = v.id
        LEFT JOIN (SELECT variant_id, sum(stock)::int AS stock FROM inventory_levels GROUP BY variant_id) l
               ON l.variant_id = v.id
        LEFT JOIN LATERAL (SELECT balance FROM inventory_movements WHERE variant_id = v.id ORDER BY id DESC LIMIT 1) last
               ON true
       WHERE v.stock <> coalesce(m.sum, 0) OR v.stock <> coalesce(l.stock, 0) OR v.stock <> coalesce(last.balance, 0)`);
    expect(unbalanced).toEqual([]);
    // Each row's balance is the running sum of its variant's rows at its location.
    const drifting = await rows(sql`
      SELECT id, variant_id, balance, running FROM (
        SELECT id, variant_id, balance,
               sum(quantity) OVER (PARTITION BY variant_id, location_id ORDER BY id) AS running
          FROM inventory_movements WHERE variant_id IS NOT NULL) r
       WHERE balance <> running`);
    expect(drifting).toEqual([]);
    const [places] = await rows<{ count: number }>(sql`SELECT count(*)::int AS count FROM stock_locations`);
    expect(places?.count, 'one location: its levels are the stock').toBe(1);
    // Every way a unit moved today is in the ledger, by its name.
    const reasons = await rows<{ reason: string }>(sql`SELECT DISTINCT reason FROM inventory_movements`);
    expect(reasons.map((row) => row.reason).sort()).toEqual(
      [
        'adjustment',
        'cancel',
        'edit',
        'exchange_back',
        'exchange_out',
        'import',
        'opening',
        'refund_restock',
        'release',
        'return_restock',
        'sale',
      ].sort(),
    );

    // Sold counts: the shirt keeps the L of the first order, one of the refunded two, the exchange's
    // piece sent and the declined exchange's sale; the other product its three; nothing else moved.
    const soldAfter = await soldCounts();
    const moved = [...soldAfter]
      .filter(([id, sold]) => sold !== (soldBefore.get(id) ?? 0))
      .map(([id, sold]): [number, number] => [id, sold - (soldBefore.get(id) ?? 0)]);
    expect(new Map(moved)).toEqual(
      new Map([
        [shirt.id, 1 + 1 + 1 + 1],
        [other.id, 3],
      ]),
    );
  }, 180_000);

  it('sets a count the owner read before a sale by what she changed, so the sale is kept', async () => {
    const cell = (await gridOf(database.db, other.id)).find(
      (one) => one.size === other.sizes[0] && one.color === other.color,
    );
    const read = cell!.stock;
    const stockNow = async () =>
      (await gridOf(database.db, other.id)).find((one) => one.id === cell!.id)!.stock;
    // A shopper buys one between the owner's reading and her count of read + 2.
    await order([{ product: other }]);
    await database.db.transaction((tx) =>
      setCounts(tx, { reason: 'import', actorId: staff.id, note: 'CSV import' }, [
        { productId: other.id, variantId: cell!.id, stock: read + 2, read },
      ]),
    );
    expect(await stockNow()).toBe(read + 1);
    // Asked for fewer than were sold since: none, never below zero.
    await database.db.transaction((tx) =>
      setCounts(tx, { reason: 'import' }, [
        { productId: other.id, variantId: cell!.id, stock: 0, read: read + 2 + 5 },
      ]),
    );
    expect(await stockNow()).toBe(0);
  });
});
