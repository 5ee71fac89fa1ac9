import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ilike, inArray, isNull, ne, not, or, type SQL } from 'drizzle-orm';
import { trackOrderSchema } from '../../contracts/checkout';
import {
  checkoutMessages,
  orderStatusIds,
  shopperStatusLabel,
  type OrderStatusId,
} from '../../contracts/checkout-texts';
import type { Role } from '../../contracts/accounts';
import { can } from '../accounts/permissions';
import { TWO_FACTOR_REQUIRED_FOR_STAFF } from '../accounts/two-factor';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders } from '../../db/schema/orders';
import { AppError } from '../errors';
import type { ClientInfo, RateLimiter, RateLimitRule } from '../rate-limits';
import { parseInput } from '../validation';
import { openPickupCode } from './pickup-code';
import { hashSecret } from './place-order';
import { toOrderView, type OrderRow, type OrderSummaryView, type OrderView } from './order-view';

/** A signed-in shopper as order access sees them: guest orders match their e-mail only once it is confirmed. */
export interface OrderOwner {
  id: string;
  email: string;
  /** Whether the account has proved it reads mail at `email` (a link we sent, or a password reset). */
  emailVerified: boolean;
}

export interface OrderViewer {
  user:
    | (OrderOwner & {
        role: Role;
        /**
         * Staff without the second factor the owner requires (the session's, server/plugins/session.ts):
         * the staff rules keep them out of every order but their own.
         */
        secondFactorMissing?: boolean | undefined;
      })
    | null;
  /** The secret from a guest's order link. */
  key?: string | null | undefined;
}

/** As whom an order is read: as its shopper's (her pickup code with it), or as the shop's staff. */
export type OrderReader = 'shopper' | 'staff';

/**
 * A shopper's orders: those placed signed in, and those placed as a guest with the account's e-mail
 * once the account has confirmed that address (anyone can type an address at sign-up or in a profile;
 * only its owner can follow the link mailed to it).
 */
function ownedBy(user: OrderOwner): SQL | undefined {
  if (!user.emailVerified) return eq(orders.userId, user.id);
  return or(
    eq(orders.userId, user.id),
    and(isNull(orders.userId), eq(orders.email, user.email.toLowerCase())),
  );
}

/** Whether a guest order placed with this e-mail belongs to the account (the same rule as ownedBy). */
export function ownsGuestOrder(user: OrderOwner, order: { userId: string | null; email: string }): boolean {
  return user.emailVerified && order.userId === null && order.email === user.email.toLowerCase();
}

function sameSecret(given: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(given), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The admin's rule for staff, kept wherever staff read as staff: 403 without the second factor the owner requires. */
function refuseStaffWithoutSecondFactor(user: OrderViewer['user']): void {
  if (user && can(user.role, 'orders.read') && user.secondFactorMissing)
    throw new AppError('FORBIDDEN', TWO_FACTOR_REQUIRED_FOR_STAFF);
}

/**
 * The one rule of who reads an order, and as whom, for the API, the pages and every feature that shows
 * an order (its returns, its payment):
 *   - its shopper: the account that placed it, the account whose confirmed e-mail placed it as a
 *     guest, or whoever holds its link's key, reads it as hers;
 *   - staff whose role reads orders read anyone else's as staff, under the admin's own rules
 *     (server/plugins/session.ts requireStaff): without the second factor the owner requires they are
 *     refused with 403, as /api/admin refuses them;
 *   - anyone else: null, and to them the order does not exist.
 */
export function orderReaderOf(row: OrderRow, viewer: OrderViewer): OrderReader | null {
  const { user } = viewer;
  if (user && (row.userId === user.id || ownsGuestOrder(user, row))) return 'shopper';
  if (viewer.key && sameSecret(viewer.key, row.accessTokenHash)) return 'shopper';
  if (!user || !can(user.role, 'orders.read')) return null;
  refuseStaffWithoutSecondFactor(user);
  return 'staff';
}

/** Whether the viewer may read the order, as its shopper or as staff (orderReaderOf; 403 as it refuses). */
export function canView(row: OrderRow, viewer: OrderViewer): boolean {
  return orderReaderOf(row, viewer) !== null;
}

/** The order with this number (any case, spaces around it ignored), or undefined. */
export async function findOrderByNumber(db: DbOrTx, number: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number.trim().toUpperCase()));
  return row;
}

