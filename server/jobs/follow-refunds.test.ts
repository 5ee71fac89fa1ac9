import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { refunds } from '../../db/schema/payments';
import { ensureAdminAccount } from '../../core/accounts/ensure-admin-account';
import type { Mailer } from '../../core/mail/mailer';
import { placeOrder } from '../../core/orders/place-order';
import { applyProviderTransaction, startPayment, type PaymentDeps } from '../../core/payments/payments';
import { createRefund } from '../../core/refunds/record';
import { chargeSandboxCard, createSandboxProvider } from '../../core/payments/sandbox';
import { testOrderBody } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { startRefundFollowUp } from './follow-refunds';

let database: TestDatabase;
let deps: PaymentDeps;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer: Mailer = { send: async () => {}, deliver: async () => {} };
  deps = {
    db: database.db,
    mailer,
    publicUrl: 'https://rossy.test',
    providers: { sandbox: createSandboxProvider(database.db) },
  };
});
afterAll(async () => {
  await database?.destroy();
});

describe('the refund follow-up job', () => {
  it('settles a pending refund the provider knows as soon as it starts, and stops when told', async () => {
    const [product] = await database.db
      .select({ id: products.id, sizes: products.sizes })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.id))
      .limit(1);
    await setProductStock(database.db, product!.id, 50);
    await ensureAdminAccount(database.db, 'boss@rossy.test', 'Boss-Pass-2026');
    const [admin] = await database.db.select({ id: users.id, email: users.email }).from(users);
    const placed = await placeOrder(
      deps,
      testOrderBody({ id: product!.id, size: product!.sizes[0] ?? null }, { paymentMethod: 'credit-card' }),
    );
    const start = await startPayment(deps, placed.order.number, {
      user: { ...admin!, emailVerified: true, role: 'owner' },
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
    await applyProviderTransaction(deps, await deps.providers.sandbox!.verifyById(charge.transactionId!));
    const refund = await createRefund(
      deps,
      placed.order.number,
      { amount: 100, reason: 'Pending at the bank', testOutcome: 'pending' },
      admin!,
    );
    // Asked a while ago, so it is due to be followed.
    await database.db
      .update(refunds)
      .set({ lastAttemptAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(refunds.id, refund.id));
    const logger = { info: vi.fn(), warn: vi.fn() } as unknown as FastifyBaseLogger;
    const stop = startRefundFollowUp(deps, logger, 3_600_000);
    try {
      // The refund is settled in the database before the job's pass ends and says so: both are awaited
      // (on a busy machine the log line can come well after the row changed).
      await vi.waitFor(
        async () => {
          const [row] = await database.db.select().from(refunds).where(eq(refunds.id, refund.id));
          expect(row!.status).toBe('completed');
          expect(logger.info).toHaveBeenCalledWith({ refunds: 1 }, 'pending refunds settled');
        },
        { timeout: 15_000, interval: 50 },
      );
    } finally {
      stop();
    }
  });
});
