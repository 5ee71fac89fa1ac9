import { BellRing, Check, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { stockAlertTexts } from '../../../contracts/stock-alerts';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { useRootData } from '../../lib/root-data';

export interface AlertTarget {
  /** What the shopper tapped, as the title names it: "M", "Olive". */
  option: string;
  size: string | null;
  color: string | null;
}

type Sent =
  { state: 'idle' | 'sending' } | { state: 'done'; message: string } | { state: 'error'; message: string };

const FALLBACK_ERROR = 'That did not go through. Please try again in a moment.';

/**
 * "Tell me when it's back": under the pickers once a crossed-out size or colour is tapped. Sends the
 * address with the size and colour to POST /api/products/{id}/stock-alerts (202: a link to confirm
 * by e-mail, unless she is signed in with that very address; then one e-mail when it is back,
 * decision 0034). A product with sizes and no size chosen yet asks which size, among those
 * sold out in that colour.
 */
export function StockAlertForm({
  productId,
  target,
  sizesToAsk,
  onClose,
}: {
  productId: number;
  target: AlertTarget;
  /** The sizes to choose from when the target names no size but the product has sizes. */
  sizesToAsk: string[];
  onClose: () => void;
}) {
  const id = useId();
  const root = useRootData();
  const [email, setEmail] = useState(root?.user?.email ?? '');
  const [size, setSize] = useState(target.size ?? (sizesToAsk.length === 1 ? sizesToAsk[0]! : ''));
  const [sent, setSent] = useState<Sent>({ state: 'idle' });
  const box = useRef<HTMLDivElement>(null);
  const asksSize = target.size === null && sizesToAsk.length > 0;

  // Shown (a parent keys it by size and colour, so each tap brings a fresh form): bring it into sight.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);

  // Says its own failures in the form, so the form's handler does not wait for it.
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // An empty box is said at once, not asked of the shop.
    if (!email.trim()) {
      setSent({ state: 'error', message: stockAlertTexts.emailRequired });
      return;
    }
    setSent({ state: 'sending' });
    try {
      const response = await fetch(`/api/products/${productId}/stock-alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          email: email.trim(),
          size: asksSize ? size || null : target.size,
          color: target.color,
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        message?: string;
        error?: { message?: string; fields?: Record<string, string> };
      } | null;
      if (response.status === 202) {
        // Most often "Check your e-mail to confirm…": the alert starts when the mailed link is followed.
        setSent({ state: 'done', message: body?.message || stockAlertTexts.accepted });
        return;
      }
      const fields = body?.error?.fields ?? {};
      setSent({
        state: 'error',
        message: fields.email ?? fields.size ?? fields.color ?? body?.error?.message ?? FALLBACK_ERROR,
      });
    } catch {
      setSent({ state: 'error', message: FALLBACK_ERROR });
    }
  };

  const context = [target.size ?? (asksSize ? null : undefined), target.color]
    .filter((part): part is string => Boolean(part))
    .join(' in ');

  return (
    <div
      ref={box}
      role="region"
      aria-labelledby={`${id}-title`}
      data-testid="stock-alert"
      className="relative rounded-sm border border-line bg-cream/50 p-4"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="absolute top-1.5 right-1.5 inline-flex h-9 w-9 items-center justify-center rounded-full text-ink-soft hover:bg-cream hover:text-ink"
      >
        <X width={16} height={16} />
      </button>
      <h2
        id={`${id}-title`}
        className="flex items-center gap-2 pr-8 font-sans text-sm font-semibold tracking-normal"
      >
        <BellRing width={16} height={16} aria-hidden="true" className="shrink-0" />
        Tell me when {target.option} is back
      </h2>
      <div aria-live="polite">
        {sent.state === 'done' ? (
          <p className="mt-3 flex items-start gap-2 text-sm text-success">
            <Check width={17} height={17} className="mt-0.5 shrink-0" aria-hidden="true" />
            <span>{sent.message}</span>
          </p>
        ) : (
          <>
            <p className="mt-1 text-xs text-muted">
              {context ? `${context} is sold out. ` : 'Sold out. '}We&apos;ll e-mail you once, when it&apos;s
              back.
            </p>
            <form onSubmit={(event) => void submit(event)} noValidate className="mt-3 space-y-3">
              {asksSize ? (
                <div>
                  <label
                    htmlFor={`${id}-size`}
                    className="mb-1.5 block text-xs font-medium tracking-wide text-ink-soft uppercase"
                  >
                    Size
                  </label>
                  <select
                    id={`${id}-size`}
                    value={size}
                    required
                    onChange={(event) => setSize(event.target.value)}
                    className={inputClasses}
                  >
                    <option value="">Choose a size</option>
                    {sizesToAsk.map((option) => (
                      <option key={option} value={option}>
                        {option}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <label htmlFor={`${id}-email`} className="sr-only">
                Email address
              </label>
              <div className="flex gap-2">
                <input
                  id={`${id}-email`}
                  type="email"
                  name="email"
                  required
                  autoComplete="email"
                  inputMode="email"
                  placeholder="Your email address"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  aria-invalid={sent.state === 'error' ? true : undefined}
                  aria-describedby={sent.state === 'error' ? `${id}-error` : undefined}
                  className={cn(inputClasses, 'min-w-0 flex-1')}
                />
                <button
                  type="submit"
                  disabled={sent.state === 'sending'}
                  className="inline-flex h-11 shrink-0 items-center justify-center rounded-sm bg-ink px-4 text-xs font-semibold tracking-[0.12em] text-paper uppercase hover:bg-ink-soft disabled:cursor-wait disabled:opacity-70"
                >
                  {sent.state === 'sending' ? 'Sending…' : 'Notify me'}
                </button>
              </div>
              {sent.state === 'error' ? (
                <p id={`${id}-error`} role="alert" className="text-xs text-sale">
                  {sent.message}
                </p>
              ) : null}
            </form>
          </>
        )}
      </div>
    </div>
  );
}
