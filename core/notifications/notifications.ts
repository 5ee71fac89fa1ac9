import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { NotificationFilter, NotificationType, NotificationView } from '../../contracts/notifications';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/accounts';
import { notifications } from '../../db/schema/content';
import { AppError } from '../errors';
import { orderLink, orderNotificationText, type OrderNotificationEvent } from './notification-texts';

type NotificationRow = typeof notifications.$inferSelect;

/** The most a list shows: the newest notifications matter, older ones can be cleared. */
export const NOTIFICATIONS_LIST_LIMIT = 100;

export interface NewNotification {
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  now?: Date;
}

function toView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    date: row.createdAt.toISOString(),
    isRead: row.readAt !== null,
  };
}

/** One notification for one shopper. */
export async function createNotification(
  db: DbOrTx,
  userId: string,
  input: NewNotification,
): Promise<NotificationView> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId,
      type: input.type,
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      ...(input.now ? { createdAt: input.now } : {}),
    })
    .returning();
  if (!row) throw new Error('The notification was not recorded');
  return toView(row);
}

/** The fields of an order that say who it belongs to. */
export interface NotifiedOrder {
  number: string;
  userId: string | null;
  email: string;
}

/**
 * The account an order belongs to, as a condition on users: the account that placed it, or for a
 * guest order the account with its e-mail only once that account has confirmed the address.
 */
export function orderOwner(order: Pick<NotifiedOrder, 'userId' | 'email'>): SQL | undefined {
  return order.userId
    ? eq(users.id, order.userId)
    : and(eq(users.email, order.email.trim().toLowerCase()), isNotNull(users.emailVerifiedAt));
}

/**
 * Tells the order's owner what happened to it: the account that placed it, or for a guest order the
 * account with its e-mail once it has confirmed that address (the same shopper, who sees the order in
 * their list). A guest without such an account has no notifications. Call it inside the transaction
 * that makes the change.
 */
export async function notifyOrderOwner(
  db: DbOrTx,
  order: NotifiedOrder,
  event: OrderNotificationEvent,
  now = new Date(),
): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(orderOwner(order)).limit(1);
  if (!user) return;
  const text = orderNotificationText(order.number, event);
  await createNotification(db, user.id, { type: 'order', ...text, link: orderLink(order.number), now });
}

function filterCondition(filter: NotificationFilter): SQL | undefined {
  switch (filter) {
    case 'unread':
      return isNull(notifications.readAt);
    case 'orders':
      return eq(notifications.type, 'order');
    case 'promotions':
      return eq(notifications.type, 'promo');
    case 'info':
      return eq(notifications.type, 'info');
    default:
      return undefined;
  }
}

export interface NotificationList {
  notifications: NotificationView[];
  unreadCount: number;
  /** How many there are in all, whatever the filter: a filter can be empty while others are not. */
  total: number;
}

/** A shopper's notifications, newest first, through one of the filter tabs. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  filter: NotificationFilter = 'all',
): Promise<NotificationList> {
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), filterCondition(filter)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LIST_LIMIT),
    db
      .select({
        total: count(),
        unread: sql<number>`(count(*) filter (where ${notifications.readAt} is null))::int`,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  return { notifications: rows.map(toView), unreadCount: counts?.unread ?? 0, total: counts?.total ?? 0 };
}

/** The header badge: how many notifications the shopper has not read. */
export async function countUnreadNotifications(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}

const ownedBy = (userId: string, id: number) =>
  and(eq(notifications.id, id), eq(notifications.userId, userId));

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Notification not found');
}

/** Marks one of the shopper's notifications read; someone else's is not found. */
export async function markNotificationRead(
  db: DbOrTx,
  userId: string,
  id: number,
  now = new Date(),
): Promise<NotificationView> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(ownedBy(userId, id), isNull(notifications.readAt)))
    .returning();
  if (row) return toView(row);
  // Already read (the update changed nothing), or not theirs.
  const [existing] = await db.select().from(notifications).where(ownedBy(userId, id));
  if (!existing) throw notFound();
  return toView(existing);
}

/** Marks every notification of the shopper read; answers how many changed. */
export async function markAllNotificationsRead(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<number> {
  const changed = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return changed.length;
}

/** Deletes one of the shopper's notifications; someone else's is not found. */
export async function deleteNotification(db: DbOrTx, userId: string, id: number): Promise<void> {
  const deleted = await db
    .delete(notifications)
    .where(ownedBy(userId, id))
    .returning({ id: notifications.id });
  if (deleted.length === 0) throw notFound();
}

/** Deletes every notification of the shopper; answers how many went. */
export async function clearNotifications(db: DbOrTx, userId: string): Promise<number> {
  const deleted = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return deleted.length;
}
