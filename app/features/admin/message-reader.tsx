import { ArrowLeft, CheckCheck, Mail, MailOpen, Reply } from 'lucide-react';
import { Link, useFetcher } from 'react-router';
import type { ContactMessageStatus, ContactMessageView } from '../../../core/content/messages';
import { OrderDate } from '../../components/orders/order-status';
import { Button, buttonClasses } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { ActionNotice } from './admin-nav';
import { ordersHref } from './admin-links';
import type { AdminActionResult } from './admin-texts';

const statusNames: Record<ContactMessageStatus, string> = { new: 'New', read: 'Read', replied: 'Replied' };
const statusTones: Record<ContactMessageStatus, string> = {
  new: 'border-gold/50 bg-paper text-gold-deep',
  read: 'border-ink/15 bg-cream text-ink-soft',
  replied: 'border-success/30 bg-success/10 text-success',
};

export function MessageStatusBadge({ status }: { status: ContactMessageStatus }) {
  return (
    <span
      data-testid="message-status"
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusTones[status],
      )}
    >
      {statusNames[status]}
    </span>
  );
}

/** A reply in the admin's own mail program: to the sender, 'Re: ' and the subject, the message quoted. */
export function replyHref(message: ContactMessageView): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`;
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  const body = `Dear ${message.name},\n\n\n\n${quoted}`;
  return `mailto:${encodeURIComponent(message.email).replace('%40', '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** One message, opened: who wrote, about which order, the text, and what the admin may do next. */
export function MessageReader({ message, backHref }: { message: ContactMessageView; backHref: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  const busy = fetcher.state !== 'idle';
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  const setStatus = (status: ContactMessageStatus) =>
    void fetcher.submit(
      { intent: 'message-status', id: String(message.id), status, back: backHref },
      { method: 'post' },
    );
  return (
    <article
      aria-labelledby="message-subject"
      data-testid="message-reader"
      className="rounded-card border border-line bg-white p-5 sm:p-6"
    >
      <Link
        to={backHref}
        className="mb-4 inline-flex items-center gap-1 text-sm text-gold-deep underline-offset-4 hover:underline lg:hidden"
      >
        <ArrowLeft width={16} height={16} aria-hidden="true" /> Back to messages
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id="message-subject" className="min-w-0 text-2xl break-words">
          {message.subject}
        </h3>
        <MessageStatusBadge status={message.status} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">From</dt>
        <dd className="min-w-0 break-words text-ink">
          {message.name} <span className="text-ink-soft">&lt;{message.email}&gt;</span>
        </dd>
        <dt className="text-muted">Received</dt>
        <dd className="text-ink">
          <OrderDate iso={message.createdAt} withTime />
        </dd>
        {message.orderNumber ? (
          <>
            <dt className="text-muted">Order</dt>
            <dd>
              <Link
                to={ordersHref({}, message.orderNumber)}
                className="font-mono text-gold-deep underline-offset-4 hover:underline"
                data-testid="message-order"
              >
                {message.orderNumber}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      <div
        className="mt-5 border-t border-line pt-5 text-[0.9375rem] leading-relaxed whitespace-pre-wrap text-ink wrap-anywhere"
        data-testid="message-body"
      >
        {message.message}
      </div>
      {result ? (
        <div className="mt-5">
          <ActionNotice tone={result.ok ? 'success' : 'error'}>
            {result.ok ? result.message : result.error}
          </ActionNotice>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap gap-2 border-t border-line pt-5">
        <a href={replyHref(message)} className={buttonClasses('gold', 'sm')} data-testid="message-reply">
          <Reply width={16} height={16} aria-hidden="true" /> Reply by e-mail
        </a>
        {message.status !== 'replied' ? (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setStatus('replied')}>
            <CheckCheck width={16} height={16} aria-hidden="true" /> Mark replied
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setStatus('read')}>
            <MailOpen width={16} height={16} aria-hidden="true" /> Mark not replied
          </Button>
        )}
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => setStatus('new')}>
          <Mail width={16} height={16} aria-hidden="true" /> Mark unread
        </Button>
      </div>
    </article>
  );
}
