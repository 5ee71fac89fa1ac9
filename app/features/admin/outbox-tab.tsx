import { Link } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { cn } from '../../lib/cn';
import { EmptyState } from './admin-list';
import { AdminPager } from './admin-pager';
import { FilterBar, SearchField, SelectField } from './filter-bar';
import { OutboxReader, OutboxStatusBadge } from './outbox-reader';
import type { loadOutboxTab } from './outbox-tab.server';

type OutboxData = Awaited<ReturnType<typeof loadOutboxTab>>;
type OutboxFilter = OutboxData['filter'];

export function outboxHref(filter: Partial<OutboxFilter>, mail?: number): string {
  const params = new URLSearchParams({ tab: 'outbox' });
  if (filter.q) params.set('q', filter.q);
  if (filter.status) params.set('status', filter.status);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  if (mail) params.set('mail', String(mail));
  return `/admin?${params.toString()}`;
}

function OutboxFilters({ filter }: { filter: OutboxFilter }) {
  return (
    <FilterBar
      tab="outbox"
      label="E-mail search"
      className="sm:grid-cols-[minmax(0,1fr)_11rem_auto] sm:items-end"
    >
      <SearchField
        id="outbox-q"
        label="Search e-mails"
        defaultValue={filter.q}
        placeholder="Recipient or subject"
      />
      <SelectField id="outbox-status" name="status" label="Status" defaultValue={filter.status}>
        <option value="">All e-mails</option>
        <option value="queued">Queued</option>
        <option value="sent">Sent</option>
        <option value="failed">Failed</option>
      </SelectField>
    </FilterBar>
  );
}

/** Every e-mail the shop sent or kept, newest first; one opens beside the list (on a phone, instead of it). */
export function OutboxTab({ data }: { data: OutboxData }) {
  const { filter, list, opened, missing } = data;
  const filtered = Boolean(filter.q || filter.status);
  const backHref = outboxHref(filter);
  const open = Boolean(opened || missing);
  const pager = (withNav: boolean) => (
    <AdminPager
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      noun={['e-mail', 'e-mails']}
      label="Outbox pages"
      href={(page) => outboxHref({ ...filter, page })}
      withNav={withNav}
    />
  );
  return (
    <section aria-labelledby="outbox-heading" className="space-y-5">
      <div>
        <h2 id="outbox-heading" className="text-2xl">
          Outbox
        </h2>
        <p className="mt-1 text-sm text-muted">
          Every e-mail the shop has written: order and payment updates, password resets, newsletters.
        </p>
      </div>
      <div className={cn(open ? 'hidden lg:block' : null)}>
        <OutboxFilters filter={filter} />
      </div>
      <div
        className={cn(
          'grid grid-cols-1 gap-5',
          open ? 'lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:items-start' : null,
        )}
      >
        <div className={cn('space-y-3', open ? 'hidden lg:block' : null)}>
          {pager(false)}
          {list.mails.length === 0 ? (
            <EmptyState
              title="No e-mails found."
              hint={
                filtered
                  ? 'No e-mails match these filters. Try another search.'
                  : 'E-mails appear here as soon as the shop writes them.'
              }
              link={filtered ? { to: outboxHref({}), label: 'Clear the search' } : null}
            />
          ) : (
            <ul
              className="divide-y divide-line rounded-card border border-line bg-white"
              aria-label="E-mails, newest first"
            >
              {list.mails.map((mail) => {
                const current = opened?.id === mail.id;
                return (
                  <li key={mail.id} data-testid="mail-row">
                    <Link
                      to={outboxHref(filter, mail.id)}
                      aria-current={current ? 'true' : undefined}
                      className={cn(
                        'block px-4 py-3 hover:bg-paper',
                        current ? 'bg-paper shadow-[inset_3px_0_0_var(--color-gold-deep)]' : null,
                      )}
                    >
                      <span className="flex items-baseline justify-between gap-3">
                        <span className="min-w-0 truncate text-sm text-ink-soft">{mail.to}</span>
                        <OrderDate iso={mail.createdAt} withTime className="shrink-0 text-xs text-muted" />
                      </span>
                      <span className="mt-0.5 flex items-center justify-between gap-3">
                        <span className="min-w-0 truncate text-sm font-medium text-ink">{mail.subject}</span>
                        <OutboxStatusBadge status={mail.status} />
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          {list.mails.length > 0 ? pager(true) : null}
        </div>
        {opened ? (
          <OutboxReader key={opened.id} mail={opened} backHref={backHref} />
        ) : missing ? (
          <EmptyState title="E-mail not found." link={{ to: backHref, label: 'Back to the outbox' }} />
        ) : null}
      </div>
    </section>
  );
}
