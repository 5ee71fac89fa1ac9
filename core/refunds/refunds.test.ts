import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts';
import { productVariants, products } from '../../db/schema/catalog';
import { auditLog } from '../../db/schema/admin';
import { outbox } from '../../db/schema/mail';
import { coupons, orderEvents, orderLines, orders } from '../../db/schema/orders';
import { orderReturns } from '../../db/schema/returns';
import { paymentTransactions, refunds, sandboxRefunds } from '../../db/schema/payments';
import { allowManyUnpaidOrders, testOrderBody } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { ensureAdminAccount } from '../accounts/ensure-admin-account';
import { createMailer } from '../mail/mailer';
import { placeOrder, type PlaceOrderDeps } from '../orders/place-order';
import {
  applyProviderTransaction,
  confirmBankTransfer,
  startPayment,
  type PaymentDeps,
} from '../payments/payments';
import { followPendingRefunds, NEVER_CONFIRMED } from './provider-sync';
import { cancelRefunder, createRefund } from './record';
import { retryRefund } from './retry';
import { listRefunds, refundableFor, refundsOfOrder } from './views';
import { chargeSandboxCard, createSandboxProvider, simulateSandboxTransfer } from '../payments/sandbox';
import { changeOrderStatus } from '../orders/manage-orders';
import { saveShopSettings } from '../settings/shop-settings';

let database: TestDatabase;
let orderDeps: PlaceOrderDeps;
let deps: PaymentDeps;
let product: { id: number; size: string | null };
let admin: { id: string; email: string };
const adminViewer = () => ({
  user: { id: admin.id, email: admin.email, emailVerified: true, role: 'owner' as const },
});

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  orderDeps = { db: database.db, mailer, publicUrl: 'https://rossy.test' };
  deps = { ...orderDeps, providers: { sandbox: createSandboxProvider(database.db) } };
  await allowManyUnpaidOrders(database.db);
  const [row] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.id))
    .limit(1);
  product = { id: row!.id, size: row!.sizes[0] ?? null };
  await setProductStock(database.db, product.id, 500);
  await ensureAdminAccount(database.db, 'boss@rossy.test', 'Boss-Pass-2026');
  const [boss] = await database.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, 'boss@rossy.test'));
  admin = boss!;
});
afterAll(async () => {
  await database?.destroy();
});

/** A card order of `quantity` units, paid with a TEST MODE card. */
async function paidCardOrder(quantity = 2) {
  const placed = await placeOrder(
    orderDeps,
    testOrderBody(product, { paymentMethod: 'credit-card', quantity }),
  );
  const number = placed.order.number;
  const start = await startPayment(deps, number, adminViewer());
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
  const [order] = await database.db.select().from(orders).where(eq(orders.number, number));
  const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
  return { number, order: order!, lines, chargeId: charge.transactionId! };
}

async function orderRow(number: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.number, number));
  return row!;
}

async function refundCount(number: string) {
  return (await refundsOfOrder(database.db, number)).length;
}

async function refused(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason as { code?: string; message?: string; fields?: Record<string, string> },
  );
  expect(error).not.toBeNull();
  return error!;
}

