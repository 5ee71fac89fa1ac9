import { ChevronLeft, ChevronRight, Info, Megaphone, Send, Tag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { AnnouncementView } from '../../../core/content/announcements';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice, labelClasses, selectClasses } from './admin-nav';
import type { loadAnnouncementsTab } from './announcements-tab.server';
import type { AdminActionResult } from './admin-texts';
import { LAGOS_TIME_ZONE } from '../../../contracts/lagos-time';

type Data = Awaited<ReturnType<typeof loadAnnouncementsTab>>;
type Draft = { type: 'promo' | 'info'; title: string; message: string; link: string };

const TITLE_MAX = 80;
const MESSAGE_MAX = 400;
const emptyDraft: Draft = { type: 'promo', title: '', message: '', link: '' };

const typeNames = { promo: 'Promotion', info: 'Info' } as const;

const dateTime = new Intl.DateTimeFormat('en-NG', {
  timeZone: LAGOS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const textareaClasses =
  'block w-full rounded-sm border border-line bg-white px-3 py-2.5 text-sm leading-relaxed text-ink placeholder:text-muted focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none aria-[invalid=true]:border-sale';

/** The notification as a customer will see it in /notifications. */
function Preview({ draft }: { draft: Draft }) {
  const Icon = draft.type === 'promo' ? Tag : Info;
  return (
    <div aria-live="polite" data-testid="announcement-preview">
      <p className={labelClasses}>Preview</p>
      <div className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)] gap-4 rounded-card border border-gold/40 bg-cream/50 p-4">
        <span
          className={cn(
            'flex h-10 w-10 items-center justify-center rounded-full',
            draft.type === 'promo' ? 'bg-sale/10 text-sale' : 'bg-cream text-gold-deep',
          )}
        >
          <Icon width={18} height={18} strokeWidth={1.5} aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-[0.9375rem] font-semibold text-ink">
            <span className="h-2 w-2 shrink-0 rounded-full bg-gold-deep" aria-hidden="true" />
            <span className="truncate">{draft.title.trim() || 'Your title'}</span>
          </p>
          <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-ink-soft">
            {draft.message.trim() || 'Your message to customers.'}
          </p>
          <p className="mt-2 flex gap-4 text-xs text-muted">
            <span>Just now</span>
            {draft.link.trim() ? (
              <span className="font-medium text-gold-deep">
                {draft.type === 'promo' ? 'Shop now' : 'Read more'} → {draft.link.trim()}
              </span>
            ) : null}
          </p>
        </div>
      </div>
    </div>
  );
}

function Composer({ recipients }: { recipients: number }) {
  const fetcher = useFetcher<AdminActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [confirming, setConfirming] = useState(false);
  const result = fetcher.data;
  const fields = result && !result.ok ? result.fields : {};
  const busy = fetcher.state !== 'idle';
  const set =
    (key: keyof Draft) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setDraft((current) => ({ ...current, [key]: event.target.value }));

  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
  }, [result]);

  return (
    <section
      aria-labelledby="announcement-compose"
      className="rounded-card border border-line bg-white p-5 sm:p-6"
    >
      <h3 id="announcement-compose" className="flex items-center gap-2 text-xl">
        <Megaphone width={20} height={20} strokeWidth={1.5} aria-hidden="true" /> New announcement
      </h3>
      <p className="mt-1 text-sm text-muted">
        Sent to the notifications of every active customer: {recipients}{' '}
        {recipients === 1 ? 'customer' : 'customers'} right now.
      </p>
      {result ? (
        <div className="mt-4">
          <ActionNotice tone={result.ok ? 'success' : 'error'}>
            {result.ok ? result.message : result.error}
          </ActionNotice>
        </div>
      ) : null}
      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <fetcher.Form
          ref={formRef}
          method="post"
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (event.currentTarget.reportValidity()) setConfirming(true);
          }}
          onReset={() => setDraft(emptyDraft)}
        >
          <input type="hidden" name="intent" value="announcement-send" />
          <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <div className="space-y-1.5">
              <label htmlFor="announcement-type" className={labelClasses}>
                Type
              </label>
              <select
                id="announcement-type"
                name="type"
                defaultValue="promo"
                onChange={set('type')}
                className={selectClasses}
              >
                <option value="promo">Promotion</option>
                <option value="info">Info</option>
              </select>
            </div>
            <Field
              label="Title"
              name="title"
              required
              maxLength={TITLE_MAX}
              onChange={set('title')}
              error={fields.title}
              placeholder="Private sale this weekend"
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="announcement-message" className={labelClasses}>
              Message
            </label>
            <textarea
              id="announcement-message"
              name="message"
              required
              rows={4}
              maxLength={MESSAGE_MAX}
              onChange={set('message')}
              aria-invalid={fields.message ? true : undefined}
              aria-describedby="announcement-message-count"
              className={textareaClasses}
              placeholder="Up to 30% off designer bags until Sunday."
            />
            <p
              id="announcement-message-count"
              className={cn('text-xs', fields.message ? 'text-sale' : 'text-muted')}
            >
              {fields.message ?? `${draft.message.length}/${MESSAGE_MAX} characters`}
            </p>
          </div>
          <Field
            label="Link (optional)"
            name="link"
            maxLength={200}
            onChange={set('link')}
            error={fields.link}
            hint="A page of the shop, such as /sale or /blog"
            placeholder="/sale"
          />
          <Button type="submit" disabled={busy || recipients === 0}>
            <Send width={16} height={16} aria-hidden="true" /> {busy ? 'Sending…' : 'Send announcement'}
          </Button>
        </fetcher.Form>
        <Preview draft={draft} />
      </div>
      <ConfirmDialog
        open={confirming}
        title="Send this announcement?"
        message={`“${draft.title.trim()}” will appear in the notifications of ${recipients} ${recipients === 1 ? 'customer' : 'customers'}. It cannot be unsent.`}
        confirmLabel="Send"
        onConfirm={() => {
          setConfirming(false);
          if (formRef.current) void fetcher.submit(formRef.current);
        }}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

