import { ChevronRight, PackageSearch, Search } from 'lucide-react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { orderStatusIds, orderStatusNames, type OrderStatusId } from '../../contracts/checkout-texts';
import { formatNaira } from '../../contracts/money';
import type { OrderSummaryView } from '../../core/orders/order-view';
import { listOrdersForUser } from '../../core/orders/read-orders';
import { Button, ButtonLink } from '../components/ui/button';
import { inputClasses } from '../components/ui/field';
import { Skeleton } from '../components/ui/skeleton';
import { OrderDate, OrderStatusBadge } from '../components/orders/order-status';
import { OrderThumb } from '../components/orders/order-thumb';
import { RefundTag } from '../components/orders/payment-status';
import { UnpaidOrderActions } from '../features/orders/unpaid-actions';
import { cn } from '../lib/cn';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/orders';

const MAX_QUERY = 40;
const THUMBS = 4;

function isStatus(value: string): value is OrderStatusId {
  return (orderStatusIds as readonly string[]).includes(value);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const rawStatus = params.get('status') ?? '';
  const status = isStatus(rawStatus) ? rawStatus : '';
  if (!context.user) return { signedIn: false as const, orders: [] as OrderSummaryView[], q, status };
  const orders = await listOrdersForUser(context.services.db, context.user, { q, status });
  return { signedIn: true as const, orders, q, status };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'My Orders',
    description: 'Your Rossy orders.',
    noindex: true,
    ...rootMeta(matches),
  });
}

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { signedIn, orders, q, status } = loaderData;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const filtered = q !== '' || status !== '';

  return (
    <section className="container-shop py-10 lg:py-14">
      <header className="border-b border-line pb-6">
        <p className="eyebrow">Your account</p>
        <h1 className="mt-2 text-display-lg">My Orders</h1>
        {signedIn ? (
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {loading
              ? 'Loading your orders…'
              : `${orders.length} ${orders.length === 1 ? 'order' : 'orders'}`}
          </p>
        ) : null}
      </header>

      {signedIn ? (
        <>
          <Form
            method="get"
            role="search"
            aria-label="Search your orders"
            className="mt-6 grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-[1fr_13rem_auto]"
          >
            <div className="col-span-2 space-y-1.5 sm:col-span-1">
              <label
                htmlFor="orders-q"
                className="block text-xs font-medium tracking-wide text-ink-soft uppercase"
              >
                Order number
              </label>
              <div className="relative">
                <Search
                  width={16}
                  height={16}
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
                />
                <input
                  key={q}
                  id="orders-q"
                  name="q"
                  type="search"
                  defaultValue={q}
                  maxLength={MAX_QUERY}
                  placeholder="e.g. ORD-10001"
                  autoComplete="off"
                  className={`${inputClasses} pl-9`}
                />
              </div>
            </div>
            <div className="space-y-1.5">
              <label
                htmlFor="orders-status"
                className="block text-xs font-medium tracking-wide text-ink-soft uppercase"
              >
                Status
              </label>
              <select
                key={status}
                id="orders-status"
                name="status"
                defaultValue={status}
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
                className={inputClasses}
              >
                <option value="">All statuses</option>
                {orderStatusIds.map((id) => (
                  <option key={id} value={id}>
                    {orderStatusNames[id]}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex gap-2">
              <Button type="submit">Search</Button>
              {filtered ? (
                <ButtonLink to="/orders" variant="ghost" className="px-3">
                  Clear
                </ButtonLink>
              ) : null}
            </div>
          </Form>

          <div className="mt-8">
            {loading ? (
              <OrderListSkeleton />
            ) : orders.length === 0 ? (
              <EmptyOrders filtered={filtered} />
            ) : (
              <ul className="space-y-4" aria-label="Orders">
                {orders.map((order) => (
                  <li key={order.number}>
                    <OrderRow order={order} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      ) : (
        <GuestPrompt />
      )}
    </section>
  );
}

function OrderRow({ order }: { order: OrderSummaryView }) {
  const shown = order.items.slice(0, THUMBS);
  const more = order.items.length - shown.length;
  const names = order.items.map((item) =>
    item.quantity > 1 ? `${item.name} × ${item.quantity}` : item.name,
  );
  const unpaidCard = order.status === 'awaiting_payment' && order.paymentMethod !== 'bank-transfer';
  return (
    <article
      className={cn(
        'relative grid grid-cols-[minmax(0,1fr)_auto] gap-4 rounded-card border border-line bg-white p-4 transition-shadow sm:p-6',
        'md:grid-cols-[10rem_minmax(0,1fr)_9rem_11rem] md:items-center md:gap-x-6',
        unpaidCard
          ? "border-warning/40 [grid-template-areas:'id_status'_'items_items'_'foot_foot'_'actions_actions'] md:[grid-template-areas:'id_items_foot_status'_'actions_actions_actions_actions']"
          : "[grid-template-areas:'id_status'_'items_items'_'foot_foot'] md:[grid-template-areas:'id_items_foot_status']",
        'hover:shadow-md has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-gold-deep',
      )}
      aria-labelledby={`order-${order.number}`}
      data-testid="order-row"
    >
      <div className="[grid-area:id]">
        <h2 id={`order-${order.number}`} className="font-sans text-base font-semibold tracking-normal">
          <Link
            to={`/orders/${order.number}`}
            className="after:absolute after:inset-0 after:rounded-card hover:underline focus-visible:outline-none"
          >
            {order.number}
          </Link>
        </h2>
        <p className="mt-0.5 text-sm text-muted">
          Placed <OrderDate iso={order.placedAt} />
        </p>
      </div>

      <div className="flex flex-col items-end gap-1.5 self-start justify-self-end [grid-area:status] md:self-center">
        <OrderStatusBadge status={order.status} label={order.statusLabel} />
        <RefundTag status={order.paymentStatus} />
      </div>

      <div className="flex min-w-0 items-center gap-3 [grid-area:items]">
        <div className="flex shrink-0 -space-x-3">
          {shown.map((item, index) => (
            <OrderThumb
              key={`${item.name}-${index}`}
              src={item.imageUrl}
              className="w-11 border-2 border-white sm:w-12"
            />
          ))}
          {more > 0 ? (
            <span className="flex aspect-[4/5] w-11 items-center justify-center rounded-sm border-2 border-white bg-cream text-xs font-semibold text-ink-soft sm:w-12">
              +{more}
            </span>
          ) : null}
        </div>
        <p className="line-clamp-2 min-w-0 text-sm text-ink-soft">{names.join(', ')}</p>
      </div>

      <div className="flex items-center justify-between gap-4 border-t border-line pt-4 [grid-area:foot] md:flex-col md:items-end md:gap-0.5 md:border-0 md:pt-0">
        <p className="flex items-baseline gap-1.5 md:flex-col-reverse md:items-end md:gap-0.5">
          <span className="text-sm text-ink-soft md:text-xs md:text-muted">
            {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
            <span className="md:hidden"> ·</span>
          </span>
          <span className="font-semibold text-ink tabular-nums">{formatNaira(order.totalKobo)}</span>
        </p>
        <span
          aria-hidden="true"
          className="inline-flex items-center gap-1 text-xs font-medium tracking-wide uppercase md:hidden"
        >
          View Details <ChevronRight width={14} height={14} />
        </span>
      </div>
      {unpaidCard ? <UnpaidOrderActions orderNumber={order.number} /> : null}
    </article>
  );
}

function OrderListSkeleton() {
  return (
    <ul className="space-y-4" aria-busy="true" aria-label="Loading orders" data-testid="orders-loading">
      {Array.from({ length: 3 }, (_, index) => (
        <li key={index} className="rounded-card border border-line bg-white p-4 sm:p-6">
          <div className="flex justify-between">
            <div className="space-y-2">
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-3 w-36" />
            </div>
            <Skeleton className="h-5 w-20 rounded-full" />
          </div>
          <div className="mt-4 flex items-center gap-3">
            <Skeleton className="aspect-[4/5] w-11 sm:w-14" />
            <Skeleton className="h-3 w-1/2" />
          </div>
          <Skeleton className="mt-4 h-4 w-32" />
        </li>
      ))}
    </ul>
  );
}

function EmptyOrders({ filtered }: { filtered: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-line px-4 py-16 text-center">
      <PackageSearch width={40} height={40} aria-hidden="true" className="text-gold" />
      <h2 className="mt-4 text-display-md">No orders found</h2>
      <p className="mt-2 max-w-sm text-muted">
        {filtered
          ? 'No orders match your search criteria. Try a different search term.'
          : "You haven't placed any orders yet."}
      </p>
      {filtered ? (
        <ButtonLink to="/orders" variant="outline" className="mt-6">
          Clear Search
        </ButtonLink>
      ) : (
        <ButtonLink to="/products" className="mt-6">
          Start Shopping
        </ButtonLink>
      )}
    </div>
  );
}

function GuestPrompt() {
  return (
    <div className="mt-8 grid gap-4 md:grid-cols-2">
      <div className="rounded-card border border-line bg-white p-6 sm:p-8">
        <h2 className="text-2xl">Sign in to see your orders</h2>
        <p className="mt-2 text-sm text-ink-soft">
          Your orders, their progress and their receipts are kept in your account. Orders you placed as a
          guest with the same e-mail appear there too.
        </p>
        <ButtonLink to="/login?redirectTo=/orders" className="mt-6 w-full sm:w-auto">
          Sign In
        </ButtonLink>
      </div>
      <div className="rounded-card border border-line bg-cream/60 p-6 sm:p-8">
        <h2 className="text-2xl">Ordered as a guest?</h2>
        <p className="mt-2 text-sm text-ink-soft">
          Follow any order with its number and the e-mail you placed it with, or open the link in your order
          confirmation e-mail.
        </p>
        <ButtonLink to="/track-order" variant="outline" className="mt-6 w-full sm:w-auto">
          Track Your Order
        </ButtonLink>
      </div>
    </div>
  );
}
