import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { OrderStatusId, PaymentMethodId } from '../../contracts/checkout-texts';
import {
  normalizePickupCode,
  PICKUP_CODE_ALPHABET,
  PICKUP_CODE_LENGTH,
} from '../../contracts/tracking-links';
import { formatNaira } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema/orders';
import { paymentTransactions } from '../../db/schema/payments';
import { eventActor, type AuditActor } from '../audit/audit';
import type { Mailer } from '../mail/mailer';
import type { OrderNotificationEvent } from '../notifications/notification-texts';
import { notifyOrderOwner } from '../notifications/notifications';
import { getShopSettings, PICKUP_METHOD_ID, type ShopSettings } from '../settings/shop-settings';
import { returnCouponUse } from './coupons';
import { sendOrderStatusMail } from './order-mail';
import type { OrderRow, OrderView } from './order-view';
import { giveBack } from './stock-back';

/*
 * The order's life, in one place: its states, the moves between them, what each move records
 * (the row, an event on the order's timeline, the stock and the coupon use) and who is told (the
 * owner's notification inside the move's transaction, an e-mail after it commits).
 *
 *   awaiting_payment ──pay──▶ processing ──ship──▶ shipped ──deliver──▶ delivered
 *          │                      │ └──ready──▶ ready_for_pickup ──collect──▶ picked_up
 *          │                      │                   │         (pickup orders only, with the code)
 *          └───────cancel─────────┴───────────────────┴──▶ cancelled
 *                                   (the units still out and the coupon use go back, once;
 *                                    money held for review is owed back)
 *
 * A pickup order is collected from the shop: it is readied and collected, never shipped or
 * delivered; an order for delivery is never readied.
 *
 * Every status change in the shop is made here, by an update conditional on the status the order
 * is leaving, so a move happens once however many requests or processes try it together.
 */

