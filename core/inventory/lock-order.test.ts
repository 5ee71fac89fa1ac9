/**
 * The one lock order (docs/decisions/0067-inventory-ledger.md, "One home for stock"): products by id,
 * then their sizes and colours by id, whoever moves stock. Sales of two products, an exchange set
 * aside, the owner's grid, units received and a CSV import that names the later product first, all
 * at once and again, end without a deadlock and with the books balanced. Meaningful on PostgreSQL
 * (TEST_DATABASE_URL); on PGlite the transactions queue.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders, testShippingAddress } from '../../tests/fixtures/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createGridProduct, gridOf } from '../../tests/fixtures/variant-grid';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import { importProducts } from '../catalog/product-import';
import { updateProduct } from '../catalog/manage-products';
import { createMailer } from '../mail/mailer';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { requestReturn } from '../returns/request';
import { adjustStock } from './adjust';

const ROUNDS = 6;
let database: TestDatabase;
let deps: PlaceOrderDeps;
let staff: { id: string; email: string };
let first: { id: number; name: string };
let second: { id: number; name: string };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  deps = {
    db: database.db,
    mailer: createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' }),
    publicUrl: 'https://rossy.test',
  };
  await allowManyUnpaidOrders(database.db);
  await ensureAdminAccount(database.db, 'boss@rossy.test', 'Boss-Pass-2026');
  const [boss] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'boss@rossy.test'));
  staff = boss!;
  first = await createGridProduct(database.db, {
    name: 'Lock Order Shirt',
    sizes: ['M', 'L'],
    colors: ['Olive'],
    stock: 1000,
  });
  second = await createGridProduct(database.db, {
    name: 'Lock Order Trouser',
    sizes: ['M', 'L'],
    colors: ['Olive'],
    stock: 1000,
  });
}, 180_000);
afterAll(async () => {
  await database?.destroy();
});

let emails = 0;
const sale = (sizes: [string, string]) =>
  placeOrder(deps, {
    items: [
      { id: second.id, quantity: 1, selectedSize: sizes[1], selectedColor: 'Olive' },
      { id: first.id, quantity: 1, selectedSize: sizes[0], selectedColor: 'Olive' },
    ],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email: `lock-${++emails}@example.ng`,
    phone: '+234 803 555 0144',
    shippingAddress: { ...testShippingAddress },
  });

/** A delivered order of one M of the first product, whose return asks for the L instead. */
async function exchangeAsked() {
  const placed = await sale(['M', 'M']);
  await database.db
    .update(orders)
    .set({ status: 'delivered', deliveredAt: new Date() })
    .where(eq(orders.number, placed.order.number));
  return () =>
    requestReturn(
      deps,
      placed.order.number,
      {
        key: placed.accessToken!,
        items: [
          {
            productId: first.id,
            selectedSize: 'M',
            selectedColor: 'Olive',
            quantity: 1,
            reason: 'too_small',
          },
        ],
        resolution: 'exchange',
        exchangeFor: [{ productId: first.id, selectedSize: 'L', selectedColor: 'Olive' }],
      },
      { user: null },
    );
}

describe('every writer of stock takes the one lock order', () => {
  it('runs sales, an exchange, the grid, an adjustment and an import at once without a deadlock', async () => {
    const actor = { id: staff.id, email: staff.email };
    const failures: unknown[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [firstGrid, secondGrid] = [
        await gridOf(database.db, first.id),
        await gridOf(database.db, second.id),
      ];
      const ask = await exchangeAsked();
      const file = [
        'handle,product id,name,description,category,brand,price,original price,size,colour,colour hex,sku,stock,variant price,image url',
        // The later product first: the import still locks in id order.
        `,,,,,,,,,,,${secondGrid[1]!.sku},${900 + round},,`,
        `,,,,,,,,,,,${secondGrid[0]!.sku},${900 - round},,`,
        `,,,,,,,,,,,${firstGrid[0]!.sku},${900 + round},,`,
      ].join('\r\n');
      const settled = await Promise.allSettled([
        sale(['M', 'L']),
        sale(['L', 'M']),
        importProducts({ db: database.db, uploadDir: '/nonexistent' }, file, { dryRun: false, actor }),
        sale(['M', 'M']),
        ask(),
        updateProduct(
          database.db,
          first.id,
          {
            variants: firstGrid.map((cell) => ({
              size: cell.size,
              color: cell.color,
              stock: cell.size === 'L' ? 950 + round : cell.stock,
            })),
          },
          actor,
        ),
        adjustStock(database.db, { variantId: secondGrid[1]!.id, quantity: 2, reason: 'found' }, actor),
        sale(['L', 'L']),
      ]);
      for (const outcome of settled) if (outcome.status === 'rejected') failures.push(outcome.reason);
    }
    expect(failures.map((failure) => String((failure as Error)?.message ?? failure))).toEqual([]);

    const unbalanced = (await database.db.execute(sql`
      SELECT v.id FROM product_variants v
        LEFT JOIN (SELECT variant_id, sum(quantity)::int AS sum FROM inventory_movements GROUP BY variant_id) m
               ON m.variant_id = v.id
       WHERE v.product_id IN (${first.id}, ${second.id}) AND v.stock <> coalesce(m.sum, 0)`)) as {
      rows: unknown[];
    };
    expect(unbalanced.rows).toEqual([]);
  }, 240_000);
});
