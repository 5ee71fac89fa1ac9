import { asc, eq, inArray } from 'drizzle-orm';
import { isStaffRole, roleLabels } from '../../contracts/accounts';
import { LAGOS_TIME_ZONE } from '../../contracts/lagos-time';
import { koboToNaira } from '../../contracts/money';
import {
  orderProgress,
  orderStatusNames,
  paymentMethodNames,
  shopperStatusLabel,
  type OrderStatusId,
  type PaymentMethodId,
} from '../../contracts/checkout-texts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { orderEvents, orderLines, orders, type ShippingAddress } from '../../db/schema/orders';
import { refunds } from '../../db/schema/payments';

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
  /** Staff timelines only (staffTimeline): the staff member who made the move; the shopper's never carry it. */
  by?: string | null;
}

/**
 * A refund as the shopper reads it on her order: the shop's one source of her refund words. A failed
 * refund, or one waiting for the bank account her card could not take it back to, reads 'pending':
 * trying again is the shop's business, and she is only ever told money came
 * back once it did.
 */
export interface OrderRefundView {
  /** Naira. */
  amount: number;
  amountKobo: number;
  status: 'pending' | 'completed';
  reason: string;
  /** When it was asked (ISO). */
  date: string;
  completedAt: string | null;
  /** What comes back, where, and when, in the shop's words. */
  note: string;
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
  /** The method's id: 'pickup' for an order collected from the shop. */
  shippingMethod: string;
  shippingMethodLabel: string;
  subtotalKobo: number;
  discountKobo: number;
  shippingKobo: number;
  taxKobo: number;
  totalKobo: number;
  taxRatePercent: number;
  /** The tax was inside the prices (VAT included): the total holds it; false when it was added on top. */
  taxIncluded: boolean;
  /** What a free-delivery coupon waived of the delivery price. */
  deliveryDiscountKobo: number;
  couponCode: string | null;
  bankReference: string | null;
  customerBankReference: string | null;
  stockHeldUntil: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  /** The carrier's page for this parcel, when the carrier has one. */
  trackingUrl: string | null;
  /**
   * The code the shopper shows to collect a pickup order, once it is ready. Only in the view its
   * shopper reads (read-orders.ts getOrderForViewer, opened with the shop key) and in her
   * ready-for-pickup e-mail; a view made from the row alone, as staff read it, never holds it.
   */
  pickupCode: string | null;
  readyForPickupAt: string | null;
  pickedUpAt: string | null;
  /** The dates promised at checkout ('YYYY-MM-DD', Lagos); null on orders placed before dates were. */
  deliveryEarliest: string | null;
  deliveryLatest: string | null;
  placedAt: string;
  items: OrderLineView[];
  events: OrderEventView[];
  /** Money given back on the order (for its lines, or owed beyond it), oldest first. */
  refunds: OrderRefundView[];
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

type RefundRow = typeof refunds.$inferSelect;

const refundDate = new Intl.DateTimeFormat('en-NG', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: LAGOS_TIME_ZONE,
});