/**
 * One order, for its shopper, staff under the staff rules, or whoever holds its link; to anyone else
 * it does not exist. Only its shopper's view holds the pickup code: staff ask her for it.
 */
export async function getOrderForViewer(
  deps: { db: DbOrTx; shopKey: string },
  number: string,
  viewer: OrderViewer,
): Promise<OrderView> {
  const row = await findOrderByNumber(deps.db, number);
  // Staff the admin keeps out learn nothing here either, not even which numbers exist.
  if (!row) refuseStaffWithoutSecondFactor(viewer.user);
  const reader = row ? orderReaderOf(row, viewer) : null;
  if (!row || !reader) throw new AppError('NOT_FOUND', 'Order not found');
  const view = await toOrderView(deps.db, row);
  return reader === 'shopper' ? { ...view, pickupCode: openPickupCode(deps.shopKey, row) } : view;
}

export interface OrderListFilter {
  q?: string | undefined;
  status?: string | undefined;
}

export async function listOrdersForUser(
  db: DbOrTx,
  user: OrderOwner,
  filter: OrderListFilter = {},
): Promise<OrderSummaryView[]> {
  // A card attempt that was given up unpaid (window closed, cancelled, or released after the hold)
  // never became an order: it leaves the shopper's list. The admin still sees it.
  const conditions = [
    ownedBy(user),
    not(
      and(
        ne(orders.paymentMethod, 'bank-transfer'),
        eq(orders.status, 'cancelled'),
        inArray(orders.paymentStatus, ['pending', 'failed']),
      )!,
    ),
  ];
  const q = filter.q?.trim();
  if (q) conditions.push(ilike(orders.number, `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (filter.status && (orderStatusIds as readonly string[]).includes(filter.status))
    conditions.push(eq(orders.status, filter.status as OrderStatusId));
  const rows = await db
    .select()
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      name: orderLines.name,
      imageUrl: orderLines.imageUrl,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => {
    const items = lines.filter((line) => line.orderId === row.id);
    const view = {
      number: row.number,
      status: row.status,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      totalKobo: row.totalKobo,
      itemCount: items.reduce((sum, line) => sum + line.quantity, 0),
      placedAt: row.createdAt.toISOString(),
      items: items.map(({ name, imageUrl, quantity }) => ({ name, imageUrl, quantity })),
    };
    return { ...view, statusLabel: shopperStatusLabel(row.status, row.paymentMethod) };
  });
}

export const trackOrderLimit: RateLimitRule = { name: 'track-order-ip', limit: 30, windowMs: 15 * 60_000 };

/** What tracking shows: the timeline and the parcel, not the shopper's payment or phone. */
export type TrackingView = Pick<
  OrderView,
  | 'number'
  | 'status'
  | 'statusLabel'
  | 'progress'
  | 'placedAt'
  | 'events'
  | 'items'
  | 'carrier'
  | 'trackingNumber'
  | 'trackingUrl'
  | 'shippingMethodLabel'
  | 'totalKobo'
> & { destination: string };

/** Finds an order by its number and the e-mail it was placed with (any case); rate-limited per address. */
export async function trackOrder(
  deps: { db: DbOrTx; rateLimiter: RateLimiter },
  raw: unknown,
  client: ClientInfo,
): Promise<TrackingView> {
  await deps.rateLimiter.hit(trackOrderLimit, client.ip);
  const input = parseInput(trackOrderSchema, raw);
  const row = await findOrderByNumber(deps.db, input.orderNumber);
  if (!row || row.email !== input.email.trim().toLowerCase())
    throw new AppError('NOT_FOUND', checkoutMessages.trackNotFound);
  const view = await toOrderView(deps.db, row);
  return {
    number: view.number,
    status: view.status,
    statusLabel: view.statusLabel,
    progress: view.progress,
    placedAt: view.placedAt,
    events: view.events,
    items: view.items,
    carrier: view.carrier,
    trackingNumber: view.trackingNumber,
    trackingUrl: view.trackingUrl,
    shippingMethodLabel: view.shippingMethodLabel,
    totalKobo: view.totalKobo,
    // A pickup order goes to no street; the pickup code stays off this page, which needs no link's key.
    destination:
      view.shippingMethod === 'pickup'
        ? 'Collected from our shop'
        : `${view.shippingAddress.city}, ${view.shippingAddress.state}, ${view.shippingAddress.country}`,
  };
}
