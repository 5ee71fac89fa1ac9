import { Link } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { cn } from '../../lib/cn';
import { EmptyState } from './admin-list';
import { AdminPager } from './admin-pager';
import { FilterBar, SearchField, SelectField } from './filter-bar';
import { MessageReader, MessageStatusBadge } from './message-reader';
import type { loadMessagesTab } from './messages-tab.server';

type MessagesData = Awaited<ReturnType<typeof loadMessagesTab>>;
type MessagesFilter = MessagesData['filter'];

export function messagesHref(filter: Partial<MessagesFilter>, message?: number): string {
  const params = new URLSearchParams({ tab: 'messages' });
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  if (message) params.set('message', String(message));
  return `/admin?${params.toString()}`;
}

function MessageFilters({ filter }: { filter: MessagesFilter }) {
  return (
    <FilterBar
      tab="messages"
      label="Message search"
      className="sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-end"
    >
      <SearchField
        id="messages-q"
        label="Search messages"
        defaultValue={filter.q}
        placeholder="Name, e-mail, subject, text or order number"
      />
      <SelectField id="messages-status" name="status" label="Status" defaultValue={filter.status}>
        <option value="">All messages</option>
        <option value="new">New</option>
        <option value="read">Read</option>
        <option value="replied">Replied</option>
      </SelectField>
    </FilterBar>
  );
}

/** The contact inbox: newest first, unread ones marked; one opens beside the list (on a phone, instead of it). */
export function MessagesTab({ data }: { data: MessagesData }) {
  const { filter, list, opened, missing } = data;
  const filtered = Boolean(filter.q || filter.status);
  const backHref = messagesHref(filter);
  const pager = (withNav: boolean) => (
    <AdminPager
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      noun={['message', 'messages']}
      label="Message pages"
      href={(page) => messagesHref({ ...filter, page })}
      withNav={withNav}
    />
  );
  return (
    <section aria-labelledby="messages-heading" className="space-y-5">
      <div className="flex flex-wrap items-baseline gap-3">
        <h2 id="messages-heading" className="text-2xl">
          Messages
        </h2>
        <p className="text-sm text-ink-soft" data-testid="messages-unread">
          {list.unread === 0 ? 'All read' : `${list.unread} unread`}
        </p>
      </div>
      <div className={cn(opened || missing ? 'hidden lg:block' : null)}>
        <MessageFilters filter={filter} />
      </div>
      <div
        className={cn(
          'grid grid-cols-1 gap-5',
          opened || missing ? 'lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start' : null,
        )}
      >
        <div className={cn('space-y-3', opened || missing ? 'hidden lg:block' : null)}>
          {pager(false)}
          {list.messages.length === 0 ? (
            <EmptyState
              title="No messages found."
              hint={
                filtered
                  ? 'No messages match these filters. Try another search.'
                  : 'Messages sent from the contact page appear here.'
              }
              link={filtered ? { to: messagesHref({}), label: 'Clear the search' } : null}
            />
          ) : (
            <ul
              className="divide-y divide-line rounded-card border border-line bg-white"
              aria-label="Messages, newest first"
            >
              {list.messages.map((message) => {
                const current = opened?.id === message.id;
                const unread = message.status === 'new' && !current;
                return (
                  <li key={message.id} data-testid="message-row">
                    <Link
                      to={messagesHref(filter, message.id)}
                      aria-current={current ? 'true' : undefined}
                      className={cn(
                        'block px-4 py-3 hover:bg-paper',
                        current ? 'bg-paper shadow-[inset_3px_0_0_var(--color-gold-deep)]' : null,
                      )}
                    >
                      <span className="flex items-baseline justify-between gap-3">
                        <span
                          className={cn(
                            'min-w-0 truncate text-sm',
                            unread ? 'font-semibold text-ink' : 'text-ink-soft',
                          )}
                        >
                          {unread ? (
                            <span
                              className="mr-1.5 inline-block size-2 rounded-full bg-gold-deep align-middle"
                              aria-hidden="true"
                            />
                          ) : null}
                          {message.name}
                          {unread ? <span className="sr-only"> (unread)</span> : null}
                        </span>
                        <OrderDate iso={message.createdAt} className="shrink-0 text-xs text-muted" />
                      </span>
                      <span
                        className={cn(
                          'mt-0.5 block truncate text-sm',
                          unread ? 'font-semibold text-ink' : 'text-ink',
                        )}
                      >
                        {message.subject}
                      </span>
                      <span className="mt-0.5 flex items-center justify-between gap-3">
                        <span className="min-w-0 truncate text-xs text-muted">{message.preview}</span>
                        {message.status === 'new' ? null : <MessageStatusBadge status={message.status} />}
                      </span>
                      {message.orderNumber ? (
                        <span className="mt-1 block font-mono text-xs text-gold-deep">
                          {message.orderNumber}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {list.messages.length > 0 ? pager(true) : null}
        </div>
        {opened ? (
          <MessageReader key={opened.id} message={opened} backHref={backHref} />
        ) : missing ? (
          <EmptyState title="Message not found." link={{ to: backHref, label: 'Back to messages' }} />
        ) : null}
      </div>
    </section>
  );
}
