import { ArrowLeft, Banknote, PackageCheck, Store, Truck, Undo2, XCircle } from 'lucide-react';
import { ShippingAddressBlock } from '../../components/orders/shipping-address';
import { TestOrderBadge } from '../../components/orders/test-order-badge';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { StaffMove } from '../../../core/orders/lifecycle';
import type { OrderView } from '../../../core/orders/order-view';
import type { MoneyToRefund, TransferUnderReview } from '../../../core/payments/transactions';
import type { Refundable } from '../../../core/refunds/plan';
import type { RefundView } from '../../../core/refunds/views';
import { isPaidStatus } from '../../../contracts/returns';
import { OrderTotals } from '../../components/order-totals';
import { OrderDate, OrderStatusBadge, OrderTimeline, sizeLabel } from '../../components/orders/order-status';
import { OrderThumb } from '../../components/orders/order-thumb';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import type { Carrier } from '../../../core/settings/carriers';
import { ActionNotice, labelClasses } from './admin-nav';
import { CarrierFields } from './carrier-fields';
import type { AdminActionResult } from './admin-texts';
import { paymentStatusLabel } from './orders-tab';
import { RefundDialog, refundFetcherKey } from './refund-dialog';
import { RefundList } from './refund-list';
import { RefundModal } from './refund-modal';
import { OwedRefundButton, OwedRefundNotice } from './refund-owed';
import { formatNigerianPhone } from '../../../contracts/nigeria';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-white p-5">
      <h3 id={id} className="text-xl">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

type Pending = 'cancel' | 'confirm-transfer' | 'refund' | 'deliver' | null;

