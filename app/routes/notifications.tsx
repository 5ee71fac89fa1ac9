import { Bell, CheckCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, redirect, useFetcher } from 'react-router';
import {
  notificationEmptyStates,
  notificationFilters,
  toNotificationFilter,
  type NotificationFilter,
} from '../../contracts/notifications';
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../core/notifications/notifications';
import { AppError } from '../../core/errors';
import { ButtonLink } from '../components/ui/button';
import { ConfirmDialog } from '../components/ui/confirm-dialog';
import { NotificationItem } from '../features/content/notification-item';
import { useHydrated } from '../lib/use-hydrated';
import { formFailure, formText } from '../lib/action-result.server';
import { cn } from '../lib/cn';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/notifications';

export async function loader({ request, context }: Route.LoaderArgs) {
  const filter = toNotificationFilter(new URL(request.url).searchParams.get('filter'));
  const now = new Date().toISOString();
  if (!context.user) return { signedIn: false as const, filter, now, list: null };
  const list = await listNotifications(context.services.db, context.user.id, filter);
  return { signedIn: true as const, filter, now, list };
}

function notificationId(form: FormData): number {
  const id = Number(formText(form, 'id'));
  if (!Number.isInteger(id) || id <= 0) throw new AppError('NOT_FOUND', 'Notification not found');
  return id;
}

