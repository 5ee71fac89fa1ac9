import { BarChart3, PackagePlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { AdminOrderRow } from '../../../core/orders/manage-orders';
import { OrderDate, OrderStatusBadge } from '../../components/orders/order-status';
import { ordersHref } from './admin-links';

const quickActions = [
  {
    to: '/admin/products/new',
    label: 'Add Product',
    hint: 'Photos, sizes, colours and stock',
    Icon: PackagePlus,
  },
  { to: '/admin/users', label: 'Manage Users', hint: 'Promote, activate or deactivate', Icon: Users },
  { to: '/admin/reports', label: 'View Reports', hint: 'Sales, orders, stock and traffic', Icon: BarChart3 },
] as const;

/** The dashboard's first tab: quick actions and the latest orders, straight from the database. */
export function OverviewTab({
  recentOrders,
  totalOrders,
}: {
  recentOrders: AdminOrderRow[];
  totalOrders: number;
}) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="quick-actions-heading">
        <h2 id="quick-actions-heading" className="text-2xl">
          Quick actions
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {quickActions.map(({ to, label, hint, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex h-full items-center gap-4 rounded-card border border-line bg-white p-4 transition-colors hover:border-gold-deep"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-cream text-gold-deep">
                  <Icon width={20} height={20} aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-medium text-ink">{label}</span>
                  <span className="block text-xs text-muted">{hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="recent-orders-heading">
        <div className="flex items-baseline justify-between gap-3">
          <h2 id="recent-orders-heading" className="text-2xl">
            Recent orders
          </h2>
          {totalOrders > 0 ? (
            <Link to={ordersHref({})} className="text-sm text-gold-deep underline-offset-4 hover:underline">
              All {totalOrders} orders
            </Link>
          ) : null}
        </div>
        {recentOrders.length === 0 ? (
          <p className="mt-4 rounded-card border border-dashed border-line bg-white px-6 py-10 text-center text-sm text-muted">
            No orders yet. They appear here as soon as customers place them.
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-line rounded-card border border-line bg-white">
            {recentOrders.map((order) => (
              <li key={order.number}>
                <Link
                  to={ordersHref({}, order.number)}
                  className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-paper sm:grid-cols-[9rem_minmax(0,1fr)_8rem_auto]"
                >
                  <span className="font-mono text-sm font-semibold text-ink">{order.number}</span>
                  <span className="order-3 col-span-2 truncate text-sm text-ink-soft sm:order-none sm:col-span-1">
                    {order.customerName} · <OrderDate iso={order.placedAt} />
                  </span>
                  <span className="order-4 text-sm font-medium tabular-nums sm:order-none sm:text-right">
                    {formatNaira(order.totalKobo)}
                  </span>
                  <span className="justify-self-end">
                    <OrderStatusBadge status={order.status} label={order.statusLabel} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
