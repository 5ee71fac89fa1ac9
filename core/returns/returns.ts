import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { LAGOS_TIME_ZONE } from '../../contracts/lagos-time';
import { formatNaira } from '../../contracts/money';
import {
  returnReasonIds,
  returnReasonNames,
  returnResolutionIds,
  returnResolutionNames,
  returnStatusIds,
  returnStatusNames,
  type ReturnReasonId,
  type ReturnResolutionId,
  type ReturnStatusId,
} from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { products, productVariants } from '../../db/schema/catalog';
import { orderEvents, orderLines, orders } from '../../db/schema/orders';
import { refundLines, refunds } from '../../db/schema/payments';
import { orderReturns, returnItems } from '../../db/schema/returns';
import { requirePermission } from '../accounts/permissions';
import { eventActor, recordAdminAction, type AuditActor } from '../audit/audit';
import { AppError } from '../errors';
import { notifyOrderOwner } from '../notifications/notifications';
import type { PaymentDeps } from '../payments/payments';
import {
  createRefund,
  refundRequestSchema,
  refundViewById,
  retryRefund,
  type RefundView,
} from '../payments/refunds';
import { containsPattern } from '../search-pattern';
import { getShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import type { OrderDeps } from '../orders/order-deps';
import type { OrderRow } from '../orders/order-view';
import { canView, findOrderByNumber, type OrderViewer } from '../orders/read-orders';
import { giveBack } from '../orders/stock-back';
import { putBack } from '../inventory/put-back';
import { setAside } from '../inventory/set-aside';
import { returnRequestedAlertMail, returnStepMail, type ReturnMailFacts } from './return-mail';
import { variantLabel } from '../../contracts/catalog';

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

export interface ReturnItemView {
  id: number;
  orderLineId: number;
  productId: number | null;
  name: string;
  imageUrl: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
  unitPriceKobo: number;
  reason: ReturnReasonId;
  reasonLabel: string;
  reasonText: string;
  /** The exchange's piece: the variant sent instead. */
  exchangeFor: { variantId: number; size: string; color: string; priceKobo: number } | null;
  exchangeReserved: boolean;
  /** Set once received: whether the units went back on sale. */
  restocked: boolean | null;
}

/** A return as the shopper reads it. */
export interface ReturnView {
  id: number;
  number: string;
  orderNumber: string;
  status: ReturnStatusId;
  statusLabel: string;
  resolution: ReturnResolutionId;
  resolutionLabel: string;
  note: string;
  /** Staff's instructions for sending the parcel back (once approved). */
  instructions: string;
  declineReason: string | null;
  exchangeCarrier: string | null;
  exchangeTrackingNumber: string | null;
  items: ReturnItemView[];
  /** What the returned units cost her (a refund gives this back; an exchange's cheaper piece, the difference). */
  itemsKobo: number;
  /** Money back this return will give or gave: the units' price (refund), or the exchange's difference. */
  refundKobo: number;
  createdAt: string;
  updatedAt: string;
  approvedAt: string | null;
  receivedAt: string | null;
  closedAt: string | null;
}

/** A return as staff read it: who asked, and the moves open to them now. */
export interface AdminReturnView extends ReturnView {
  customerName: string;
  email: string;
  orderStatus: string;
  paymentStatus: string;
  /** Who made the last move (e-mail), when staff did. */
  handledBy: string | null;
  moves: ReturnMove[];
  /** Its order's timeline entries about returns are on the order; these are its refunds' states. */
  refunds: { id: number; amountKobo: number; status: string; createdAt: string }[];
}

export interface AdminReturnFilter {
  status?: string | undefined;
  q?: string | undefined;
}

/** Each line of an order as the return form shows it. */
export interface ReturnableLine {
  orderLineId: number;
  productId: number | null;
  name: string;
  imageUrl: string | null;
  size: string | null;
  color: string | null;
  unitPriceKobo: number;
  bought: number;
  /** Bought less what is in returns not declined. */
  returnable: number;
  /** The product's other sizes and colours in stock, for an exchange. */
  exchangeOptions: { variantId: number; size: string; color: string; stock: number; priceKobo: number }[];
}

export interface Returnable {
  orderNumber: string;
  deliveredAt: string | null;
  /** The last moment a return may be asked (ISO), once delivered. */
  windowEndsAt: string | null;
  windowOpen: boolean;
  /** Why no return can be asked now, in the shopper's words; null when one can. */
  closedReason: string | null;
  returnsDays: number;
  lines: ReturnableLine[];
}

/** What the return operations need: the database, mail, and (for a refund) the payment provider. */
export type ReturnDeps = Pick<OrderDeps, 'db' | 'mailer' | 'publicUrl' | 'onMailError'>;
export type ReturnMoveDeps = PaymentDeps;

export interface ReturnOptions {
  now?: Date;
}

type ReturnRow = typeof orderReturns.$inferSelect;

type LineRow = typeof orderLines.$inferSelect;

const DAY_MS = 86_400_000;

// Made once: a formatter with a time zone is costly to build.
const dayFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'long', timeZone: LAGOS_TIME_ZONE });

