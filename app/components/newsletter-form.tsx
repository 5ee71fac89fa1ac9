import { Check } from 'lucide-react';
import { useId } from 'react';
import { useFetcher } from 'react-router';
import type { NewsletterFormResult } from '../../contracts/newsletter';
import { cn } from '../lib/cn';

/** Where every newsletter form posts: a page action, so the form also works before (or without) JavaScript. */
export const NEWSLETTER_ACTION = '/newsletter';

const tones = {
  light: {
    input:
      'border-line bg-white text-ink placeholder:text-muted focus:border-ink focus:ring-ink aria-[invalid=true]:border-sale',
    button: 'bg-ink text-paper hover:bg-ink-soft',
    error: 'text-sale',
    success: 'border-success/30 bg-success/5 text-success',
  },
  dark: {
    input:
      'border-paper/25 bg-paper/5 text-paper placeholder:text-paper/60 focus:border-gold-soft focus:ring-gold-soft aria-[invalid=true]:border-[#f3a59c]',
    button: 'bg-gold-soft text-ink hover:bg-paper',
    error: 'text-[#f3a59c]',
    success: 'border-gold-soft/40 bg-paper/5 text-paper',
  },
} as const;

/**
 * An e-mail field and a Subscribe button. With JavaScript it subscribes in place and shows the
 * answer; without, the browser posts to /newsletter, which shows the same answer as a page.
 */
export function NewsletterForm({
  tone = 'light',
  label = 'Email address',
  className,
}: {
  tone?: keyof typeof tones;
  label?: string;
  className?: string;
}) {
  const fetcher = useFetcher<NewsletterFormResult>();
  const id = useId();
  const styles = tones[tone];
  const busy = fetcher.state !== 'idle';
  const result = fetcher.data;
  const error = result && !result.ok ? (result.fields.email ?? result.error) : undefined;

  return (
    <div aria-live="polite" className={className}>
      {result?.ok ? (
        <p className={cn('flex items-start gap-3 rounded-sm border px-4 py-3 text-sm', styles.success)}>
          <Check width={18} height={18} className="mt-0.5 shrink-0" aria-hidden="true" />
          <span>{result.message}</span>
        </p>
      ) : (
        <fetcher.Form method="post" action={NEWSLETTER_ACTION} defaultShouldRevalidate={false}>
          <label htmlFor={`${id}-email`} className="sr-only">
            {label}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="Your email address"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={cn(
                'h-11 w-full min-w-0 flex-1 rounded-sm border px-3 text-sm focus:ring-1 focus:outline-none',
                styles.input,
              )}
            />
            <button
              type="submit"
              disabled={busy}
              className={cn(
                'inline-flex h-11 shrink-0 items-center justify-center rounded-sm px-5 text-xs font-semibold tracking-[0.14em] uppercase transition-colors disabled:cursor-wait disabled:opacity-70',
                styles.button,
              )}
            >
              {busy ? 'Subscribing…' : 'Subscribe'}
            </button>
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className={cn('mt-2 text-xs', styles.error)}>
              {error}
            </p>
          ) : null}
        </fetcher.Form>
      )}
    </div>
  );
}
