import { CheckCircle2, Clock3 } from 'lucide-react';
import { TestOrderBadge } from '../components/orders/test-order-badge';
import { Link } from 'react-router';
import { cardProviderNames } from '../../contracts/checkout-texts';
import { formatNaira } from '../../contracts/money';
import { isPaidStatus } from '../../contracts/returns';
import { isAppError } from '../../core/errors';
import type { OrderView } from '../../core/orders/order-view';
import { getShopSettings } from '../../core/settings/shop-settings';
import { OrderTotals } from '../components/order-totals';
import { OrderLine } from '../components/orders/order-line';
import { Badge } from '../components/ui/badge';
import { ButtonLink } from '../components/ui/button';
import { BankTransferPanel } from '../features/orders/bank-transfer-panel';
import { readOrderForPage } from '../features/orders/read-order.server';
import { loadTransferAccount } from '../features/orders/transfer-account.server';
import { TransferAccountPanel } from '../features/orders/transfer-account-panel';
import { bankAppAmount, testOrderNote } from '../features/orders/transfer-texts';
import { CopyValue } from '../components/ui/copy-value';
import { PayNow } from '../features/orders/pay-now';
import { cn } from '../lib/cn';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/order-success';
import { LAGOS_TIME_ZONE } from '../../contracts/lagos-time';
import { orderDeliveryPromise } from '../../contracts/order-delivery';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const number = params.get('order');
  const key = params.get('key');
  const none = {
    order: null,
    key: null,
    bankAccount: null,
    transferAccount: null,
    pickup: null,
    renderedAt: Date.now(),
  };
  if (!number) return none;
  try {
    const viewer = { user: context.user, key };
    const order = await readOrderForPage(context, number, viewer);
    const transferAccount = await loadTransferAccount(context.services.payments, order, viewer);
    const settings = await getShopSettings(context.services.db);
    return {
      order,
      key,
      // The shop's own account: for an order placed that way, or when the provider could not open one.
      bankAccount: order.paymentMethod === 'bank-transfer' && !transferAccount ? settings.bankAccount : null,
      transferAccount,
      // Where and when a pickup order is collected: a pickup order is never "delivered to" anyone.
      pickup: order.shippingMethod === 'pickup' ? settings.pickup : null,
      renderedAt: Date.now(),
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return none;
    throw error;
  }
}

export function meta({ matches, data }: Route.MetaArgs) {
  return pageMeta({
    title: data?.order ? `Thank you: order ${data.order.number}` : 'Order Information Not Found',
    description: 'Your order confirmation.',
    noindex: true,
    ...rootMeta(matches),
  });
}

/** SPEC's badges: what the shopper is told about their payment. */
function paymentBadge(order: Pick<OrderView, 'paymentMethod' | 'paymentStatus'>): {
  label: string;
  tone: 'success' | 'gold';
} {
  const paid = isPaidStatus(order.paymentStatus);
  // A provider's own checkout is verified by that provider: 'Flutterwave Payment Verified', 'Paystack Payment Verified'.
  if (order.paymentMethod === 'flutterwave' || order.paymentMethod === 'paystack')
    return paid
      ? { label: `${cardProviderNames[order.paymentMethod]} Payment Verified`, tone: 'success' }
      : { label: 'Payment Pending', tone: 'gold' };
  if (order.paymentMethod === 'bank-transfer')
    return paid ? { label: 'Payment Verified', tone: 'success' } : { label: 'Payment Pending', tone: 'gold' };
  return paid ? { label: 'Payment Complete', tone: 'success' } : { label: 'Payment Pending', tone: 'gold' };
}