/** Sizes and colours compare as the shopper may type them: spaces and case aside, none is ''. */
const sameOption = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** "L / Olive", "M", "Olive": how the shop names one size and colour of a piece. */
const optionName = (size: string | null | undefined, color: string | null | undefined) =>
  variantLabel({ size, color }) || 'this piece';

const lineName = (line: Pick<LineRow, 'name' | 'size' | 'color'>) => {
  const option = variantLabel(line);
  return option ? `${line.name} (${option})` : line.name;
};

/** The order, for whoever may see it; to anyone else it does not exist (404, never 403). */
async function orderForViewer(db: DbOrTx, number: string, viewer: OrderViewer): Promise<OrderRow> {
  const order = await findOrderByNumber(db, number);
  if (!order || !canView(order, viewer)) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

/** Locks the order's row: returns, their moves and refunds of one order happen one at a time. */
async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  return order;
}

/** The states in which an order is in its shopper's hands: delivered, or collected from the shop. */
export const receivedOrderStatuses: readonly OrderRow['status'][] = ['delivered', 'picked_up'];

/** The window: from delivery (or pickup), `returnsDays` days; why it is closed (the shopper's words), or null. */
function returnWindow(
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
async function takenByLine(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
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

interface VariantRow {
  id: number;
  productId: number;
  size: string;
  color: string;
  stock: number;
  priceKobo: number;
}

/** The sizes and colours of these products, each at the price it sells for now. */
async function variantsOf(db: DbOrTx, productIds: number[]): Promise<VariantRow[]> {
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
function variantOfLine(line: LineRow, variants: VariantRow[]): VariantRow | undefined {
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

export async function returnableLines(
  db: DbOrTx,
  orderNumber: string,
  viewer: OrderViewer,
  now: Date = new Date(),
): Promise<Returnable> {
  const order = await orderForViewer(db, orderNumber, viewer);
  const [{ returnsDays }, lines, taken] = await Promise.all([
    getShopSettings(db),
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    takenByLine(db, order.id),
  ]);
  const window = returnWindow(order, returnsDays, now);
  const variants = await variantsOf(db, [
    ...new Set(lines.map((line) => line.productId).filter((id): id is number => id !== null)),
  ]);
  return {
    orderNumber: order.number,
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    windowEndsAt: window.endsAt?.toISOString() ?? null,
    windowOpen: window.closedReason === null,
    closedReason: window.closedReason,
    returnsDays,
    lines: lines.map((line) => {
      const own = variantOfLine(line, variants);
      return {
        orderLineId: line.id,
        productId: line.productId,
        name: line.name,
        imageUrl: line.imageUrl,
        size: line.size,
        color: line.color,
        unitPriceKobo: line.unitPriceKobo,
        bought: line.quantity,
        returnable: Math.max(line.quantity - (taken.get(line.id) ?? 0), 0),
        exchangeOptions: variants
          .filter(
            (variant) => variant.productId === line.productId && variant.id !== own?.id && variant.stock > 0,
          )
          .map((variant) => ({
            variantId: variant.id,
            size: variant.size,
            color: variant.color,
            stock: variant.stock,
            priceKobo: variant.priceKobo,
          })),
      };
    }),
  };
}

/** What identifies a request: the same lines, quantities, reasons and pieces wanted, the same resolution. */
function requestSignature(
  resolution: string,
  items: { orderLineId: number; quantity: number; reason: string; exchangeVariantId: number | null }[],
): string {
  return `${resolution}|${items
    .map((item) => `${item.orderLineId}:${item.quantity}:${item.reason}:${item.exchangeVariantId ?? ''}`)
    .sort()
    .join(',')}`;
}

export async function requestReturn(
  deps: ReturnDeps,
  orderNumber: string,
  raw: unknown,
  viewer: OrderViewer,
  options: ReturnOptions = {},
): Promise<{ created: boolean; view: ReturnView }> {
  const input = parseInput(returnRequestSchema, raw);
  const now = options.now ?? new Date();
  // Someone else's order does not exist, whatever she sends.
  const found = await orderForViewer(deps.db, orderNumber, { ...viewer, key: viewer.key ?? input.key });
  // The rules the request's shape cannot state answer 422 (decision 0030).
  input.items.forEach((item, index) => {
    if (item.reason === 'other' && !item.reasonText)
      throw new AppError('UNPROCESSABLE', 'Please say why you are returning it.', {
        [`items.${index}.reasonText`]: 'Required when the reason is Other',
      });
  });
  if (input.resolution === 'exchange' && input.exchangeFor?.length !== input.items.length)
    throw new AppError('UNPROCESSABLE', 'Please choose the size or colour you want instead of each piece.', {
      exchangeFor: 'One choice for each item, in the same order',
    });
  if (input.resolution === 'refund' && input.exchangeFor?.length)
    throw new AppError('UNPROCESSABLE', 'A refund needs no piece in exchange.', {
      exchangeFor: 'Only with the exchange resolution',
    });
  const { returnsDays } = await getShopSettings(deps.db);

  const outcome = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    const window = returnWindow(order, returnsDays, now);
    if (window.closedReason) throw new AppError('CONFLICT', window.closedReason);
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));

    // Each item names a line of the order, once.
    const asked = input.items.map((item, index) => {
      const line = lines.find(
        (candidate) =>
          candidate.productId === item.productId &&
          sameOption(candidate.size, item.selectedSize) &&
          sameOption(candidate.color, item.selectedColor),
      );
      if (!line)
        throw new AppError(
          'BAD_REQUEST',
          item.selectedSize || item.selectedColor
            ? `This order has no ${optionName(item.selectedSize, item.selectedColor)} of product ${item.productId}.`
            : `This order has no product ${item.productId} without a size or colour.`,
          { [`items.${index}`]: 'Not a line of this order' },
        );
      return { item, line, index };
    });
    const seen = new Set<number>();
    for (const { line, index } of asked) {
      if (seen.has(line.id))
        throw new AppError('UNPROCESSABLE', `${lineName(line)} is listed twice.`, {
          [`items.${index}`]: 'Listed twice',
        });
      seen.add(line.id);
    }

    // The piece wanted instead: the same product, another size or colour, at most the same price.
    const variants =
      input.resolution === 'exchange'
        ? await variantsOf(tx, [...new Set(asked.map(({ line }) => line.productId!))])
        : [];
    const planned = asked.map(({ item, line, index }) => {
      let exchange: VariantRow | null = null;
      if (input.resolution === 'exchange') {
        const choice = input.exchangeFor![index]!;
        if (choice.productId !== item.productId)
          throw new AppError(
            'UNPROCESSABLE',
            'An exchange is for the same piece in another size or colour.',
            {
              [`exchangeFor.${index}.productId`]: 'Must be the returned product',
            },
          );
        exchange =
          variants.find(
            (variant) =>
              variant.productId === choice.productId &&
              sameOption(variant.size, choice.selectedSize) &&
              sameOption(variant.color, choice.selectedColor),
          ) ?? null;
        if (!exchange)
          throw new AppError(
            'BAD_REQUEST',
            `${line.name} does not come in ${optionName(choice.selectedSize, choice.selectedColor)}.`,
            { [`exchangeFor.${index}`]: 'Not a size or colour of this product' },
          );
        if (exchange.id === variantOfLine(line, variants)?.id)
          throw new AppError('UNPROCESSABLE', 'Choose another size or colour than the one you have.', {
            [`exchangeFor.${index}`]: 'The same size and colour as the returned piece',
          });
        if (exchange.priceKobo > line.unitPriceKobo)
          throw new AppError(
            'CONFLICT',
            `${line.name} in ${optionName(exchange.size, exchange.color)} costs ${formatNaira(exchange.priceKobo)}, more than the ${formatNaira(line.unitPriceKobo)} you paid: please ask for your money back and order it anew.`,
            { [`exchangeFor.${index}`]: 'Costs more than the returned piece' },
          );
      }
      return {
        orderLineId: line.id,
        line,
        quantity: item.quantity,
        reason: item.reason,
        reasonText: item.reasonText ?? '',
        exchange,
        exchangeVariantId: exchange?.id ?? null,
      };
    });

    // The same request again, while the first waits: the first is the answer.
    const signature = requestSignature(input.resolution, planned);
    const waiting = await tx
      .select()
      .from(orderReturns)
      .where(and(eq(orderReturns.orderId, order.id), eq(orderReturns.status, 'requested')));
    if (waiting.length > 0) {
      const waitingItems = await tx
        .select()
        .from(returnItems)
        .where(
          inArray(
            returnItems.returnId,
            waiting.map((row) => row.id),
          ),
        );
      const same = waiting.find(
        (row) =>
          requestSignature(
            row.resolution,
            waitingItems.filter((item) => item.returnId === row.id),
          ) === signature,
      );
      if (same) return { created: false, id: same.id };
    }

    const taken = await takenByLine(tx, order.id);
    for (const { line, quantity, orderLineId } of planned) {
      const left = line.quantity - (taken.get(orderLineId) ?? 0);
      if (quantity > left)
        throw new AppError(
          'CONFLICT',
          left > 0
            ? `Only ${left} of ${lineName(line)} can still be returned.`
            : `${lineName(line)} is already being returned.`,
        );
    }

    // Set the exchange's units aside now (core/inventory: the products then the variants locked in id
    // order, as Place Order takes them): sold out, refused. The piece sent instead counts as sold, as
    // the one returned stops counting when it is received back in stock.
    const short = await setAside(
      tx,
      { reason: 'exchange_out', orderId: order.id, note: 'Set aside for an exchange' },
      planned
        .filter((item) => item.exchange)
        .map((item) => ({
          productId: item.exchange!.productId,
          variantId: item.exchange!.id,
          units: item.quantity,
        })),
    );
    if (short) {
      const variant = planned.find((item) => item.exchange?.id === short.variantId)!.exchange!;
      throw new AppError(
        'OUT_OF_STOCK',
        `Sorry, ${optionName(variant.size, variant.color)} is sold out — choose another size or your money back.`,
      );
    }

    const [created] = await tx
      .insert(orderReturns)
      .values({
        number: sql`'RET-' || nextval('return_number_seq')`,
        orderId: order.id,
        status: 'requested',
        resolution: input.resolution,
        requestedBy: viewer.user?.id ?? null,
        note: input.note ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(returnItems).values(
      planned.map((item) => ({
        returnId: created!.id,
        orderLineId: item.orderLineId,
        productId: item.line.productId,
        size: item.line.size,
        quantity: item.quantity,
        reason: item.reason,
        reasonText: item.reasonText,
        exchangeVariantId: item.exchangeVariantId,
        exchangeReserved: item.exchange !== null,
      })),
    );
    const what = planned
      .map(
        (item) =>
          `${item.quantity} × ${lineName(item.line)}, ${returnReasonNames[item.reason]}${
            item.exchange ? `, for ${optionName(item.exchange.size, item.exchange.color)}` : ''
          }`,
      )
      .join('; ');
    await tx.insert(orderEvents).values({
      orderId: order.id,
      status: order.status,
      note: `Return ${created!.number} requested (${returnResolutionNames[input.resolution].toLowerCase()}): ${what}.`,
      createdAt: now,
    });
    await notifyOrderOwner(
      tx,
      order,
      { kind: 'return', returnNumber: created!.number, stage: 'requested' },
      now,
    );
    return { created: true, id: created!.id };
  });

  const view = await getReturnForAdmin(deps.db, outcome.id);
  if (outcome.created) await mailStep(deps, view);
  return { created: outcome.created, view: shopperView(view) };
}

export async function listOrderReturns(
  db: DbOrTx,
  orderNumber: string,
  viewer: OrderViewer,
): Promise<ReturnView[]> {
  const order = await orderForViewer(db, orderNumber, viewer);
  const rows = await db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, order.id))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id));
  return (await adminViews(db, rows)).map(shopperView);
}

