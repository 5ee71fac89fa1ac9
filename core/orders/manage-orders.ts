import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { orderStatusIds, orderStatusNames, type OrderStatusId } from '../../contracts/checkout-texts';
import type { Role } from '../../contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { orderLines, orders } from '../../db/schema/orders';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { containsPattern } from '../search-pattern';
import { requirePermission } from '../accounts/permissions';
import { AppError } from '../errors';
import { parseInput } from '../validation';
import { trackingLink } from '../../contracts/tracking-links';
import { findCarrier } from '../settings/carriers';
import { getShopSettings } from '../settings/shop-settings';
import {
  cancelOrder,
  canMove,
  canMoveOrder,
  deliverOrder,
  isPickupOrder,
  mailShopper,
  shipOrder,
  signLatestEvent,
} from './lifecycle';
import type { OrderDeps } from './order-deps';
import { checkSecret, type ClientInfo } from '../rate-limits';
import { collectWithCode, pickupCodeIsRight, readyWithNewCode } from './pickup-code';
import { toOrderViews, type OrderView } from './order-view';
import { findOrderByNumber } from './read-orders';

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
  status: z.enum(['shipped', 'delivered', 'ready_for_pickup', 'picked_up', 'cancelled']),
  /** A carrier from the settings' list, by its id or name; another name ships without a tracking link. */
  carrier: z.string().trim().max(60).optional(),
  trackingNumber: z.string().trim().max(60).optional(),
  /** Collecting a pickup order: the code the shopper shows. */
  pickupCode: z.string().trim().max(20).optional(),
  note: z.string().trim().max(500).optional(),
  /** Cancelling a paid order: give back everything that remains through the provider, in the same step. */
  refund: z.boolean().optional(),
  /** The refund's reason, for the records and the shopper. */
  reason: z.string().trim().min(1).max(300).optional(),
});

/**
 * What a cancel with its refund needs of the refund engine (core/refunds/record.ts `cancelRefunder`),
 * handed in by the caller so the orders folder does not reach into payments: the full refund written
 * inside the cancel's transaction, then the provider asked after it commits.
 */
export interface CancelRefunder {
  record(tx: DbOrTx, orderId: number, reason: string, actor: AuditActor, now: Date): Promise<{ id: number }>;
  send(refundId: number): Promise<unknown>;
}

/**
 * The shop moves an order along by hand (ship, deliver, cancel), once: the move itself, its event
 * and the owner's notification are the lifecycle's; the action is recorded in the activity log and
 * the customer is e-mailed after it commits. Cancelling puts the stock and the coupon use back.
 */