describe('a refund through the TEST MODE sandbox', () => {
  it('refunds part of a paid order: completed, the payment partly refunded, the shopper told and the action logged', async () => {
    const { number, order } = await paidCardOrder();
    const refund = await createRefund(deps, number, { amount: 1000.5, reason: 'Late delivery' }, admin);
    expect(refund).toMatchObject({
      amountKobo: 100_050,
      status: 'completed',
      provider: 'sandbox',
      isTest: true,
    });
    expect((await orderRow(number)).paymentStatus).toBe('partially_refunded');
    const events = await database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((event) => event.note)).toContain(
      '₦1,000.50 refunded in TEST MODE (no money moved): Late delivery',
    );
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, order.email));
    expect(mails.some((mail) => mail.subject === `Order ${number}: ₦1,000.50 refunded`)).toBe(true);
    const log = await database.db.select().from(auditLog).where(eq(auditLog.entityId, number));
    expect(log.find((entry) => entry.action === 'order.refund')?.actorEmail).toBe(admin.email);
    const left = await refundableFor(database.db, number);
    expect(left.remainingKobo).toBe(order.totalKobo - 100_050);
  });

  it('refunds the rest: the order reads refunded, and nothing more can be refunded', async () => {
    const { number, order } = await paidCardOrder();
    await createRefund(deps, number, { amount: 100, reason: 'Part' }, admin);
    const rest = (order.totalKobo - 10_000) / 100;
    await createRefund(deps, number, { amount: rest, reason: 'The rest' }, admin);
    expect((await orderRow(number)).paymentStatus).toBe('refunded');
    const error = await refused(createRefund(deps, number, { amount: 1, reason: 'More' }, admin));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(`Nothing remains to refund on ${number}.`);
  });

  it('refuses more than remains, naming the figure, and writes nothing', async () => {
    const { number, order } = await paidCardOrder();
    const error = await refused(
      createRefund(deps, number, { amount: order.totalKobo / 100 + 1, reason: 'Too much' }, admin),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toMatch(/^Only ₦[\d,.]+ remains to refund on ORD-/);
    expect(await refundCount(number)).toBe(0);
  });

  it.each([
    [{ amount: 10.005, reason: 'x' }, 'amount', 'BAD_REQUEST'],
    [{ amount: -5, reason: 'x' }, 'amount', 'BAD_REQUEST'],
    [{ amount: 0, reason: 'x' }, 'amount', 'BAD_REQUEST'],
    [{ amount: 10 }, 'reason', 'BAD_REQUEST'],
    [{ amount: 10, reason: ' ' }, 'reason', 'BAD_REQUEST'],
    [{ amount: 10, reason: 'x'.repeat(301) }, 'reason', 'BAD_REQUEST'],
    // Shapes the document allows and the refund's rules refuse (decision 0030).
    [{ reason: 'nothing chosen' }, 'amount', 'UNPROCESSABLE'],
    [{ amount: 10, restock: true, reason: 'x' }, 'restock', 'UNPROCESSABLE'],
    [{ amount: 10, includeShipping: true, reason: 'x' }, 'amount', 'UNPROCESSABLE'],
  ])('refuses %j naming %s (%s), writing nothing', async (body, field, code) => {
    const { number } = await paidCardOrder(1);
    const error = await refused(createRefund(deps, number, body, admin));
    expect(error.code).toBe(code);
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(await refundCount(number)).toBe(0);
  });

  it('refuses an unpaid order with 409 and an unknown one with 404', async () => {
    const placed = await placeOrder(orderDeps, testOrderBody(product, { paymentMethod: 'credit-card' }));
    const error = await refused(createRefund(deps, placed.order.number, { amount: 10, reason: 'x' }, admin));
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'This order has not been paid.' });
    expect(await refundCount(placed.order.number)).toBe(0);
    expect((await refused(createRefund(deps, 'ORD-NOPE', { amount: 10, reason: 'x' }, admin))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('refunds lines: unit price times quantity, puts the units back when asked, and never more than bought', async () => {
    const { number, lines } = await paidCardOrder(3);
    const line = lines[0]!;
    const [variantBefore] = await database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, line.variantId!));
    const refund = await createRefund(
      deps,
      number,
      { lines: [{ orderLineId: line.id, quantity: 2 }], restock: true, reason: 'Two came back' },
      admin,
    );
    expect(refund.lines).toEqual([expect.objectContaining({ orderLineId: line.id, quantity: 2 })]);
    const order = await orderRow(number);
    // Two units' share of what the goods cost the shopper (the VAT inside their price).
    const expected = Math.floor(
      (line.unitPriceKobo * 2 * (order.subtotalKobo - order.discountKobo)) / order.subtotalKobo,
    );
    expect(refund.amountKobo).toBe(expected);
    const [variantAfter] = await database.db
      .select({ stock: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, line.variantId!));
    expect(variantAfter!.stock).toBe(variantBefore!.stock + 2);
    const error = await refused(
      createRefund(deps, number, { lines: [{ orderLineId: line.id, quantity: 2 }], reason: 'Again' }, admin),
    );
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: `Only 1 of ${line.name} remain to refund on ${number}.`,
    });
    const withShipping = await createRefund(
      deps,
      number,
      {
        lines: [{ orderLineId: line.id, quantity: 1 }],
        includeShipping: true,
        reason: 'The last and delivery',
      },
      admin,
    );
    expect(withShipping.shippingKobo).toBe(order.shippingKobo);
    const left = await refundableFor(database.db, number);
    expect(left.shippingRemainingKobo).toBe(0);
    expect(left.lines[0]!.refundedQuantity).toBe(3);
    // Rounding down each line leaves at most a few kobo, refundable by amount.
    expect(left.remainingKobo).toBeLessThan(5);
  });

  it('a line of another order is refused', async () => {
    const first = await paidCardOrder(1);
    const second = await paidCardOrder(1);
    const error = await refused(
      createRefund(
        deps,
        first.number,
        { lines: [{ orderLineId: second.lines[0]!.id, quantity: 1 }], reason: 'x' },
        admin,
      ),
    );
    expect(error.code).toBe('UNPROCESSABLE');
    expect(await refundCount(first.number)).toBe(0);
  });
});

