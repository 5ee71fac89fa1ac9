/* What the shopper and the staff read of returns: what may be returned, one return, the lists. */
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  returnResolutionNames,
  returnReasonNames,
  returnStatusIds,
  returnStatusNames,
  type ReturnReasonId,
  type ReturnResolutionId,
  type ReturnStatusId,
} from '../../contracts/returns';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { products, productVariants } from '../../db/schema/catalog';
import { orderLines, orders } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';
import { orderReturns, returnItems } from '../../db/schema/returns';
import { AppError } from '../errors';
import type { OrderViewer } from '../orders/read-orders';
import { containsPattern } from '../search-pattern';
import { getShopSettings } from '../settings/shop-settings';
import {
  canMoveReturn,
  exchangeDifference,
  orderForViewer,
  returnMoveIds,
  returnWindow,
  takenByLine,
  variantOfLine,
  variantsOf,
  type ReturnMove,
  type ReturnRow,
} from './plan';

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

export async function findReturn(db: DbOrTx, id: number | string): Promise<ReturnRow | undefined> {
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

/** Each item of these returns with its order line and the piece sent instead, at today's price. */
function itemRowsOf(db: DbOrTx, returnIds: number[]) {
  return db
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
    .where(inArray(returnItems.returnId, returnIds))
    .orderBy(asc(returnItems.id));
}

/** One returned item as the shopper and the staff read it. */
function itemView({
  item,
  line,
  exchangeSize,
  exchangeColor,
  exchangePriceKobo,
}: Awaited<ReturnType<typeof itemRowsOf>>[number]): ReturnItemView {
  return {
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
  };
}

/** Builds the views of these returns: their items, order, staff member and refunds. */
async function adminViews(db: DbOrTx, rows: ReturnRow[]): Promise<AdminReturnView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const orderIds = [...new Set(rows.map((row) => row.orderId))];
  const handlerIds = [...new Set(rows.map((row) => row.handledBy).filter((id): id is string => id !== null))];
  const [items, orderRows, handlers, refundRows] = await Promise.all([
    itemRowsOf(db, ids),
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
    const itemViews = own.map(itemView);
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

/** What the shopper reads: no customer details, staff or moves. */
export function shopperView(view: AdminReturnView): ReturnView {
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