function SentList({ data }: { data: Data }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const pageHref = (page: number) => `/admin?tab=announcements${page > 1 ? `&page=${page}` : ''}`;
  if (data.announcements.length === 0)
    return (
      <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
        <p className="font-display text-xl text-ink">No announcements yet</p>
        <p className="mt-1 text-sm text-muted">
          Announcements you send are listed here with how many customers they reached.
        </p>
      </div>
    );
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label="Announcements sent, newest first">
        {data.announcements.map((item: AnnouncementView) => (
          <li
            key={item.id}
            data-testid="announcement-row"
            className="grid gap-3 rounded-card border border-line bg-white p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:p-5"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2">
                <span
                  className={cn(
                    'rounded-sm px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wider uppercase',
                    item.type === 'promo' ? 'bg-sale/10 text-sale' : 'bg-cream text-gold-deep',
                  )}
                >
                  {typeNames[item.type]}
                </span>
                <span className="font-medium text-ink">{item.title}</span>
              </p>
              <p className="mt-1 text-sm break-words text-ink-soft">{item.message}</p>
              <p className="mt-2 text-xs text-muted">
                <time dateTime={item.sentAt}>{dateTime.format(new Date(item.sentAt))}</time>
                {item.sentBy ? ` · by ${item.sentBy}` : ''}
                {item.link ? ` · links to ${item.link}` : ''}
              </p>
            </div>
            <dl className="flex gap-6 text-sm sm:text-right">
              <div>
                <dt className="text-xs text-muted uppercase">Recipients</dt>
                <dd className="font-semibold text-ink tabular-nums" data-testid="announcement-recipients">
                  {item.recipients}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted uppercase">Read</dt>
                <dd className="font-semibold text-ink tabular-nums">{item.readCount}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav
          aria-label="Announcement pages"
          className="flex items-center justify-between gap-3 text-sm text-ink-soft"
        >
          <span>
            Page {data.page} of {pages}
          </span>
          <span className="flex gap-2">
            {data.page > 1 ? (
              <Link
                to={pageHref(data.page - 1)}
                className="inline-flex h-9 items-center gap-1 rounded-sm border border-line px-3 text-ink hover:bg-cream"
              >
                <ChevronLeft width={16} height={16} aria-hidden="true" /> Previous
              </Link>
            ) : null}
            {data.page < pages ? (
              <Link
                to={pageHref(data.page + 1)}
                className="inline-flex h-9 items-center gap-1 rounded-sm border border-line px-3 text-ink hover:bg-cream"
              >
                Next <ChevronRight width={16} height={16} aria-hidden="true" />
              </Link>
            ) : null}
          </span>
        </nav>
      ) : null}
    </div>
  );
}

/** Write an announcement, preview it as customers will see it, send it; and the ones already sent. */
export function AnnouncementsTab({ data }: { data: Data }) {
  return (
    <section aria-labelledby="announcements-heading" className="space-y-6">
      <h2 id="announcements-heading" className="text-2xl">
        Announcements
      </h2>
      <Composer recipients={data.recipients} />
      <div className="space-y-3">
        <h3 className="text-xl">Sent</h3>
        <SentList data={data} />
      </div>
    </section>
  );
}