describe('a refund of a line a coupon did not touch', () => {
  it('gives back the line’s whole price, its tax inside it: the discount’s share is the lines the coupon took it from', async () => {
    const [other] = await database.db
      .select({ id: products.id, sizes: products.sizes })
      .from(products)
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.id))
      .offset(1)
      .limit(1);
    await setProductStock(database.db, other!.id, 500);
    await database.db
      .insert(coupons)
      .values({ code: 'HALFFIRST', type: 'percent', percent: 50, productIds: [product.id] });
    const body = testOrderBody(product, { paymentMethod: 'credit-card', couponCode: 'HALFFIRST' });
    body.items.push({ id: other!.id, quantity: 1, selectedSize: other!.sizes[0] ?? null });
    const placed = await placeOrder(orderDeps, body);
    const number = placed.order.number;
    const start = await startPayment(deps, number, adminViewer());
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
    const order = await orderRow(number);
    const lines = await database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const untouched = lines.find((line) => line.productId === other!.id)!;
    expect(untouched.discountKobo).toBe(0);
    const refund = await createRefund(
      deps,
      number,
      { lines: [{ orderLineId: untouched.id, quantity: 1 }], reason: 'Changed her mind' },
      admin,
    );
    // Its whole price, the VAT inside it: none of the other line's discount is taken from it.
    expect(order.taxIncluded).toBe(true);
    expect(refund.amountKobo).toBe(untouched.unitPriceKobo);
  });
});

