import { ArrowRight, ChevronDown, Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import { OrderDate } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { labelClasses, selectClasses } from './admin-nav';
import { ordersHref } from './admin-links';
import { AdminPager } from './audit-pager';
import type { loadAuditTab } from './audit-tab.server';

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
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label="Activity log search"
      className="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(0,1fr)_11rem_10rem_10rem_auto] lg:items-end"
    >
      <input type="hidden" name="tab" value="audit" />
      <div className="col-span-2 space-y-1.5 lg:col-span-1">
        <label htmlFor="audit-q" className={labelClasses}>
          Search the log
        </label>
        <input
          id="audit-q"
          name="q"
          type="search"
          defaultValue={filter.q}
          placeholder="Who, what, order number, summary"
          className={inputClasses}
        />
      </div>
      <div className="col-span-2 space-y-1.5 lg:col-span-1">
        <label htmlFor="audit-type" className={labelClasses}>
          Record
        </label>
        <select id="audit-type" name="entityType" defaultValue={filter.entityType} className={selectClasses}>
          <option value="">Everything</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {entityName(type)}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="audit-from" className={labelClasses}>
          From
        </label>
        <input id="audit-from" name="from" type="date" defaultValue={filter.from} className={inputClasses} />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="audit-to" className={labelClasses}>
          To
        </label>
        <input id="audit-to" name="to" type="date" defaultValue={filter.to} className={inputClasses} />
      </div>
      <Button type="submit" className="col-span-2 h-11 lg:col-span-1">
        <Search width={16} height={16} aria-hidden="true" /> Search
      </Button>
    </Form>
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
        <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-display text-xl text-ink">No activity found.</p>
          <p className="mt-1 text-sm text-muted">
            {filtered
              ? 'Nothing in the log matches these filters. Try a wider date range or another search.'
              : 'Changes made by administrators appear here as they happen.'}
          </p>
          {filtered ? (
            <Link to={auditHref({})} className="mt-4 inline-block text-sm text-gold-deep underline">
              Clear the filters
            </Link>
          ) : null}
        </div>
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
