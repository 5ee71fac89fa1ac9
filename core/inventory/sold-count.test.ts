/**
 * One sold-count rule (docs/decisions/0067-inventory-ledger.md, "One home for stock"): a sale and an
 * exchange's piece set aside add their units to the product's sold count; a release, a cancel, a
 * refund with restock, a return received back in stock and an exchange's piece put back take them
 * away, never below zero. So the sold count is the same whichever way a unit comes back, and the
 * size's stock with it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { allowManyUnpaidOrders, testShippingAddress } from '../../tests/fixtures/orders';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createGridProduct, gridStock } from '../../tests/fixtures/variant-grid';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
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
import { soldCountChange } from './sold-count';

const HOUR = 3_600_000;
let database: TestDatabase;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let shirt: { id: number; name: string };
let staff: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = { ...orderDeps, providers: { sandbox: createSandboxProvider(database.db) } };
  await allowManyUnpaidOrders(database.db);
  shirt = await createGridProduct(database.db, {
    name: 'Sold Count Shirt',
    sizes: ['S', 'M', 'L'],
    colors: ['Olive'],
    stock: 40,
  });
  // Sold before: a count taken below what the sales added would show, not hide at zero.
  await database.db.update(products).set({ soldCount: 50 }).where(eq(products.id, shirt.id));
  await ensureAdminAccount(database.db, 'boss@rossy.test', 'Boss-Pass-2026');
  const [boss] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'boss@rossy.test'));
  staff = boss!;
}, 120_000);
afterAll(async () => {
  await database?.destroy();
});

async function sold(): Promise<number> {
  const [row] = await database.db
    .select({ sold: products.soldCount })
    .from(products)
    .where(eq(products.id, shirt.id));
  return row!.sold;
}

/** The sold count and the grid's stock, as the shop reads them. */
async function shelf() {
  return { sold: await sold(), stock: await gridStock(database.db, shirt.id) };
}

let emails = 0;
/** One M / Olive, placed through the checkout's own function; with a card, paid through TEST MODE. */
async function oneShirt(paymentMethod: 'bank-transfer' | 'credit-card', now = new Date()) {
  const placed = await placeOrder(
    orderDeps,
    {
      items: [{ id: shirt.id, quantity: 1, selectedSize: 'M', selectedColor: 'Olive' }],
      shippingMethod: 'standard',
      paymentMethod,
      email: `sold-${++emails}@example.ng`,
      phone: '+234 803 555 0166',
      shippingAddress: { ...testShippingAddress },
    },
    { now },
  );
  const number = placed.order.number;
  if (paymentMethod === 'credit-card') {
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
    const outcome = await applyProviderTransaction(
      deps,
      await deps.providers.sandbox!.verifyById(charge.transactionId!),
    );
    expect(outcome.paid).toBe(true);
  }
  const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
  const [line] = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
  return { number, key: placed.accessToken!, order: order!, line: line! };
}

/** A paid order of one shirt, in her hands: returns may be asked. */
async function deliveredShirt() {
  const placed = await oneShirt('credit-card');
  await database.db
    .update(orders)
    .set({ status: 'delivered', deliveredAt: new Date() })
    .where(eq(orders.id, placed.order.id));
  return placed;
}

const returnOf = (key: string, exchange?: string) => ({
  key,
  items: [
    { productId: shirt.id, selectedSize: 'M', selectedColor: 'Olive', quantity: 1, reason: 'too_small' },
  ],
  resolution: exchange ? 'exchange' : 'refund',
  ...(exchange
    ? { exchangeFor: [{ productId: shirt.id, selectedSize: exchange, selectedColor: 'Olive' }] }
    : {}),
});
const actor = () => ({ id: staff.id, email: staff.email });