describe('the states of a refund', () => {
  it('a failed refund keeps its reason, changes nothing on the order, tells the shopper nothing, and can be retried', async () => {
    const { number, order } = await paidCardOrder();
    const failed = await createRefund(
      deps,
      number,
      { amount: 500, reason: 'Damaged', testOutcome: 'failed' },
      admin,
    );
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/Insufficient balance/);
    expect((await orderRow(number)).paymentStatus).toBe('paid');
    const mails = await database.db.select().from(outbox).where(eq(outbox.to, order.email));
    expect(
      mails.some((mail) => mail.subject.startsWith(`Order ${number}:`) && mail.subject.includes('refunded')),
    ).toBe(false);
    expect((await refundableFor(database.db, number)).remainingKobo).toBe(order.totalKobo);
    const retried = await retryRefund(deps, failed.id, admin);
    expect(retried).toMatchObject({ id: failed.id, status: 'completed', failureReason: null });
    expect((await orderRow(number)).paymentStatus).toBe('partially_refunded');
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, failed.id));
    expect(row!.attempts).toBe(2);
    // Only a failed refund is tried again.
    expect((await refused(retryRefund(deps, failed.id, admin))).code).toBe('CONFLICT');
    expect((await refused(retryRefund(deps, 99_999_999, admin))).code).toBe('NOT_FOUND');
  });

  it('a failed refund of pieces refunded since is refused on retry: they are never paid back twice', async () => {
    const { number, lines } = await paidCardOrder(2);
    const line = lines[0]!;
    const failed = await createRefund(
      deps,
      number,
      { lines: [{ orderLineId: line.id, quantity: 1 }], reason: 'Torn', testOutcome: 'failed' },
      admin,
    );
    expect(failed.status).toBe('failed');
    await createRefund(
      deps,
      number,
      { lines: [{ orderLineId: line.id, quantity: 2 }], reason: 'Both came back' },
      admin,
    );
    const error = await refused(retryRefund(deps, failed.id, admin));
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'Those pieces were refunded since; make a new refund for what remains.',
    });
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, failed.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await refundableFor(database.db, number)).lines[0]!.refundedQuantity).toBe(2);
  });

  it('units go back on sale once, when their refund completes, and never for a failed one', async () => {
    const { number, lines } = await paidCardOrder(4);
    const line = lines[0]!;
    const stock = async () => {
      const [variant] = await database.db
        .select({ stock: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, line.variantId!));
      return variant!.stock;
    };
    const one = (extra: Record<string, unknown>) => ({
      lines: [{ orderLineId: line.id, quantity: 1 }],
      restock: true,
      reason: 'Came back',
      ...extra,
    });
    const before = await stock();
    const failed = await createRefund(deps, number, one({ testOutcome: 'failed' }), admin);
    expect(failed.status).toBe('failed');
    expect(await stock()).toBe(before);
    const pending = await createRefund(deps, number, one({ testOutcome: 'pending' }), admin);
    expect(pending.status).toBe('pending');
    expect(await stock()).toBe(before);
    await followPendingRefunds(deps, new Date(Date.now() + 2 * 60_000));
    expect((await refundsOfOrder(database.db, number)).find((r) => r.id === pending.id)!.status).toBe(
      'completed',
    );
    expect(await stock()).toBe(before + 1);
    // The failed one, tried again and completed, puts its piece back then, once.
    expect((await retryRefund(deps, failed.id, admin)).status).toBe('completed');
    expect(await stock()).toBe(before + 2);
    // A refund by hand completes at once, and its piece goes back with it.
    const byHand = await createRefund(
      deps,
      number,
      one({
        manual: {
          accountName: 'Kemi Bello',
          accountNumber: '0123456789',
          bankName: 'GTBank',
          reference: 'TRF-RESTOCK-1',
        },
      }),
      admin,
    );
    expect(byHand.status).toBe('completed');
    expect(await stock()).toBe(before + 3);
  });

  it('a return that has a refund already is refused with 409, not a database error', async () => {
    const { number, order } = await paidCardOrder();
    const [ret] = await database.db
      .insert(orderReturns)
      .values({ number: `RET-T${order.id}`, orderId: order.id, resolution: 'refund' })
      .returning();
    await createRefund(deps, number, { amount: 100, reason: 'Return' }, admin, { returnId: ret!.id });
    const error = await refused(
      createRefund(deps, number, { amount: 100, reason: 'Again' }, admin, { returnId: ret!.id }),
    );
    expect(error).toMatchObject({ code: 'CONFLICT', message: 'This return has a refund already.' });
    expect(await refundCount(number)).toBe(1);
  });

  it('a pending refund completes when the job follows it', async () => {
    const { number } = await paidCardOrder();
    const pending = await createRefund(
      deps,
      number,
      { amount: 700, reason: 'Slow bank', testOutcome: 'pending' },
      admin,
    );
    expect(pending.status).toBe('pending');
    expect((await orderRow(number)).paymentStatus).toBe('paid');
    // Counted against what remains while it is pending.
    expect((await refundableFor(database.db, number)).refundedKobo).toBe(70_000);
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await followPendingRefunds(deps, later)).toBeGreaterThanOrEqual(1);
    const [view] = await refundsOfOrder(database.db, number);
    expect(view!.status).toBe('completed');
    expect((await orderRow(number)).paymentStatus).toBe('partially_refunded');
  });

  it('a pending refund the provider never confirmed is never asked again: it fails after ten minutes', async () => {
    const { number, order } = await paidCardOrder();
    const [payment] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    const past = new Date(Date.now() - 11 * 60_000);
    // As a process that stopped between writing the refund and the provider's answer leaves it.
    const [crashed] = await database.db
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentTransactionId: payment!.id,
        provider: 'sandbox',
        amountKobo: 1000,
        reason: 'Crash',
        status: 'pending',
        attempts: 1,
        lastAttemptAt: past,
        createdAt: past,
      })
      .returning();
    const ledgerBefore = await database.db.select().from(sandboxRefunds);
    await followPendingRefunds(deps);
    const [row] = await database.db.select().from(refunds).where(eq(refunds.id, crashed!.id));
    expect(row).toMatchObject({ status: 'failed', failureReason: NEVER_CONFIRMED });
    expect(await database.db.select().from(sandboxRefunds)).toHaveLength(ledgerBefore.length);
    expect((await orderRow(number)).paymentStatus).toBe('paid');
  });

  it('lists refunds by order, status and staff', async () => {
    const { number } = await paidCardOrder(1);
    await createRefund(deps, number, { amount: 10, reason: 'Listed' }, admin);
    const found = await listRefunds(database.db, { q: number, status: 'completed' });
    expect(found.map((refund) => refund.orderNumber)).toEqual([number]);
    expect(found[0]!.createdBy).toBe(admin.email);
  });
});

