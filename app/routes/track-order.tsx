import { Loader2, Mail, MapPin, PackageSearch, Receipt, Truck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Form, Link, useActionData, useLocation, useNavigation } from 'react-router';
import { checkoutMessages } from '../../contracts/checkout-texts';
import { formatNaira } from '../../contracts/money';
import type { TrackingView } from '../../core/orders/read-orders';
import { trackOrder } from '../../core/orders/read-orders';
import { Button, buttonClasses } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { FormAlert } from '../features/account/auth-layout';
import {
  OrderDate,
  OrderProgress,
  OrderStatusBadge,
  OrderStatusNotice,
  OrderTimeline,
  sizeLabel,
} from '../components/orders/order-status';
import { OrderThumb } from '../components/orders/order-thumb';
import { formFailure, formText } from '../lib/action-result.server';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/track-order';

export function loader({ request }: Route.LoaderArgs) {
  const order = (new URL(request.url).searchParams.get('order') ?? '').trim().slice(0, 30);
  return { prefill: order };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const tracking = await trackOrder(
      context.services.orders,
      { orderNumber: formText(form, 'orderNumber'), email: formText(form, 'email') },
      context.client,
    );
    return { ok: true as const, tracking, error: null, fields: {} };
  } catch (error) {
    return formFailure(error, checkoutMessages.trackNotFound);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Track Your Order',
    description: 'Follow your Rossy order from our Lagos studio to your door.',
    path: '/track-order',
    ...rootMeta(matches),
  });
}

export default function TrackOrderPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const tracking = result?.ok ? result.tracking : null;

  return (
    <section className="container-shop py-10 lg:py-16">
      <header className="mx-auto max-w-3xl text-center">
        <p className="eyebrow">Customer care</p>
        <h1 className="mt-2 text-display-lg">Track Your Order</h1>
        <p className="mx-auto mt-3 max-w-xl text-ink-soft">
          Enter your order number and the e-mail you ordered with to see where your parcel is.
        </p>
      </header>
      {tracking ? (
        <TrackingResult tracking={tracking} />
      ) : (
        <TrackForm prefill={loaderData.prefill} result={result && !result.ok ? result : undefined} />
      )}
    </section>
  );
}

function TrackForm({
  prefill,
  result,
}: {
  prefill: string;
  result: { error: string; fields: Record<string, string> } | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formMethod === 'POST';
  const location = useLocation();
  const orderInput = useRef<HTMLInputElement>(null);
  const fields = result?.fields ?? {};
  const fieldError = Boolean(fields.orderNumber || fields.email);
  const reset = (location.state as { reset?: boolean } | null)?.reset === true;

  useEffect(() => {
    if (reset) orderInput.current?.focus();
  }, [reset]);

  return (
    <div className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-[1fr_18rem] md:gap-8">
      <div className="rounded-card border border-line bg-white p-6 shadow-sm sm:p-8">
        {result && !fieldError ? <FormAlert message={result.error} /> : null}
        <Form method="post" noValidate className="space-y-5" aria-busy={busy}>
          <Field
            ref={orderInput}
            label="Order number"
            name="orderNumber"
            defaultValue={prefill}
            placeholder="e.g. ORD-10001"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={30}
            required
            error={fields.orderNumber}
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            placeholder="The e-mail you ordered with"
            maxLength={254}
            required
            error={fields.email}
          />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? (
              <>
                <Loader2 width={16} height={16} aria-hidden="true" className="animate-spin" /> Tracking…
              </>
            ) : (
              'Track Order'
            )}
          </Button>
        </Form>
      </div>
      <aside
        className="space-y-5 rounded-card bg-cream/70 p-6 text-sm text-ink-soft sm:p-8"
        aria-label="Where to find your order number"
      >
        <h2 className="text-xl">Where to find it</h2>
        <p className="flex gap-3">
          <Mail width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0 text-gold-deep" />
          <span>Your order number (ORD-…) is in the confirmation e-mail we sent when you ordered.</span>
        </p>
        <p className="flex gap-3">
          <Receipt width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0 text-gold-deep" />
          <span>
            Have an account?{' '}
            <Link to="/orders" className="font-medium text-ink underline underline-offset-4">
              My Orders
            </Link>{' '}
            lists every order you placed.
          </span>
        </p>
        <p className="flex gap-3">
          <PackageSearch
            width={18}
            height={18}
            aria-hidden="true"
            className="mt-0.5 shrink-0 text-gold-deep"
          />
          <span>
            Ordered by phone or WhatsApp?{' '}
            <Link to="/contact" className="font-medium text-ink underline underline-offset-4">
              Contact us
            </Link>{' '}
            and we will tell you straight away.
          </span>
        </p>
      </aside>
    </div>
  );
}