describe('the sold count', () => {
  it('adds for a sale and an exchange’s piece out, takes away for every way back, and leaves counts alone', () => {
    expect(soldCountChange('sale', 2)).toBe(2);
    expect(soldCountChange('exchange_out', 1)).toBe(1);
    for (const reason of ['release', 'cancel', 'refund_restock', 'return_restock', 'exchange_back'] as const)
      expect(soldCountChange(reason, 3), reason).toBe(-3);
    for (const reason of ['import', 'edit', 'adjustment', 'stocktake', 'transfer', 'opening'] as const)
      expect(soldCountChange(reason, 3), reason).toBe(0);
  });

  it('is the same whichever way a unit comes back: cancel, release, refund with restock, return restocked, exchange back', async () => {
    /** How the sold count and the stock moved when the unit went out, and when it came back. */
    const moved: Record<string, { out: number; back: number; stockAgain: boolean }> = {};
    const record = async (path: string, goOut: () => Promise<() => Promise<void>>) => {
      const before = await shelf();
      const comeBack = await goOut();
      const out = await shelf();
      await comeBack();
      const back = await shelf();
      moved[path] = {
        out: out.sold - before.sold,
        back: back.sold - out.sold,
        stockAgain: JSON.stringify(back.stock) === JSON.stringify(before.stock),
      };
    };

    await record('cancel', async () => {
      const { order } = await oneShirt('bank-transfer');
      return async () => {
        await database.db.transaction((tx) => cancelOrder(tx, order, 'shop', new Date()));
      };
    });
    await record('release', async () => {
      await oneShirt('bank-transfer', new Date(Date.now() - 72 * HOUR));
      return async () => {
        await releaseUnpaidOrders({ db: database.db }, new Date());
      };
    });
    await record('refund with restock', async () => {
      const { number, line } = await oneShirt('credit-card');
      return async () => {
        await createRefund(
          deps,
          number,
          { lines: [{ orderLineId: line.id, quantity: 1 }], restock: true, reason: 'Came back unworn' },
          staff,
        );
      };
    });
    await record('return restocked', async () => {
      const { number, key } = await deliveredShirt();
      return async () => {
        const { view } = await requestReturn(orderDeps, number, returnOf(key), { user: null });
        await moveReturn(deps, view.id, 'approve', {}, actor());
        await moveReturn(deps, view.id, 'receive', { restock: true }, actor());
      };
    });
    // The exchange's L goes out when it is set aside, and back when the exchange is declined.
    const { number, key } = await deliveredShirt();
    let exchangeId = 0;
    await record('exchange back', async () => {
      exchangeId = (await requestReturn(orderDeps, number, returnOf(key, 'L'), { user: null })).view.id;
      return async () => {
        await moveReturn(deps, exchangeId, 'decline', { reason: 'Worn and washed' }, actor());
      };
    });

    expect(moved).toEqual({
      cancel: { out: 1, back: -1, stockAgain: true },
      release: { out: 1, back: -1, stockAgain: true },
      'refund with restock': { out: 1, back: -1, stockAgain: true },
      'return restocked': { out: 1, back: -1, stockAgain: true },
      'exchange back': { out: 1, back: -1, stockAgain: true },
    });
    // One piece still sold: the delivered shirt whose exchange was declined.
    expect(await sold()).toBe(50 + 1);
  });

  it('takes a unit off when it comes back to a size since removed from the grid, by a cancel or an exchange put back', async () => {
    const removed = async (size: string) => {
      const cells = await gridStock(database.db, shirt.id);
      await updateProduct(
        database.db,
        shirt.id,
        {
          variants: Object.entries(cells)
            .filter(([cell]) => cell !== `${size}/Olive`)
            .map(([cell, stock]) => ({ size: cell.split('/')[0], color: 'Olive', stock })),
        },
        actor(),
      );
    };
    const { order } = await oneShirt('bank-transfer');
    const { number, key } = await deliveredShirt();
    const { view } = await requestReturn(orderDeps, number, returnOf(key, 'L'), { user: null });
    const out = await sold();
    // The owner stops selling M and L: their units leave the grid with them.
    await removed('M');
    await removed('L');
    await database.db.transaction((tx) => cancelOrder(tx, order, 'shop', new Date()));
    expect(await sold(), 'the cancelled M').toBe(out - 1);
    await moveReturn(deps, view.id, 'decline', { reason: 'Worn and washed' }, actor());
    expect(await sold(), 'the exchange’s L put back').toBe(out - 2);
  });
});
