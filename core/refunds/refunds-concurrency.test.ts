/**
 * Two staff refunding one order at once, two retries of one failed refund, two processes following
 * one pending refund. Meaningful on PostgreSQL (set TEST_DATABASE_URL), where the requests really run
 * side by side on their own connections; on PGlite they queue, and the bookkeeping is what is shown.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orders } from '../../db/schema/orders';
import { refunds, sandboxRefunds } from '../../db/schema/payments';
import { allowManyUnpaidOrders, testOrderBody } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import type { Mailer } from '../mail/mailer';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import { applyProviderTransaction, startPayment, type PaymentDeps } from '../payments/payments';
import type { PaymentProvider } from '../payments/provider';
import { followPendingRefunds } from './provider-sync';
import { createRefund } from './record';
import { retryRefund } from './retry';
import { refundableFor } from './views';
import { chargeSandboxCard, createSandboxProvider } from '../payments/sandbox';

let database: TestDatabase;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let product: { id: number; size: string | null };
let staff: { id: string; email: string }[];

/** The sandbox, answering a little late, so the second request arrives while the first is with the provider. */
function slowSandbox(provider: PaymentProvider): PaymentProvider {
  const later = <T>(value: Promise<T>) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 50));
  return {
    ...provider,
    refund: (request) => later(provider.refund(request)),
    getRefund: (id) => later(provider.getRefund(id)),
  };
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer: Mailer = { send: async () => {}, deliver: async () => {} };
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = { ...orderDeps, providers: { sandbox: slowSandbox(createSandboxProvider(database.db)) } };
  await allowManyUnpaidOrders(database.db);
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0] ?? null };
  await setProductStock(database.db, product.id, 500);
  await ensureAdminAccount(database.db, 'ada@rossy.test', 'Staff-Pass-2026');
  const [ada] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'ada@rossy.test'));
  // Two desks of the shop's staff, signed in at once.
  staff = [ada!, { id: ada!.id, email: 'second.desk@rossy.test' }];
});
afterAll(async () => {
  await database?.destroy();
});

async function paidOrder() {
  const placed = await placeOrder(
    orderDeps,
    testOrderBody(product, { paymentMethod: 'credit-card', quantity: 2 }),
  );
  const number = placed.order.number;
  const viewer = { user: { ...staff[0]!, emailVerified: true, role: 'owner' as const } };
  const start = await startPayment(deps, number, viewer);
  const charge = await chargeSandboxCard(database.db, {
    txRef: start.txRef,
    amount: start.amount,
    currency: 'NGN',
    cardNumber: '5531886652142950',
    expiry: '09/32',
    cvv: '564',
    customer: { email: 'kemi.bello@example.ng', name: 'Kemi Bello' },
  });
  await applyProviderTransaction(deps, await deps.providers.sandbox!.verifyById(charge.transactionId!));
  const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
  expect(order!.paymentStatus).toBe('paid');
  return order!;
}

describe('refunds at the same moment', () => {
  it('two staff refunding more than half each: one refund is made, the other refused naming what remains', async () => {
    const order = await paidOrder();
    const share = Math.ceil((order.totalKobo * 0.6) / 100);
    const results = await Promise.allSettled(
      staff.map((actor) =>
        createRefund(deps, order.number, { amount: share, reason: 'Both at once' }, actor),
      ),
    );
    const made = results.filter((result) => result.status === 'fulfilled');
    const refusedOnes = results.filter((result) => result.status === 'rejected');
    expect(made).toHaveLength(1);
    expect(refusedOnes).toHaveLength(1);
    expect((refusedOnes[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(new RegExp(`^Only ₦[\\d,.]+ remains to refund on ${order.number}\\.$`)),
    });
    const rows = await database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect((await refundableFor(database.db, order.number)).refundedKobo).toBe(share * 100);
  });

  it('two staff refunding the whole order: the money goes back once', async () => {
    const order = await paidOrder();
    const results = await Promise.allSettled(
      staff.map((actor) =>
        createRefund(deps, order.number, { amount: order.totalKobo / 100, reason: 'Everything' }, actor),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [after] = await database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.paymentStatus).toBe('refunded');
  });

  it('two retries of one failed refund ask the provider once', async () => {
    const order = await paidOrder();
    const failed = await createRefund(
      deps,
      order.number,
      { amount: 100, reason: 'Failed first', testOutcome: 'failed' },
      staff[0]!,
    );
    expect(failed.status).toBe('failed');
    const results = await Promise.allSettled(staff.map((actor) => retryRefund(deps, failed.id, actor)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, failed.id));
    expect(row).toMatchObject({ status: 'completed', attempts: 2 });
  });

  it('two processes following one pending refund settle it once', async () => {
    const order = await paidOrder();
    const pending = await createRefund(
      deps,
      order.number,
      { amount: 100, reason: 'Pending', testOutcome: 'pending' },
      staff[0]!,
    );
    const later = new Date(Date.now() + 2 * 60_000);
    const settled = await Promise.all([followPendingRefunds(deps, later), followPendingRefunds(deps, later)]);
    expect(settled.reduce((sum, n) => sum + n, 0)).toBe(1);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, pending.id));
    expect(row!.status).toBe('completed');
    const ledger = await database.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.refundId, row!.providerRefundId!));
    expect(ledger).toHaveLength(1);
  });
});
