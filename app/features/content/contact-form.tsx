import { CheckCircle2, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { CONTACT_LIMITS, type ContactFormResult } from '../../../contracts/contact';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { cn } from '../../lib/cn';

/** SPEC.md: the thank-you shows for 5 s, then the (cleared) form is back. */
export const CONTACT_THANKS_MS = 5_000;

const textareaClasses =
  'block w-full rounded-sm border border-line bg-white px-3 py-2.5 text-sm leading-relaxed text-ink placeholder:text-muted focus:border-ink focus:ring-1 focus:ring-ink focus:outline-none aria-[invalid=true]:border-sale';

export interface ContactDefaults {
  name: string;
  email: string;
  orderNumber: string | null;
}

/**
 * The contact form: the browser checks the fields first, the server checks them again and answers
 * with the same messages. Without JavaScript it is a plain post that shows the thank-you page.
 */
export function ContactForm({
  defaults,
  noScriptResult,
}: {
  defaults: ContactDefaults;
  /** The action's answer when the page was posted without JavaScript. */
  noScriptResult: ContactFormResult | undefined;
}) {
  const fetcher = useFetcher<ContactFormResult>();
  const result = fetcher.data ?? noScriptResult;
  const formRef = useRef<HTMLFormElement>(null);
  const [dismissed, setDismissed] = useState<ContactFormResult | undefined>(undefined);
  const busy = fetcher.state !== 'idle';
  const thanked = result?.ok === true && dismissed !== result;
  const fields = result && !result.ok ? result.fields : {};

  useEffect(() => {
    if (!result?.ok) return;
    formRef.current?.reset();
    const timer = window.setTimeout(() => setDismissed(result), CONTACT_THANKS_MS);
    return () => window.clearTimeout(timer);
  }, [result]);

  return (
    <div className="relative">
      {thanked ? (
        <div
          role="status"
          data-testid="contact-thanks"
          className="flex min-h-[24rem] flex-col items-center justify-center rounded-card border border-success/30 bg-success/5 px-6 py-12 text-center"
        >
          <CheckCircle2
            width={40}
            height={40}
            strokeWidth={1.25}
            className="text-success"
            aria-hidden="true"
          />
          <h2 className="mt-4 text-2xl">Message sent</h2>
          <p className="mt-2 max-w-sm text-sm text-ink-soft">{result.message}</p>
        </div>
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        className={cn('space-y-5', thanked && 'hidden')}
        aria-labelledby="contact-form-title"
        data-testid="contact-form"
      >
        <h2 id="contact-form-title" className="text-2xl">
          Send us a message
        </h2>
        {result && !result.ok && Object.keys(fields).length === 0 ? (
          <p role="alert" className="rounded-sm border border-sale/30 bg-sale/5 px-4 py-3 text-sm text-sale">
            {result.error}
          </p>
        ) : null}
        {defaults.orderNumber ? (
          <p className="rounded-sm border border-gold/40 bg-cream/60 px-4 py-3 text-sm text-ink-soft">
            About order <span className="font-mono font-semibold text-ink">{defaults.orderNumber}</span>
            <input type="hidden" name="orderNumber" value={defaults.orderNumber} />
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Your name"
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_LIMITS.name}
            defaultValue={defaults.name}
            error={fields.name}
          />
          <Field
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            defaultValue={defaults.email}
            error={fields.email}
          />
        </div>
        <Field
          label="Subject"
          name="subject"
          required
          maxLength={CONTACT_LIMITS.subject}
          defaultValue={defaults.orderNumber ? `Help with order ${defaults.orderNumber}` : ''}
          error={fields.subject}
        />
        <div className="space-y-1.5">
          <label
            htmlFor="contact-message"
            className="block text-xs font-medium tracking-wide text-ink-soft uppercase"
          >
            Message
          </label>
          <textarea
            id="contact-message"
            name="message"
            required
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            aria-invalid={fields.message ? true : undefined}
            aria-describedby={fields.message ? 'contact-message-error' : undefined}
            className={textareaClasses}
          />
          {fields.message ? (
            <p id="contact-message-error" role="alert" className="text-xs text-sale">
              {fields.message}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          <Send width={16} height={16} aria-hidden="true" /> {busy ? 'Sending…' : 'Send Message'}
        </Button>
      </fetcher.Form>
    </div>
  );
}
