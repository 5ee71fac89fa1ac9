import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin';
import { users } from '../../db/schema/accounts';
import { products } from '../../db/schema/catalog';
import { orderLines } from '../../db/schema/orders';
import { paymentTransactions, refundLines, refunds } from '../../db/schema/payments';
import { parseCsv } from '../../tests/fixtures/csv';
import { testOrderBody } from '../../tests/fixtures/orders';
import { setProductStock } from '../../tests/fixtures/stock';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { createMailer } from '../mail/mailer';
import { placeOrder } from '../orders/place-order';
import { confirmBankTransfer } from '../payments/payments';
import { createSandboxProvider } from '../payments/sandbox';
import { startCsvExport } from './exports';

let database: TestDatabase;
const actor = { id: null, email: 'admin@rossy.ng' };
let orderNumber = '';
let transactionId = 0;
let lineId = 0;
let lineName = '';

async function csvOf(kind: 'refunds' | 'transactions', filter: Record<string, string>, now: Date) {
  const exported = await startCsvExport(database.db, actor, kind, filter, { now });
  let text = '';
  for await (const chunk of exported.chunks()) text += chunk;
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return { header: header!, rows: rows.filter((row) => row.some(Boolean)) };
}

const column = (header: string[], name: string) => {
  const index = header.indexOf(name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return index;
};

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const mailer = createMailer({ db: database.db, from: 'Rossy <orders@rossy.test>' });
  const [product] = await database.db
    .select({ id: products.id, sizes: products.sizes })
    .from(products)
    .orderBy(asc(products.id))
    .limit(1);
  await setProductStock(database.db, product!.id, 50);
  const { order } = await placeOrder(
    {
      db: database.db,
      mailer,
      publicUrl: 'https://rossy.test',
    },
    testOrderBody(
      { id: product!.id, size: product!.sizes[0] ?? null },
      { quantity: 2, email: 'ada@example.ng' },
    ),
  );
  orderNumber = order.number;
  const [staff] = await database.db
    .insert(users)
    .values({ name: 'Tunde Obi', email: 'staff@rossy.ng', passwordHash: 'x', role: 'owner' })
    .returning();
  await confirmBankTransfer(
    {
      db: database.db,
      mailer,
      publicUrl: 'https://rossy.test',
      providers: { sandbox: createSandboxProvider(database.db) },
    },
    order.number,
    { id: staff!.id, email: staff!.email },
  );
  const [transaction] = await database.db
    .select({ id: paymentTransactions.id, orderId: paymentTransactions.orderId })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.status, 'successful'));
  transactionId = transaction!.id;
  const [line] = await database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, transaction!.orderId));
  lineId = line!.id;
  lineName = line!.name;
  // One refund of a line, completed on the 20th; one of an amount, failed on the 21st (Lagos).
  const [lineRefund] = await database.db
    .insert(refunds)
    .values({
      orderId: transaction!.orderId,
      paymentTransactionId: transactionId,
      provider: 'manual',
      amountKobo: line!.unitPriceKobo,
      status: 'completed',
      reason: 'Too small, she kept the other',
      restock: true,
      providerReference: 'GTB-REF-7788',
      createdBy: staff!.id,
      createdByEmail: 'staff@rossy.ng',
      createdAt: new Date('2026-11-20T09:00:00Z'),
      completedAt: new Date('2026-11-20T09:05:00Z'),
    })
    .returning();
  await database.db
    .insert(refundLines)
    .values({ refundId: lineRefund!.id, orderLineId: lineId, quantity: 1, amountKobo: line!.unitPriceKobo });
  await database.db.insert(refunds).values({
    orderId: transaction!.orderId,
    paymentTransactionId: transactionId,
    provider: 'manual',
    amountKobo: 50_000,
    status: 'failed',
    reason: 'Late delivery, goodwill',
    failureReason: 'The bank refused the transfer',
    createdByEmail: 'boss@rossy.ng',
    createdAt: new Date('2026-11-21T09:00:00Z'),
  });
});
afterAll(async () => {
  await database?.destroy();
});

describe('the refunds export', () => {
  const now = new Date('2026-11-22T12:00:00Z');

  it('lists every refund with its order, amount, state, lines, reason, staff and reference, newest first', async () => {
    const { header, rows } = await csvOf('refunds', {}, now);
    expect(rows).toHaveLength(2);
    const [failed, completed] = rows;
    expect(failed![column(header, 'Order')]).toBe(orderNumber);
    expect(failed![column(header, 'Amount (NGN)')]).toBe('500.00');
    expect(failed![column(header, 'Status')]).toBe('Failed');
    expect(failed![column(header, 'Failure reason')]).toBe('The bank refused the transfer');
    expect(failed![column(header, 'Staff')], 'no account: the e-mail kept').toBe('boss@rossy.ng');
    expect(failed![column(header, 'Staff email')]).toBe('boss@rossy.ng');
    expect(completed![column(header, 'Status')]).toBe('Refunded');
    expect(completed![column(header, 'Staff')], 'the staff member by name').toBe('Tunde Obi');
    expect(completed![column(header, 'Staff email')]).toBe('staff@rossy.ng');
    expect(completed![column(header, 'Lines')]).toContain(`1 × ${lineName}`);
    expect(completed![column(header, 'Back in stock')]).toBe('yes');
    expect(completed![column(header, 'Reason')]).toBe('Too small, she kept the other');
    expect(completed![column(header, 'Provider reference')]).toBe('GTB-REF-7788');
    expect(completed![column(header, 'Completed')]).toBe('2026-11-20T10:05:00+01:00');
  });

  it('filters by state, by Lagos days and by search, and logs the export with its filters', async () => {
    expect((await csvOf('refunds', { status: 'completed' }, now)).rows).toHaveLength(1);
    expect((await csvOf('refunds', { from: '2026-11-21', to: '2026-11-21' }, now)).rows).toHaveLength(1);
    expect((await csvOf('refunds', { q: 'goodwill' }, now)).rows).toHaveLength(1);
    expect((await csvOf('refunds', { q: 'tunde obi' }, now)).rows, 'by the staff member’s name').toHaveLength(
      1,
    );
    expect((await csvOf('refunds', { q: orderNumber }, now)).rows).toHaveLength(2);
    // More than 30 days later, the default range holds neither.
    expect((await csvOf('refunds', {}, new Date('2027-01-30T12:00:00Z'))).rows).toHaveLength(0);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'export.refunds'));
    expect(entry).toMatchObject({ entityType: 'export', actorEmail: 'admin@rossy.ng' });
  });

  it('refuses a day that is not one', async () => {
    await expect(startCsvExport(database.db, actor, 'refunds', { from: '21/11/2026' })).rejects.toMatchObject(
      {
        code: 'BAD_REQUEST',
      },
    );
  });

  it('shows, on the payment it came from, only the money actually refunded', async () => {
    const { header, rows } = await csvOf('transactions', { from: '2020-01-01' }, now);
    const row = rows.find((candidate) => candidate[column(header, 'ID')] === String(transactionId));
    const [line] = await database.db.select().from(orderLines).where(eq(orderLines.id, lineId));
    // The failed ₦500 is not money back.
    expect(row![column(header, 'Refunded (NGN)')]).toBe((line!.unitPriceKobo / 100).toFixed(2));
  });
});
