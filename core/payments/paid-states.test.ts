import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNaira } from '../../contracts/money';
import { products } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders';
import { paymentTransactions } from '../../db/schema/payments';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createMailer } from '../mail/mailer';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { handleWebhook, startPayment, type PaymentDeps } from './payments';
import { createSandboxProvider, simulateSandboxTransfer } from './sandbox';
import { checkTransferAccount, openTransferAccount } from './transfer-accounts';

/*
 * An order given money back, in part or in full, was paid: the money came. It is never paid a
 * second time, and money arriving for it later is owed back, as for any paid order.
 */
const WEBHOOK_HASH = 'a-webhook-secret-for-tests';

let database: TestDatabase;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let product: { id: number; size: string | undefined };

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = {
    db: database.db,
    mailer,
    publicUrl: 'https://rossy.test',
    providers: { sandbox: createSandboxProvider(database.db) },
    webhookHash: WEBHOOK_HASH,
  };
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0] };
  await setProductStock(database.db, product.id, 100);
});
afterAll(async () => {
  await database?.destroy();
});

async function place(email: string, paymentMethod: 'bank-transfer' | 'flutterwave') {
  const placed = await placeOrder(orderDeps, {
    items: [{ id: product.id, quantity: 1, selectedSize: product.size }],
    shippingMethod: 'standard',
    paymentMethod,
    email,
    phone: '08031234567',
    shippingAddress: {
      firstName: 'Ngozi',
      lastName: 'Eze',
      address: '12 Admiralty Way',
      city: 'Lekki',
      state: 'Lagos',
      country: 'Nigeria',
    },
  });
  return { number: placed.order.number, key: placed.accessToken!, totalKobo: placed.order.totalKobo };
}

const refundInDb = (number: string, paymentStatus: 'partially_refunded' | 'refunded') =>
  database.db.update(orders).set({ paymentStatus }).where(eq(orders.number, number));

describe('an order given money back is still a paid order', () => {
  it.each(['partially_refunded', 'refunded'] as const)(
    'when %s: a transfer arriving later is owed back, and its account reads paid',
    async (status) => {
      const order = await place(`late-${status}@example.com`, 'bank-transfer');
      const viewer = { user: null, key: order.key };
      const account = await openTransferAccount(deps, order.number, viewer);
      const first = await simulateSandboxTransfer(database.db, account.txRef, 'full');
      await handleWebhook(deps, WEBHOOK_HASH, { event: 'charge.completed', data: { id: first } });
      await refundInDb(order.number, status);

      const second = await simulateSandboxTransfer(database.db, account.txRef, 'full');
      await handleWebhook(deps, WEBHOOK_HASH, { event: 'charge.completed', data: { id: second } });
      const [late] = await database.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.providerTransactionId, second));
      expect(late).toMatchObject({ status: 'refund_due', refundDueKobo: order.totalKobo });
      expect(late!.message).toBe(
        `${formatNaira(order.totalKobo)} arrived after ${order.number} was paid: refund it to the shopper.`,
      );
      const [row] = await database.db.select().from(orders).where(eq(orders.number, order.number));
      expect(row!.paymentStatus).toBe(status);

      expect((await checkTransferAccount(deps, order.number, viewer))?.state).toBe('paid');
      expect((await openTransferAccount(deps, order.number, viewer)).state).toBe('paid');
    },
  );

  it('a card order refunded in full cannot be paid again', async () => {
    const order = await place('card-refunded@example.com', 'flutterwave');
    await database.db
      .update(orders)
      .set({ status: 'processing', paymentStatus: 'refunded', paidAt: new Date() })
      .where(eq(orders.number, order.number));
    await expect(startPayment(deps, order.number, { user: null, key: order.key })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'This order is already paid.',
    });
  });
});