export async function changeOrderStatus(
  deps: Pick<OrderDeps, 'db' | 'mailer' | 'publicUrl' | 'onMailError'> &
    Partial<Pick<OrderDeps, 'rateLimiter' | 'shopKey'>> & {
      /** Gives the money back, for a cancel with its refund. */
      refunds?: CancelRefunder | undefined;
    },
  number: string,
  raw: unknown,
  options: {
    now?: Date;
    actor?: AuditActor;
    /** The staff member's role: the route lets in who fulfils; cancelling, and its refund, ask more of it here. */
    role?: Role;
    /** Where the staff member asks from: wrong pickup codes are also counted per address. */
    client?: Pick<ClientInfo, 'ip'>;
  } = {},
): Promise<OrderView> {
  const input = parseInput(orderStatusChangeSchema, raw);
  if (options.role !== undefined && input.status === 'cancelled') {
    requirePermission(options.role, 'orders.cancel');
    if (input.refund) requirePermission(options.role, 'refunds.manage');
  }
  const order = await findOrderByNumber(deps.db, number);
  if (!order) throw new AppError('NOT_FOUND', 'Order not found');
  if (input.status === 'shipped' && (!input.carrier || !input.trackingNumber))
    throw new AppError('BAD_REQUEST', 'Please enter the carrier and the tracking number.', {
      ...(input.carrier ? {} : { carrier: 'Required to mark an order shipped' }),
      ...(input.trackingNumber ? {} : { trackingNumber: 'Required to mark an order shipped' }),
    });
  if (input.status === 'picked_up' && !input.pickupCode)
    throw new AppError('BAD_REQUEST', 'Please enter the pickup code the customer shows.', {
      pickupCode: 'Required to mark an order picked up',
    });
  if (input.refund && input.status !== 'cancelled')
    throw new AppError('UNPROCESSABLE', 'refund: Only a cancellation refunds the order.', {
      refund: 'Only with status cancelled',
    });
  const refunder = input.refund ? deps.refunds : undefined;
  if (input.refund && !refunder) throw new Error('A cancel with its refund needs the refund engine');
  const move = moveTo[input.status];
  const shopKey = move === 'ready' || move === 'collect' ? pickupKey(deps) : '';
  if (!canMove(order.status, move))
    throw new AppError(
      'CONFLICT',
      `An order that is ${orderStatusNames[order.status].toLowerCase()} cannot be marked ${orderStatusNames[input.status].toLowerCase()}.`,
    );
  if (!canMoveOrder(order, move))
    throw new AppError(
      'BAD_REQUEST',
      isPickupOrder(order)
        ? `${order.number} is collected from the shop: mark it ready for pickup, then picked up.`
        : `${order.number} is delivered to its customer, not collected: ship it instead.`,
      { status: 'Not for this order' },
    );
  // A wrong code is refused before anything is written: the order stays ready for pickup. Wrong
  // codes are counted per order and per address (the table of secrets' limits), so its code cannot
  // be found by trying them one after another.
  const typed = input.pickupCode ?? '';
  const verify = () => pickupCodeIsRight(shopKey, order, typed);
  if (
    move === 'collect' &&
    !(deps.rateLimiter
      ? await checkSecret(
          deps.rateLimiter,
          'pickup-code',
          { subject: order.number, ip: options.client?.ip ?? 'unknown' },
          verify,
        )
      : verify())
  ) {
    throw new AppError(
      'BAD_REQUEST',
      'That pickup code does not match this order. Ask the customer for the code we sent.',
      {
        pickupCode: 'The code does not match',
      },
    );
  }
  const now = options.now ?? new Date();
  const settings = move === 'ship' || move === 'ready' ? await getShopSettings(deps.db) : null;
  const carrier = input.carrier && settings ? findCarrier(settings.carriers, input.carrier) : null;
  const shipment =
    input.status === 'shipped'
      ? {
          carrier: carrier?.name ?? input.carrier ?? '',
          trackingNumber: input.trackingNumber ?? '',
          trackingUrl: carrier ? trackingLink(carrier.trackingUrl, input.trackingNumber ?? '') : null,
          note: input.note,
        }
      : null;
  let refundId: number | null = null;
  /** The new pickup code, for its shopper's e-mail only: the staff member's answer never holds it. */
  let pickupCode: string | null = null;
  const note = await deps.db.transaction(async (tx) => {
    let moved: string | null;
    if (move === 'ready') {
      const pickup = (settings ?? (await getShopSettings(tx))).pickup;
      const readied = await readyWithNewCode(tx, shopKey, order, pickup, now, input.note);
      pickupCode = readied?.code ?? null;
      moved = readied?.note ?? null;
    } else
      moved = shipment
        ? await shipOrder(tx, order, shipment, now)
        : move === 'deliver'
          ? await deliverOrder(tx, order, input.note, now)
          : move === 'collect'
            ? await collectWithCode(tx, shopKey, order, typed, now, input.note)
            : await cancelOrder(tx, order, 'shop', now, input.note);
    if (moved) await signLatestEvent(tx, order.id, options.actor);
    if (moved && options.actor)
      await recordAdminAction(tx, options.actor, {
        action: `order.${input.status}`,
        entityType: 'order',
        entityId: order.number,
        summary: `${order.number}: ${orderStatusNames[order.status]} → ${orderStatusNames[input.status]}${
          shipment ? ` (${shipment.carrier}, ${shipment.trackingNumber})` : ''
        }`,
        before: { status: order.status },
        after: {
          status: input.status,
          ...(shipment ? { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber } : {}),
        },
      });
    // The refund is written with the cancel, so neither happens without the other; the provider is asked after.
    if (moved && refunder)
      refundId = (
        await refunder.record(
          tx,
          order.id,
          input.reason ?? 'Order cancelled by the shop',
          options.actor ?? { id: null, email: 'system' },
          now,
        )
      ).id;
    return moved;
  });
  if (note === null)
    throw new AppError('CONFLICT', 'The order changed while you were looking at it. Please reload.');
  const [cancelled] = await toOrderViews(deps.db, [(await findOrderByNumber(deps.db, number)) ?? order]);
  await mailShopper(deps, [{ ...cancelled!, pickupCode }], note);
  if (refundId === null || !refunder) return cancelled!;
  await refunder.send(refundId);
  const [view] = await toOrderViews(deps.db, [(await findOrderByNumber(deps.db, number)) ?? order]);
  return view!;
}

/** The shop key pickup codes are sealed and proved with: a host that readies or collects orders hands it in. */
function pickupKey(deps: { shopKey?: string | undefined }): string {
  if (!deps.shopKey)
    throw new Error('Readying and collecting pickup orders needs the shop key (OrderDeps.shopKey)');
  return deps.shopKey;
}

const moveTo = {
  shipped: 'ship',
  delivered: 'deliver',
  ready_for_pickup: 'ready',
  picked_up: 'collect',
  cancelled: 'cancel',
} as const;
