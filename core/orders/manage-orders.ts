import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { orderStatusIds, orderStatusNames, type OrderStatusId } from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { notifyOrderOwner } from '../notifications/notifications';
import { containsPattern } from '../search-pattern';
import { AppError } from '../errors';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { returnCouponUse } from './coupons';
import type { OrderDeps } from './order-deps';
import { sendOrderStatusMail } from './order-mail';
import { findOrderByNumber, toOrderView, type OrderView } from './order-view';
import { restoreStock } from './release-unpaid';

export interface AdminOrderRow {
  number: string;
  placedAt: string;
  customerName: string;
  email: string;
  status: OrderStatusId;
  statusLabel: string;
  paymentMethod: string;
  paymentStatus: string;
  /** Paid in TEST MODE: no money moved. */
  isTest: boolean;
  totalKobo: number;
  itemCount: number;
}

export interface AdminOrderFilter {
  q?: string | undefined;
  status?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** Every order, newest first: search by number, customer name or e-mail; filter by status. */
/** The Orders tab's filter: number, e-mail or customer name containing `q`; one status (the list and its export). */
export function adminOrderConditions(filter: Pick<AdminOrderFilter, 'q' | 'status'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(orders.number, pattern),
        ilike(orders.email, pattern),
        ilike(
          sql`(${orders.shippingAddress}->>'firstName') || ' ' || (${orders.shippingAddress}->>'lastName')`,
          pattern,
        ),
      ),
    );
  }
  if (filter.status && (orderStatusIds as readonly string[]).includes(filter.status))
    conditions.push(eq(orders.status, filter.status as OrderStatusId));
  return and(...conditions);
}

export async function listOrdersForAdmin(
  db: DbOrTx,
  filter: AdminOrderFilter = {},
): Promise<{ orders: AdminOrderRow[]; total: number; page: number; pageSize: number }> {
  const pageSize = Math.min(Math.max(filter.pageSize ?? 20, 1), 100);
  const page = Math.max(filter.page ?? 1, 1);
  const where = adminOrderConditions(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        order: orders,
        itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return {
    orders: rows.map(({ order, itemCount }) => ({
      number: order.number,
      placedAt: order.createdAt.toISOString(),
      customerName: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
      email: order.email,
      status: order.status,
      statusLabel: orderStatusNames[order.status],
      paymentMethod: order.paymentMethod,
      paymentStatus: order.paymentStatus,
      isTest: order.isTest,
      totalKobo: order.totalKobo,
      itemCount,
    })),
    total: totals?.total ?? 0,
    page,
    pageSize,
  };
}

export const orderStatusChangeSchema = z.object({
  status: z.enum(['shipped', 'delivered', 'cancelled']),
  carrier: z.string().trim().max(60).optional(),
  trackingNumber: z.string().trim().max(60).optional(),
  note: z.string().trim().max(500).optional(),
});

/** Where an order may go next: Processing → Shipped → Delivered; an order not yet shipped may be cancelled. */
const allowedFrom: Record<'shipped' | 'delivered' | 'cancelled', OrderStatusId[]> = {
  shipped: ['processing'],
  delivered: ['shipped'],
  cancelled: ['awaiting_payment', 'processing'],
};

const defaultNotes = {
  shipped: 'Your order has left our Lagos studio.',
  delivered: 'Your order has been delivered.',
  cancelled: 'Your order has been cancelled.',
};

/**
 * Moves an order along, once: the change is a conditional update on the current status, recorded
 * as an event, and the customer is e-mailed. Cancelling puts the stock and the coupon use back.
 */
export async function changeOrderStatus(
  deps: Pick<OrderDeps, 'db' | 'mailer' | 'publicUrl' | 'onMailError'>,
  number: string,
  raw: unknown,
  options: { now?: Date; actor?: AuditActor } = {},
): Promise<OrderView> {
  const input = parseInput(orderStatusChangeSchema, raw);
  const order = await findOrderByNumber(deps.db, number);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (input.status === 'shipped' && (!input.carrier || !input.trackingNumber))
    throw new AppError('BAD_REQUEST', 'Please enter the carrier and the tracking number.', {
      ...(input.carrier ? {} : { carrier: 'Required to mark an order shipped' }),
      ...(input.trackingNumber ? {} : { trackingNumber: 'Required to mark an order shipped' }),
    });
  const from = allowedFrom[input.status];
  if (!from.includes(order.status))
    throw new AppError(
      'CONFLICT',
      `An order that is ${orderStatusNames[order.status].toLowerCase()} cannot be marked ${orderStatusNames[input.status].toLowerCase()}.`,
    );
  const now = options.now ?? new Date();
  const note = input.note || defaultNotes[input.status];
  const changed = await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(orders)
      .set({
        status: input.status,
        updatedAt: now,
        ...(input.status === 'shipped'
          ? { carrier: input.carrier, trackingNumber: input.trackingNumber }
          : {}),
        ...(input.status === 'cancelled' ? { stockReleasedAt: now } : {}),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (updated.length === 0) return false;
    if (input.status === 'cancelled') {
      // Stock held for an unpaid order, or taken by a paid one, goes back on sale once.
      if (!order.stockReleasedAt) await restoreStock(tx, [order.id]);
      if (order.couponCode) await returnCouponUse(tx, order.couponCode);
    }
    await tx.insert(orderEvents).values({ orderId: order.id, status: input.status, note, createdAt: now });
    await notifyOrderOwner(
      tx,
      order,
      input.status === 'shipped'
        ? { kind: 'shipped', carrier: input.carrier ?? '', trackingNumber: input.trackingNumber ?? '' }
        : input.status === 'delivered'
          ? { kind: 'delivered' }
          : { kind: 'cancelled', by: 'shop' },
      now,
    );
    if (options.actor)
      await recordAdminAction(tx, options.actor, {
        action: `order.${input.status}`,
        entityType: 'order',
        entityId: order.number,
        summary: `${order.number}: ${orderStatusNames[order.status]} → ${orderStatusNames[input.status]}${
          input.status === 'shipped' ? ` (${input.carrier}, ${input.trackingNumber})` : ''
        }`,
        before: { status: order.status },
        after: {
          status: input.status,
          ...(input.status === 'shipped'
            ? { carrier: input.carrier, trackingNumber: input.trackingNumber }
            : {}),
        },
      });
    return true;
  });
  if (!changed)
    throw new AppError('CONFLICT', 'The order changed while you were looking at it. Please reload.');
  const fresh = await findOrderByNumber(deps.db, number);
  const view = await toOrderView(deps.db, fresh ?? order);
  const { name } = await getShopSettings(deps.db);
  await sendOrderStatusMail(deps, view, { note, shopName: name }).catch((error: unknown) =>
    deps.onMailError?.(error),
  );
  return view;
}
