import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { variantLabel } from '../../contracts/catalog';
import { LAGOS_TIME_ZONE } from '../../contracts/lagos-time';
import { returnReasonIds, returnResolutionIds, type ReturnStatusId } from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalog';
import { orders, type orderLines } from '../../db/schema/orders';
import { refundLines, refunds } from '../../db/schema/payments';
import { orderReturns, returnItems } from '../../db/schema/returns';
import { AppError } from '../errors';
import type { OrderDeps } from '../orders/order-deps';
import type { OrderRow } from '../orders/order-view';
import { canView, findOrderByNumber, type OrderViewer } from '../orders/read-orders';
import type { PaymentDeps } from '../payments/payments';
import { refundRequestSchema } from '../refunds/plan';

/*
 * Returns and exchanges, in one place: a return's states, the moves between them, and what each
 * move records (the row, the order's timeline, the stock, the refund) and who is told.
 *
 *   requested ─approve─▶ approved ─receive─▶ received ─refund───▶ refunded ─close─▶ closed
 *       └─decline─▶ declined                     └─exchange─▶ exchanged ─close─▶ closed
 *
 * Every move is an update conditional on the status the return is leaving, so a double click or
 * two staff at once move it once.
 */

/** Every move: the states a return may leave by it, and the state it reaches. */
export const returnMoves = {
  approve: { from: ['requested'], to: 'approved' },
  decline: { from: ['requested'], to: 'declined' },
  receive: { from: ['approved'], to: 'received' },
  refund: { from: ['received'], to: 'refunded' },
  exchange: { from: ['received'], to: 'exchanged' },
  close: { from: ['refunded', 'exchanged'], to: 'closed' },
} as const satisfies Record<string, { from: readonly ReturnStatusId[]; to: ReturnStatusId }>;

export type ReturnMove = keyof typeof returnMoves;
export const returnMoveIds = Object.keys(returnMoves) as ReturnMove[];

export function canMoveReturn(status: ReturnStatusId, move: ReturnMove): boolean {
  return (returnMoves[move].from as readonly ReturnStatusId[]).includes(status);
}

/** The piece a shopper wants instead of the one she sends back: the same product, another size or colour. */
const exchangeChoiceSchema = z.object({
  productId: z.number().int().positive(),
  selectedSize: z.string().trim().max(20).nullish(),
  selectedColor: z.string().trim().max(40).nullish(),
});

const returnItemSchema = z.object({
  productId: z.number().int().positive(),
  selectedSize: z.string().trim().max(20).nullish(),
  selectedColor: z.string().trim().max(40).nullish(),
  quantity: z.number().int().min(1).max(99),
  reason: z.enum(returnReasonIds),
  /** Required with 'other'. */
  reasonText: z.string().trim().max(500).optional(),
});

/**
 * POST /api/orders/{id}/returns. With an exchange, `exchangeFor` names the piece wanted for each
 * item, in the same order as `items`.
 */