/** The last four digits of an account number, the rest hidden: '•••• 1234'. */
export function maskedAccount(accountNumber: string): string {
  const digits = accountNumber.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

/** What the shopper is told of one refund. */
export function refundViewOf(refund: RefundRow, paymentMethod: PaymentMethodId): OrderRefundView {
  const done = refund.status === 'completed';
  const completedAt = done ? (refund.completedAt ?? refund.updatedAt) : null;
  let note: string;
  if (completedAt && (refund.provider === 'manual' || refund.bankDetails))
    note = `Sent to your bank account${refund.bankDetails ? ` ${maskedAccount(refund.bankDetails.accountNumber)}` : ''} on ${refundDate.format(completedAt)}.`;
  else if (completedAt) note = `Refunded on ${refundDate.format(completedAt)}.`;
  // The card could not take it back: the shop sends it to her bank account instead.
  else if (refund.status === 'needs_attention')
    note = 'On its way: your card could not take it back, so we are sending it to your bank account.';
  else if (refund.status === 'pending' && refund.bankDetails && refund.provider !== 'manual')
    note = `On its way to your bank account ${maskedAccount(refund.bankDetails.accountNumber)}.`;
  else if (refund.status === 'pending' && refund.provider !== 'manual')
    note =
      paymentMethod === 'bank-transfer'
        ? 'On its way: usually 5–10 working days to the account you paid from.'
        : 'On its way: usually 5–10 working days to your card.';
  // A failed attempt (the shop tries again) or a transfer by hand not yet made.
  else note = 'We are processing this refund.';
  return {
    amount: koboToNaira(refund.amountKobo),
    amountKobo: refund.amountKobo,
    status: done ? 'completed' : 'pending',
    reason: refund.reason,
    date: refund.createdAt.toISOString(),
    completedAt: completedAt?.toISOString() ?? null,
    note,
  };
}

/** One order's view from its row, lines, events and refunds (each in the order they were recorded). */
export function orderViewOf(
  row: OrderRow,
  lines: (typeof orderLines.$inferSelect)[],
  events: (typeof orderEvents.$inferSelect)[],
  refundRows: RefundRow[] = [],
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
    shippingMethod: row.shippingMethod,
    shippingMethodLabel: row.shippingMethodLabel,
    subtotalKobo: row.subtotalKobo,
    discountKobo: row.discountKobo,
    shippingKobo: row.shippingKobo,
    taxKobo: row.taxKobo,
    totalKobo: row.totalKobo,
    taxRatePercent: Number(row.taxRatePercent),
    taxIncluded: row.taxIncluded,
    deliveryDiscountKobo: row.deliveryDiscountKobo,
    couponCode: row.couponCode,
    bankReference: row.bankReference,
    customerBankReference: row.customerBankReference,
    stockHeldUntil: row.stockHeldUntil?.toISOString() ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    // The row keeps the code's proof and its sealed copy, never the code (decision 0060).
    pickupCode: null,
    readyForPickupAt: row.readyForPickupAt?.toISOString() ?? null,
    pickedUpAt: row.pickedUpAt?.toISOString() ?? null,
    deliveryEarliest: row.deliveryEarliest,
    deliveryLatest: row.deliveryLatest,
    placedAt: row.createdAt.toISOString(),
    items: lines.map(toLineView),
    events: events.map((event) => ({
      status: event.status,
      label: orderStatusNames[event.status],
      note: event.note,
      at: event.createdAt.toISOString(),
    })),
    refunds: refundRows.map((refund) => refundViewOf(refund, row.paymentMethod)),
  };
}

/** Orders with their lines, events and refunds, in the order given: one query per table, not per order. */
export async function toOrderViews(db: DbOrTx, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lines, events, refundRows] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, ids))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    // Every refund of the order, whatever it gives back (the order's money, or money owed beyond
    // it): either way it is her money.
    db
      .select()
      .from(refunds)
      .where(inArray(refunds.orderId, ids))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  return rows.map((row) =>
    orderViewOf(
      row,
      lines.filter((line) => line.orderId === row.id),
      events.filter((event) => event.orderId === row.id),
      refundRows.filter((refund) => refund.orderId === row.id),
    ),
  );
}

/**
 * An order's timeline as staff read it: each entry with the staff member who made it, "Ada Obi
 * (Dispatch)" (null: the shopper, a payment, a job). The name is the one kept with the entry; the role
 * is their role now, left out once their account is gone or no longer staff.
 */
export async function staffTimeline(db: DbOrTx, orderNumber: string): Promise<OrderEventView[]> {
  const events = await db
    .select({
      status: orderEvents.status,
      note: orderEvents.note,
      createdAt: orderEvents.createdAt,
      actorName: orderEvents.actorName,
      actorRole: users.role,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .leftJoin(users, eq(users.id, orderEvents.actorId))
    .where(eq(orders.number, orderNumber))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return events.map((event) => ({
    status: event.status,
    label: orderStatusNames[event.status],
    note: event.note,
    at: event.createdAt.toISOString(),
    by:
      event.actorName && event.actorRole && isStaffRole(event.actorRole)
        ? `${event.actorName} (${roleLabels[event.actorRole]})`
        : event.actorName,
  }));
}

export async function toOrderView(db: DbOrTx, row: OrderRow): Promise<OrderView> {
  const [view] = await toOrderViews(db, [row]);
  if (!view) throw new Error(`Order ${row.number} has no view`);
  return view;
}
