import { Check, Info, Package, Tag, Trash2 } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import { timeAgo, type NotificationType, type NotificationView } from '../../../contracts/notifications';
import { cn } from '../../lib/cn';

const typeLooks: Record<NotificationType, { icon: typeof Package; label: string; tone: string }> = {
  order: { icon: Package, label: 'Order update', tone: 'bg-ink text-paper' },
  promo: { icon: Tag, label: 'Promotion', tone: 'bg-sale/10 text-sale' },
  info: { icon: Info, label: 'Info', tone: 'bg-cream text-gold-deep' },
};

function linkLabel(notification: NotificationView): string {
  if (notification.type === 'order') return 'View order';
  return notification.type === 'promo' ? 'Shop now' : 'Read more';
}

const smallAction =
  'inline-flex h-9 items-center gap-1.5 rounded-sm px-2.5 text-xs font-medium tracking-wide text-ink-soft uppercase transition-colors hover:bg-cream hover:text-ink disabled:opacity-50';

/**
 * One notification: read or unread, how long ago, where it leads, and its own mark-read and delete
 * forms (plain posts without JavaScript; in place, shown at once, with it).
 */
export function NotificationItem({ notification, now }: { notification: NotificationView; now: string }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get('intent');
  if (pending === 'delete') return null;
  const isRead = notification.isRead || pending === 'read';
  const look = typeLooks[notification.type];
  const Icon = look.icon;
  const titleId = `notification-${notification.id}`;

  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-testid="notification"
        data-read={isRead ? 'true' : 'false'}
        className={cn(
          'relative grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3 rounded-card border p-4 transition-colors sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-5',
          isRead ? 'border-line bg-white' : 'border-gold/40 bg-cream/50',
        )}
      >
        <span
          className={cn('flex h-10 w-10 shrink-0 items-center justify-center rounded-full', look.tone)}
          title={look.label}
        >
          <Icon width={18} height={18} strokeWidth={1.5} aria-hidden="true" />
          <span className="sr-only">{look.label}</span>
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="flex items-center gap-2 font-sans text-[0.9375rem] tracking-normal">
            {isRead ? null : (
              <span className="h-2 w-2 shrink-0 rounded-full bg-gold-deep" aria-hidden="true" />
            )}
            <span className={cn('truncate', isRead ? 'font-medium text-ink-soft' : 'font-semibold text-ink')}>
              {notification.title}
            </span>
            {isRead ? null : <span className="sr-only">(unread)</span>}
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-ink-soft">{notification.message}</p>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted">
            <time dateTime={notification.date}>{timeAgo(notification.date, now)}</time>
            {notification.link ? (
              <Link
                to={notification.link}
                className="font-medium text-gold-deep underline-offset-4 hover:underline"
                aria-describedby={titleId}
              >
                {linkLabel(notification)}
              </Link>
            ) : null}
          </p>
        </div>
        <div className="col-span-2 flex items-start justify-end gap-1 border-t border-line pt-2 sm:col-span-1 sm:border-0 sm:pt-0">
          {isRead ? null : (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="read" />
              <input type="hidden" name="id" value={notification.id} />
              <button type="submit" className={smallAction} aria-describedby={titleId}>
                <Check width={15} height={15} aria-hidden="true" /> Mark as read
              </button>
            </fetcher.Form>
          )}
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={notification.id} />
            <button
              type="submit"
              className={cn(smallAction, 'hover:text-sale')}
              aria-label={`Delete notification: ${notification.title}`}
            >
              <Trash2 width={15} height={15} aria-hidden="true" />
              <span className="sm:sr-only">Delete</span>
            </button>
          </fetcher.Form>
        </div>
      </article>
    </li>
  );
}
