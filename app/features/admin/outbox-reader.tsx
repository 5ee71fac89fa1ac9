import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { OutboxMailView, OutboxStatus } from '../../../core/mail/outbox-view';
import { OrderDate } from '../../components/orders/order-status';
import { cn } from '../../lib/cn';

const statusNames: Record<OutboxStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };
const statusTones: Record<OutboxStatus, string> = {
  queued: 'border-warning/40 bg-warning/5 text-warning',
  sent: 'border-success/30 bg-success/10 text-success',
  failed: 'border-sale/30 bg-sale/5 text-sale',
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <span
      data-testid="mail-status"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusTones[status],
      )}
    >
      {statusNames[status]}
    </span>
  );
}

/**
 * One e-mail as the customer received it. The HTML is shown in a frame sandboxed with no
 * permissions at all (no script, no form, no navigation of this page), the text version below it.
 */
export function OutboxReader({ mail, backHref }: { mail: OutboxMailView; backHref: string }) {
  return (
    <article
      aria-labelledby="mail-subject"
      data-testid="mail-reader"
      className="rounded-card border border-line bg-white p-5 sm:p-6"
    >
      <Link
        to={backHref}
        className="mb-4 inline-flex items-center gap-1 text-sm text-gold-deep underline-offset-4 hover:underline lg:hidden"
      >
        <ArrowLeft width={16} height={16} aria-hidden="true" /> Back to the outbox
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="mail-subject" className="min-w-0 text-2xl break-words">
          {mail.subject}
        </h3>
        <OutboxStatusBadge status={mail.status} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">To</dt>
        <dd className="min-w-0 break-words text-ink" data-testid="mail-to">
          {mail.to}
        </dd>
        <dt className="text-muted">Written</dt>
        <dd className="text-ink">
          <OrderDate iso={mail.createdAt} withTime />
        </dd>
        {mail.sentAt ? (
          <>
            <dt className="text-muted">Delivered</dt>
            <dd className="text-ink">
              <OrderDate iso={mail.sentAt} withTime />
            </dd>
          </>
        ) : null}
      </dl>
      {mail.status === 'failed' && mail.error ? (
        <p className="mt-4 flex gap-2 rounded-sm border border-sale/30 bg-sale/5 px-3 py-2 text-sm text-sale">
          <AlertTriangle width={16} height={16} aria-hidden="true" className="mt-0.5 shrink-0" />
          <span className="min-w-0 break-words">Delivery failed: {mail.error}</span>
        </p>
      ) : mail.status === 'queued' ? (
        <p className="mt-4 text-xs text-muted">
          Queued: kept here for reading. It is delivered only when the shop has an SMTP server set up.
        </p>
      ) : null}
      <section aria-labelledby="mail-html-heading" className="mt-6">
        <h4 id="mail-html-heading" className="text-xs font-medium tracking-wide text-ink-soft uppercase">
          As the customer sees it
        </h4>
        <iframe
          sandbox=""
          srcDoc={mail.html}
          title={`E-mail: ${mail.subject}`}
          referrerPolicy="no-referrer"
          data-testid="mail-html"
          className="mt-2 h-[28rem] w-full rounded-sm border border-line bg-white"
        />
      </section>
      <section aria-labelledby="mail-text-heading" className="mt-6">
        <h4 id="mail-text-heading" className="text-xs font-medium tracking-wide text-ink-soft uppercase">
          Plain-text version
        </h4>
        <pre
          tabIndex={0}
          aria-labelledby="mail-text-heading"
          className="mt-2 max-h-96 overflow-auto rounded-sm border border-line bg-paper p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap text-ink wrap-anywhere"
          data-testid="mail-text"
        >
          {mail.text}
        </pre>
      </section>
    </article>
  );
}