describe('money in the shop’s own account and money owed back', () => {
  it('staff who sent a card order’s money themselves record it by hand, with the bank details', async () => {
    const { number } = await paidCardOrder(1);
    const refund = await createRefund(
      deps,
      number,
      {
        amount: 250,
        reason: 'Sent from the shop’s account',
        manual: {
          accountName: 'Kemi Bello',
          accountNumber: '0123456789',
          bankName: 'GTBank',
          reference: 'TRF-1',
        },
      },
      admin,
    );
    expect(refund).toMatchObject({ provider: 'manual', status: 'completed', providerReference: 'TRF-1' });
    expect((await orderRow(number)).paymentStatus).toBe('partially_refunded');
  });

  async function paidTransferOrder(outcome: 'full' | 'over' = 'full') {
    await saveShopSettings(database.db, { transferAccountPerOrder: outcome === 'over' });
    const placed = await placeOrder(orderDeps, testOrderBody(product, { paymentMethod: 'bank-transfer' }));
    const number = placed.order.number;
    if (outcome === 'over') {
      // A TEST MODE transfer account, and more money than asked.
      const { openTransferAccount } = await import('../payments/transfer-accounts');
      await openTransferAccount(deps, number, adminViewer());
      const [attempt] = await database.db
        .select()
        .from(paymentTransactions)
        .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
        .where(eq(orders.number, number));
      const id = await simulateSandboxTransfer(database.db, attempt!.payment_transactions.txRef, 'over');
      await applyProviderTransaction(deps, await deps.providers.sandbox!.verifyById(id));
    } else await confirmBankTransfer(deps, number, admin);
    return number;
  }

  it('a transfer into the shop’s account is refunded by hand: bank details required, then completed at once', async () => {
    const number = await paidTransferOrder();
    const missing = await refused(createRefund(deps, number, { amount: 100, reason: 'Changed mind' }, admin));
    expect(missing.code).toBe('BAD_REQUEST');
    expect(Object.keys(missing.fields ?? {})).toContain('manual');
    const partial = await refused(
      createRefund(
        deps,
        number,
        {
          amount: 100,
          reason: 'x',
          manual: { accountName: 'Kemi Bello', accountNumber: '123', bankName: 'GTBank', reference: 'R1' },
        },
        admin,
      ),
    );
    expect(Object.keys(partial.fields ?? {})).toContain('manual.accountNumber');
    expect(await refundCount(number)).toBe(0);
    const refund = await createRefund(
      deps,
      number,
      {
        amount: 100,
        reason: 'Changed mind',
        manual: {
          accountName: 'Kemi Bello',
          accountNumber: '0123456789',
          bankName: 'GTBank',
          reference: 'TRF-778',
        },
      },
      admin,
    );
    expect(refund).toMatchObject({
      provider: 'manual',
      status: 'completed',
      providerReference: 'TRF-778',
      bankDetails: { accountName: 'Kemi Bello', accountNumber: '0123456789', bankName: 'GTBank' },
    });
    expect((await orderRow(number)).paymentStatus).toBe('partially_refunded');
  });

  it('an overpaid transfer’s difference is given back in one step, leaves the "to refund" list, and the order stays paid', async () => {
    const number = await paidTransferOrder('over');
    const order = await orderRow(number);
    const [owed] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.orderId, order.id));
    expect(owed!.refundDueKobo).toBe(50_000);
    const refund = await createRefund(
      deps,
      number,
      { purpose: 'owed', paymentTransactionId: owed!.id, reason: 'Overpaid' },
      admin,
    );
    expect(refund).toMatchObject({ purpose: 'owed', amountKobo: 50_000, status: 'completed' });
    const [after] = await database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, owed!.id));
    expect(after!.refundDueKobo).toBe(0);
    expect((await orderRow(number)).paymentStatus).toBe('paid');
    expect((await refundableFor(database.db, number)).remainingKobo).toBe(order.totalKobo);
    const again = await refused(
      createRefund(deps, number, { purpose: 'owed', paymentTransactionId: owed!.id, reason: 'Again' }, admin),
    );
    expect(again.code).toBe('CONFLICT');
  });
});

describe('cancelling a paid order with its refund', () => {
  it('cancels and refunds everything that remains in the same step', async () => {
    const { number, order } = await paidCardOrder(1);
    await changeOrderStatus(
      { ...orderDeps, refunds: cancelRefunder(deps) },
      number,
      { status: 'cancelled', refund: true, reason: 'Out of stock at the warehouse' },
      { actor: admin },
    );
    const row = await orderRow(number);
    expect(row).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    const [refund] = await refundsOfOrder(database.db, number);
    expect(refund).toMatchObject({ amountKobo: order.totalKobo, status: 'completed' });
  });
});
