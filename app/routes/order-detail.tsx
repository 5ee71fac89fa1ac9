import { ArrowLeft, LifeBuoy, MapPin, Store, Truck } from 'lucide-react';
import { ShippingAddressBlock } from '../components/orders/shipping-address';
import { TestOrderBadge } from '../components/orders/test-order-badge';
import { data, Link, useSearchParams } from 'react-router';
import { formatNaira } from '../../contracts/money';
import { isPaidStatus } from '../../contracts/returns';
import { isAppError } from '../../core/errors';
import type { OrderView } from '../../core/orders/order-view';
import { orderDeliveryPromise } from '../../contracts/order-delivery';
import { getShopSettings } from '../../core/settings/shop-settings';
import { OrderTotals } from '../components/order-totals';
import { OrderErrorPage } from '../components/orders/order-error';
import { ButtonLink, buttonClasses } from '../components/ui/button';
import {
  OrderDate,
  OrderProgress,
  OrderStatusBadge,
  OrderStatusNotice,
  OrderTimeline,
  sizeLabel,
} from '../components/orders/order-status';
import {
  paymentStatusNames,
  paymentStatusTones,
  refundTotals,
  RefundList,
} from '../components/orders/payment-status';
import { BankTransferPanel } from '../features/orders/bank-transfer-panel';
import { OrderReturnsCard } from '../features/orders/return-summary';
import { readOrderForPage } from '../features/orders/read-order.server';
import { loadOrderReturns } from '../features/orders/return-summary.server';
import { loadTransferAccount } from '../features/orders/transfer-account.server';
import { TransferAccountPanel } from '../features/orders/transfer-account-panel';
import { testOrderNote } from '../features/orders/transfer-texts';
import { OrderThumb } from '../components/orders/order-thumb';
import { PayNow } from '../features/orders/pay-now';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/order-detail';
import { formatNigerianPhone } from '../../contracts/nigeria';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const key = new URL(request.url).searchParams.get('key');
  let order: OrderView;
  try {
    order = await readOrderForPage(context, params.orderId, { user: context.user, key });
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data('Order not found', { status: 404 });
    throw error;
  }
  const awaitingTransfer = order.status === 'awaiting_payment' && order.paymentMethod === 'bank-transfer';
  const transferAccount = awaitingTransfer
    ? await loadTransferAccount(context.services.payments, order, { user: context.user, key })
    : null;
  const bankAccount =
    awaitingTransfer && !transferAccount ? (await getShopSettings(context.services.db)).bankAccount : null;
  const returns = await loadOrderReturns(context.services.db, order, { user: context.user, key });
  // Where and when a pickup order is collected: the shop's, as they stand now.
  const pickup =
    order.shippingMethod === 'pickup' ? (await getShopSettings(context.services.db)).pickup : null;
  return {
    order,
    pickup,
    bankAccount,
    transferAccount,
    returns,
    renderedAt: Date.now(),
    signedIn: context.user !== null,
  };
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  return pageMeta({
    title: loaded ? `Order ${loaded.order.number}` : 'Order Not Found',
    description: loaded ? `Details and tracking of Rossy order ${loaded.order.number}.` : 'Order details.',
    noindex: true,
    ...rootMeta(matches),
  });
}

function Card({
  title,
  id,
  children,
  className = '',
}: {
  title: string;
  id?: string;
  children: React.ReactNode;
  className?: string;
}) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z]+/g, '-')}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`scroll-mt-28 rounded-card border border-line bg-white p-5 sm:p-6 ${className}`}
    >
      <h2 id={headingId} className="text-2xl">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * Where and when to collect a pickup order and, once it is ready, the code to show at the shop.
 * The code comes only in its shopper's view of the order: staff who open this page read it without.
 */
