import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatNaira, koboToNaira } from '../../../contracts/money';
import type { ShopReport } from '../../../core/reports/shop-report';
import { OrderDate } from '../../components/orders/order-status';
import { ordersHref } from './admin-links';
import { DailyChart, type DailyPoint } from './report-charts';
import {
  EmptyNote,
  formatCount,
  formatDay,
  formatPercent,
  ReportCard,
  ShareBar,
  Stat,
  StatGrid,
} from './report-cards';
import { variantLabel } from '../../../contracts/catalog';

/*
 * The cards of /admin/reports. Every number comes from core/reports/shop-report.ts (one query each); the
 * cards only lay them out. Tables scroll sideways on a phone rather than squeezing.
 */

const compactNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const nairaAxis = (kobo: number) => compactNaira.format(koboToNaira(kobo));
const plural = (count: number, one: string, many = `${one}s`) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** A small data table with a caption read by screen readers. */
function Table({
  caption,
  head,
  rows,
  testId,
  numeric = [],
  fits = false,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  testId?: string;
  /** Columns (by index) aligned right. */
  numeric?: number[];
  /** Few, wrapping columns: the phone's width without scrolling sideways. */
  fits?: boolean;
}) {
  return (
    // A table wider than a phone scrolls sideways: its box takes the keyboard's focus, so arrows scroll it.
    <div
      className="-mx-1 overflow-x-auto px-1"
      {...(fits ? {} : { tabIndex: 0, role: 'region', 'aria-label': caption })}
    >
      <table className={`w-full text-left text-sm ${fits ? '' : 'min-w-[22rem]'}`} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            {head.map((label, index) => (
              <th
                key={label}
                scope="col"
                className={`py-2 pr-3 font-medium last:pr-0 ${numeric.includes(index) ? 'text-right' : ''}`}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((cells, rowIndex) => (
            <tr key={rowIndex}>
              {cells.map((cell, index) => (
                <td
                  key={index}
                  className={`py-2 pr-3 align-top last:pr-0 ${numeric.includes(index) ? 'text-right tabular-nums' : ''}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A chart with its numbers as a table under it (open it to read them). */
function ChartFigure({
  id,
  caption,
  points,
  kind,
  label,
  format,
  formatAxis,
}: {
  id: string;
  caption: string;
  points: DailyPoint[];
  kind: 'bar' | 'area';
  label: string;
  format: (value: number) => string;
  formatAxis?: (value: number) => string;
}) {
  return (
    <figure className="mt-5" data-testid={`${id}-figure`} aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="mb-2 text-sm font-medium text-ink">
        {caption}
      </figcaption>
      <DailyChart data={points} kind={kind} label={label} format={format} formatAxis={formatAxis} />
      <details className="mt-2 text-sm" data-testid={`${id}-table`}>
        <summary className="cursor-pointer text-gold-deep underline-offset-4 hover:underline">
          {caption}: the figures as a table
        </summary>
        <div className="mt-2 max-h-72 overflow-y-auto">
          <Table
            caption={caption}
            head={['Day', label]}
            numeric={[1]}
            rows={points.map((point) => [formatDay(point.day, true), format(point.value)])}
          />
        </div>
      </details>
    </figure>
  );
}

export function SalesCard({ sales }: { sales: ShopReport['sales'] }) {
  const productRows = (rows: ShopReport['sales']['bestsellers']) =>
    rows.map((row) => [
      row.name,
      formatCount(row.unitsSold),
      formatNaira(row.revenueKobo),
      formatCount(row.stock),
    ]);
  return (
    <ReportCard
      id="sales"
      title="Sales"
      note="Orders paid in the range, by the Lagos day they were paid, less refunds by the day they completed. Cancelled orders are not counted."
    >
      <StatGrid columns={5}>
        <Stat
          wide
          testId="sales-revenue"
          label="Revenue"
          value={formatNaira(sales.revenueKobo)}
          hint={sales.refunds.count > 0 ? `${formatNaira(sales.grossRevenueKobo)} before refunds` : undefined}
        />
        <Stat testId="sales-orders" label="Paid orders" value={formatCount(sales.orders)} />
        <Stat
          wide
          testId="sales-refunds"
          label="Refunds"
          value={formatNaira(sales.refunds.amountKobo)}
          hint={plural(sales.refunds.count, 'refund')}
        />
        <Stat label="Units sold" value={formatCount(sales.unitsSold)} />
        <Stat wide label="Average order" value={formatNaira(sales.averageOrderKobo)} />
      </StatGrid>
      <ChartFigure
        id="revenue-chart"
        caption="Revenue per day"
        points={sales.daily.map((row) => ({ day: row.day, value: row.revenueKobo }))}
        kind="bar"
        label="Revenue"
        format={formatNaira}
        formatAxis={nairaAxis}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div>
          <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Bestsellers</h3>
          {sales.bestsellers.length === 0 ? (
            <div className="mt-2">
              <EmptyNote>Nothing was sold in this range.</EmptyNote>
            </div>
          ) : (
            <div className="mt-2">
              <Table
                caption="Bestsellers by units sold"
                head={['Product', 'Sold', 'Revenue', 'In stock']}
                numeric={[1, 2, 3]}
                rows={productRows(sales.bestsellers)}
                testId="bestsellers"
              />
            </div>
          )}
        </div>
        <div>
          <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Slow movers</h3>
          <div className="mt-2">
            <Table
              caption="Products on sale that sold least"
              head={['Product', 'Sold', 'Revenue', 'In stock']}
              numeric={[1, 2, 3]}
              rows={productRows(sales.slowMovers)}
            />
          </div>
        </div>
      </div>
      <div className="mt-6">
        <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Payment methods</h3>
        {sales.paymentMethods.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No paid orders in this range.</p>
        ) : (
          <ul className="mt-3 grid gap-3 sm:grid-cols-3">
            {sales.paymentMethods.map((row) => (
              <li key={row.method}>
                <ShareBar
                  label={row.label}
                  value={`${formatPercent(row.percent)} · ${plural(row.orders, 'order')}`}
                  percent={row.percent}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </ReportCard>
  );
}

export function OrdersCard({ orders }: { orders: ShopReport['orders'] }) {
  return (
    <ReportCard id="orders" title="Orders" note="Orders placed in the range, by where they are now.">
      <StatGrid columns="half">
        <Stat
          testId="orders-completed"
          label="Completed"
          value={formatCount(orders.completed)}
          hint="Delivered"
        />
        <Stat
          testId="orders-pending"
          label="Pending"
          value={formatCount(orders.pending)}
          hint="Awaiting payment or processing"
        />
        <Stat
          testId="orders-transit"
          label="In transit"
          value={formatCount(orders.inTransit)}
          hint="Shipped"
        />
        <Stat testId="orders-cancelled" label="Cancelled" value={formatCount(orders.cancelled)} />
        <Stat label="Refunded" value={formatCount(orders.refunded)} />
      </StatGrid>
      {orders.inTransitOrders.length > 0 ? (
        <div className="mt-5">
          <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">In transit</h3>
          <div className="mt-2">
            <Table
              caption="Orders shipped and not yet delivered"
              head={['Order', 'Carrier', 'Tracking', 'Shipped', 'Expected by']}
              rows={orders.inTransitOrders.map((order) => [
                <Link
                  key="order"
                  to={ordersHref({}, order.number)}
                  className="font-mono font-semibold text-ink underline-offset-4 hover:underline"
                >
                  {order.number}
                </Link>,
                order.carrier ?? '—',
                order.trackingNumber ?? '—',
                order.shippedAt ? <OrderDate key="shipped" iso={order.shippedAt} /> : '—',
                order.expectedBy ? formatDay(order.expectedBy, true) : '—',
              ])}
            />
          </div>
        </div>
      ) : null}
    </ReportCard>
  );
}

export function UsersCard({ users }: { users: ShopReport['users'] }) {
  const activePercent = users.customers > 0 ? (users.activeInRange / users.customers) * 100 : 0;
  return (
    <ReportCard
      id="users"
      title="Customers"
      note="Returning: signed in, or placed an order that was not their first, in the range. Active: signed in or ordered in the range."
    >
      <StatGrid columns={2}>
        <Stat testId="users-signups" label="Sign-ups" value={formatCount(users.signUps)} />
        <Stat
          testId="users-signins"
          label="Sign-ins"
          value={formatCount(users.signIns)}
          hint={`by ${plural(users.peopleSignedIn, 'person', 'people')}`}
        />
        <Stat testId="users-returning" label="Returning" value={formatCount(users.returningCustomers)} />
        <Stat label="Deactivated" value={formatCount(users.deactivatedAccounts)} hint="accounts, now" />
      </StatGrid>
      <div className="mt-5">
        <ShareBar
          label="Active in the range"
          value={`${formatCount(users.activeInRange)} of ${plural(users.customers, 'customer')} · ${formatCount(users.inactiveInRange)} not seen`}
          percent={activePercent}
        />
      </div>
    </ReportCard>
  );
}

/** 'M / Olive', 'M', 'Olive', or '—' for a product's only variant. */
const optionText = (row: { size: string | null; color: string | null }) => variantLabel(row) || '—';

export function InventoryCard({ inventory }: { inventory: ShopReport['inventory'] }) {
  return (
    <ReportCard
      id="inventory"
      title="Inventory"
      note="Products on sale, as they stand now, counted per size and colour, valued at the price each size and colour sells at. Their value at cost and the margin are under Stock value."
    >
      <StatGrid columns={2}>
        <Stat
          label="Units in stock"
          value={formatCount(inventory.units)}
          hint={`${plural(inventory.products, 'product')} · ${plural(inventory.variants, 'size and colour', 'sizes and colours')}`}
        />
        <Stat
          testId="inventory-out"
          label="Sold out"
          value={formatCount(inventory.outOfStockVariants)}
          hint={`${inventory.outOfStockVariants === 1 ? 'size or colour' : 'sizes and colours'} · ${plural(inventory.outOfStock, 'product')} with none left`}
        />
        <Stat
          testId="inventory-low"
          label="Low stock"
          value={formatCount(inventory.lowStockVariants)}
          hint={`${inventory.lowStockVariants === 1 ? 'size or colour' : 'sizes and colours'} with fewer than ${inventory.lowStockThreshold} left · ${plural(inventory.lowStock, 'product')} to restock`}
        />
        <Stat
          wide
          label="Stock value"
          value={formatNaira(inventory.stockValueKobo)}
          hint="at selling price, products on sale"
        />
      </StatGrid>
      <div className="mt-5">
        <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Lowest stock</h3>
        <div className="mt-2">
          <Table
            testId="inventory-lowest"
            caption="Sizes and colours with the fewest left, sold out first"
            head={['Product', 'In stock', 'Product total']}
            fits
            numeric={[1, 2]}
            rows={inventory.lowest.map((row) => [
              <span key="variant" className="block min-w-0">
                <Link
                  to={`/admin/products/${row.productId}`}
                  className="underline-offset-4 hover:text-gold-deep hover:underline"
                  data-testid="inventory-product"
                >
                  {row.name}
                </Link>
                <span className="block text-xs text-ink-soft" data-testid="inventory-option">
                  {optionText(row)}
                </span>
                <span className="block font-mono text-xs text-muted" data-testid="inventory-sku">
                  {row.sku}
                </span>
              </span>,
              <span
                key="stock"
                className={
                  row.status === 'out_of_stock'
                    ? 'font-medium whitespace-nowrap text-sale'
                    : row.status === 'low_stock'
                      ? 'font-medium text-warning'
                      : undefined
                }
              >
                {row.status === 'out_of_stock' ? 'Sold out' : formatCount(row.stock)}
              </span>,
              formatCount(row.productStock),
            ])}
          />
        </div>
      </div>
    </ReportCard>
  );
}

export function TrafficCard({ traffic }: { traffic: ShopReport['traffic'] }) {
  return (
    <ReportCard
      id="traffic"
      title="Traffic"
      note="Pages the shop served to browsers, counted by the shop itself: no cookies, addresses or visitor ids. Robots, previews and admin pages are not counted."
    >
      <StatGrid columns={3}>
        <Stat testId="traffic-views" label="Page views" value={formatCount(traffic.views)} />
        <Stat label="Orders placed" value={formatCount(traffic.ordersPlaced)} />
        <Stat
          testId="traffic-conversion"
          label="Conversion"
          value={formatPercent(traffic.conversionPercent)}
          hint="orders per 100 page views"
        />
      </StatGrid>
      <ChartFigure
        id="views-chart"
        caption="Page views per day"
        points={traffic.daily.map((row) => ({ day: row.day, value: row.views }))}
        kind="area"
        label="Page views"
        format={formatCount}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <div>
          <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Sources</h3>
          {traffic.sources.length === 0 ? (
            <div className="mt-2">
              <EmptyNote>No page views in this range.</EmptyNote>
            </div>
          ) : (
            <ul className="mt-3 space-y-3">
              {traffic.sources.slice(0, 8).map((row) => (
                <li key={row.source}>
                  <ShareBar
                    label={sourceLabel(row.source)}
                    value={`${formatCount(row.views)} · ${formatPercent(row.percent)}`}
                    percent={row.percent}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Top pages</h3>
          {traffic.topPages.length === 0 ? (
            <div className="mt-2">
              <EmptyNote>No page views in this range.</EmptyNote>
            </div>
          ) : (
            <div className="mt-2">
              <Table
                caption="Most viewed pages"
                head={['Page', 'Views']}
                numeric={[1]}
                rows={traffic.topPages.map((row) => [
                  <span key="path" className="font-mono text-xs break-all">
                    {row.path}
                  </span>,
                  formatCount(row.views),
                ])}
              />
            </div>
          )}
        </div>
      </div>
    </ReportCard>
  );
}

const sourceLabel = (source: string) =>
  source === 'direct' ? 'Direct (typed or bookmarked)' : source === 'internal' ? 'Within the shop' : source;

export function FeedbackCard({ feedback }: { feedback: ShopReport['feedback'] }) {
  return (
    <ReportCard id="feedback" title="Reviews" note="Reviews written in the range.">
      <StatGrid columns={2}>
        <Stat testId="feedback-reviews" label="Reviews" value={formatCount(feedback.reviews)} />
        <Stat
          label="Average rating"
          value={feedback.reviews > 0 ? `${feedback.averageRating.toFixed(2)} / 5` : '—'}
        />
      </StatGrid>
      <ul className="mt-5 space-y-2.5" aria-label="Ratings">
        {feedback.distribution.map((row) => (
          <li key={row.rating}>
            <ShareBar
              label={`${row.rating} ${row.rating === 1 ? 'star' : 'stars'}`}
              value={`${formatCount(row.reviews)} · ${formatPercent(row.percent)}`}
              percent={row.percent}
            />
          </li>
        ))}
      </ul>
      {feedback.lowestRated.length > 0 ? (
        <div className="mt-5">
          <h3 className="font-sans text-sm font-semibold tracking-wide text-ink uppercase">Lowest rated</h3>
          <div className="mt-2">
            <Table
              caption="Products with the lowest average rating in the range"
              head={['Product', 'Rating', 'Reviews']}
              numeric={[1, 2]}
              rows={feedback.lowestRated.map((row) => [
                row.name,
                row.averageRating.toFixed(2),
                formatCount(row.reviews),
              ])}
            />
          </div>
        </div>
      ) : null}
    </ReportCard>
  );
}

export function AdminActionsCard({ admin }: { admin: ShopReport['admin'] }) {
  return (
    <ReportCard
      id="admin-actions"
      title="Admin actions"
      note="Changes made by administrators in the range, from the activity log."
      action={
        <Link to="/admin?tab=audit" className="text-sm text-gold-deep underline-offset-4 hover:underline">
          Activity log
        </Link>
      }
    >
      {admin.actions === 0 ? (
        <EmptyNote>No admin changes in this range.</EmptyNote>
      ) : (
        <>
          <p className="text-sm text-ink-soft">
            <span className="font-display text-3xl text-ink tabular-nums" data-testid="admin-actions-count">
              {formatCount(admin.actions)}
            </span>{' '}
            {admin.actions === 1 ? 'change' : 'changes'}
          </p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {admin.byAction.map((row) => (
              <li
                key={row.action}
                className="rounded-full border border-line bg-paper px-3 py-1 text-xs text-ink"
              >
                <span className="font-mono">{row.action}</span> · {formatCount(row.count)}
              </li>
            ))}
          </ul>
          <ul className="mt-4 divide-y divide-line text-sm">
            {admin.latest.map((entry) => (
              <li key={entry.id} className="py-2">
                <span className="block text-ink">{entry.summary}</span>
                <span className="block text-xs text-muted">
                  {entry.actorEmail} · <OrderDate iso={entry.createdAt} withTime />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </ReportCard>
  );
}

export function MarketingCard({ marketing }: { marketing: ShopReport['marketing'] }) {
  return (
    <ReportCard
      id="marketing"
      title="Marketing"
      note="Coupons used on orders placed in the range (cancelled orders give their use back), and the newsletter."
    >
      <StatGrid columns={2}>
        <Stat testId="marketing-uses" label="Coupon uses" value={formatCount(marketing.couponUses)} />
        <Stat wide label="Discount given" value={formatNaira(marketing.discountKobo)} />
        <Stat
          testId="marketing-subscribed"
          label="New subscribers"
          value={formatCount(marketing.newsletter.subscribed)}
          hint={`${formatCount(marketing.newsletter.unsubscribed)} unsubscribed`}
        />
        <Stat label="Subscribers" value={formatCount(marketing.newsletter.subscribers)} hint="now" />
      </StatGrid>
      {marketing.coupons.length > 0 ? (
        <div className="mt-5">
          <Table
            caption="Coupon use by code"
            head={['Code', 'Uses', 'Discount', 'Order value']}
            numeric={[1, 2, 3]}
            rows={marketing.coupons.map((row) => [
              <span key="code" className="font-mono font-semibold">
                {row.code}
              </span>,
              formatCount(row.uses),
              formatNaira(row.discountKobo),
              formatNaira(row.revenueKobo),
            ])}
          />
        </div>
      ) : (
        <p className="mt-4 text-sm text-muted">No coupons were used in this range.</p>
      )}
    </ReportCard>
  );
}