export default function OrderSuccessPage({ loaderData }: Route.ComponentProps) {
  const { order, key, bankAccount, transferAccount, pickup, renderedAt } = loaderData;
  if (!order) {
    return (
      <section className="container-shop flex flex-col items-center py-24 text-center">
        <h1 className="text-display-md">Order Information Not Found</h1>
        <p className="mt-3 max-w-md text-muted">
          We could not find an order to show here. If you placed one, its confirmation is in your e-mail, and
          you can follow it from Track Your Order.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/">Go Home</ButtonLink>
          <ButtonLink to="/track-order" variant="outline">
            Track Your Order
          </ButtonLink>
        </div>
      </section>
    );
  }
  const badge = paymentBadge(order);
  const detailHref = `/orderdetails/${order.number}${key ? `?key=${encodeURIComponent(key)}` : ''}`;
  const paid = isPaidStatus(order.paymentStatus);
  const byTransfer = order.paymentMethod === 'bank-transfer';
  const awaitingCard = !byTransfer && !paid && order.status === 'awaiting_payment';
  // The dates promised at checkout, as stored with the order (none on older orders).
  const promise = orderDeliveryPromise({ ...order, shippingMethodId: order.shippingMethod });
  // A tick once the money is in; a clock while the order waits for it.
  const StatusIcon = paid ? CheckCircle2 : Clock3;
  return (
    <section className="container-shop max-w-3xl py-10 lg:py-16">
      <div className="text-center">
        <StatusIcon
          className={cn('mx-auto', paid ? 'text-success' : 'text-gold')}
          width={44}
          height={44}
          strokeWidth={1.25}
          aria-hidden="true"
        />
        <h1 className="mt-4 text-display-md lg:text-display-lg">Thank you for your order</h1>
        <p className="mt-3 text-ink-soft">
          Order <strong className="text-ink">{order.number}</strong>{' '}
          {paid
            ? 'is confirmed'
            : byTransfer
              ? 'is received and waiting for your bank transfer'
              : 'is placed and waiting for payment'}
          . We sent the details to <strong className="text-ink">{order.email}</strong>.
        </p>
        <div className="mt-4 flex items-center justify-center gap-2">
          <Badge tone={badge.tone}>{badge.label}</Badge>
          {order.isTest ? <TestOrderBadge /> : null}
        </div>
        {order.isTest ? (
          <p className="mt-2 text-xs text-muted">{testOrderNote(order.paymentMethod)}</p>
        ) : null}
      </div>

      {awaitingCard ? (
        <div className="mt-10 rounded-card border border-gold/40 bg-white p-5 lg:p-7">
          <h2 className="font-display text-2xl">Complete your payment</h2>
          <PayNow orderNumber={order.number} orderKey={key} totalKobo={order.totalKobo} className="mt-2" />
        </div>
      ) : null}

      {transferAccount && order.status !== 'cancelled' ? (
        <TransferAccountPanel
          orderNumber={order.number}
          orderKey={key}
          account={transferAccount}
          orderTotalKobo={order.totalKobo}
          heldUntil={order.stockHeldUntil}
          renderedAt={renderedAt}
        />
      ) : null}

      {byTransfer && bankAccount && order.status !== 'cancelled' ? (
        <div
          className="mt-10 rounded-card border border-gold/40 bg-white p-5 lg:p-7"
          data-testid="bank-transfer-details"
        >
          {paid ? (
            <h2 className="font-display text-2xl">Bank transfer received</h2>
          ) : (
            <>
              <h2 className="font-display text-2xl">Complete your bank transfer</h2>
              <p className="mt-2 text-sm text-ink-soft">
                Transfer the total below with your order reference. Your items are held for you
                {order.stockHeldUntil
                  ? ` until ${new Date(order.stockHeldUntil).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: LAGOS_TIME_ZONE })}`
                  : ''}
                ; we confirm your order as soon as the money arrives.
              </p>
              <dl className="mt-4 text-sm">
                <CopyValue
                  label="Amount"
                  value={formatNaira(order.totalKobo)}
                  copy={bankAppAmount(order.totalKobo)}
                />
                <CopyValue label="Bank" value={bankAccount.bankName} />
                <CopyValue label="Account number" value={bankAccount.accountNumber} />
                <CopyValue label="Account name" value={bankAccount.accountName} />
                <CopyValue label="Reference" value={order.bankReference ?? order.number} />
              </dl>
            </>
          )}
          <div className="mt-6 border-t border-line pt-5">
            <BankTransferPanel
              orderNumber={order.number}
              orderKey={key}
              paid={paid}
              customerReference={order.customerBankReference}
            />
          </div>
        </div>
      ) : null}

      <div className="mt-10 grid gap-8 rounded-card border border-line bg-white p-5 md:grid-cols-2 lg:p-7">
        <div>
          <h2 className="text-xs font-semibold tracking-widest text-muted uppercase">Items</h2>
          <ul className="mt-3 space-y-3">
            {order.items.map((item, index) => (
              <OrderLine key={index} line={item} />
            ))}
          </ul>
          {pickup ? (
            <p className="mt-5 text-sm text-ink-soft" data-testid="pickup-where">
              To collect from our shop at {pickup.address} ({pickup.hours}). We will e-mail you your pickup
              code when it is ready.
            </p>
          ) : (
            <p className="mt-5 text-sm text-ink-soft">
              Delivering to{' '}
              {[
                `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim(),
                order.shippingAddress.city,
                order.shippingAddress.state,
              ]
                .filter(Boolean)
                .join(', ')}
              .
            </p>
          )}
          {promise ? (
            <p className="mt-1 text-sm font-medium text-ink" data-testid="delivery-promise">
              {promise}
            </p>
          ) : null}
        </div>
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
            shippingLabel: order.shippingMethodLabel.split(' (')[0],
          }}
        />
      </div>

      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to={detailHref}>View Order Details</ButtonLink>
        <ButtonLink to="/products" variant="outline">
          Continue Shopping
        </ButtonLink>
      </div>
      <p className="mt-6 text-center text-xs text-muted">
        Keep this link to follow your order:{' '}
        <Link to={detailHref} className="underline">
          order {order.number}
        </Link>
      </p>
    </section>
  );
}
