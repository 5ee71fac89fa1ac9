import { AlertTriangle, BarChart3, PackagePlus, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { ShopOverview } from '../../../core/reports/overview';
import type { AdminOrderRow } from '../../../core/orders/manage-orders';
import { OrderDate, OrderStatusBadge } from '../../components/orders/order-status';
import { ordersHref } from './admin-links';
import { EmptyNote, formatCount, ReportCard, Stat, StatGrid } from './report-cards';
import { variantLabel } from '../../../contracts/catalog';

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

/** The products tab filtered by stock (low: some size or colour below the threshold; out: none left in any). */
const productsHref = (filter: { stock: 'low_stock' | 'out_of_stock' }) =>
  `/admin?tab=products&${new URLSearchParams(filter).toString()}`;

/**
 * The dashboard's first tab: the shop's figures, quick actions and the latest orders, straight from
 * the database. The figures come as a prop, or else from the dashboard's loader data.
 */
export function OverviewTab({
  recentOrders,
  totalOrders,
  figures,
}: {
  recentOrders: AdminOrderRow[];
  totalOrders: number;
  figures: ShopOverview;
}) {
  return (
    <div className="space-y-8">
      <Figures overview={figures} />

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

function Figures({ overview }: { overview: ShopOverview }) {
  return (
    <>
      <ReportCard
        id="overview-revenue"
        title="Revenue"
        note="Orders paid in these Lagos days, today included, by when they were paid, less the refunds completed in them. Cancelled orders are not counted."
        action={
          <Link to="/admin/reports" className="text-sm text-gold-deep underline-offset-4 hover:underline">
            Full reports
          </Link>
        }
      >
        <StatGrid columns={3}>
          {overview.revenue.map((figure) => (
            <Stat
              wide
              key={figure.id}
              testId={`revenue-${figure.id}`}
              label={figure.label}
              value={formatNaira(figure.revenueKobo)}
              hint={
                <>
                  {formatCount(figure.orders)} paid {figure.orders === 1 ? 'order' : 'orders'}
                  {figure.refunds > 0 ? (
                    <span data-testid={`revenue-${figure.id}-refunds`}>
                      {' '}
                      · {formatNaira(figure.refundsKobo)} refunded
                    </span>
                  ) : null}
                  {figure.testOrders > 0 ? (
                    <span data-testid={`revenue-${figure.id}-test`}>
                      {' '}
                      · {formatCount(figure.testOrders)} TEST MODE{' '}
                      {figure.testOrders === 1 ? 'order' : 'orders'} ({formatNaira(figure.testKobo)}) not
                      counted
                    </span>
                  ) : null}
                </>
              }
            />
          ))}
        </StatGrid>
      </ReportCard>

      <div className="grid gap-6 lg:grid-cols-3">
        <ReportCard id="overview-orders" title="Orders by status" note="Every order, as it stands now.">
          <ul className="divide-y divide-line">
            {overview.ordersByStatus.map((row) => (
              <li key={row.status}>
                <Link
                  to={ordersHref({ status: row.status })}
                  data-testid={`status-${row.status}`}
                  className="flex items-center justify-between gap-3 py-2.5 text-sm hover:text-gold-deep"
                >
                  <span>{row.label}</span>
                  <span className="font-medium tabular-nums">{formatCount(row.orders)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </ReportCard>

        <ReportCard
          id="overview-customers"
          title="New customers"
          note="Customer accounts opened, today included."
        >
          <StatGrid columns={2}>
            <Stat testId="customers-7d" label="7 days" value={formatCount(overview.newCustomers.last7Days)} />
            <Stat
              testId="customers-30d"
              label="30 days"
              value={formatCount(overview.newCustomers.last30Days)}
            />
          </StatGrid>
        </ReportCard>

        <ReportCard
          id="overview-stock"
          title="Low stock"
          note={`Sizes and colours on sale with fewer than ${overview.lowStockThreshold} left.`}
          action={
            overview.lowStockProducts + overview.outOfStockProducts > 0 ? (
              <span className="flex gap-3 text-sm">
                {overview.lowStockProducts > 0 ? (
                  <Link
                    to={productsHref({ stock: 'low_stock' })}
                    data-testid="low-stock-products"
                    className="text-gold-deep underline-offset-4 hover:underline"
                  >
                    {overview.lowStockProducts} low
                  </Link>
                ) : null}
                {overview.outOfStockProducts > 0 ? (
                  <Link
                    to={productsHref({ stock: 'out_of_stock' })}
                    data-testid="out-of-stock-products"
                    className="text-gold-deep underline-offset-4 hover:underline"
                  >
                    {overview.outOfStockProducts} out
                  </Link>
                ) : null}
              </span>
            ) : null
          }
        >
          {overview.lowStock.length === 0 ? (
            <EmptyNote>Every size and colour has {overview.lowStockThreshold} or more in stock.</EmptyNote>
          ) : (
            <>
              <p className="mb-1 text-xs text-ink-soft" data-testid="low-stock-count">
                {formatCount(overview.lowStockCount)}{' '}
                {overview.lowStockCount === 1 ? 'size or colour' : 'sizes and colours'} below{' '}
                {overview.lowStockThreshold}, {formatCount(overview.outOfStockCount)} of them sold out
              </p>
              <ul className="divide-y divide-line">
                {overview.lowStock.map((variant) => {
                  const option = variantLabel(variant);
                  return (
                    <li key={variant.variantId} data-testid="low-stock-variant">
                      <Link
                        to={`/admin/products/${variant.productId}`}
                        className="flex items-center justify-between gap-3 py-2.5 text-sm hover:text-gold-deep"
                      >
                        <span className="min-w-0">
                          <span className="block truncate">{variant.name}</span>
                          <span className="block truncate text-xs text-ink-soft">
                            {option ? `${option} · ` : null}
                            <span className="font-mono text-muted">{variant.sku}</span>
                          </span>
                        </span>
                        <span
                          className={
                            variant.stock <= 0
                              ? 'inline-flex shrink-0 items-center gap-1 font-medium text-sale'
                              : 'shrink-0 font-medium text-warning tabular-nums'
                          }
                        >
                          {variant.stock <= 0 ? (
                            <>
                              <AlertTriangle width={14} height={14} aria-hidden="true" /> Sold out
                            </>
                          ) : (
                            `${variant.stock} left`
                          )}
                        </span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </ReportCard>
      </div>
    </>
  );
}
