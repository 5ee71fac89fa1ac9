/**
 * Migration 0023 (refunds, returns and fit) on a shop seeded and run under migration 0022: every
 * order, line and event stays as it was, payment statuses unchanged; an order delivered before the
 * migration gets its delivery time from its 'delivered' event (its returns window counts from it),
 * every other order none; the new tables start empty and take rows.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOrderView } from '../core/orders/order-view';
import { findOrderByNumber } from '../core/orders/read-orders';
import { openShopMigratedTo, type PreviousShop } from '../tests/fixtures/previous-shop';
import type { DatabaseHandle } from './client';
import { orders } from './schema/orders';
import { refundLines, refunds } from './schema/payments';
import { orderReturns, returnItems } from './schema/returns';

let shop: PreviousShop;
let handle: DatabaseHandle;

async function rows<Row>(query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await handle.db.execute(query)) as { rows: Row[] }).rows;
}

const delivered = 'ORD-23001';
const paid = 'ORD-23002';
const cancelled = 'ORD-23003';
/** Delivered, then a second 'delivered' event (a note re-sent): the latest counts. */
const deliveredTwice = 'ORD-23004';
const deliveredAt = '2026-10-05T14:30:00.000Z';
const deliveredAgainAt = '2026-10-06T09:00:00.000Z';

type Snapshot = Record<string, unknown>[];
let before: { orders: Snapshot; lines: Snapshot; events: Snapshot };

const snapshot = async () => ({
  orders: await rows<Record<string, unknown>>(sql`
    SELECT number, status, payment_status, payment_method, total_kobo, paid_at, email, shipping_address
      FROM orders ORDER BY number`),
  lines: await rows<Record<string, unknown>>(sql`
    SELECT order_id, name, unit_price_kobo, quantity, size, color FROM order_lines ORDER BY id`),
  events: await rows<Record<string, unknown>>(sql`
    SELECT order_id, status, note, created_at FROM order_events ORDER BY id`),
});

beforeAll(async () => {
  shop = await openShopMigratedTo('0022_colour_in_stock');
  handle = shop.handle;
  const db = handle.db;
  // Orders as 0022's checkout and lifecycle recorded them (raw SQL: 0022 had no delivered_at).
  const place = async (
    number: string,
    state: { status: string; paymentStatus: string; paidAt: string | null },
    events: { status: string; at: string }[],
  ) => {
    await db.execute(sql`
      INSERT INTO orders (number, email, phone, shipping_address, shipping_method, shipping_method_label,
                          payment_method, payment_status, status, subtotal_kobo, discount_kobo, shipping_kobo,
                          tax_kobo, total_kobo, tax_rate_percent, access_token_hash, paid_at, created_at)
      VALUES (${number}, 'old-shopper@example.ng', '08031234567',
              ${JSON.stringify({ firstName: 'Ngozi', lastName: 'Eze', address: '12 Admiralty Way', city: 'Lekki', state: 'Lagos', zipCode: '106104', country: 'Nigeria' })}::jsonb,
              'standard', 'Standard Delivery (3-5 business days)', 'flutterwave', ${state.paymentStatus},
              ${state.status}, 8900000, 0, 150000, 0, 9050000, 0, ${`hash-${number}`},
              ${state.paidAt}::timestamptz, '2026-10-01T09:00:00Z')`);
    await db.execute(sql`
      INSERT INTO order_lines (order_id, product_id, name, unit_price_kobo, quantity, size, color)
      SELECT o.id, NULL, 'Linen Shirt', 4450000, 2, 'M', 'Olive' FROM orders o WHERE o.number = ${number}`);
    for (const event of events)
      await db.execute(sql`
        INSERT INTO order_events (order_id, status, note, created_at)
        SELECT o.id, ${event.status}, '', ${event.at}::timestamptz FROM orders o WHERE o.number = ${number}`);
  };
  const paidAt = '2026-10-01T09:05:00Z';
  await place(delivered, { status: 'delivered', paymentStatus: 'paid', paidAt }, [
    { status: 'awaiting_payment', at: '2026-10-01T09:00:00Z' },
    { status: 'processing', at: paidAt },
    { status: 'shipped', at: '2026-10-02T10:00:00Z' },
    { status: 'delivered', at: deliveredAt },
  ]);
  await place(paid, { status: 'processing', paymentStatus: 'paid', paidAt }, [
    { status: 'awaiting_payment', at: '2026-10-01T09:00:00Z' },
    { status: 'processing', at: paidAt },
  ]);
  await place(cancelled, { status: 'cancelled', paymentStatus: 'pending', paidAt: null }, [
    { status: 'awaiting_payment', at: '2026-10-01T09:00:00Z' },
    { status: 'cancelled', at: '2026-10-02T09:00:00Z' },
  ]);
  await place(deliveredTwice, { status: 'delivered', paymentStatus: 'paid', paidAt }, [
    { status: 'processing', at: paidAt },
    { status: 'shipped', at: '2026-10-02T10:00:00Z' },
    { status: 'delivered', at: deliveredAt },
    { status: 'delivered', at: deliveredAgainAt },
  ]);
  before = await snapshot();
  expect(before.orders).toHaveLength(4);
  expect(before.lines).toHaveLength(4);
  expect(before.events).toHaveLength(12);

  await handle.migrate();
}, 180_000);

