import { asc, inArray } from 'drizzle-orm';
import {
  orderProgress,
  orderStatusNames,
  paymentMethodNames,
  shopperStatusLabel,
  type OrderStatusId,
  type PaymentMethodId,
} from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orderLines, type orders, type ShippingAddress } from '../../db/schema/orders';

export type OrderRow = typeof orders.$inferSelect;

export interface OrderLineView {
  productId: number | null;
  name: string;
  imageUrl: string | null;
  unitPriceKobo: number;
  quantity: number;
  color: string | null;
  size: string | null;
  /** The SKU of the variant the units came from, for the shop's staff; null on lines older than variants. */
  sku: string | null;
  lineTotalKobo: number;
}

export interface OrderEventView {
  status: OrderStatusId;
  label: string;
  note: string;
  at: string;
}

export interface OrderView {
  number: string;
  status: OrderStatusId;
  statusLabel: string;
  progress: number;
  paymentMethod: PaymentMethodId;
  paymentMethodLabel: string;
  paymentStatus: OrderRow['paymentStatus'];
  /** Paid in TEST MODE: no money moved. */
  isTest: boolean;
  email: string;
  phone: string;
  shippingAddress: ShippingAddress;
  shippingMethodLabel: string;
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  taxKobo: number;
  totalKobo: number;
  taxRatePercent: number;
  couponCode: string | null;
  bankReference: string | null;
  customerBankReference: string | null;
  stockHeldUntil: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  placedAt: string;
  items: OrderLineView[];
  events: OrderEventView[];
}

export interface OrderSummaryView {
  number: string;
  status: OrderStatusId;
  statusLabel: string;
  paymentMethod: PaymentMethodId;
  paymentStatus: OrderRow['paymentStatus'];
  totalKobo: number;
  itemCount: number;
  placedAt: string;
  items: Pick<OrderLineView, 'name' | 'imageUrl' | 'quantity'>[];
}

function toLineView(line: typeof orderLines.$inferSelect): OrderLineView {
  return {
    productId: line.productId,
    name: line.name,
    imageUrl: line.imageUrl,
    unitPriceKobo: line.unitPriceKobo,
    quantity: line.quantity,
    color: line.color,
    size: line.size,
    sku: line.sku,
    lineTotalKobo: line.unitPriceKobo * line.quantity,
  };
}

/** One order's view from its row, lines and events (lines in the order they were recorded). */
export function orderViewOf(
  row: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
  events: (typeof orderEvents.$inferSelect)[],
): OrderView {
  return {
    number: row.number,
    status: row.status,
    statusLabel: shopperStatusLabel(row.status, row.paymentMethod),
    progress: orderProgress(row.status),
    paymentMethod: row.paymentMethod,
    paymentMethodLabel: paymentMethodNames[row.paymentMethod],
    paymentStatus: row.paymentStatus,
    isTest: row.isTest,
    email: row.email,
    phone: row.phone,
    shippingAddress: row.shippingAddress,
    shippingMethodLabel: row.shippingMethodLabel,
    subtotalKobo: row.subtotalKobo,
    discountKobo: row.discountKobo,
    shippingKobo: row.shippingKobo,
    taxKobo: row.taxKobo,
    totalKobo: row.totalKobo,
    taxRatePercent: Number(row.taxRatePercent),
    couponCode: row.couponCode,
    bankReference: row.bankReference,
    customerBankReference: row.customerBankReference,
    stockHeldUntil: row.stockHeldUntil?.toISOString() ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    placedAt: row.createdAt.toISOString(),
    items: lines.map(toLineView),
    events: events.map((event) => ({
      status: event.status,
      label: orderStatusNames[event.status],
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
  };
}

/** Orders with their lines and events, in the order given: one query per table, not per order. */
export async function toOrderViews(db: DbOrTx, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, events] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return rows.map((row) =>
    orderViewOf(
      row,
      lines.filter((line) => line.orderId === row.id),
      events.filter((event) => event.orderId === row.id),
    ),
  );
}

export async function toOrderView(db: DbOrTx, row: OrderRow): Promise<OrderView> {
  const [view] = await toOrderViews(db, [row]);
  if (!view) throw new Error(`Order ${row.number} has no view`);
  return view;
}
