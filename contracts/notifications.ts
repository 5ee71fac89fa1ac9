import { z } from 'zod';

export const notificationTypes = ['order', 'promo', 'info'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** The filter tabs of /notifications (SPEC.md section 4), in order, with the type each one shows. */
export const notificationFilters = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'orders', label: 'Orders' },
  { id: 'promotions', label: 'Promotions' },
  { id: 'info', label: 'Info' },
] as const;
export type NotificationFilter = (typeof notificationFilters)[number]['id'];

export const notificationFilterSchema = z.enum(['all', 'unread', 'orders', 'promotions', 'info']);

/** A filter from the address: 'all' for anything else. */
export function toNotificationFilter(value: string | null | undefined): NotificationFilter {
  const parsed = notificationFilterSchema.safeParse(value);
  return parsed.success ? parsed.data : 'all';
}

/** A notification as the shopper's pages and the REST API see it. */
export interface NotificationView {
  id: number;
  type: NotificationType;
  title: string;
  message: string;
  link: string | null;
  /** ISO time it was made. */
  date: string;
  isRead: boolean;
}

/** What each filter shows when it has nothing. */
export const notificationEmptyStates: Record<NotificationFilter, { title: string; text: string }> = {
  all: {
    title: 'No notifications yet',
    text: 'Order updates and news from the shop will appear here.',
  },
  unread: { title: "You're all caught up", text: 'You have read every notification.' },
  orders: {
    title: 'No order updates',
    text: 'When you place an order, each step of its journey is noted here.',
  },
  promotions: { title: 'No promotions right now', text: 'Private sales and offers will appear here.' },
  info: { title: 'No news', text: 'Announcements from the shop will appear here.' },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago, as SPEC.md words it: 'Just now' under a minute, then minutes, hours, days, and
 * months (of 30 days) ago. A time in the future (a clock a little ahead) is 'Just now'.
 */
export function timeAgo(date: Date | string, now: Date | string = new Date()): string {
  const elapsed = new Date(now).getTime() - new Date(date).getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < MONTH) return plural(Math.floor(elapsed / DAY), 'day');
  return plural(Math.floor(elapsed / MONTH), 'month');
}