const detailIcon = {
  width: 18,
  height: 18,
  'aria-hidden': true,
  className: 'absolute top-0.5 left-0 text-gold-deep',
} as const;

function TrackingResult({ tracking }: { tracking: TrackingView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [tracking]);
  const itemCount = tracking.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <div className="mx-auto mt-10 max-w-3xl space-y-6" data-testid="tracking-result">
      <div className="rounded-card border border-line bg-white p-5 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="eyebrow">Order</p>
            <h2 ref={heading} tabIndex={-1} className="mt-1 text-display-md focus:outline-none">
              {tracking.number}
            </h2>
            <p className="mt-1 text-sm text-muted">
              Placed <OrderDate iso={tracking.placedAt} />
            </p>
          </div>
          <OrderStatusBadge status={tracking.status} label={tracking.statusLabel} className="text-sm" />
        </div>

        <div className="mt-6">
          {tracking.status === 'cancelled' || tracking.status === 'awaiting_payment' ? (
            <OrderStatusNotice status={tracking.status}>
              {tracking.status === 'awaiting_payment' ? (
                <p>We send it on its way as soon as your payment is confirmed.</p>
              ) : null}
            </OrderStatusNotice>
          ) : null}
          {tracking.status !== 'cancelled' ? (
            <OrderProgress status={tracking.status} progress={tracking.progress} className="mt-6" />
          ) : null}
        </div>

        <dl className="mt-8 grid gap-4 border-t border-line pt-6 text-sm sm:grid-cols-3">
          <div className="relative pl-8">
            <dt className="text-xs tracking-wide text-muted uppercase">
              <MapPin {...detailIcon} />
              Destination
            </dt>
            <dd className="mt-1 text-ink">{tracking.destination}</dd>
          </div>
          <div className="relative pl-8">
            <dt className="text-xs tracking-wide text-muted uppercase">
              <Truck {...detailIcon} />
              Shipping
            </dt>
            <dd className="mt-1 text-ink">
              {tracking.shippingMethodLabel}
              {tracking.carrier ? ` · ${tracking.carrier}` : ''}
            </dd>
          </div>
          <div className="relative pl-8">
            <dt className="text-xs tracking-wide text-muted uppercase">
              <PackageSearch {...detailIcon} />
              Tracking number
            </dt>
            <dd className="mt-1 font-mono break-all text-ink">
              {tracking.trackingUrl && tracking.trackingNumber ? (
                <a
                  href={tracking.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="underline underline-offset-2 hover:text-gold-deep"
                >
                  {tracking.trackingNumber}
                  <span className="sr-only"> (opens the carrier&apos;s tracking page)</span>
                </a>
              ) : (
                (tracking.trackingNumber ?? 'Given when shipped')
              )}
            </dd>
          </div>
        </dl>
      </div>

      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="tracking-items"
          className="rounded-card border border-line bg-white p-5 sm:p-6"
        >
          <h3 id="tracking-items" className="text-xl">
            Items ({itemCount})
          </h3>
          <ul className="mt-4 space-y-3">
            {tracking.items.map((item, index) => (
              <li key={`${item.name}-${index}`} className="flex items-center gap-3">
                <OrderThumb src={item.imageUrl} className="w-12" />
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink">{item.name}</p>
                  <p className="text-xs text-muted">
                    Qty {item.quantity}
                    {item.size ? ` · ${sizeLabel(item.size)}` : ''}
                    {item.color ? ` · ${item.color}` : ''}
                  </p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-4 flex justify-between border-t border-line pt-4 text-sm">
            <span className="text-ink-soft">Order total</span>
            <span className="font-semibold tabular-nums">{formatNaira(tracking.totalKobo)}</span>
          </p>
        </section>
        <section
          aria-labelledby="tracking-history"
          className="rounded-card border border-line bg-white p-5 sm:p-6"
        >
          <h3 id="tracking-history" className="mb-4 text-xl">
            Tracking history
          </h3>
          <OrderTimeline events={tracking.events} />
        </section>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Form method="get" action="/track-order" state={{ reset: true }} className="contents">
          <Button type="submit" className="w-full sm:w-auto">
            Track Another Order
          </Button>
        </Form>
        <Link
          to={`/contact?order=${encodeURIComponent(tracking.number)}`}
          className={buttonClasses('outline', 'md', 'w-full sm:w-auto')}
        >
          Need Help
        </Link>
      </div>
    </div>
  );
}
