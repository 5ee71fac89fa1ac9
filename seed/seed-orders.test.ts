import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../tests/fixtures/test-database';
import { products } from '../db/schema/catalog';
import { orders } from '../db/schema/orders';
import { paymentTransactions } from '../db/schema/payments';
import { seedDemoOrders } from './seed-orders';

let database: TestDatabase;
let stockBefore: number;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  const [row] = await database.db.select({ total: sql<number>`sum(${products.stock})::int` }).from(products);
  stockBefore = row!.total;
});
afterAll(async () => {
  await database?.destroy();
});

describe('demo orders', () => {
  it('places orders through the real checkout and moves them through every status', async () => {
    const placed = await seedDemoOrders(database.db, { now: new Date('2026-11-21T12:00:00Z') });
    expect(placed).toBe(21);
    const statuses = await database.db
      .select({ status: orders.status, count: sql<number>`count(*)::int` })
      .from(orders)
      .groupBy(orders.status);
    expect(Object.fromEntries(statuses.map((row) => [row.status, row.count]))).toEqual({
      delivered: 9,
      shipped: 3,
      processing: 3,
      cancelled: 3,
      awaiting_payment: 3,
    });
    const [sold] = await database.db
      .select({ units: sql<number>`coalesce(sum(l.quantity), 0)::int` })
      .from(sql`order_lines l join orders o on o.id = l.order_id`)
      .where(sql`o.status <> 'cancelled'`);
    const [row] = await database.db
      .select({ total: sql<number>`sum(${products.stock})::int` })
      .from(products);
    expect(row!.total, 'stock went down by exactly what live orders hold').toBe(stockBefore - sold!.units);
    const paid = await database.db.select().from(orders).where(eq(orders.paymentStatus, 'paid'));
    const payments = await database.db.select().from(paymentTransactions);
    expect(payments).toHaveLength(paid.length);
    // Every order's timeline starts when it was placed, never before.
    const early = await database.db.execute(
      sql`SELECT o.number FROM orders o JOIN order_events e ON e.order_id = o.id
           WHERE e.created_at < o.created_at`,
    );
    expect((early as { rows: unknown[] }).rows).toEqual([]);
  });
});
