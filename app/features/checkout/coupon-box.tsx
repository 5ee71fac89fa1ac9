import { Tag } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { CartQuote } from '../../../core/orders/quote';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { couponStore } from '../../lib/shop-stores';

/** How long the coupon box's message stays (the shop's UI timings). */
const COUPON_MESSAGE_MS = 3000;

/** What POST /api/coupons/validate answers. */
interface CouponCheckAnswer {
  code?: string;
  offer?: string;
  percent?: number | null;
  error?: { message: string };
}

/** "10% off", "₦5,000 off", "free delivery": what a coupon gives, inside a sentence. */
const offerWords = (answer: CouponCheckAnswer) =>
  answer.offer === 'Free delivery' ? 'free delivery' : (answer.offer ?? `${answer.percent ?? 0}% off`);

/**
 * The coupon box of the cart and the checkout: a code is checked by the server, kept for the bag,
 * and the quote then says what it takes off and from which items. It is no form of its own (the
 * checkout's summary sits inside the order's form): Enter in the box applies the code, never places
 * the order.
 */
export function CouponBox({
  coupon,
  quote,
  inputId,
  className,
}: {
  /** The code the shopper applied. */
  coupon: string;
  quote: CartQuote | null;
  inputId: string;
  className?: string;
}) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [checking, setChecking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const show = (words: string, tone: 'success' | 'error') => {
    setMessage({ text: words, tone });
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(null), COUPON_MESSAGE_MS);
  };

  const apply = async () => {
    const code = text.trim();
    if (!code || checking) return;
    setChecking(true);
    try {
      const response = await fetch('/api/coupons/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      const answer = (await response.json()) as CouponCheckAnswer;
      if (response.ok && answer.code) {
        couponStore.set(answer.code);
        setText('');
        show(`${answer.code} applied: ${offerWords(answer)}.`, 'success');
      } else show(answer.error?.message ?? 'Invalid coupon code.', 'error');
    } catch {
      show('The coupon could not be checked. Please try again.', 'error');
    } finally {
      setChecking(false);
    }
  };

  const applied = quote?.coupon ?? null;
  // A coupon for some items only names them: the shopper sees which lines it took from.
  const appliedTo =
    applied && quote && applied.appliedToLines.length < quote.lines.length
      ? applied.appliedToLines.map((index) => quote.lines[index]?.name).filter(Boolean)
      : [];
  const remove = (
    <button type="button" className="underline" onClick={() => couponStore.set('')}>
      Remove coupon
    </button>
  );

  return (
    <div className={className} data-testid="coupon-box">
      <label
        htmlFor={inputId}
        className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-ink-soft uppercase"
      >
        <Tag width={13} height={13} aria-hidden="true" /> Coupon code
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          id={inputId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            void apply();
          }}
          placeholder={coupon || 'e.g. ROSSY10'}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          className={cn(inputClasses, 'min-w-0')}
        />
        <Button type="button" variant="secondary" disabled={checking} onClick={() => void apply()}>
          Apply
        </Button>
      </div>
      <p
        aria-live="polite"
        className={cn('mt-2 min-h-5 text-xs', message?.tone === 'error' ? 'text-sale' : 'text-success')}
      >
        {message?.text ?? ''}
      </p>
      {coupon && quote?.couponError && !message ? (
        <p className="text-xs text-sale" role="status">
          {coupon}: {quote.couponError} {remove}
        </p>
      ) : null}
      {applied ? (
        <p className="text-xs text-ink-soft" data-testid="coupon-applied">
          Using {applied.code}: {offerWords(applied)}
          {appliedTo.length > 0 ? ` on ${appliedTo.join(', ')}` : ''}. {remove}
        </p>
      ) : null}
    </div>
  );
}