export async function listReturnsForAdmin(
  db: DbOrTx,
  filter: AdminReturnFilter = {},
): Promise<AdminReturnView[]> {
  const conditions: (SQL | undefined)[] = [];
  if (filter.status) {
    if (!(returnStatusIds as readonly string[]).includes(filter.status))
      throw new AppError('BAD_REQUEST', `There is no return status "${filter.status}".`, {
        status: `One of ${returnStatusIds.join(', ')}`,
      });
    conditions.push(eq(orderReturns.status, filter.status as ReturnStatusId));
  }
  const q = filter.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(ilike(orderReturns.number, pattern), ilike(orders.number, pattern), ilike(orders.email, pattern)),
    );
  }
  const rows = await db
    .select({ ret: orderReturns })
    .from(orderReturns)
    .innerJoin(orders, eq(orders.id, orderReturns.orderId))
    .where(and(...conditions))
    .orderBy(desc(orderReturns.createdAt), desc(orderReturns.id))
    .limit(200);
  return adminViews(
    db,
    rows.map((row) => row.ret),
  );
}

async function findReturn(db: DbOrTx, id: number | string): Promise<ReturnRow | undefined> {
  const byNumber = typeof id === 'string' && /^RET-\d+$/i.test(id.trim());
  if (!byNumber && !/^\d{1,9}$/.test(String(id).trim())) return undefined;
  const [row] = await db
    .select()
    .from(orderReturns)
    .where(
      byNumber
        ? eq(orderReturns.number, String(id).trim().toUpperCase())
        : eq(orderReturns.id, Number(String(id).trim())),
    );
  return row;
}