/** Every move: the states an order may leave by it, and the state it reaches. */
export const orderMoves = {
  pay: { from: ['awaiting_payment'], to: 'processing' },
  ship: { from: ['processing'], to: 'shipped' },
  deliver: { from: ['shipped'], to: 'delivered' },
  ready: { from: ['processing'], to: 'ready_for_pickup' },
  collect: { from: ['ready_for_pickup'], to: 'picked_up' },
  cancel: { from: ['awaiting_payment', 'processing', 'ready_for_pickup'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly OrderStatusId[]; to: OrderStatusId }>;

export type OrderMove = keyof typeof orderMoves;

export function canMove(status: OrderStatusId, move: OrderMove): boolean {
  return (orderMoves[move].from as readonly OrderStatusId[]).includes(status);
}

/** The moves only an order collected from the shop makes, and those only an order sent to its shopper makes. */
const pickupOnly: readonly OrderMove[] = ['ready', 'collect'];
const deliveryOnly: readonly OrderMove[] = ['ship', 'deliver'];

export const isPickupOrder = (order: { shippingMethod?: string | undefined }) =>
  order.shippingMethod === PICKUP_METHOD_ID;

/** Whether this order may make the move now: its status allows it, and so does how it reaches its shopper. */
export function canMoveOrder(
  order: { status: OrderStatusId; shippingMethod?: string | undefined },
  move: OrderMove,
): boolean {
  if (!canMove(order.status, move)) return false;
  return isPickupOrder(order) ? !deliveryOnly.includes(move) : !pickupOnly.includes(move);
}

/** The moves the shop's staff make by hand; a transfer is confirmed, card payments confirm themselves. */
export type StaffMove = 'confirm-transfer' | 'ship' | 'deliver' | 'ready' | 'collect' | 'cancel';

type OrderState = Pick<OrderRow, 'status' | 'paymentStatus'> & {
  // A PaymentMethodId, typed as the orders table's text column holds it.
  paymentMethod: string;
  shippingMethod?: string | undefined;
};

/** What the shop's staff may do with this order now: the admin shows these buttons and no others. */
export function staffMoves(order: OrderState): StaffMove[] {
  const moves: StaffMove[] = [];
  if (
    order.paymentMethod === 'bank-transfer' &&
    order.paymentStatus !== 'paid' &&
    canMove(order.status, 'pay')
  )
    moves.push('confirm-transfer');
  for (const move of ['ship', 'deliver', 'ready', 'collect', 'cancel'] as const)
    if (canMoveOrder(order, move)) moves.push(move);
  return moves;
}

/** How long a new order holds its stock while the payment comes, and its first event's words. */
export function placedOrderState(
  paymentMethod: PaymentMethodId,
  settings: Pick<ShopSettings, 'unpaidOrderHoldHours' | 'cardPaymentHoldMinutes' | 'transferAccountPerOrder'>,
  now: Date,
): {
  status: 'awaiting_payment';
  paymentStatus: 'pending';
  stockHeldUntil: Date;
  /** Paid into the shop's own account: the order gets an RC reference to match the money by hand. */
  transferReference: boolean;
  note: string;
  tell: OrderNotificationEvent;
} {
  const transfer = paymentMethod === 'bank-transfer';
  const holdMs = transfer
    ? settings.unpaidOrderHoldHours * 3_600_000
    : settings.cardPaymentHoldMinutes * 60_000;
  return {
    status: 'awaiting_payment',
    paymentStatus: 'pending',
    stockHeldUntil: new Date(now.getTime() + holdMs),
    transferReference: transfer && !settings.transferAccountPerOrder,
    note: transfer
      ? `Order placed. We hold your items for ${settings.unpaidOrderHoldHours} hours while your bank transfer reaches us.`
      : 'Order placed. Waiting for your payment.',
    tell: transfer
      ? { kind: 'placed', paymentMethod, holdHours: settings.unpaidOrderHoldHours }
      : { kind: 'placed', paymentMethod },
  };
}

/**
 * Makes one move inside the caller's transaction: the row changes only if the order is still in
 * the state it was read in (and `where` holds), then the event is written and the owner notified.
 * Returns the note written on the timeline (the shopper's e-mail repeats it), or null when another
 * request moved the order first; nothing is then written.
 */
async function makeMove(
  tx: DbOrTx,
  order: OrderRow,
  move: OrderMove,
  change: {
    set?: Partial<typeof orders.$inferInsert>;
    where?: SQL | undefined;
    note: string;
    tell: OrderNotificationEvent | null;
  },
  now: Date,
): Promise<string | null> {
  if (!canMoveOrder(order, move)) return null;
  const to = orderMoves[move].to;
  const moved = await tx
    .update(orders)
    .set({ ...change.set, status: to, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status), change.where))
    .returning({ id: orders.id });
  if (moved.length === 0) return null;
  await tx.insert(orderEvents).values({ orderId: order.id, status: to, note: change.note, createdAt: now });
  if (change.tell) await notifyOrderOwner(tx, order, change.tell, now);
  return change.note;
}

/**
 * Names the staff member on the timeline entry their move just wrote in this transaction (the move holds
 * the order's row lock, so the newest entry of the order is theirs).
 */
export async function signLatestEvent(tx: DbOrTx, orderId: number, actor: AuditActor | null | undefined) {
  const by = eventActor(actor);
  if (!by.actorId) return;
  await tx
    .update(orderEvents)
    .set(by)
    .where(
      eq(
        orderEvents.id,
        sql`(select max(${orderEvents.id}) from ${orderEvents} where ${orderEvents.orderId} = ${orderId})`,
      ),
    );
}

/** What a move answers: the note it wrote on the timeline, or null when the order had moved already. */
export type MoveResult = Promise<string | null>;

/**
 * Who confirmed a payment: the provider's verified answer ('test-keys' when it was taken with the
 * provider's test keys, and no money moved), the TEST MODE sandbox, the shop (a bank transfer), or
 * the shop accepting money the TEST MODE sandbox made up ('test-transfer'): a payment is a test
 * payment by where the money came from, whoever confirms it.
 */
export type PaidBy = 'provider' | 'test-keys' | 'sandbox' | 'bank-transfer' | 'test-transfer';

/** Payments that moved no money: the order is a test order, left out of revenue and reports. */
const testPayments: readonly PaidBy[] = ['test-keys', 'sandbox', 'test-transfer'];

function paidNote(by: PaidBy, order: Pick<OrderRow, 'totalKobo' | 'paymentMethod'>): string {
  const totalKobo = order.totalKobo;
  switch (by) {
    case 'provider':
      return `Payment of ${formatNaira(totalKobo)} confirmed. We are preparing your order.`;
    case 'test-keys':
      return `Payment of ${formatNaira(totalKobo)} confirmed with the payment provider's test keys: no money moved, this is a test order.`;
    case 'sandbox':
      // The sandbox plays the bank for a transfer: never called a test card.
      return order.paymentMethod === 'bank-transfer'
        ? `TEST MODE transfer of ${formatNaira(totalKobo)} received: no money moved, this is a test order.`
        : `TEST MODE payment of ${formatNaira(totalKobo)} with a test card: no money moved, this is a test order.`;
    case 'bank-transfer':
      return 'Your bank transfer has been received. We are preparing your order.';
    case 'test-transfer':
      return `TEST MODE transfer for ${formatNaira(totalKobo)} accepted by the shop: no money moved, this is a test order.`;
  }
}

/** The line the shopper's e-mail adds when their payment is confirmed. */
export const PAID_MAIL_NOTE = 'Thank you: your payment has been received.';

/**
 * pay: an unpaid order becomes Processing, once, with the time of payment; its stock stops being
 * held (it is sold). A sandbox payment makes it a test order: no money moved.
 */
export function payOrder(tx: DbOrTx, order: OrderRow, by: PaidBy, now: Date): MoveResult {
  return makeMove(
    tx,
    order,
    'pay',
    {
      set: { paymentStatus: 'paid', paidAt: now, stockHeldUntil: null, isTest: testPayments.includes(by) },
      where: ne(orders.paymentStatus, 'paid'),
      note: paidNote(by, order),
      tell: { kind: 'paid', totalKobo: order.totalKobo },
    },
    now,
  );
}

const REVIEW_NOTE =
  'We received a transfer for this order that we need to check by hand. We will contact you shortly.';

/**
 * Not a move: money arrived for an unpaid order but not as asked (short, or after its transfer
 * account expired). The order stays Awaiting payment and keeps its items while the shop decides
 * (confirm the transfer, or cancel and refund), for `reviewHoldDays` (a setting) from now or until
 * its hold ends, whichever is later; then the release job releases it like any unpaid order, and the
 * money it received is owed back.
 */
export async function holdForReview(
  tx: DbOrTx,
  order: OrderRow,
  settings: Pick<ShopSettings, 'reviewHoldDays'>,
  now: Date,
): Promise<boolean> {
  const until = new Date(now.getTime() + settings.reviewHoldDays * 86_400_000);
  const held = await tx
    .update(orders)
    .set({
      // greatest() passes over a null hold.
      stockHeldUntil: sql`greatest(${orders.stockHeldUntil}, ${until.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, 'awaiting_payment'),
        ne(orders.paymentStatus, 'paid'),
        isNull(orders.stockReleasedAt),
      ),
    )
    .returning({ id: orders.id });
  if (held.length === 0) return false;
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, status: order.status, note: REVIEW_NOTE, createdAt: now });
  return true;
}

/**
 * ship: a Processing order leaves with a carrier and a tracking number; the shopper is told both,
 * with the carrier's tracking link when it has one (built from its pattern in the settings).
 */
export function shipOrder(
  tx: DbOrTx,
  order: OrderRow,
  shipment: {
    carrier: string;
    trackingNumber: string;
    trackingUrl?: string | null | undefined;
    note?: string | undefined;
  },
  now: Date,
): MoveResult {
  return makeMove(
    tx,
    order,
    'ship',
    {
      set: {
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl ?? null,
      },
      note: shipment.note || shippedNote(shipment),
      tell: { kind: 'shipped', carrier: shipment.carrier, trackingNumber: shipment.trackingNumber },
    },
    now,
  );
}

function shippedNote(shipment: { carrier: string; trackingNumber: string }): string {
  return `Your order is on its way with ${shipment.carrier}, tracking number ${shipment.trackingNumber}.`;
}

const DELIVERED_NOTE = 'Your order has been delivered.';

/** deliver: a shipped order reached its shopper. */
export function deliverOrder(tx: DbOrTx, order: OrderRow, note: string | undefined, now: Date): MoveResult {
  return makeMove(
    tx,
    order,
    'deliver',
    { set: { deliveredAt: now }, note: note || DELIVERED_NOTE, tell: { kind: 'delivered' } },
    now,
  );
}

/** The words on the timeline when a pickup order is waiting at the shop: where and when, not the code. */
export function readyNote(pickup: ShopSettings['pickup']): string {
  const where = pickup.address ? ` at ${pickup.address}` : ' at our shop';
  const when = pickup.hours ? ` (${pickup.hours})` : '';
  return `Your order is ready for pickup${where}${when}. Bring your pickup code when you come.`;
}

const PICKED_UP_NOTE = 'You collected your order from our shop. We hope you love it.';

/** A fresh pickup code: six letters and digits that cannot be taken for one another. */
export function newPickupCode(): string {
  return Array.from(
    { length: PICKUP_CODE_LENGTH },
    () => PICKUP_CODE_ALPHABET[randomInt(PICKUP_CODE_ALPHABET.length)],
  ).join('');
}

/**
 * ready: a paid pickup order is packed and waiting at the shop. It gets its pickup code now (the
 * shopper shows it to collect), and the shopper is told where, when, and the code. The code is kept
 * off the timeline, which the shop's staff read too.
 */
export function readyOrder(
  tx: DbOrTx,
  order: OrderRow,
  pickup: ShopSettings['pickup'],
  now: Date,
  note?: string,
): MoveResult {
  const code = order.pickupCode ?? newPickupCode();
  return makeMove(
    tx,
    order,
    'ready',
    {
      set: { pickupCode: code, readyForPickupAt: now },
      note: note || readyNote(pickup),
      tell: { kind: 'ready_for_pickup', address: pickup.address, hours: pickup.hours, pickupCode: code },
    },
    now,
  );
}

/** Whether the code staff typed is the order's: compared in constant time, spacing and case set aside. */
export function pickupCodeMatches(order: Pick<OrderRow, 'pickupCode'>, typed: string): boolean {
  if (!order.pickupCode) return false;
  const expected = Buffer.from(order.pickupCode);
  const given = Buffer.from(normalizePickupCode(typed));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * collect: the shopper showed the code and took the order. Only with the order's own code, checked
 * again by the update itself; the returns window counts from here, as from a delivery.
 */
export function collectOrder(
  tx: DbOrTx,
  order: OrderRow,
  code: string,
  now: Date,
  note?: string,
): MoveResult {
  if (!pickupCodeMatches(order, code)) return Promise.resolve(null);
  return makeMove(
    tx,
    order,
    'collect',
    {
      set: { pickedUpAt: now, deliveredAt: now },
      where: eq(orders.pickupCode, normalizePickupCode(code)),
      note: note || PICKED_UP_NOTE,
      tell: { kind: 'picked_up' },
    },
    now,
  );
}

/**
 * Why an order is cancelled: the shop cancels it; the payment did not come within the hold
 * ('unpaid', the release job); the shopper closed the card window without paying ('closed') or
 * cancelled it themselves ('shopper'). Each has its timeline words, and the shopper is notified and
 * mailed only when they did not do it themselves.
 */
export type CancelReason = 'shop' | 'unpaid' | 'closed' | 'shopper';

export const cancellations: Record<
  CancelReason,
  { note: string; mail: string | null; tellBy: 'shop' | 'unpaid' | null }
> = {
  shop: { note: 'Your order has been cancelled.', mail: 'Your order has been cancelled.', tellBy: 'shop' },
  unpaid: {
    note: 'Cancelled: the payment did not arrive in time, so the items went back on sale.',
    mail: 'We did not receive the payment in time, so the items went back on sale. You are welcome to order again.',
    tellBy: 'unpaid',
  },
  closed: {
    note: 'Cancelled: the payment window was closed without paying, so the items went back on sale.',
    mail: null,
    tellBy: null,
  },
  shopper: {
    note: 'Cancelled by you before payment; the items went back on sale.',
    mail: null,
    tellBy: null,
  },
};

/** Only an order nobody paid, whose stock is still held, may be released for want of payment. */
const stillUnpaid = and(ne(orders.paymentStatus, 'paid'), isNull(orders.stockReleasedAt));

/**
 * cancel: the order's units still out go back on sale (unless an earlier release returned them; a
 * refund with restock may have given some back already, decision 0061) and its coupon use is given
 * back, once. The shop may cancel a Processing order; a shopper or the release
 * job only an unpaid one.
 */
export async function cancelOrder(
  tx: DbOrTx,
  order: OrderRow,
  reason: CancelReason,
  now: Date,
  note?: string,
): MoveResult {
  const words = cancellations[reason];
  if (reason !== 'shop' && order.status !== 'awaiting_payment') return null;
  const held = (await heldMoney(tx, [order.id])).get(order.id) ?? 0;
  const cancelled = await makeMove(
    tx,
    order,
    'cancel',
    {
      set: { stockReleasedAt: order.stockReleasedAt ?? now },
      where: reason === 'shop' ? undefined : stillUnpaid,
      note: withRefund(note || words.note, held),
      tell: words.tellBy ? { kind: 'cancelled', by: words.tellBy } : null,
    },
    now,
  );
  if (cancelled === null) return null;
  await oweHeldMoneyBack(tx, [order.id], now);
  // Stock held for an unpaid order, or taken by a paid one, goes back on sale once: what a refund
  // with restock gave back already stays given (decision 0061).
  if (!order.stockReleasedAt) await giveBack(tx, { release: [order.id], reason: 'cancel' });
  if (order.couponCode) await returnCouponUse(tx, order.couponCode);
  return cancelled;
}

/**
 * cancel, for every unpaid order whose hold has passed: one conditional update claims them all, so
 * two processes running this together release each order exactly once.
 */
export async function cancelExpiredOrders(tx: DbOrTx, now: Date): Promise<OrderRow[]> {
  const words = cancellations.unpaid;
  const claimed = await tx
    .update(orders)
    .set({ status: orderMoves.cancel.to, stockReleasedAt: now, updatedAt: now })
    .where(and(eq(orders.status, 'awaiting_payment'), stillUnpaid, lte(orders.stockHeldUntil, now)))
    .returning();
  if (claimed.length === 0) return [];
  const ids = claimed.map((order) => order.id);
  await giveBack(tx, { release: ids });
  for (const order of claimed) if (order.couponCode) await returnCouponUse(tx, order.couponCode);
  const owed = await oweHeldMoneyBack(tx, ids, now);
  await tx.insert(orderEvents).values(
    claimed.map((order) => ({
      orderId: order.id,
      status: 'cancelled' as const,
      note: withRefund(words.note, owed.get(order.id) ?? 0),
      createdAt: now,
    })),
  );
  for (const order of claimed) await notifyOrderOwner(tx, order, { kind: 'cancelled', by: 'unpaid' }, now);
  return claimed;
}

/** Money received for these orders and kept for the shop's decision (a short or late transfer), by order id. */
async function heldMoney(tx: DbOrTx, orderIds: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({
      orderId: paymentTransactions.orderId,
      kobo: sql<number>`sum(coalesce(${paymentTransactions.receivedKobo}, ${paymentTransactions.amountKobo}))::int`,
    })
    .from(paymentTransactions)
    .where(and(inArray(paymentTransactions.orderId, orderIds), eq(paymentTransactions.status, 'review')))
    .groupBy(paymentTransactions.orderId);
  return new Map(rows.map((row) => [row.orderId, row.kobo]));
}

/**
 * Part of the cancel move: money an order received and kept for the shop's decision is owed back to
 * the shopper once the order is cancelled (its items went back on sale). The transfer stays on the
 * books as 'refund_due' with the amount and when, for the shop's refund. Returns kobo owed by order id.
 */
async function oweHeldMoneyBack(tx: DbOrTx, orderIds: number[], now: Date): Promise<Map<number, number>> {
  const owed = await tx
    .update(paymentTransactions)
    .set({
      status: 'refund_due',
      verified: false,
      refundDueKobo: sql`coalesce(${paymentTransactions.receivedKobo}, ${paymentTransactions.amountKobo})`,
      refundDueAt: now,
      message: sql`${paymentTransactions.message} || ' The order was cancelled: refund the shopper.'`,
      updatedAt: now,
    })
    .where(and(inArray(paymentTransactions.orderId, orderIds), eq(paymentTransactions.status, 'review')))
    .returning({ orderId: paymentTransactions.orderId, kobo: paymentTransactions.refundDueKobo });
  const byOrder = new Map<number, number>();
  for (const row of owed) byOrder.set(row.orderId, (byOrder.get(row.orderId) ?? 0) + (row.kobo ?? 0));
  return byOrder;
}

function withRefund(note: string, owedKobo: number): string {
  return owedKobo > 0 ? `${note} We will refund the ${formatNaira(owedKobo)} you sent.` : note;
}

export interface ShopperMailDeps {
  db: DbOrTx;
  mailer: Mailer;
  publicUrl: string;
  onMailError?: ((error: unknown) => void) | undefined;
}

/**
 * Tells the shopper by e-mail, after the move committed, with the move's note. A mail server that
 * fails loses nothing: the outbox keeps the message and `onMailError` is told.
 */
export async function mailShopper(deps: ShopperMailDeps, views: OrderView[], note: string): Promise<void> {
  if (views.length === 0) return;
  const { name, pickup } = await getShopSettings(deps.db);
  for (const view of views)
    await sendOrderStatusMail(deps, view, { note, shopName: name, pickup }).catch((error: unknown) =>
      deps.onMailError?.(error),
    );
}
