import { Link } from 'react-router';
import { returnStatusIds, returnStatusNames } from '../../../contracts/returns';
import type { AdminReturnView } from '../../../core/returns/views';
import { OrderDate, sizeLabel } from '../../components/orders/order-status';
import { OrderThumb } from '../../components/orders/order-thumb';
import { returnsHref, type ReturnsFilterState } from './admin-links';
import { AdminTable, EmptyState } from './admin-list';
import { FilterBar, SearchField, SelectField } from './filter-bar';
import { ReturnBadge } from './returns-panel';

/** Search (return or order number, customer) and the state filter: a GET form, a shareable address. */
function ReturnFilters({ filter }: { filter: ReturnsFilterState }) {
  return (
    <FilterBar
      tab="returns"
      label="Return search"
      className="sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
    >
      <SearchField
        id="returns-q"
        label="Search returns"
        defaultValue={filter.q}
        placeholder="Return or order number, or e-mail"
      />
      <SelectField id="returns-status" name="status" label="State" defaultValue={filter.status}>
        <option value="">All states</option>
        {returnStatusIds.map((id) => (
          <option key={id} value={id}>
            {returnStatusNames[id]}
          </option>
        ))}
      </SelectField>
    </FilterBar>
  );
}

/** The pieces of a return, small: picture, name, size and colour, how many; the exchange's size. */
function ReturnItems({ view }: { view: AdminReturnView }) {
  return (
    <ul className="space-y-2">
      {view.items.map((item) => (
        <li key={item.id} className="flex gap-2.5">
          <OrderThumb src={item.imageUrl} className="w-9" />
          <span className="min-w-0 text-sm">
            <span className="block truncate text-ink">
              {item.quantity} × {item.name}
            </span>
            <span className="block text-xs text-muted">
              {[item.color, sizeLabel(item.size)].filter(Boolean).join(' · ')}
              {item.exchangeFor ? (
                <span className="text-ink-soft">
                  {' '}
                  → {[item.exchangeFor.color, sizeLabel(item.exchangeFor.size)].filter(Boolean).join(' · ')}
                </span>
              ) : null}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Each item's reason, with her own words when she gave any. */
function Reasons({ view }: { view: AdminReturnView }) {
  const reasons = view.items.map((item) => ({
    id: item.id,
    label: item.reasonLabel,
    text: item.reasonText,
  }));
  return (
    <ul className="space-y-1">
      {reasons.map((reason) => (
        <li key={reason.id} className="text-sm">
          <span className="text-ink">{reason.label}</span>
          {reason.text ? <span className="block text-xs break-words text-muted">“{reason.text}”</span> : null}
        </li>
      ))}
      {view.note ? <li className="text-xs break-words text-muted">Note: “{view.note}”</li> : null}
    </ul>
  );
}

/** Every return, newest first, filtered by state; each opens its panel with the moves allowed now. */
export function ReturnsTab({ list, filter }: { list: AdminReturnView[]; filter: ReturnsFilterState }) {
  const filtered = Boolean(filter.q || filter.status);
  return (
    <section aria-labelledby="returns-heading" className="space-y-5">
      <h2 id="returns-heading" className="text-2xl">
        Returns
      </h2>
      <ReturnFilters filter={filter} />
      <p className="text-sm text-ink-soft" data-testid="returns-count">
        {/* The list shows the newest 200 at most: a search or a state finds older ones. */}
        {list.length >= 200
          ? 'The newest 200 returns'
          : `${list.length} ${list.length === 1 ? 'return' : 'returns'}`}
        {filter.status ? ` · ${returnStatusNames[filter.status as keyof typeof returnStatusNames]}` : ''}
      </p>
      {list.length === 0 ? (
        <EmptyState
          title="No returns found."
          hint={
            filtered
              ? 'No returns match this search. Try another state or term.'
              : 'Returns appear here as soon as customers ask for one.'
          }
          link={filtered ? { to: returnsHref({}), label: 'Show every return' } : null}
        />
      ) : (
        <>
          <AdminTable
            layout="lg"
            testId="admin-returns-table"
            caption="Returns, newest first"
            columns={[
              { label: 'Return' },
              { label: 'Customer' },
              { label: 'Items' },
              { label: 'Reason' },
              { label: 'Wants' },
              { label: 'State' },
            ]}
          >
            <tbody className="divide-y divide-line">
              {list.map((view) => (
                <tr key={view.id} data-testid="admin-return-row" className="hover:bg-paper">
                  <td className="px-4 py-3 align-top">
                    <Link
                      to={returnsHref(filter, view.number)}
                      className="font-mono font-semibold text-ink underline-offset-4 hover:underline"
                    >
                      {view.number}
                    </Link>
                    <span className="mt-0.5 block font-mono text-xs text-muted">{view.orderNumber}</span>
                    <OrderDate iso={view.createdAt} className="block text-xs text-muted" />
                  </td>
                  <td className="max-w-52 px-4 py-3 align-top">
                    <span className="block truncate text-ink">{view.customerName}</span>
                    <span className="block truncate text-xs text-muted">{view.email}</span>
                  </td>
                  <td className="max-w-64 px-4 py-3 align-top">
                    <ReturnItems view={view} />
                  </td>
                  <td className="max-w-56 px-4 py-3 align-top">
                    <Reasons view={view} />
                  </td>
                  <td className="px-4 py-3 align-top text-ink">{view.resolutionLabel}</td>
                  <td className="px-4 py-3 align-top">
                    <ReturnBadge status={view.status} label={view.statusLabel} />
                    <span className="mt-1 block text-xs text-muted">
                      Updated <OrderDate iso={view.updatedAt} />
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <ul className="space-y-3 lg:hidden" aria-label="Returns, newest first">
            {list.map((view) => (
              <li key={view.id} data-testid="admin-return-card">
                <Link
                  to={returnsHref(filter, view.number)}
                  className="block space-y-3 rounded-card border border-line bg-white p-4 hover:border-ink/30"
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="min-w-0">
                      <span className="block font-mono font-semibold text-ink">{view.number}</span>
                      <span className="block truncate text-xs text-muted">
                        {view.orderNumber} · {view.customerName}
                      </span>
                    </span>
                    <ReturnBadge status={view.status} label={view.statusLabel} />
                  </span>
                  <ReturnItems view={view} />
                  <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-xs text-muted">
                    <span>
                      {view.items.map((item) => item.reasonLabel).join(', ')} · {view.resolutionLabel}
                    </span>
                    <OrderDate iso={view.createdAt} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