/** Mark read, mark all read, delete, clear: each only on the signed-in shopper's own notifications. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = context.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  const db = context.services.db;
  const form = await request.formData();
  const intent = formText(form, 'intent');
  try {
    switch (intent) {
      case 'read':
        await markNotificationRead(db, user.id, notificationId(form));
        return { ok: true as const, intent, message: 'Marked as read.' };
      case 'read-all': {
        const count = await markAllNotificationsRead(db, user.id);
        return {
          ok: true as const,
          intent,
          message: count > 0 ? 'All notifications marked as read.' : 'Everything was already read.',
        };
      }
      case 'delete':
        await deleteNotification(db, user.id, notificationId(form));
        return { ok: true as const, intent, message: 'Notification deleted.' };
      case 'clear':
        await clearNotifications(db, user.id);
        return { ok: true as const, intent, message: 'All notifications cleared.' };
      default:
        throw new AppError('BAD_REQUEST', 'Unknown action.');
    }
  } catch (error) {
    return formFailure(error, 'That did not work. Please try again.');
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Notifications',
    description: 'Your Rossy order updates and announcements.',
    noindex: true,
    ...rootMeta(matches),
  });
}

const filterHref = (filter: NotificationFilter) =>
  filter === 'all' ? '/notifications' : `/notifications?filter=${filter}`;

function FilterTabs({ current, unread }: { current: NotificationFilter; unread: number }) {
  return (
    <nav aria-label="Filter notifications" className="-mx-4 mt-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line">
        {notificationFilters.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={filterHref(tab.id)}
                aria-current={active ? 'page' : undefined}
                preventScrollReset
                className={cn(
                  '-mb-px inline-flex h-11 items-center gap-2 border-b-2 px-4 text-sm font-medium transition-colors',
                  active
                    ? 'border-gold-deep text-ink'
                    : 'border-transparent text-ink-soft hover:border-line hover:text-ink',
                )}
              >
                {tab.label}
                {tab.id === 'unread' && unread > 0 ? (
                  <span className="rounded-full bg-gold-deep px-1.5 py-px text-[0.625rem] font-semibold text-white">
                    {unread}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function BulkActions({ unread, total }: { unread: number; total: number }) {
  const fetcher = useFetcher<typeof action>();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== 'idle';
  if (total === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {unread > 0 ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="read-all" />
          <button
            type="submit"
            disabled={busy}
            className="inline-flex h-9 items-center gap-2 rounded-sm border border-line bg-white px-3 text-xs font-medium tracking-wide text-ink uppercase hover:border-ink disabled:opacity-50"
          >
            <CheckCheck width={16} height={16} aria-hidden="true" /> Mark all as read
          </button>
        </fetcher.Form>
      ) : null}
      <fetcher.Form
        method="post"
        onSubmit={(event) => {
          // With JavaScript the shopper confirms first; without it the plain post clears.
          if (hydrated && !confirming) {
            event.preventDefault();
            setConfirming(true);
          }
        }}
      >
        <input type="hidden" name="intent" value="clear" />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex h-9 items-center gap-2 rounded-sm border border-line bg-white px-3 text-xs font-medium tracking-wide text-ink uppercase hover:border-sale hover:text-sale disabled:opacity-50"
        >
          <Trash2 width={16} height={16} aria-hidden="true" /> Clear all
        </button>
      </fetcher.Form>
      <ConfirmDialog
        open={confirming}
        title="Clear all notifications?"
        message={`All ${total} of your notifications will be deleted. This cannot be undone.`}
        confirmLabel="Clear all"
        onConfirm={() => {
          setConfirming(false);
          void fetcher.submit({ intent: 'clear' }, { method: 'post' });
        }}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

function EmptyState({ filter, total }: { filter: NotificationFilter; total: number }) {
  const text = notificationEmptyStates[filter];
  return (
    <div
      className="mt-6 rounded-card border border-dashed border-line bg-white px-6 py-14 text-center"
      data-testid="notifications-empty"
    >
      <Bell width={28} height={28} strokeWidth={1.25} className="mx-auto text-gold" aria-hidden="true" />
      <h2 className="mt-3 text-2xl">{text.title}</h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-muted">{text.text}</p>
      {filter !== 'all' && total > 0 ? (
        <Link to="/notifications" className="mt-5 inline-block text-sm text-gold-deep underline">
          See all notifications
        </Link>
      ) : (
        <ButtonLink to="/products" variant="outline" className="mt-6">
          Browse Products
        </ButtonLink>
      )}
    </div>
  );
}

function GuestPrompt({ filter }: { filter: NotificationFilter }) {
  return (
    <div className="mt-8 max-w-xl rounded-card border border-line bg-white p-6 sm:p-8">
      <h2 className="text-2xl">Sign in to see your notifications</h2>
      <p className="mt-2 text-sm text-ink-soft">
        Order updates (payment received, shipped, delivered) and news from the shop are kept in your account.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={`/login?redirectTo=${encodeURIComponent(filterHref(filter))}`}>Sign In</ButtonLink>
        <ButtonLink to="/register" variant="outline">
          Create Account
        </ButtonLink>
      </div>
    </div>
  );
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { signedIn, filter, now, list } = loaderData;
  return (
    <section className="container-shop py-10 lg:py-14">
      <div className="mx-auto max-w-3xl">
        <header className="flex flex-wrap items-end justify-between gap-4 border-b border-line pb-6">
          <div>
            <p className="eyebrow">Your account</p>
            <h1 className="mt-2 text-display-lg">Notifications</h1>
            {list ? (
              <p className="mt-2 text-sm text-muted" aria-live="polite" data-testid="unread-summary">
                {list.unreadCount > 0
                  ? `${list.unreadCount} unread ${list.unreadCount === 1 ? 'notification' : 'notifications'}`
                  : 'You are all caught up'}
              </p>
            ) : null}
          </div>
          {list ? <BulkActions unread={list.unreadCount} total={list.total} /> : null}
        </header>

        {actionData && !actionData.ok ? (
          <p
            role="alert"
            className="mt-4 rounded-card border border-sale/30 bg-sale/5 px-4 py-3 text-sm text-sale"
          >
            {actionData.error}
          </p>
        ) : null}

        {signedIn && list ? (
          <>
            <FilterTabs current={filter} unread={list.unreadCount} />
            {list.notifications.length === 0 ? (
              <EmptyState filter={filter} total={list.total} />
            ) : (
              <ul className="mt-6 space-y-3" aria-label="Notifications, newest first">
                {list.notifications.map((notification) => (
                  <NotificationItem key={notification.id} notification={notification} now={now} />
                ))}
              </ul>
            )}
          </>
        ) : (
          <GuestPrompt filter={filter} />
        )}
      </div>
    </section>
  );
}