export async function getReturnForAdmin(db: DbOrTx, id: number | string): Promise<AdminReturnView> {
  const row = await findReturn(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Return not found');
  const [view] = await adminViews(db, [row]);
  return view!;
}

/** Builds the views of these returns: their items, order, staff member and refunds. */
async function adminViews(db: DbOrTx, rows: ReturnRow[]): Promise<AdminReturnView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const handlerIds = [...new Set(rows.map((row) => row.handledBy).filter((id): id is string => id !== null))];
  const [items, orderRows, handlers, refundRows] = await Promise.all([
    db
      .select({
        item: returnItems,
        line: orderLines,
        exchangeSize: productVariants.size,
        exchangeColor: productVariants.color,
        exchangePriceKobo: sql<
          number | null
        >`coalesce(${productVariants.priceKobo}, ${products.priceKobo})::int`,
      })
      .from(returnItems)
      .innerJoin(orderLines, eq(orderLines.id, returnItems.orderLineId))
      .leftJoin(productVariants, eq(productVariants.id, returnItems.exchangeVariantId))
      .leftJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(returnItems.returnId, ids))
      .orderBy(asc(returnItems.id)),
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    handlerIds.length
      ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, handlerIds))
      : Promise.resolve([]),
    db
      .select({
        id: refunds.id,
        returnId: refunds.returnId,
        amountKobo: refunds.amountKobo,
        status: refunds.status,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .where(inArray(refunds.returnId, ids))
      .orderBy(asc(refunds.id)),
  ]);
  return rows.map((row) => {
    const order = orderRows.find((candidate) => candidate.id === row.orderId)!;
    const own = items.filter(({ item }) => item.returnId === row.id);
    const itemViews: ReturnItemView[] = own.map(
      ({ item, line, exchangeSize, exchangeColor, exchangePriceKobo }) => ({
        id: item.id,
        orderLineId: item.orderLineId,
        productId: line.productId,
        name: line.name,
        imageUrl: line.imageUrl,
        size: line.size,
        color: line.color,
        quantity: item.quantity,
        unitPriceKobo: line.unitPriceKobo,
        reason: item.reason,
        reasonLabel: returnReasonNames[item.reason],
        reasonText: item.reasonText,
        exchangeFor:
          item.exchangeVariantId !== null && exchangeSize !== null && exchangeColor !== null
            ? {
                variantId: item.exchangeVariantId,
                size: exchangeSize,
                color: exchangeColor,
                priceKobo: exchangePriceKobo ?? line.unitPriceKobo,
              }
            : null,
        exchangeReserved: item.exchangeReserved,
        restocked: item.restocked,
      }),
    );
    const itemsKobo = itemViews.reduce((sum, item) => sum + item.quantity * item.unitPriceKobo, 0);
    return {
      id: row.id,
      number: row.number,
      orderNumber: order.number,
      status: row.status,
      statusLabel: returnStatusNames[row.status],
      resolution: row.resolution,
      resolutionLabel: returnResolutionNames[row.resolution],
      note: row.note,
      instructions: row.instructions,
      declineReason: row.declineReason,
      exchangeCarrier: row.exchangeCarrier,
      exchangeTrackingNumber: row.exchangeTrackingNumber,
      items: itemViews,
      itemsKobo,
      refundKobo: row.resolution === 'refund' ? itemsKobo : exchangeDifference(itemViews),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      approvedAt: row.approvedAt?.toISOString() ?? null,
      receivedAt: row.receivedAt?.toISOString() ?? null,
      closedAt: row.closedAt?.toISOString() ?? null,
      customerName: `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
      email: order.email,
      orderStatus: order.status,
      paymentStatus: order.paymentStatus,
      handledBy: handlers.find((handler) => handler.id === row.handledBy)?.email ?? null,
      moves: returnMoveIds.filter(
        (move) => canMoveReturn(row.status, move) && (move !== 'exchange' || row.resolution === 'exchange'),
      ),
      refunds: refundRows
        .filter((refund) => refund.returnId === row.id)
        .map((refund) => ({
          id: refund.id,
          amountKobo: refund.amountKobo,
          status: refund.status,
          createdAt: refund.createdAt.toISOString(),
        })),
    };
  });
}

/** An exchange for a cheaper piece gives the difference back; never the other way (refused when asked). */
function exchangeDifference(items: ReturnItemView[]): number {
  return items.reduce(
    (sum, item) =>
      sum +
      item.quantity * Math.max(item.unitPriceKobo - (item.exchangeFor?.priceKobo ?? item.unitPriceKobo), 0),
    0,
  );
}

/** What the shopper reads: no customer details, staff or moves. */
function shopperView(view: AdminReturnView): ReturnView {
  const {
    customerName: _customerName,
    email: _email,
    orderStatus: _orderStatus,
    paymentStatus: _paymentStatus,
    handledBy: _handledBy,
    moves: _moves,
    refunds: _refunds,
    ...shopper
  } = view;
  return shopper;
}

/** E-mails the shopper one step of her return, after it committed; a failing mail server loses nothing. */
async function mailStep(deps: ReturnDeps, view: AdminReturnView, refundKobo = 0): Promise<void> {
  try {
    const [settings, [order]] = await Promise.all([
      getShopSettings(deps.db),
      deps.db
        .select({ shippingAddress: orders.shippingAddress })
        .from(orders)
        .where(eq(orders.number, view.orderNumber)),
    ]);
    const facts: ReturnMailFacts = {
      number: view.number,
      orderNumber: view.orderNumber,
      email: view.email,
      firstName: order?.shippingAddress.firstName ?? '',
      status: view.status,
      resolution: view.resolution,
      items: view.items.map(
        (item) =>
          `${item.quantity} × ${lineName(item)}: ${item.reasonLabel}${
            item.exchangeFor ? `, for ${optionName(item.exchangeFor.size, item.exchangeFor.color)}` : ''
          }`,
      ),
      instructions: view.instructions,
      declineReason: view.declineReason,
      exchangeCarrier: view.exchangeCarrier,
      exchangeTrackingNumber: view.exchangeTrackingNumber,
      refundKobo,
    };
    await deps.mailer.send(returnStepMail(deps.publicUrl, facts, settings.name));
    const alert =
      view.status === 'requested' ? returnRequestedAlertMail(deps.publicUrl, facts, settings) : null;
    if (alert) await deps.mailer.send(alert);
  } catch (error) {
    deps.onMailError?.(error);
  }
}

function movedOn(row: Pick<ReturnRow, 'number' | 'status'>): AppError {
  return new AppError(
    'CONFLICT',
    `This return has moved on: ${row.number} is ${returnStatusNames[row.status].toLowerCase()} now. Please reload.`,
  );
}

interface MoveEffect {
  set: Partial<typeof orderReturns.$inferInsert>;
  /** The timeline's words after "Return RET-10001 ". */
  note: string;
  detail?: string;
}

export async function moveReturn(
  deps: ReturnMoveDeps,
  id: number | string,
  move: ReturnMove,
  raw: unknown,
  actor: AuditActor & { id: string },
  options: ReturnOptions = {},
): Promise<AdminReturnView> {
  if (!returnMoveIds.includes(move)) throw new AppError('NOT_FOUND', 'There is no such move for a return.');
  const input = parseInput(returnMoveSchemas[move] as z.ZodType, raw) as Record<string, unknown>;
  const found = await findReturn(deps.db, id);
  if (!found) throw new AppError('NOT_FOUND', 'Return not found');
  if (!canMoveReturn(found.status, move)) throw movedOn(found);
  if (move === 'exchange' && found.resolution !== 'exchange')
    throw new AppError('CONFLICT', 'This return asks for money back: refund it instead.');
  // An exchange can give money back (a cheaper replacement): it asks for the right to refund too.
  if (move === 'exchange' && actor.role !== undefined) requirePermission(actor.role, 'refunds.manage');
  const now = options.now ?? new Date();
  if (move === 'refund')
    return refundReturn(deps, found, input.manual as ManualRefund | undefined, actor, now);

  const moved = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.orderId);
    const items = await tx.select().from(returnItems).where(eq(returnItems.returnId, found.id));
    const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    const effect = planMove(move, input, items, lines, now);
    const [row] = await tx
      .update(orderReturns)
      .set({ ...effect.set, status: returnMoves[move].to, handledBy: actor.id, updatedAt: now })
      .where(and(eq(orderReturns.id, found.id), eq(orderReturns.status, found.status)))
      .returning();
    // Another request moved it first: nothing is written.
    if (!row) return null;
    await applyMove(tx, row, move, input, items);
    await recordMove(tx, order, row, found.status, effect, actor, now);
    return row;
  });
  if (!moved) throw movedOn((await findReturn(deps.db, found.id)) ?? found);
  const view = await getReturnForAdmin(deps.db, found.id);
  let refundKobo = 0;
  if (move === 'exchange') refundKobo = await refundExchangeDifference(deps, view, actor, now);
  await mailStep(deps, view, refundKobo);
  return refundKobo > 0 ? getReturnForAdmin(deps.db, found.id) : view;
}

type ItemRow = typeof returnItems.$inferSelect;

/** The row's new fields and the timeline's words for one move; refuses a body that does not fit the return. */
function planMove(
  move: Exclude<ReturnMove, 'refund'>,
  input: Record<string, unknown>,
  items: ItemRow[],
  lines: LineRow[],
  now: Date,
): MoveEffect {
  switch (move) {
    case 'approve': {
      const instructions = (input.instructions as string | undefined) ?? '';
      return {
        set: { instructions, approvedAt: now },
        note: `approved${instructions ? `: ${instructions}` : '.'}`,
        detail: instructions || undefined,
      };
    }
    case 'decline': {
      const reason = input.reason as string;
      return { set: { declineReason: reason, closedAt: now }, note: `declined: ${reason}`, detail: reason };
    }
    case 'receive': {
      const restock = restockChoices(input.restock as boolean | Record<string, boolean>, items);
      const words = items.map((item) => {
        const line = lines.find((candidate) => candidate.id === item.orderLineId)!;
        return `${item.quantity} × ${lineName(line)} ${restock.get(item.id) ? 'back in stock' : 'not restocked'}`;
      });
      return { set: { receivedAt: now }, note: `received: ${words.join('; ')}.` };
    }
    case 'exchange': {
      const carrier = input.carrier as string;
      const trackingNumber = input.trackingNumber as string;
      return {
        set: { exchangeCarrier: carrier, exchangeTrackingNumber: trackingNumber },
        note: `exchange sent with ${carrier}, tracking number ${trackingNumber}, at no charge.`,
        detail: `${carrier}, tracking number ${trackingNumber}.`,
      };
    }
    case 'close':
      return { set: { closedAt: now }, note: 'closed.' };
  }
}

/** Receive's answer for each item: one for all, or one per item id (each item answered). */
function restockChoices(restock: boolean | Record<string, boolean>, items: ItemRow[]): Map<number, boolean> {
  if (typeof restock === 'boolean') return new Map(items.map((item) => [item.id, restock]));
  const unknown = Object.keys(restock).filter((id) => !items.some((item) => String(item.id) === id));
  const missing = items.filter((item) => restock[String(item.id)] === undefined);
  if (unknown.length || missing.length)
    throw new AppError('UNPROCESSABLE', 'Say for each returned item whether it goes back in stock.', {
      restock: unknown.length
        ? `Not items of this return: ${unknown.join(', ')}`
        : `Missing items: ${missing.map((item) => item.id).join(', ')}`,
    });
  return new Map(items.map((item) => [item.id, restock[String(item.id)]!]));
}

/**
 * The stock a move changes: decline gives the exchange's units back; receive puts returned units on
 * sale, those still out of stock (a refund with restock may have given them back already, decision
 * 0061), each to the size and colour it was sold from.
 */
async function applyMove(
  tx: DbOrTx,
  row: Pick<ReturnRow, 'id' | 'orderId'>,
  move: Exclude<ReturnMove, 'refund'>,
  input: Record<string, unknown>,
  items: ItemRow[],
): Promise<void> {
  if (move === 'decline') await releaseExchange(tx, row.orderId, items);
  if (move !== 'receive') return;
  const restock = restockChoices(input.restock as boolean | Record<string, boolean>, items);
  const back = items.filter((item) => restock.get(item.id));
  await giveBack(tx, {
    returnId: row.id,
    orderId: row.orderId,
    pieces: back.map((item) => ({ orderLineId: item.orderLineId, quantity: item.quantity })),
  });
  for (const item of items)
    await tx
      .update(returnItems)
      .set({ restocked: restock.get(item.id) === true })
      .where(eq(returnItems.id, item.id));
}

/**
 * The exchange's reserved units go back on sale, once (the flag is cleared as they go), and leave the
 * sold count (core/inventory: the products then the variants locked in id order, as Place Order takes
 * them); a size since removed from the grid takes nothing back, yet its piece leaves the sold count.
 */
async function releaseExchange(tx: DbOrTx, orderId: number, items: ItemRow[]): Promise<void> {
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

/** The order's timeline entry, the owner's notification and the activity log's entry for one move. */
async function recordMove(
  tx: DbOrTx,
  order: OrderRow,
  row: ReturnRow,
  from: ReturnStatusId,
  effect: MoveEffect,
  actor: AuditActor,
  now: Date,
): Promise<void> {
  const note = `Return ${row.number} ${effect.note}`;
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, status: order.status, note, createdAt: now, ...eventActor(actor) });
  await notifyOrderOwner(
    tx,
    order,
    {
      kind: 'return',
      returnNumber: row.number,
      stage: row.status,
      ...(effect.detail ? { detail: effect.detail } : {}),
    },
    now,
  );
  await recordAdminAction(tx, actor, {
    action: `return.${row.status}`,
    entityType: 'return',
    entityId: row.number,
    summary: `${row.number} (${order.number}): ${returnStatusNames[from]} → ${returnStatusNames[row.status]}. ${note}`,
    before: { status: from },
    after: { status: row.status },
  });
}

/**
 * refund: gives the money back through the refund engine for the returned lines (the units were put
 * back, or not, when received), then moves the return received → refunded, once. The refund is
 * written first, tied to the return (one refund per return, refunds_one_per_return_idx): a repeat,
 * two staff at once, or a retry after a crash between the two steps finds that refund and never
 * makes a second; a failed one is tried again on the same record. Until the provider takes it the
 * return stays received, and a refund is never counted unless the provider said so.
 */
type ManualRefund = z.infer<typeof returnMoveSchemas.refund>['manual'];

async function refundReturn(
  deps: ReturnMoveDeps,
  found: ReturnRow,
  manual: ManualRefund,
  actor: AuditActor & { id: string },
  now: Date,
): Promise<AdminReturnView> {
  if (found.status !== 'received') throw movedOn(found);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, found.orderId));
  const items = await deps.db.select().from(returnItems).where(eq(returnItems.returnId, found.id));
  const reasons = [...new Set(items.map((item) => returnReasonNames[item.reason]))].join(', ');
  const refundOfReturn = async () =>
    (
      await deps.db
        .select({ id: refunds.id, status: refunds.status })
        .from(refunds)
        .where(eq(refunds.returnId, found.id))
    )[0];
  let refund: RefundView;
  try {
    const earlier = await refundOfReturn();
    if (earlier?.status === 'failed') refund = await retryRefund(deps, earlier.id, actor);
    else if (earlier) refund = (await refundViewById(deps.db, earlier.id))!;
    else
      refund = await createRefund(
        deps,
        order!.number,
        {
          lines: items.map((item) => ({ orderLineId: item.orderLineId, quantity: item.quantity })),
          reason: `Return ${found.number}: ${reasons}`,
          // The units went back on sale (or not) when the parcel was received.
          restock: false,
          ...(manual ? { manual } : {}),
        },
        actor,
        { returnId: found.id, now },
      );
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UNAVAILABLE', 'The refund could not be made. Please try again.');
  }
  if (refund.status === 'failed')
    throw new AppError(
      'CONFLICT',
      `The refund failed${refund.failureReason ? `: ${refund.failureReason}` : ''}. The return stays received: try again.`,
    );
  const moved = await deps.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, found.orderId);
    const claimed = await tx
      .update(orderReturns)
      .set({ status: 'refunded', handledBy: actor.id, updatedAt: now })
      .where(and(eq(orderReturns.id, found.id), eq(orderReturns.status, 'received')))
      .returning({ id: orderReturns.id });
    if (claimed.length === 0) return false;
    // An exchange refunded instead: the pieces set aside for her go back on sale.
    await releaseExchange(tx, found.orderId, items);
    await recordMove(
      tx,
      locked,
      { ...found, status: 'refunded' },
      'received',
      {
        set: {},
        note: `refunded: ${formatNaira(refund.amountKobo)}${refund.status !== 'completed' ? ' on its way' : ''}.`,
        detail: `${formatNaira(refund.amountKobo)} is on its way back to you.`,
      },
      actor,
      now,
    );
    return true;
  });
  if (!moved) throw movedOn((await findReturn(deps.db, found.id)) ?? found);
  const view = await getReturnForAdmin(deps.db, found.id);
  await mailStep(deps, view, refund.amountKobo);
  return view;
}

/**
 * An exchange for a cheaper piece: once shipped, the difference goes back through the refund engine.
 * The exchange stands if the refund cannot be made; the timeline then says to refund it by hand.
 */
async function refundExchangeDifference(
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
      { amount: difference / 100, reason: `Return ${view.number}: the exchanged piece costs less` },
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
