import { and, eq, inArray } from 'drizzle-orm';
import { formatNaira, koboToNaira } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { productVariants } from '../../db/schema/catalog';
import { orderEvents, orders } from '../../db/schema/orders';
import { returnItems } from '../../db/schema/returns';
import { eventActor, type AuditActor } from '../audit/audit';
import { putBack } from '../inventory/put-back';
import { createRefund } from '../refunds/record';
import { exchangeDifference, type ItemRow, type ReturnMoveDeps } from './plan';
import type { AdminReturnView } from './views';

/**
 * The exchange's reserved units go back on sale, once (the flag is cleared as they go), and leave the
 * sold count (core/inventory: the products then the variants locked in id order, as Place Order takes
 * them); a size since removed from the grid takes nothing back, yet its piece leaves the sold count.
 */
export async function releaseExchange(tx: DbOrTx, orderId: number, items: ItemRow[]): Promise<void> {
  // A size removed since has lost its id (the key is set null): its piece still leaves the sold count.
  const held = items.filter((item) => item.exchangeReserved);
  if (held.length === 0) return;
  const released = await tx
    .update(returnItems)
    .set({ exchangeReserved: false })
    .where(
      and(
        inArray(
          returnItems.id,
          held.map((item) => item.id),
        ),
        eq(returnItems.exchangeReserved, true),
      ),
    )
    .returning({ id: returnItems.id });
  const back = held.filter((item) => released.some((row) => row.id === item.id));
  if (back.length === 0) return;
  const variants = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(
      inArray(
        productVariants.id,
        back.flatMap((item) => (item.exchangeVariantId === null ? [] : [item.exchangeVariantId])),
      ),
    );
  const returnIds = [...new Set(back.map((item) => item.returnId))].sort((a, b) => a - b);
  await putBack(
    tx,
    returnIds.map((returnId) => ({
      cause: { reason: 'exchange_back', orderId, returnId },
      units: back
        .filter((item) => item.returnId === returnId && item.productId !== null)
        .map((item) => ({
          productId: item.productId!,
          variantId: variants.find((variant) => variant.id === item.exchangeVariantId)?.id ?? null,
          units: item.quantity,
        })),
    })),
  );
}

/**
 * An exchange for a cheaper piece: once shipped, the difference goes back through the refund engine.
 * The exchange stands if the refund cannot be made; the timeline then says to refund it by hand.
 */
export async function refundExchangeDifference(
  deps: ReturnMoveDeps,
  view: AdminReturnView,
  actor: AuditActor & { id: string },
  now: Date,
): Promise<number> {
  const difference = exchangeDifference(view.items);
  if (difference <= 0) return 0;
  try {
    const refund = await createRefund(
      deps,
      view.orderNumber,
      { amount: koboToNaira(difference), reason: `Return ${view.number}: the exchanged piece costs less` },
      actor,
      { returnId: view.id, now },
    );
    if (refund.status !== 'failed') return refund.amountKobo;
  } catch {
    // Told below on the timeline: staff refund it from the order.
  }
  const [order] = await deps.db.select().from(orders).where(eq(orders.number, view.orderNumber));
  await deps.db.insert(orderEvents).values({
    orderId: order!.id,
    status: order!.status,
    note: `Return ${view.number}: the difference of ${formatNaira(difference)} could not be refunded automatically; refund it from the order.`,
    createdAt: now,
    ...eventActor(actor),
  });
  return 0;
}
