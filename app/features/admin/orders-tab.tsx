import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { Form, Link } from 'react-router';
import {
  orderStatusIds,
  orderStatusNames,
  paymentMethodNames,
  type PaymentMethodId,
} from '../../../contracts/checkout-texts';
import { formatNaira } from '../../../contracts/money';
import type { AdminOrderRow } from '../../../core/orders/manage-orders';
import { OrderDate, OrderStatusBadge } from '../../components/orders/order-status';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { labelClasses, selectClasses } from './admin-nav';
import { ordersHref, type OrdersFilterState } from './admin-links';
import { adminMessages } from './admin-texts';
import { ExportLink } from './export-link';

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
  refunded: 'Refunded',
};

export function paymentStatusLabel(status: string): string {
  return paymentStatusNames[status] ?? status;
}

/** Search (number, name, e-mail) and status filter: a GET form, so the result is a shareable address. */
function OrderFilters({ filter }: { filter: OrdersFilterState }) {
  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label="Order search"
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto] sm:items-end"
    >
      <input type="hidden" name="tab" value="orders" />
      <div className="space-y-1.5">
        <label htmlFor="orders-q" className={labelClasses}>
          Search orders
        </label>
        <input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={filter.q}
          placeholder="Order number, customer name or e-mail"
          className={inputClasses}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="orders-status" className={labelClasses}>
          Status
        </label>
        <select id="orders-status" name="status" defaultValue={filter.status} className={selectClasses}>
          <option value="">All statuses</option>
          {orderStatusIds.map((id) => (
            <option key={id} value={id}>
              {orderStatusNames[id]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="h-11">
        <Search width={16} height={16} aria-hidden="true" /> Search
      </Button>
    </Form>
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
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const first = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.page * list.pageSize, list.total);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-soft">
      <p>
        {list.total === 0
          ? 'No orders'
          : `Showing ${first}–${last} of ${list.total} ${list.total === 1 ? 'order' : 'orders'}`}
        {pages > 1 ? ` · Page ${list.page} of ${pages}` : ''}
      </p>
      {withNav && pages > 1 ? (
        <nav aria-label="Order pages" className="flex gap-2">
          {list.page > 1 ? (
            <Link
              to={ordersHref({ ...filter, page: list.page - 1 })}
              className="inline-flex h-9 items-center gap-1 rounded-sm border border-line px-3 text-ink hover:bg-cream"
            >
              <ChevronLeft width={16} height={16} aria-hidden="true" /> Previous
            </Link>
          ) : null}
          {list.page < pages ? (
            <Link
              to={ordersHref({ ...filter, page: list.page + 1 })}
              className="inline-flex h-9 items-center gap-1 rounded-sm border border-line px-3 text-ink hover:bg-cream"
            >
              Next <ChevronRight width={16} height={16} aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
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
        <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-display text-xl text-ink">{adminMessages.noOrders}</p>
          <p className="mt-1 text-sm text-muted">
            {filtered
              ? 'No orders match your search criteria. Try a different search term.'
              : 'Orders appear here as soon as customers place them.'}
          </p>
          {filtered ? (
            <Link to={ordersHref({})} className="mt-4 inline-block text-sm text-gold-deep underline">
              Clear the search
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <div className="hidden overflow-hidden rounded-card border border-line bg-white md:block">
            <table className="w-full text-left text-sm" data-testid="admin-orders-table">
              <caption className="sr-only">Orders, newest first</caption>
              <thead className="bg-cream text-xs tracking-wide text-ink-soft uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Order
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Customer
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Payment
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Total
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
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
            </table>
          </div>
          <ul className="space-y-3 md:hidden" aria-label="Orders, newest first">
            {list.orders.map((order) => (
              <li key={order.number} data-testid="admin-order-card">
                <Link
                  to={ordersHref(filter, order.number)}
                  className="block rounded-card border border-line bg-white p-4 hover:border-ink/30"
                >
                  <span className="flex items-start justify-between gap-3">
                    <span className="font-mono font-semibold text-ink">{order.number}</span>
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