/** What the admin may do with the order now: the moves the order's lifecycle allows, and no others. */
function OrderActions({
  order,
  moves,
  reviews,
  refundable,
  hasFailedRefund,
  carriers,
}: {
  order: OrderView;
  moves: StaffMove[];
  /** The carriers the owner keeps: staff pick one, and its tracking link goes to the shopper. */
  carriers: Carrier[];
  reviews: TransferUnderReview[];
  refundable: Refundable | null;
  /** A refund still waits for a retry: once none does, a failure said here is old news. */
  hasFailedRefund: boolean;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const [asking, setAsking] = useState<Pending>(null);
  // The Refund dialog's answers, read here to close it and say what happened.
  const refundFetcher = useFetcher<AdminActionResult>({ key: refundFetcherKey(order.number) });
  const [seenRefund, setSeenRefund] = useState(refundFetcher.data);
  const [refundNotice, setRefundNotice] = useState<AdminActionResult | null>(null);
  if (refundFetcher.state === 'idle' && refundFetcher.data !== seenRefund) {
    setSeenRefund(refundFetcher.data);
    const answer = refundFetcher.data;
    if (answer && (answer.ok || answer.intent === 'refund-failed')) {
      setAsking(null);
      setRefundNotice(answer);
    }
  }
  // Cancelling a paid order gives the money back in the same step unless the admin says otherwise.
  const [refundOnCancel, setRefundOnCancel] = useState(true);
  const busy = fetcher.state !== 'idle';
  const shownRefundNotice = refundNotice && (refundNotice.ok || hasFailedRefund) ? refundNotice : null;
  const result = shownRefundNotice ?? (fetcher.state === 'idle' ? fetcher.data : undefined);
  const fields = result && !result.ok ? result.fields : {};
  const awaitingTransfer = moves.includes('confirm-transfer');
  const canShip = moves.includes('ship');
  const canDeliver = moves.includes('deliver');
  const canReady = moves.includes('ready');
  const canCollect = moves.includes('collect');
  const canCancel = moves.includes('cancel');
  const refundableKobo = refundable && isPaidStatus(order.paymentStatus) ? refundable.remainingKobo : 0;
  // Money in the shop's own account goes back by hand, with the shopper's bank: the Refund dialog asks.
  const refundsOnCancel = refundableKobo > 0 && refundable?.provider !== 'manual';
  const submit = (intent: string, extra: Record<string, string> = {}) => {
    setAsking(null);
    setRefundNotice(null);
    void fetcher.submit({ intent, number: order.number, ...extra }, { method: 'post' });
  };

  return (
    <Panel title="Actions">
      <div className="space-y-4">
        {result ? (
          <ActionNotice tone={result.ok ? 'success' : 'error'}>
            {result.ok ? result.message : result.error}
          </ActionNotice>
        ) : null}

        {awaitingTransfer ? (
          <div className="space-y-3 rounded-sm border border-warning/40 bg-warning/5 p-4 text-sm">
            <p className="flex items-center gap-2 font-semibold text-warning">
              <Banknote width={18} height={18} aria-hidden="true" /> Waiting for a bank transfer of{' '}
              {formatNaira(order.totalKobo)}
            </p>
            {reviews.length > 0 ? (
              <div className="rounded-sm border border-gold/50 bg-white p-3" data-testid="transfer-review">
                <p className="font-semibold text-ink">A transfer needs your decision</p>
                <ul className="mt-1 space-y-1 text-ink-soft">
                  {reviews.map((review) => (
                    <li key={review.id}>{review.message}</li>
                  ))}
                </ul>
                <p className="mt-1 text-ink-soft">
                  Confirm to accept it as the payment, or cancel the order and refund the shopper.
                  {order.stockHeldUntil ? (
                    <>
                      {' '}
                      The items stay held until <OrderDate iso={order.stockHeldUntil} withTime />; then the
                      order is released and the money is owed back.
                    </>
                  ) : null}
                </p>
              </div>
            ) : null}
            {order.bankReference || reviews.length > 0 ? null : (
              <p className="text-ink-soft">
                Into the account opened for this order: it confirms itself when the money arrives. Confirm by
                hand only a transfer listed under Payments as Needs review, once you have checked it.
              </p>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-ink-soft">
              <dt>Our reference</dt>
              <dd className="font-mono text-ink">{order.bankReference ?? 'None'}</dd>
              <dt>Customer&apos;s reference</dt>
              <dd className="font-mono text-ink" data-testid="customer-bank-reference">
                {order.customerBankReference ?? 'Not reported yet'}
              </dd>
            </dl>
            <Button size="sm" variant="gold" disabled={busy} onClick={() => setAsking('confirm-transfer')}>
              Confirm payment received
            </Button>
          </div>
        ) : null}

        {canShip ? (
          <fetcher.Form method="post" className="space-y-3" aria-label="Mark shipped">
            <input type="hidden" name="intent" value="ship" />
            <input type="hidden" name="number" value={order.number} />
            <CarrierFields carriers={carriers} fields={fields} />
            <div className="space-y-1.5">
              <label htmlFor="ship-note" className={labelClasses}>
                Note to the customer (optional)
              </label>
              <textarea
                id="ship-note"
                name="note"
                maxLength={500}
                rows={2}
                className="block w-full rounded-sm border border-line bg-white px-3 py-2 text-sm text-ink focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none"
              />
            </div>
            <Button type="submit" size="sm" disabled={busy}>
              <Truck width={16} height={16} aria-hidden="true" /> Mark Shipped
            </Button>
          </fetcher.Form>
        ) : null}

        {canReady ? (
          <fetcher.Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="ready" />
            <input type="hidden" name="number" value={order.number} />
            <Button type="submit" size="sm" disabled={busy}>
              <Store width={16} height={16} aria-hidden="true" /> Mark Ready for pickup
            </Button>
            <p className="text-xs text-muted">
              The customer is e-mailed the shop&apos;s address, hours and a pickup code.
            </p>
          </fetcher.Form>
        ) : null}

        {canCollect ? (
          <fetcher.Form method="post" className="space-y-3" aria-label="Mark picked up">
            <input type="hidden" name="intent" value="collect" />
            <input type="hidden" name="number" value={order.number} />
            <Field
              label="Pickup code"
              name="pickupCode"
              required
              maxLength={20}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              error={fields.pickupCode}
              hint="Ask the customer for the code we sent them."
              className="max-w-xs"
            />
            <Button type="submit" size="sm" disabled={busy}>
              <PackageCheck width={16} height={16} aria-hidden="true" /> Mark Picked up
            </Button>
          </fetcher.Form>
        ) : null}

        {canDeliver ? (
          <div>
            <Button type="button" size="sm" disabled={busy} onClick={() => setAsking('deliver')}>
              <PackageCheck width={16} height={16} aria-hidden="true" /> Mark Delivered
            </Button>
          </div>
        ) : null}

        {canCancel ? (
          <div className="border-t border-line pt-4">
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setAsking('cancel')}>
              <XCircle width={16} height={16} aria-hidden="true" /> Cancel Order
            </Button>
            <p className="mt-2 text-xs text-muted">The items go back on sale and the customer is e-mailed.</p>
          </div>
        ) : null}

        {refundable && refundableKobo > 0 ? (
          <div className="border-t border-line pt-4">
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setAsking('refund')}>
              <Undo2 width={16} height={16} aria-hidden="true" /> Refund
            </Button>
            <p className="mt-2 text-xs text-muted tabular-nums">
              {formatNaira(refundableKobo)} of {formatNaira(refundable.receivedKobo)} remains refundable.
            </p>
          </div>
        ) : null}

        {!awaitingTransfer &&
        !canShip &&
        !canDeliver &&
        !canReady &&
        !canCollect &&
        !canCancel &&
        refundableKobo === 0 ? (
          <p className="text-sm text-muted">
            This order is {order.statusLabel.toLowerCase()}; there is nothing more to do with it.
          </p>
        ) : null}
      </div>

      {refundableKobo > 0 ? (
        <RefundModal open={asking === 'cancel'} title="Cancel this order?" onClose={() => setAsking(null)}>
          <p className="text-sm text-ink-soft">
            Order {order.number} will be cancelled, its items put back on sale, and {order.email} told.
          </p>
          {refundsOnCancel ? (
            <label className="mt-4 flex items-start gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="mt-0.5"
                checked={refundOnCancel}
                onChange={(event) => setRefundOnCancel(event.target.checked)}
              />
              <span>
                Refund <span className="tabular-nums">{formatNaira(refundableKobo)}</span> to the shopper
              </span>
            </label>
          ) : (
            <p className="mt-3 text-sm text-ink-soft">
              The {formatNaira(refundableKobo)} came into the shop&apos;s own account: after cancelling, send
              it back from your bank and record it with Refund.
            </p>
          )}
          <div className="mt-6 flex justify-end gap-3">
            <Button variant="ghost" size="sm" onClick={() => setAsking(null)}>
              Keep the order
            </Button>
            <Button
              size="sm"
              onClick={() => submit('cancel', refundsOnCancel && refundOnCancel ? { refund: 'true' } : {})}
            >
              Cancel Order
            </Button>
          </div>
        </RefundModal>
      ) : (
        <ConfirmDialog
          open={asking === 'cancel'}
          title="Cancel this order?"
          message={`Order ${order.number} will be cancelled, its items put back on sale, and ${order.email} told.`}
          confirmLabel="Cancel Order"
          onConfirm={() => submit('cancel')}
          onCancel={() => setAsking(null)}
        />
      )}
      {refundable && refundableKobo > 0 ? (
        <RefundDialog
          order={order}
          refundable={refundable}
          open={asking === 'refund'}
          onClose={() => setAsking(null)}
        />
      ) : null}
      <ConfirmDialog
        open={asking === 'deliver'}
        title="Mark this order delivered?"
        message={`Only once ${order.number} has reached ${order.email}'s hands. The customer is told it was delivered, and the return window starts today.`}
        confirmLabel="Mark Delivered"
        onConfirm={() => submit('deliver')}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'confirm-transfer'}
        title="Confirm payment received?"
        message={`Only if ${formatNaira(order.totalKobo)} for ${order.number} has reached the shop's account${
          order.customerBankReference ? ` (customer's reference ${order.customerBankReference})` : ''
        }. The order moves to Processing and the customer is e-mailed.`}
        confirmLabel="Confirm payment"
        onConfirm={() => submit('confirm-transfer')}
        onCancel={() => setAsking(null)}
      />
    </Panel>
  );
}

/**
 * Money the shop owes back for this order: transfers after it was paid or cancelled, and what was
 * overpaid, each with its amount, why, the provider's id and when.
 */
function RefundsDue({ orderNumber, refunds }: { orderNumber: string; refunds: MoneyToRefund[] }) {
  const total = refunds.reduce((sum, refund) => sum + refund.refundDueKobo, 0);
  return (
    <div
      className="mt-4 rounded-sm border border-warning/60 bg-warning/10 p-3 text-sm"
      data-testid="refund-due"
    >
      <p className="flex items-center gap-2 font-semibold text-ink">
        <Undo2 width={16} height={16} aria-hidden="true" className="shrink-0" /> Refund due:{' '}
        <span className="tabular-nums">{formatNaira(total)}</span>
      </p>
      <ul className="mt-2 space-y-2 text-ink-soft">
        {refunds.map((refund) => (
          <li key={refund.id}>
            <span className="font-medium text-ink tabular-nums">{formatNaira(refund.refundDueKobo)}</span>:{' '}
            {refund.message}
            <span className="block text-xs break-all text-muted">
              {refund.providerTransactionId ? `Provider id ${refund.providerTransactionId} · ` : ''}
              <OrderDate iso={refund.at} withTime />
              {refund.isTest ? ' · TEST MODE, no money moved' : ''}
            </span>
            <OwedRefundButton orderNumber={orderNumber} owed={refund} />
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-muted">It stays under Payments as Refund due until it is refunded.</p>
    </div>
  );
}

/** One order as the shop sees it: items, address, payment, timeline and the actions its status allows. */
export function OrderPanel({
  order,
  moves,
  reviews,
  refunds,
  refundable = null,
  orderRefunds = [],
  carriers = [],
  backHref,
}: {
  order: OrderView;
  moves: StaffMove[];
  reviews: TransferUnderReview[];
  /** Money owed back beyond what the order took (overpaid, late transfers). */
  refunds: MoneyToRefund[];
  /** What remains to give back of what the order took; null while the order is unpaid. */
  refundable?: Refundable | null;
  /** The refunds made on the order, oldest first. */
  orderRefunds?: RefundView[];
  /** The carriers the ship form offers. */
  carriers?: Carrier[];
  backHref: string;
}) {
  const address = order.shippingAddress;
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <section aria-labelledby="order-panel-heading" className="space-y-5" data-testid="admin-order-panel">
      <Link to={backHref} className="inline-flex items-center gap-1.5 text-sm text-ink-soft hover:text-ink">
        <ArrowLeft width={16} height={16} aria-hidden="true" /> Back to orders
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-3 border-b border-line pb-4">
        <div>
          <h2 id="order-panel-heading" className="text-3xl">
            Order <span className="font-mono text-2xl">{order.number}</span>
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            Placed <OrderDate iso={order.placedAt} withTime /> by {address.firstName} {address.lastName}
          </p>
        </div>
        <OrderStatusBadge status={order.status} label={order.statusLabel} className="text-sm" />
      </header>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-5">
          <Panel title={`Items (${itemCount})`}>
            <ul className="divide-y divide-line">
              {order.items.map((item, index) => (
                <li
                  key={`${item.productId ?? item.name}-${index}`}
                  className="flex gap-3 py-3 first:pt-0 last:pb-0"
                >
                  <OrderThumb src={item.imageUrl} className="w-12" />
                  <div className="flex min-w-0 flex-1 justify-between gap-3 text-sm">
                    <div className="min-w-0">
                      <p className="font-medium text-ink">{item.name}</p>
                      {item.color || item.size ? (
                        <p className="text-xs text-muted">
                          {[item.color, sizeLabel(item.size)].filter(Boolean).join(' · ')}
                        </p>
                      ) : null}
                      {item.sku ? (
                        <p className="text-xs text-muted">
                          SKU{' '}
                          <span className="font-mono break-words text-ink-soft" data-testid="order-line-sku">
                            {item.sku}
                          </span>
                        </p>
                      ) : null}
                      <p className="text-ink-soft tabular-nums">
                        {item.quantity} × {formatNaira(item.unitPriceKobo)}
                      </p>
                    </div>
                    <p className="font-medium tabular-nums">{formatNaira(item.lineTotalKobo)}</p>
                  </div>
                </li>
              ))}
            </ul>
            <OrderTotals
              className="mt-4 border-t border-line pt-4"
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
          </Panel>
          <Panel title="Timeline">
            {order.carrier || order.trackingNumber ? (
              <p className="mb-4 text-sm text-ink-soft">
                {order.carrier ?? 'Carrier'} · tracking number{' '}
                {order.trackingUrl ? (
                  <a
                    href={order.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="font-mono break-all text-ink underline underline-offset-2"
                  >
                    {order.trackingNumber}
                  </a>
                ) : (
                  <span className="font-mono text-ink">{order.trackingNumber ?? '—'}</span>
                )}
              </p>
            ) : null}
            <OrderTimeline events={order.events} />
          </Panel>
        </div>

        {/* On a phone the actions come first: they are why the admin opened the order. */}
        <div className="order-first space-y-5 lg:order-none">
          <OrderActions
            key={order.number}
            order={order}
            moves={moves}
            reviews={reviews}
            refundable={refundable}
            hasFailedRefund={orderRefunds.some((refund) => refund.status === 'failed')}
            carriers={carriers}
          />
          <Panel title="Payment">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-ink-soft">Method</dt>
              <dd className="text-right text-ink">{order.paymentMethodLabel}</dd>
              <dt className="text-ink-soft">Status</dt>
              <dd className="text-right font-semibold text-ink">{paymentStatusLabel(order.paymentStatus)}</dd>
              {order.isTest ? (
                <>
                  <dt className="text-ink-soft">Mode</dt>
                  <dd className="text-right text-ink">
                    <TestOrderBadge />{' '}
                    <span className="text-xs text-muted">
                      {order.paymentMethod === 'bank-transfer' ? 'TEST MODE transfer' : 'test card'}, no money
                      moved
                    </span>
                  </dd>
                </>
              ) : null}
              {order.bankReference ? (
                <>
                  <dt className="text-ink-soft">Reference</dt>
                  <dd className="text-right font-mono text-ink">{order.bankReference}</dd>
                </>
              ) : null}
            </dl>
            <OwedRefundNotice orderNumber={order.number} />
            {refunds.length > 0 ? <RefundsDue orderNumber={order.number} refunds={refunds} /> : null}
          </Panel>
          {orderRefunds.length > 0 ? (
            <Panel title="Refunds">
              <RefundList refunds={orderRefunds} />
            </Panel>
          ) : null}
          <Panel title="Customer">
            {order.shippingMethod === 'pickup' ? (
              <p className="flex gap-3 text-sm leading-relaxed text-ink-soft" data-testid="pickup-customer">
                <Store width={18} height={18} aria-hidden="true" className="mt-0.5 shrink-0 text-gold-deep" />
                <span>
                  <span className="font-medium text-ink">
                    {address.firstName} {address.lastName}
                  </span>{' '}
                  collects this order from the shop ({address.state}).
                </span>
              </p>
            ) : (
              <ShippingAddressBlock address={address} />
            )}
            <p className="mt-3 flex flex-col border-t border-line pt-2 text-sm break-words text-ink-soft">
              <a href={`mailto:${order.email}`} className="py-1 hover:text-ink">
                {order.email}
              </a>
              <a href={`tel:${order.phone.replace(/\s+/g, '')}`} className="py-1 hover:text-ink">
                {formatNigerianPhone(order.phone)}
              </a>
            </p>
          </Panel>
        </div>
      </div>
    </section>
  );
}