export const returnRequestSchema = z.object({
  key: z.string().trim().max(200).optional(),
  items: z.array(returnItemSchema).min(1).max(50),
  resolution: z.enum(returnResolutionIds),
  exchangeFor: z.array(exchangeChoiceSchema).max(50).optional(),
  note: z.string().trim().max(1000).optional(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** The body of each staff move. */
export const returnMoveSchemas = {
  approve: z.object({ instructions: z.string().trim().max(1000).optional() }),
  decline: z.object({ reason: z.string().trim().min(1, 'Say why the return is declined').max(1000) }),
  /** Whether the units go back on sale: one answer for all, or per return item (id → restock). */
  receive: z.object({
    restock: z.union([z.boolean(), z.record(z.string().regex(/^\d+$/), z.boolean())]),
  }),
  /** Money paid into the shop's own account goes back by hand: where it was sent, and the transfer's reference. */
  refund: z.object({ manual: refundRequestSchema.shape.manual }),
  exchange: z.object({
    carrier: z.string().trim().min(1, 'Required').max(60),
    trackingNumber: z.string().trim().min(1, 'Required').max(60),
  }),
  close: z.object({}),
} as const satisfies Record<ReturnMove, z.ZodType>;

/** What the return operations need: the database, mail, and (for a refund) the payment provider. */
export type ReturnDeps = Pick<OrderDeps, 'db' | 'mailer' | 'publicUrl' | 'onMailError'>;
export type ReturnMoveDeps = PaymentDeps;

export interface ReturnOptions {
  now?: Date;
}

export type ReturnRow = typeof orderReturns.$inferSelect;

export type LineRow = typeof orderLines.$inferSelect;

export type ItemRow = typeof returnItems.$inferSelect;

const DAY_MS = 86_400_000;

// Made once: a formatter with a time zone is costly to build.
const dayFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: LAGOS_TIME_ZONE });

/** Sizes and colours compare as the shopper may type them: spaces and case aside, none is ''. */
export const sameOption = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** "L / Olive", "M", "Olive": how the shop names one size and colour of a piece. */
export const optionName = (size: string | null | undefined, color: string | null | undefined) =>
  variantLabel({ size, color }) || 'this piece';

export const lineName = (line: Pick<LineRow, 'name' | 'size' | 'color'>) => {
  const option = variantLabel(line);
  return option ? `${line.name} (${option})` : line.name;
};

/** The order, for whoever may see it; to anyone else it does not exist (404, never 403). */
export async function orderForViewer(db: DbOrTx, number: string, viewer: OrderViewer): Promise<OrderRow> {
  const order = await findOrderByNumber(db, number);
  if (!order || !canView(order, viewer)) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

/** Locks the order's row: returns, their moves and refunds of one order happen one at a time. */
export async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

/** The states in which an order is in its shopper's hands: delivered, or collected from the shop. */
export const receivedOrderStatuses: readonly OrderRow['status'][] = ['delivered', 'picked_up'];

/** The window: from delivery (or pickup), `returnsDays` days; why it is closed (the shopper's words), or null. */
export function returnWindow(
  order: Pick<OrderRow, 'status' | 'deliveredAt' | 'paymentStatus'>,
  returnsDays: number,
  now: Date,
): { endsAt: Date | null; closedReason: string | null } {
  if (!receivedOrderStatuses.includes(order.status) || !order.deliveredAt)
    return { endsAt: null, closedReason: 'A return can be asked once the order has been delivered.' };
  const endsAt = new Date(order.deliveredAt.getTime() + returnsDays * DAY_MS);
  // Money all given back already: nothing is left to refund, and an exchange would be a gift.
  if (order.paymentStatus === 'refunded')
    return {
      endsAt,
      closedReason: 'This order has been refunded in full, so there is nothing left to return.',
    };
  if (now.getTime() > endsAt.getTime())
    return {
      endsAt,
      closedReason: `The return window for this order closed on ${dayFormat.format(endsAt)}.`,
    };
  return { endsAt, closedReason: null };
}

/**
 * Units of each line already on their way back or given back: in returns not declined, and in
 * refunds of lines made outside a return (not failed). A line cannot be returned beyond what is left.
 */
export async function takenByLine(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const [returned, refunded] = await Promise.all([
    db
      .select({ lineId: returnItems.orderLineId, quantity: sql<number>`sum(${returnItems.quantity})::int` })
      .from(returnItems)
      .innerJoin(orderReturns, eq(orderReturns.id, returnItems.returnId))
      .where(and(eq(orderReturns.orderId, orderId), ne(orderReturns.status, 'declined')))
      .groupBy(returnItems.orderLineId),
    db
      .select({ lineId: refundLines.orderLineId, quantity: sql<number>`sum(${refundLines.quantity})::int` })
      .from(refundLines)
      .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
      .where(
        and(eq(refunds.orderId, orderId), ne(refunds.status, 'failed'), sql`${refunds.returnId} IS NULL`),
      )
      .groupBy(refundLines.orderLineId),
  ]);
  const taken = new Map<number, number>();
  for (const row of [...returned, ...refunded])
    taken.set(row.lineId, (taken.get(row.lineId) ?? 0) + row.quantity);
  return taken;
}

export interface VariantRow {
  id: number;
  productId: number;
  size: string;
  color: string;
  stock: number;
  priceKobo: number;
}

/** The sizes and colours of these products, each at the price it sells for now. */
export async function variantsOf(db: DbOrTx, productIds: number[]): Promise<VariantRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      size: productVariants.size,
      color: productVariants.color,
      stock: productVariants.stock,
      priceKobo: sql<number>`coalesce(${productVariants.priceKobo}, ${products.priceKobo})::int`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** The variant a line's units came from: its own, or (removed since) the same size and colour. */
export function variantOfLine(line: LineRow, variants: VariantRow[]): VariantRow | undefined {
  return (
    variants.find((variant) => variant.id === line.variantId) ??
    variants.find(
      (variant) =>
        variant.productId === line.productId &&
        sameOption(variant.size, line.size) &&
        sameOption(variant.color, line.color),
    )
  );
}

/** An exchange for a cheaper piece gives the difference back; never the other way (refused when asked). */
export function exchangeDifference(
  items: { quantity: number; unitPriceKobo: number; exchangeFor: { priceKobo: number } | null }[],
): number {
  return items.reduce(
    (sum, item) =>
      sum +
      item.quantity * Math.max(item.unitPriceKobo - (item.exchangeFor?.priceKobo ?? item.unitPriceKobo), 0),
    0,
  );
}