function PickupCard({ pickup, code }: { pickup: { address: string; hours: string }; code: string | null }) {
  return (
    <Card title={code ? 'Ready for pickup' : 'Pickup at the shop'} id="pickup">
      <div className="space-y-3 text-sm text-ink-soft" data-testid="pickup-card">
        {code ? (
          <div className="rounded-sm border border-gold/50 bg-cream p-4 text-center">
            <p className="text-xs tracking-wide text-muted uppercase">Your pickup code</p>
            <p
              className="mt-1 font-mono text-3xl font-semibold tracking-[0.3em] text-ink"
              data-testid="pickup-code"
            >
              {code}
            </p>
            <p className="mt-1 text-xs text-muted">Show it at the shop to collect your order.</p>
          </div>
        ) : (
          <p>We will e-mail you your pickup code as soon as your order is packed and ready.</p>
        )}
        <p className="flex gap-3">
          <MapPin width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0 text-gold-deep" />
          <span>
            <span className="block font-medium text-ink" data-testid="pickup-address">
              {pickup.address}
            </span>
            <span data-testid="pickup-hours">{pickup.hours}</span>
          </span>
        </p>
      </div>
    </Card>
  );
}

export default function OrderDetailPage({ loaderData }: Route.ComponentProps) {
  const { order, bankAccount, transferAccount, renderedAt, signedIn, pickup } = loaderData;
  const address = order.shippingAddress;
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const orderKey = useSearchParams()[0].get('key');
  const trackable = order.status !== 'awaiting_payment' && order.status !== 'cancelled';
  // The dates promised at checkout, as stored with the order (none on older orders).
  const promise = orderDeliveryPromise({ ...order, shippingMethodId: order.shippingMethod });
  // What is still to send into the order's account: its amount, or the rest after a short transfer.
  const { refundedKobo, onItsWayKobo } = refundTotals(order.refunds);
  const transferDueKobo = !transferAccount
    ? 0
    : transferAccount.receivedKobo
      ? Math.max(0, order.totalKobo - transferAccount.receivedKobo)
      : transferAccount.amountKobo;

  return (
    <div className="container-shop py-8 lg:py-12">
      <Link
        to={signedIn ? '/orders' : '/track-order'}
        className="inline-flex items-center gap-1.5 text-sm text-ink-soft hover:text-ink"
      >
        <ArrowLeft width={16} height={16} aria-hidden="true" />
        {signedIn ? 'Back to Orders' : 'Track an order'}
      </Link>

      <header className="mt-4 flex flex-col gap-5 border-b border-line pb-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="eyebrow">Order details</p>
          <h1 className="mt-2 text-display-md sm:text-display-lg">Order {order.number}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-ink-soft">
            <span>
              Placed <OrderDate iso={order.placedAt} withTime />
            </span>
            <OrderStatusBadge status={order.status} label={order.statusLabel} />
            {promise ? (
              <span className="font-medium text-ink" data-testid="delivery-promise">
                {promise}
              </span>
            ) : null}
          </div>
        </div>
        <div className={`grid gap-3 sm:flex ${trackable ? 'grid-cols-2' : 'grid-cols-1'}`}>
          {/* An order not paid (or cancelled) has no package to follow yet. */}
          {trackable ? (
            <a href="#tracking" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
              <Truck width={16} height={16} aria-hidden="true" /> Track Package
            </a>
          ) : null}
          <ButtonLink
            to={`/contact?order=${encodeURIComponent(order.number)}`}
            variant="outline"
            className="w-full sm:w-auto"
          >
            <LifeBuoy width={16} height={16} aria-hidden="true" /> Need Help
          </ButtonLink>
        </div>
      </header>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8">
        <div className="space-y-6">
          {order.status === 'awaiting_payment' ? (
            <OrderStatusNotice status="awaiting_payment">
              {bankAccount ? (
                <>
                  <p>
                    Transfer <strong className="text-ink">{formatNaira(order.totalKobo)}</strong> to{' '}
                    {bankAccount.bankName}, account{' '}
                    <strong className="text-ink tabular-nums">{bankAccount.accountNumber}</strong> (
                    {bankAccount.accountName}), with the reference{' '}
                    <strong className="font-mono text-ink" data-testid="bank-reference">
                      {order.bankReference ?? order.number}
                    </strong>
                    .
                  </p>
                  {order.stockHeldUntil ? (
                    <p>
                      We hold your items until <OrderDate iso={order.stockHeldUntil} withTime />.
                    </p>
                  ) : null}
                  {order.customerBankReference ? (
                    <p>
                      We have your transfer reference{' '}
                      <span className="font-mono text-ink">{order.customerBankReference}</span> and will
                      confirm your payment as soon as it reaches us.
                    </p>
                  ) : null}
                </>
              ) : transferAccount ? (
                <p>
                  {transferDueKobo > 0 ? (
                    <>
                      Transfer <strong className="text-ink">{formatNaira(transferDueKobo)}</strong> into the
                      account below, opened for this order alone
                      {transferAccount.receivedKobo
                        ? ` (the rest, after ${formatNaira(transferAccount.receivedKobo)} arrived)`
                        : ''}
                      .
                    </>
                  ) : (
                    'Your transfer has reached us and we are checking it.'
                  )}
                  {order.stockHeldUntil ? (
                    <>
                      {' '}
                      We hold your items until <OrderDate iso={order.stockHeldUntil} withTime />.
                    </>
                  ) : null}
                </p>
              ) : (
                <p>
                  We have not received confirmation of your payment yet. If you were charged, it will be
                  confirmed shortly; otherwise contact us and we will help.
                </p>
              )}
            </OrderStatusNotice>
          ) : null}
          {transferAccount ? (
            <TransferAccountPanel
              orderNumber={order.number}
              orderKey={orderKey}
              account={transferAccount}
              orderTotalKobo={order.totalKobo}
              heldUntil={order.stockHeldUntil}
              renderedAt={renderedAt}
              className=""
            />
          ) : order.status === 'awaiting_payment' ? (
            <Card
              title={order.paymentMethod === 'bank-transfer' ? 'Your bank transfer' : 'Complete your payment'}
              id="pay"
            >
              {order.paymentMethod === 'bank-transfer' ? (
                <BankTransferPanel
                  orderNumber={order.number}
                  orderKey={orderKey}
                  paid={isPaidStatus(order.paymentStatus)}
                  customerReference={order.customerBankReference}
                />
              ) : (
                <PayNow orderNumber={order.number} orderKey={orderKey} totalKobo={order.totalKobo} />
              )}
            </Card>
          ) : null}
          {order.status === 'cancelled' ? <OrderStatusNotice status="cancelled" /> : null}

          {order.status !== 'cancelled' ? (
            <Card title="Order Status">
              <OrderProgress
                status={order.status}
                progress={order.progress}
                pickup={pickup !== null}
                className="pt-2"
              />
            </Card>
          ) : null}

          {pickup && (order.status === 'processing' || order.status === 'ready_for_pickup') ? (
            <PickupCard
              pickup={pickup}
              code={order.status === 'ready_for_pickup' ? order.pickupCode : null}
            />
          ) : null}

          {order.refunds.length > 0 ? (
            <Card title="Refunds" id="refunds">
              <RefundList refunds={order.refunds} />
            </Card>
          ) : null}

          <Card title={`Items (${itemCount})`} id="items">
            <ul className="divide-y divide-line">
              {order.items.map((item, index) => (
                <li
                  key={`${item.productId ?? item.name}-${index}`}
                  className="flex gap-4 py-4 first:pt-0 last:pb-0"
                >
                  <OrderThumb src={item.imageUrl} className="w-16 sm:w-20" />
                  <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
                    <div className="min-w-0">
                      <h3 className="font-sans text-sm font-semibold tracking-normal">{item.name}</h3>
                      {item.color || item.size ? (
                        <p className="mt-0.5 text-xs text-muted">
                          {[item.color, sizeLabel(item.size)].filter(Boolean).join(' · ')}
                        </p>
                      ) : null}
                      <p className="mt-1 text-sm text-ink-soft tabular-nums">
                        {item.quantity} × {formatNaira(item.unitPriceKobo)}
                      </p>
                      {item.productId !== null ? (
                        <Link
                          to={`/products/${item.productId}`}
                          className="mt-2 inline-block text-xs font-medium tracking-wide text-gold-deep uppercase underline-offset-4 hover:underline"
                        >
                          View Product<span className="sr-only">: {item.name}</span>
                        </Link>
                      ) : null}
                    </div>
                    <p className="text-sm font-semibold tabular-nums sm:text-right">
                      {formatNaira(item.lineTotalKobo)}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </Card>

          <OrderReturnsCard orderNumber={order.number} orderKey={orderKey} {...loaderData.returns} />

          <Card title="Tracking" id="tracking">
            <dl className={`mb-6 grid gap-4 text-sm ${pickup ? '' : 'sm:grid-cols-3'}`}>
              <div>
                <dt className="text-xs tracking-wide text-muted uppercase">Shipping method</dt>
                <dd className="mt-1 text-ink">{order.shippingMethodLabel}</dd>
              </div>
              {/* A pickup order travels with no carrier. */}
              {pickup ? null : (
                <>
                  <div>
                    <dt className="text-xs tracking-wide text-muted uppercase">Carrier</dt>
                    <dd className="mt-1 text-ink">{order.carrier ?? 'Assigned when shipped'}</dd>
                  </div>
                  <div>
                    <dt className="text-xs tracking-wide text-muted uppercase">Tracking number</dt>
                    <dd className="mt-1 font-mono break-all text-ink">
                      {order.trackingUrl && order.trackingNumber ? (
                        <a
                          href={order.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="underline underline-offset-2 hover:text-gold-deep"
                          data-testid="tracking-link"
                        >
                          {order.trackingNumber}
                          <span className="sr-only"> (opens the carrier&apos;s tracking page)</span>
                        </a>
                      ) : (
                        (order.trackingNumber ?? '—')
                      )}
                    </dd>
                  </div>
                </>
              )}
            </dl>
            <OrderTimeline events={order.events} />
          </Card>
        </div>

        <aside className="space-y-6" aria-label="Order information">
          <Card title="Order Summary">
            <OrderTotals
              figures={{
                subtotalKobo: order.subtotalKobo,
                discountKobo: order.discountKobo,
                shippingKobo: order.shippingKobo,
                taxKobo: order.taxKobo,
                taxRatePercent: order.taxRatePercent,
                taxIncluded: order.taxIncluded,
                totalKobo: order.totalKobo,
                couponCode: order.couponCode,
                shippingLabel: order.shippingMethodLabel,
              }}
            />
          </Card>

          <Card title={pickup ? 'Collected by' : 'Shipping Address'}>
            {pickup ? (
              <p className="flex gap-3 text-sm leading-relaxed text-ink-soft">
                <Store width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0 text-gold-deep" />
                <span>
                  <span className="font-medium text-ink">
                    {address.firstName} {address.lastName}
                  </span>
                  <br />
                  At our shop: {pickup.address}
                </span>
              </p>
            ) : (
              <ShippingAddressBlock address={address} />
            )}
            <p className="mt-3 border-t border-line pt-3 text-sm break-words text-ink-soft">
              {order.email}
              <br />
              {formatNigerianPhone(order.phone)}
            </p>
          </Card>

          <Card title="Payment">
            <dl className="space-y-3 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-soft">Method</dt>
                <dd className="text-right text-ink">{order.paymentMethodLabel}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-ink-soft">Status</dt>
                <dd className={`text-right font-semibold ${paymentStatusTones[order.paymentStatus]}`}>
                  {paymentStatusNames[order.paymentStatus]}
                </dd>
              </div>
              {refundedKobo > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-soft">Refunded</dt>
                  <dd className="text-right font-semibold text-ink tabular-nums">
                    {formatNaira(refundedKobo)}
                  </dd>
                </div>
              ) : null}
              {onItsWayKobo > 0 ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-soft">Refund on its way</dt>
                  <dd className="text-right text-ink tabular-nums">{formatNaira(onItsWayKobo)}</dd>
                </div>
              ) : null}
              {order.isTest ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-soft">Mode</dt>
                  <dd className="text-right text-xs text-muted">
                    <TestOrderBadge className="mr-1.5" />
                    {testOrderNote(order.paymentMethod).replace(/\.$/, '')}
                  </dd>
                </div>
              ) : null}
              {order.bankReference ? (
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-soft">Reference</dt>
                  <dd className="text-right font-mono text-ink">{order.bankReference}</dd>
                </div>
              ) : null}
            </dl>
          </Card>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <OrderErrorPage failedTitle="This order could not be shown" />;
}