afterAll(async () => {
  await shop?.destroy();
});

describe('migration 0023 on a shop of 0022', () => {
  it('keeps every order, line and event as it was, payment statuses included', async () => {
    expect(await snapshot()).toEqual(before);
  });

  it("dates a delivered order's delivery from its latest 'delivered' event, and no other order's", async () => {
    const delivery = Object.fromEntries(
      (await handle.db.select({ number: orders.number, deliveredAt: orders.deliveredAt }).from(orders)).map(
        (row) => [row.number, row.deliveredAt?.toISOString() ?? null],
      ),
    );
    expect(delivery).toEqual({
      [delivered]: deliveredAt,
      [paid]: null,
      [cancelled]: null,
      [deliveredTwice]: deliveredAgainAt,
    });
  });

  it('starts the refund and return tables empty', async () => {
    const [counts] = await rows<Record<string, number | string>>(sql`
      SELECT (SELECT count(*) FROM refunds) AS refunds, (SELECT count(*) FROM refund_lines) AS refund_lines,
             (SELECT count(*) FROM sandbox_refunds) AS sandbox_refunds,
             (SELECT count(*) FROM order_returns) AS order_returns,
             (SELECT count(*) FROM return_items) AS return_items,
             (SELECT count(*) FROM review_fits) AS review_fits`);
    expect(Object.values(counts!).map(Number)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it('takes a refund and a return on an order placed before it, and the order page reads them', async () => {
    const db = handle.db;
    const order = (await findOrderByNumber(db, delivered))!;
    const [line] = await rows<{ id: number }>(
      sql`SELECT id FROM order_lines WHERE order_id = ${order.id} ORDER BY id LIMIT 1`,
    );
    const lineId = Number(line!.id);

    const [{ number }] = (await rows<{ number: string }>(
      sql`SELECT nextval('return_number_seq')::text AS number`,
    )) as [{ number: string }];
    expect(number).toBe('10001');
    const [made] = await db
      .insert(orderReturns)
      .values({ number: `RET-${number}`, orderId: order.id, resolution: 'refund' })
      .returning({ id: orderReturns.id, status: orderReturns.status });
    expect(made!.status).toBe('requested');
    await db
      .insert(returnItems)
      .values({ returnId: made!.id, orderLineId: lineId, quantity: 1, reason: 'too_small' });

    const [refund] = await db
      .insert(refunds)
      .values({
        orderId: order.id,
        returnId: made!.id,
        provider: 'flutterwave',
        amountKobo: 4_450_000,
        reason: 'Too small',
        status: 'completed',
        completedAt: new Date('2026-10-10T10:00:00Z'),
      })
      .returning({ id: refunds.id });
    await db
      .insert(refundLines)
      .values({ refundId: refund!.id, orderLineId: lineId, quantity: 1, amountKobo: 4_450_000 });
    await db.update(orders).set({ paymentStatus: 'partially_refunded' }).where(eq(orders.id, order.id));

    const view = await toOrderView(db, (await findOrderByNumber(db, delivered))!);
    expect(view.paymentStatus).toBe('partially_refunded');
    expect(view.refunds).toEqual([
      expect.objectContaining({ amountKobo: 4_450_000, status: 'completed', reason: 'Too small' }),
    ]);

    // The rules hold: no refund of nothing, no return of no units.
    await expect(
      db.insert(refunds).values({ orderId: order.id, provider: 'manual', amountKobo: 0, reason: 'x' }),
    ).rejects.toThrow();
    await expect(
      db
        .insert(returnItems)
        .values({ returnId: made!.id, orderLineId: lineId, quantity: 0, reason: 'too_big' }),
    ).rejects.toThrow();
  });
});
