import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import { notifyOrderOwner } from '../notifications/notifications';
import type { Mailer } from '../mail/mailer';
import { getShopSettings } from '../settings/shop-settings';
import { returnCouponUse } from './coupons';
import { sendOrderStatusMail } from './order-mail';
import { toOrderViews } from './order-view';

/** Puts the units of these orders back on sale. */
export async function restoreStock(tx: DbOrTx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const returned = await tx
    .select({ productId: orderLines.productId, quantity: sql<number>`sum(${orderLines.quantity})::int` })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds))
    .groupBy(orderLines.productId)
    .orderBy(orderLines.productId);
  for (const line of returned) {
    if (line.productId === null) continue;
    await tx
      .update(products)
      .set({
        stock: sql`${products.stock} + ${line.quantity}`,
        soldCount: sql`greatest(${products.soldCount} - ${line.quantity}, 0)`,
      })
      .where(eq(products.id, line.productId));
  }
}

/**
 * Cancels one unpaid order at its owner's word (the card window closed without paying, or the
 * shopper cancels): claimed by a conditional update, so it is released once, and only while it is
 * still unpaid. Returns false when it was not (paid, or already cancelled, meanwhile).
 */
export async function releaseUnpaidOrder(db: Db, orderId: number, note: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(orders)
      .set({ status: 'cancelled', stockReleasedAt: now, updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'awaiting_payment'),
          sql`${orders.paymentStatus} <> 'paid'`,
          isNull(orders.stockReleasedAt),
        ),
      )
      .returning();
    if (!claimed) return false;
    await restoreStock(tx, [claimed.id]);
    if (claimed.couponCode) await returnCouponUse(tx, claimed.couponCode);
    await tx.insert(orderEvents).values({ orderId: claimed.id, status: 'cancelled', note, createdAt: now });
    return true;
  });
}

/**
 * Cancels unpaid orders whose hold has passed and returns their stock and coupon uses. The
 * conditional update claims each order once, so two app processes running this together release
 * each order exactly once.
 */
export async function releaseUnpaidOrders(
  deps: { db: Db; mailer?: Mailer; publicUrl?: string },
  now = new Date(),
): Promise<string[]> {
  const released = await deps.db.transaction(async (tx) => {
    const claimed = await tx
      .update(orders)
      .set({ status: 'cancelled', stockReleasedAt: now, updatedAt: now })
      .where(
        and(
          eq(orders.status, 'awaiting_payment'),
          isNull(orders.stockReleasedAt),
          lte(orders.stockHeldUntil, now),
        ),
      )
      .returning();
    if (claimed.length === 0) return [];
    await restoreStock(
      tx,
      claimed.map((order) => order.id),
    );
    for (const order of claimed) if (order.couponCode) await returnCouponUse(tx, order.couponCode);
    await tx.insert(orderEvents).values(
      claimed.map((order) => ({
        orderId: order.id,
        status: 'cancelled' as const,
        note: 'Cancelled: the payment did not arrive in time, so the items went back on sale.',
        createdAt: now,
      })),
    );
    for (const order of claimed) await notifyOrderOwner(tx, order, { kind: 'cancelled', by: 'unpaid' }, now);
    return claimed;
  });
  if (released.length > 0 && deps.mailer && deps.publicUrl) {
    const { name } = await getShopSettings(deps.db);
    for (const view of await toOrderViews(deps.db, released)) {
      await sendOrderStatusMail({ mailer: deps.mailer, publicUrl: deps.publicUrl }, view, {
        note: 'We did not receive the payment in time, so the items went back on sale. You are welcome to order again.',
        shopName: name,
      }).catch(() => {});
    }
  }
  return released.map((order) => order.number);
}
