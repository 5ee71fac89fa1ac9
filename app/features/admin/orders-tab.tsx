import { Link } from 'react-router';
import { TestOrderBadge } from '../../components/orders/test-order-badge';
import {
  orderStatusIds,
  orderStatusNames,
  paymentMethodNames,
  type PaymentMethodId,
} from '../../../contracts/checkout-texts';
import { formatNaira } from '../../../contracts/money';
import type { AdminOrderRow } from '../../../core/orders/manage-orders';
import { OrderDate, OrderStatusBadge } from '../../components/orders/order-status';
import { ordersHref, type OrdersFilterState } from './admin-links';
import { AdminTable, EmptyState } from './admin-list';
import { AdminPager } from './admin-pager';
import { adminMessages } from './admin-texts';
import { ExportLink } from './export-link';
import { FilterBar, SearchField, SelectField } from './filter-bar';

export interface AdminOrderList {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

export function paymentMethodLabel(method: string): string {
  return paymentMethodNames[method as PaymentMethodId] ?? method;
}

const paymentStatusNames: Record<string, string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export function paymentStatusLabel(status: string): string {
  return paymentStatusNames[status] ?? status;
}

/** Search (number, name, e-mail) and status filter: a GET form, so the result is a shareable address. */
function OrderFilters({ filter }: { filter: OrdersFilterState }) {
  return (
    <FilterBar
      tab="orders"
      label="Order search"
      className="sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
    >
      <SearchField
        id="orders-q"
        label="Search orders"
        defaultValue={filter.q}
        placeholder="Order number, customer name or e-mail"
      />
      <SelectField id="orders-status" name="status" label="Status" defaultValue={filter.status}>
        <option value="">All statuses</option>
        {orderStatusIds.map((id) => (
          <option key={id} value={id}>
            {orderStatusNames[id]}
          </option>
        ))}
      </SelectField>
    </FilterBar>
  );
}

function Pager({
  list,
  filter,
  withNav = false,
}: {
  list: AdminOrderList;
  filter: OrdersFilterState;
  withNav?: boolean;
}) {
  return (
    <AdminPager
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      noun={['order', 'orders']}
      label="Order pages"
      href={(page) => ordersHref({ ...filter, page })}
      withNav={withNav}
    />
  );
}

/** Every order, newest first, 20 a page; each opens its panel. */
export function OrdersTab({ list, filter }: { list: AdminOrderList; filter: OrdersFilterState }) {
  const filtered = Boolean(filter.q || filter.status);
  return (
    <section aria-labelledby="orders-heading" className="space-y-5">
      <h2 id="orders-heading" className="text-2xl">
        Orders
      </h2>
      <OrderFilters filter={filter} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Pager list={list} filter={filter} />
        <ExportLink kind="orders" filter={{ q: filter.q, status: filter.status }} />
      </div>
      {list.orders.length === 0 ? (
        <EmptyState
          title={adminMessages.noOrders}
          hint={
            filtered
              ? 'No orders match your search criteria. Try a different search term.'
              : 'Orders appear here as soon as customers place them.'
          }
          link={filtered ? { to: ordersHref({}), label: 'Clear the search' } : null}
        />
      ) : (
        <>
          <AdminTable
            layout="md"
            testId="admin-orders-table"
            caption="Orders, newest first"
            columns={[
              { label: 'Order' },
              { label: 'Customer' },
              { label: 'Payment' },
              { label: 'Total', align: 'right' },
              { label: 'Status' },
            ]}
          >
            <tbody className="divide-y divide-line">
              {list.orders.map((order) => (
                <tr key={order.number} data-testid="admin-order-row" className="hover:bg-paper">
                  <td className="px-4 py-3 align-top">
                    <Link
                      to={ordersHref(filter, order.number)}
                      className="font-mono font-semibold text-ink underline-offset-4 hover:underline"
                    >
                      {order.number}
                    </Link>
                    {order.isTest ? <TestOrderBadge className="ml-2" /> : null}
                    <OrderDate iso={order.placedAt} withTime className="mt-0.5 block text-xs text-muted" />
                  </td>
                  <td className="max-w-64 px-4 py-3 align-top">
                    <span className="block truncate text-ink">{order.customerName}</span>
                    <span className="block truncate text-xs text-muted">{order.email}</span>
                  </td>
                  <td className="px-4 py-3 align-top">
                    <span className="block text-ink">{paymentMethodLabel(order.paymentMethod)}</span>
                    <span className="block text-xs text-muted">
                      {paymentStatusLabel(order.paymentStatus)} · {order.itemCount}{' '}
                      {order.itemCount === 1 ? 'item' : 'items'}
                    </span>
                  </td>
                  <td className="px-4 py-3 text-right align-top font-medium tabular-nums">
                    {formatNaira(order.totalKobo)}
                  </td>
                  <td className="px-4 py-3 align-top">
                    <OrderStatusBadge status={order.status} label={order.statusLabel} />
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
          <ul className="space-y-3 md:hidden" aria-label="Orders, newest first">
            {list.orders.map((order) => (
              <li key={order.number} data-testid="admin-order-card">
                <Link
                  to={ordersHref(filter, order.number)}
                  className="block rounded-card border border-line bg-white p-4 hover:border-ink/30"
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="font-mono font-semibold text-ink">
                      {order.number}
                      {order.isTest ? <TestOrderBadge className="ml-2" /> : null}
                    </span>
                    <OrderStatusBadge status={order.status} label={order.statusLabel} />
                  </span>
                  <span className="mt-1 block truncate text-sm text-ink">
                    {order.customerName} · <span className="text-muted">{order.email}</span>
                  </span>
                  <span className="mt-2 flex items-baseline justify-between gap-3 text-sm">
                    <span className="text-muted">
                      <OrderDate iso={order.placedAt} /> · {paymentMethodLabel(order.paymentMethod)}
                    </span>
                    <span className="font-medium tabular-nums">{formatNaira(order.totalKobo)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Pager list={list} filter={filter} withNav />
        </>
      )}
    </section>
  );
}
