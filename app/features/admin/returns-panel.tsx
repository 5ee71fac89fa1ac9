import { ArrowLeft, Check, PackageCheck, Truck, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import type { Carrier } from '../../../core/settings/carriers';
import { CarrierFields } from './carrier-fields';
import { refundStatusNames, type RefundStatusId, type ReturnStatusId } from '../../../contracts/returns';
import type { AdminReturnView } from '../../../core/returns/views';
import { OrderDate, sizeLabel } from '../../components/orders/order-status';
import { OrderThumb } from '../../components/orders/order-thumb';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { cn } from '../../lib/cn';
import { ordersHref } from './admin-links';
import { ActionNotice, FieldError, labelClasses, textareaClasses } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import { paymentStatusLabel } from './orders-tab';

const badgeTones: Record<ReturnStatusId, string> = {
  requested: 'border-warning/40 bg-warning/5 text-warning',
  approved: 'border-gold/50 bg-paper text-gold-deep',
  declined: 'border-sale/30 bg-sale/5 text-sale',
  received: 'border-ink/15 bg-cream text-ink',
  refunded: 'border-success/30 bg-success/10 text-success',
  exchanged: 'border-success/30 bg-success/10 text-success',
  closed: 'border-line bg-cream text-ink-soft',
};

export function ReturnBadge({ status, label }: { status: ReturnStatusId; label: string }) {
  return (
    <span
      data-testid="admin-return-status"
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        badgeTones[status],
      )}
    >
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {label}
    </span>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `return-panel-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-white p-5">
      <h3 id={id} className="text-xl">
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

const moveDivider = 'space-y-3 border-t border-line pt-4 first:border-t-0 first:pt-0';

/**
 * What staff may do with the return now: only the moves its state allows (core says which), each
 * with what it needs: instructions, a reason, which units go back on sale, the exchange's parcel.
 */
function ReturnActions({
  view,
  instructions,
  carriers,
}: {
  view: AdminReturnView;
  instructions: string;
  carriers: readonly Carrier[];
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const [declining, setDeclining] = useState(false);
  const [asking, setAsking] = useState<'refund' | 'close' | null>(null);
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const fields = result && !result.ok ? result.fields : {};
  const can = (move: AdminReturnView['moves'][number]) => view.moves.includes(move);
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={view.id} />
    </>
  );
  const submit = (intent: string) => {
    setAsking(null);
    void fetcher.submit({ intent, id: String(view.id) }, { method: 'post' });
  };

  return (
    <Panel title="Actions">
      <div className="space-y-4">
        {result ? (
          <ActionNotice tone={result.ok ? 'success' : 'error'}>
            {result.ok ? result.message : result.error}
          </ActionNotice>
        ) : null}

        {can('approve') ? (
          <fetcher.Form method="post" className={moveDivider} aria-label="Approve the return">
            {hidden('return-approve')}
            <div className="space-y-1.5">
              <label htmlFor="return-instructions" className={labelClasses}>
                Instructions for the customer
              </label>
              <textarea
                id="return-instructions"
                name="instructions"
                rows={8}
                maxLength={1000}
                defaultValue={instructions}
                aria-invalid={fields.instructions ? true : undefined}
                className={textareaClasses}
              />
              <FieldError message={fields.instructions} />
            </div>
            <Button type="submit" size="sm" disabled={busy}>
              <Check width={16} height={16} aria-hidden="true" /> Approve
            </Button>
          </fetcher.Form>
        ) : null}

        {can('decline') ? (
          declining ? (
            <fetcher.Form method="post" className={moveDivider} aria-label="Decline the return">
              {hidden('return-decline')}
              <div className="space-y-1.5">
                <label htmlFor="return-decline-reason" className={labelClasses}>
                  Why it is declined (the customer reads this)
                </label>
                <textarea
                  id="return-decline-reason"
                  name="reason"
                  rows={3}
                  maxLength={1000}
                  required
                  aria-invalid={fields.reason ? true : undefined}
                  className={textareaClasses}
                />
                <FieldError message={fields.reason} />
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="sm" variant="outline" disabled={busy}>
                  <X width={16} height={16} aria-hidden="true" /> Decline
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeclining(false)}>
                  Keep it
                </Button>
              </div>
            </fetcher.Form>
          ) : (
            <div className={moveDivider}>
              <Button size="sm" variant="outline" disabled={busy} onClick={() => setDeclining(true)}>
                <X width={16} height={16} aria-hidden="true" /> Decline…
              </Button>
            </div>
          )
        ) : null}

        {can('receive') ? (
          <fetcher.Form method="post" className={moveDivider} aria-label="Mark the parcel received">
            {hidden('return-receive')}
            <fieldset>
              <legend className={labelClasses}>What came back</legend>
              <ul className="mt-2 space-y-2">
                {view.items.map((item) => (
                  <li key={item.id}>
                    <input type="hidden" name="item" value={item.id} />
                    <label className="flex cursor-pointer items-start gap-3 rounded-sm border border-line p-3 text-sm">
                      <input
                        type="checkbox"
                        name={`restock.${item.id}`}
                        defaultChecked
                        className="mt-0.5 size-4 shrink-0 accent-ink"
                      />
                      <span className="min-w-0">
                        <span className="block font-medium text-ink">
                          Back in stock: {item.quantity} × {item.name}
                        </span>
                        <span className="block text-xs text-muted">
                          {[item.color, sizeLabel(item.size)].filter(Boolean).join(' · ')}
                        </span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
              <p className="mt-2 text-xs text-muted">
                Untick a piece that came back damaged: it is not put back on sale.
              </p>
            </fieldset>
            <Button type="submit" size="sm" disabled={busy}>
              <PackageCheck width={16} height={16} aria-hidden="true" /> Mark received
            </Button>
          </fetcher.Form>
        ) : null}

        {can('refund') && view.refundKobo > 0 ? (
          <div className={moveDivider}>
            <p className="text-sm text-ink-soft">
              Refund <strong className="text-ink tabular-nums">{formatNaira(view.refundKobo)}</strong> the way
              the customer paid, for the pieces sent back.
            </p>
            <Button size="sm" variant="gold" disabled={busy} onClick={() => setAsking('refund')}>
              <Undo2 width={16} height={16} aria-hidden="true" /> Refund {formatNaira(view.refundKobo)}
            </Button>
          </div>
        ) : null}

        {can('exchange') ? (
          <fetcher.Form method="post" className={moveDivider} aria-label="Ship the exchange">
            {hidden('return-exchange')}
            <p className="text-sm text-ink-soft">
              Send{' '}
              {view.items
                .filter((item) => item.exchangeFor)
                .map(
                  (item) =>
                    `${item.quantity} × ${item.name} (${[
                      item.exchangeFor!.color,
                      sizeLabel(item.exchangeFor!.size),
                    ]
                      .filter(Boolean)
                      .join(' · ')})`,
                )
                .join(', ')}{' '}
              at no charge. The units are held for it already.
            </p>
            {/* The exchange keeps the carrier's name, as a typed one was kept before. */}
            <CarrierFields carriers={carriers} fields={fields} postAs={(carrier) => carrier.name} />
            <Button type="submit" size="sm" disabled={busy}>
              <Truck width={16} height={16} aria-hidden="true" /> Ship exchange
            </Button>
          </fetcher.Form>
        ) : null}

        {can('close') ? (
          <div className={moveDivider}>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setAsking('close')}>
              Close return
            </Button>
            <p className="text-xs text-muted">Nothing is left to do once it is closed.</p>
          </div>
        ) : null}

        {view.moves.length === 0 ? (
          <p className="text-sm text-muted">
            This return is {view.statusLabel.toLowerCase()}; there is nothing more to do with it.
          </p>
        ) : null}
      </div>

      <ConfirmDialog
        open={asking === 'refund'}
        title="Refund this return?"
        message={`${formatNaira(view.refundKobo)} goes back to ${view.email} the way they paid for ${view.orderNumber}.`}
        confirmLabel="Refund"
        onConfirm={() => submit('return-refund')}
        onCancel={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === 'close'}
        title="Close this return?"
        message={`Return ${view.number} is finished and leaves the open returns.`}
        confirmLabel="Close return"
        onConfirm={() => submit('return-close')}
        onCancel={() => setAsking(null)}
      />
    </Panel>
  );
}

function When({ label, iso }: { label: string; iso: string | null }) {
  if (!iso) return null;
  return (
    <>
      <dt className="text-ink-soft">{label}</dt>
      <dd className="text-right text-ink">
        <OrderDate iso={iso} withTime />
      </dd>
    </>
  );
}

/** One return as staff see it: who asked, what comes back and why, what she wants, and the moves allowed now. */
export function ReturnPanel({
  view,
  instructions,
  carriers,
  backHref,
}: {
  view: AdminReturnView;
  instructions: string;
  /** The owner's carriers, for the exchange's parcel. */
  carriers: readonly Carrier[];
  backHref: string;
}) {
  return (
    <section aria-labelledby="return-panel-heading" className="space-y-5" data-testid="admin-return-panel">
      <Link to={backHref} className="inline-flex items-center gap-1.5 text-sm text-ink-soft hover:text-ink">
        <ArrowLeft width={16} height={16} aria-hidden="true" /> Back to returns
      </Link>
      <header className="flex flex-wrap items-end justify-between gap-3 border-b border-line pb-4">
        <div className="min-w-0">
          <h2 id="return-panel-heading" className="text-3xl">
            Return <span className="font-mono text-2xl">{view.number}</span>
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            Order{' '}
            <Link
              to={ordersHref({}, view.orderNumber)}
              className="font-mono text-gold-deep underline-offset-4 hover:underline"
            >
              {view.orderNumber}
            </Link>{' '}
            · {view.customerName} · asked <OrderDate iso={view.createdAt} withTime />
          </p>
        </div>
        <ReturnBadge status={view.status} label={view.statusLabel} />
      </header>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-5">
          <Panel title="What comes back">
            <ul className="divide-y divide-line">
              {view.items.map((item) => (
                <li
                  key={item.id}
                  className="flex gap-3 py-3 first:pt-0 last:pb-0"
                  data-testid="admin-return-item"
                >
                  <OrderThumb src={item.imageUrl} className="w-14" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-ink">
                      {item.quantity} × {item.name}
                    </p>
                    <p className="text-xs text-muted">
                      {[item.color, sizeLabel(item.size)].filter(Boolean).join(' · ')} ·{' '}
                      {formatNaira(item.unitPriceKobo)} each
                    </p>
                    <p className="mt-1 text-ink">
                      {item.reasonLabel}
                      {item.reasonText ? (
                        <span className="block text-sm break-words text-ink-soft">“{item.reasonText}”</span>
                      ) : null}
                    </p>
                    {item.exchangeFor ? (
                      <p className="mt-1 text-ink-soft">
                        Wants{' '}
                        <strong className="text-ink">
                          {[item.exchangeFor.color, sizeLabel(item.exchangeFor.size)]
                            .filter(Boolean)
                            .join(' · ')}
                        </strong>
                        {item.exchangeReserved && view.status === 'received' ? ' · held for her' : ''}
                      </p>
                    ) : null}
                    {item.restocked !== null ? (
                      <p className="mt-1 text-xs text-muted">
                        {item.restocked ? 'Back in stock' : 'Damaged: not put back on sale'}
                      </p>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {view.note ? (
              <p className="mt-4 rounded-sm bg-cream/70 p-3 text-sm break-words text-ink-soft">
                <span className="block text-xs font-medium tracking-wide uppercase">Her words</span>“
                {view.note}”
              </p>
            ) : null}
          </Panel>
          {view.instructions || view.declineReason || view.exchangeTrackingNumber ? (
            <Panel title="Told the customer">
              <div className="space-y-3 text-sm text-ink-soft">
                {view.instructions ? (
                  <p className="whitespace-pre-line break-words">{view.instructions}</p>
                ) : null}
                {view.declineReason ? <p className="break-words">Declined: {view.declineReason}</p> : null}
                {view.exchangeTrackingNumber ? (
                  <p>
                    Exchange sent with {view.exchangeCarrier ?? 'the carrier'} · tracking number{' '}
                    <span className="font-mono text-ink">{view.exchangeTrackingNumber}</span>
                  </p>
                ) : null}
              </div>
            </Panel>
          ) : null}
        </div>

        {/* On a phone the actions come first: they are why staff opened the return. */}
        <div className="order-first space-y-5 lg:order-none">
          <ReturnActions key={view.id} view={view} instructions={instructions} carriers={carriers} />
          <Panel title="Details">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-ink-soft">Wants</dt>
              <dd className="text-right font-semibold text-ink">{view.resolutionLabel}</dd>
              <dt className="text-ink-soft">Customer</dt>
              <dd className="min-w-0 text-right break-words text-ink">
                {view.customerName}
                <a href={`mailto:${view.email}`} className="block text-xs text-muted hover:text-ink">
                  {view.email}
                </a>
              </dd>
              <dt className="text-ink-soft">Payment</dt>
              <dd className="text-right text-ink">{paymentStatusLabel(view.paymentStatus)}</dd>
              <dt className="text-ink-soft">
                {view.resolution === 'refund' ? 'To refund' : 'Difference back'}
              </dt>
              <dd className="text-right text-ink tabular-nums">{formatNaira(view.refundKobo)}</dd>
              <When label="Asked" iso={view.createdAt} />
              <When label="Approved" iso={view.approvedAt} />
              <When label="Received" iso={view.receivedAt} />
              <When label="Closed" iso={view.closedAt} />
              {view.handledBy ? (
                <>
                  <dt className="text-ink-soft">Last move by</dt>
                  <dd className="min-w-0 text-right break-words text-ink">{view.handledBy}</dd>
                </>
              ) : null}
            </dl>
            {view.refunds.length > 0 ? (
              <ul
                className="mt-4 space-y-1 border-t border-line pt-3 text-sm"
                aria-label="Refunds of this return"
              >
                {view.refunds.map((refund) => (
                  <li key={refund.id} className="flex justify-between gap-3">
                    <span className="text-ink-soft">
                      {refundStatusNames[refund.status as RefundStatusId] ?? refund.status} ·{' '}
                      <OrderDate iso={refund.createdAt} />
                    </span>
                    <span className="text-ink tabular-nums">{formatNaira(refund.amountKobo)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </Panel>
        </div>
      </div>
    </section>
  );
}
