import { ArrowRight, ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { roleLabels } from '../../../contracts/roles';
import { OrderDate } from '../../components/orders/order-status';
import { ordersHref } from './admin-links';
import { EmptyState } from './admin-list';
import { AdminPager } from './admin-pager';
import type { loadAuditTab } from './audit-tab.server';
import { DateField, FilterBar, SearchField, SelectField } from './filter-bar';

type AuditData = Awaited<ReturnType<typeof loadAuditTab>>;
type AuditFilter = AuditData['filter'];
type AuditEntry = AuditData['entries'][number];

const entityNames: Record<string, string> = {
  order: 'Orders',
  product: 'Products',
  user: 'Users',
  payment: 'Payments',
  transaction: 'Payments',
  settings: 'Settings',
  coupon: 'Coupons',
  message: 'Messages',
  export: 'Exports',
  blog: 'Blog',
  post: 'Blog posts',
  announcement: 'Announcements',
  category: 'Categories',
};

const entityName = (type: string) => entityNames[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

export function auditHref(filter: Partial<AuditFilter>): string {
  const params = new URLSearchParams({ tab: 'audit' });
  if (filter.q) params.set('q', filter.q);
  if (filter.entityType) params.set('entityType', filter.entityType);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  return `/admin?${params.toString()}`;
}

/** Where the changed record can be seen, when the dashboard has a page for it. */
function entityHref(entry: AuditEntry): string | null {
  if (entry.entityType === 'order') return ordersHref({}, entry.entityId);
  if (entry.entityType === 'message')
    return `/admin?tab=messages&message=${encodeURIComponent(entry.entityId)}`;
  return null;
}

function AuditFilters({ filter, entityTypes }: { filter: AuditFilter; entityTypes: string[] }) {
  const types =
    entityTypes.includes(filter.entityType) || !filter.entityType
      ? entityTypes
      : [...entityTypes, filter.entityType];
  return (
    <FilterBar
      tab="audit"
      label="Activity log search"
      className="grid-cols-2 lg:grid-cols-[minmax(0,1fr)_11rem_10rem_10rem_auto] lg:items-end"
      submitClassName="col-span-2 lg:col-span-1"
    >
      <SearchField
        id="audit-q"
        label="Search the log"
        defaultValue={filter.q}
        placeholder="Who, what, order number, summary"
        className="col-span-2 lg:col-span-1"
      />
      <SelectField
        id="audit-type"
        name="entityType"
        label="Record"
        defaultValue={filter.entityType}
        className="col-span-2 lg:col-span-1"
      >
        <option value="">Everything</option>
        {types.map((type) => (
          <option key={type} value={type}>
            {entityName(type)}
          </option>
        ))}
      </SelectField>
      <DateField id="audit-from" name="from" label="From" defaultValue={filter.from} />
      <DateField id="audit-to" name="to" label="To" defaultValue={filter.to} />
    </FilterBar>
  );
}

/** Before → after of each changed field; 'not set' where a field was added or removed. */
function ChangeTable({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0)
    return <p className="py-2 text-sm text-muted">No field values were recorded for this action.</p>;
  const notSet = <span className="text-muted italic">not set</span>;
  return (
    <>
      <table className="hidden w-full table-fixed text-left text-sm sm:table" data-testid="audit-changes">
        <caption className="sr-only">Changed fields of {entry.action}</caption>
        <thead className="text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            <th scope="col" className="w-[28%] py-2 pr-4 font-medium">
              Field
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Before
            </th>
            <th scope="col" className="w-8 py-2 pr-2 font-medium">
              <span className="sr-only">becomes</span>
            </th>
            <th scope="col" className="py-2 font-medium">
              After
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {entry.changes.map((change) => (
            <tr key={change.field} data-testid="audit-change">
              <th
                scope="row"
                className="py-2 pr-4 align-top font-mono text-xs font-medium break-words text-ink"
              >
                {change.field}
              </th>
              <td className="py-2 pr-2 align-top break-words text-sale">{change.before ?? notSet}</td>
              <td className="py-2 pr-2 align-top text-muted">
                <ArrowRight width={14} height={14} aria-hidden="true" className="mt-0.5" />
              </td>
              <td className="py-2 align-top break-words text-success">{change.after ?? notSet}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="divide-y divide-line text-sm sm:hidden" aria-label={`Changed fields of ${entry.action}`}>
        {entry.changes.map((change) => (
          <li key={change.field} className="py-2" data-testid="audit-change-card">
            <span className="block font-mono text-xs font-medium text-ink">{change.field}</span>
            <span className="mt-0.5 block break-words">
              <span className="text-sale">{change.before ?? notSet}</span>
              <span className="text-muted"> → </span>
              <span className="text-success">{change.after ?? notSet}</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

function AuditItem({ entry }: { entry: AuditEntry }) {
  const href = entityHref(entry);
  return (
    <li data-testid="audit-entry" className="rounded-card border border-line bg-white">
      <div className="grid gap-x-6 gap-y-2 p-4 sm:grid-cols-[11rem_minmax(0,1fr)]">
        <div className="text-xs text-muted">
          <OrderDate iso={entry.createdAt} withTime className="block text-sm text-ink-soft tabular-nums" />
          {entry.actorName ? (
            <span className="mt-0.5 block truncate text-ink-soft" data-testid="audit-actor">
              {entry.actorName}
              {entry.actorRole ? ` (${roleLabels[entry.actorRole]})` : ''}
            </span>
          ) : null}
          <span className="mt-0.5 block truncate" title={entry.actorEmail}>
            {entry.actorEmail}
          </span>
        </div>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span
              className="inline-flex items-center rounded-full border border-gold/50 bg-paper px-2.5 py-0.5 font-mono text-xs text-gold-deep"
              data-testid="audit-action"
            >
              {entry.action}
            </span>
            <span className="text-xs text-muted">
              {entityName(entry.entityType)} ·{' '}
              {href ? (
                <Link to={href} className="font-mono text-gold-deep underline-offset-4 hover:underline">
                  {entry.entityId}
                </Link>
              ) : (
                <span className="font-mono text-ink-soft">{entry.entityId}</span>
              )}
            </span>
          </p>
          <p className="mt-1.5 text-sm break-words text-ink" data-testid="audit-summary">
            {entry.summary}
          </p>
          <details className="group mt-2">
            <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-xs font-medium text-gold-deep hover:underline [&::-webkit-details-marker]:hidden">
              <ChevronDown
                width={14}
                height={14}
                aria-hidden="true"
                className="transition-transform group-open:rotate-180"
              />
              {entry.changes.length === 0
                ? 'Details'
                : `${entry.changes.length} ${entry.changes.length === 1 ? 'change' : 'changes'}`}
            </summary>
            <div className="mt-2 rounded-sm border border-line bg-paper px-3 py-1">
              <ChangeTable entry={entry} />
            </div>
          </details>
        </div>
      </div>
    </li>
  );
}

/** The activity log: who changed what and when (Lagos time), each with its before → after. */
export function AuditTab({ data }: { data: AuditData }) {
  const { filter, entries, entityTypes, total, page, pageSize } = data;
  const filtered = Boolean(filter.q || filter.entityType || filter.from || filter.to);
  const pager = (withNav: boolean) => (
    <AdminPager
      page={page}
      pageSize={pageSize}
      total={total}
      noun={['entry', 'entries']}
      label="Activity log pages"
      href={(target) => auditHref({ ...filter, page: target })}
      withNav={withNav}
    />
  );
  return (
    <section aria-labelledby="audit-heading" className="space-y-5">
      <div>
        <h2 id="audit-heading" className="text-2xl">
          Activity Log
        </h2>
        <p className="mt-1 text-sm text-muted">
          Every change made in the dashboard or the admin API, and every export, with who made it and when
          (Lagos time).
        </p>
      </div>
      <AuditFilters filter={filter} entityTypes={entityTypes} />
      {pager(false)}
      {entries.length === 0 ? (
        <EmptyState
          title="No activity found."
          hint={
            filtered
              ? 'Nothing in the log matches these filters. Try a wider date range or another search.'
              : 'Changes made by administrators appear here as they happen.'
          }
          link={filtered ? { to: auditHref({}), label: 'Clear the filters' } : null}
        />
      ) : (
        <>
          <ol className="space-y-3" aria-label="Activity, newest first">
            {entries.map((entry) => (
              <AuditItem key={entry.id} entry={entry} />
            ))}
          </ol>
          {pager(true)}
        </>
      )}
    </section>
  );
}
