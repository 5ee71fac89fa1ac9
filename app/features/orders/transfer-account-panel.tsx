import { CheckCircle2, Clock3, FlaskConical, RefreshCw, SearchCheck } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import type { ApiErrorReply } from '../../../contracts/api-error';
import { LAGOS_TIME_ZONE } from '../../../contracts/lagos-time';
import { formatNaira, nairaToKobo } from '../../../contracts/money';
import type { TransferAccountView } from '../../../core/payments/transfer-accounts';
import { Button } from '../../components/ui/button';
import { CopyValue } from '../../components/ui/copy-value';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { bankAppAmount, heldUntilText } from './transfer-texts';

/** How often a waiting page asks where the transfer stands. */
const POLL_MS = 4_000;

type Account = TransferAccountView;
type Outcome = 'full' | 'short' | 'over' | 'late' | 'rest';

const simulations: { outcome: Outcome; label: string }[] = [
  { outcome: 'full', label: 'The full amount' },
  { outcome: 'short', label: 'Too little' },
  { outcome: 'over', label: 'Too much' },
  { outcome: 'late', label: 'After it closed' },
];

const closingTime = new Intl.DateTimeFormat('en-NG', { timeStyle: 'short', timeZone: LAGOS_TIME_ZONE });

function minutesLeft(expiresAt: string, now: number): string {
  const total = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The REST answer (naira) as the panel keeps it (kobo). */
function fromDto(
  body: Omit<Account, 'amountKobo' | 'receivedKobo'> & { amount: number; received: number | null },
): Account {
  const { amount, received, ...rest } = body;
  return {
    ...rest,
    amountKobo: nairaToKobo(amount),
    receivedKobo: received === null ? null : nairaToKobo(received),
  };
}

/**
 * The account opened for this order alone: the bank, the number and the exact amount, each with a
 * copy button, how long it stays open, and a live status that turns to paid by itself (it asks the
 * shop every few seconds while the page is in view; the page's own figures follow). In TEST MODE
 * the shopper plays the bank with the simulate buttons.
 */
export function TransferAccountPanel({
  orderNumber,
  orderKey,
  account: initial,
  orderTotalKobo,
  heldUntil,
  renderedAt,
  className = 'mt-10',
}: {
  orderNumber: string;
  orderKey: string | null;
  account: Account;
  /** The order's total: what arrived and what is still due add up to it. */
  orderTotalKobo: number;
  /** Until when the order's items are held for her (ISO), if they are. */
  heldUntil: string | null;
  renderedAt: number;
  className?: string;
}) {
  const [account, setAccount] = useState(initial);
  const [now, setNow] = useState(renderedAt);
  const [busy, setBusy] = useState<Outcome | 'renew' | null>(null);
  const revalidator = useRevalidator();
  const announced = useRef(initial.state);
  const query = orderKey ? `?key=${encodeURIComponent(orderKey)}` : '';
  const base = `/api/orders/${encodeURIComponent(orderNumber)}/transfer-account`;

  const refresh = useCallback(async () => {
    try {
      const response = await fetch(`${base}${query}`, { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) return;
      const next = fromDto((await response.json()) as Parameters<typeof fromDto>[0]);
      setAccount(next);
    } catch {
      // Offline for a moment: the next tick tries again.
    }
  }, [base, query]);

  // When the money is in (or needs checking), the page's own figures follow: badge, heading, timeline.
  useEffect(() => {
    if (announced.current === account.state) return;
    announced.current = account.state;
    if (account.state === 'paid' || account.state === 'review') void revalidator.revalidate();
  }, [account.state, revalidator]);

  const live = account.state === 'waiting' || account.state === 'review';
  useEffect(() => {
    if (!live) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const poll = setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [live, refresh]);

  const open = Date.parse(account.expiresAt) > now;
  const state = account.state === 'waiting' && !open ? 'expired' : account.state;
  const receivedKobo = account.receivedKobo ?? 0;
  // What is still due after a short transfer: the rest, sent to an open account, pays the order.
  const dueKobo = receivedKobo > 0 ? Math.max(0, orderTotalKobo - receivedKobo) : 0;
  // Under review and short, with the account still open: the rest goes to the same account.
  const missingKobo = state === 'review' && open ? dueKobo : 0;
  // This account was opened for the rest after a short transfer into an earlier one.
  const forTheRest = receivedKobo > 0 && (state === 'waiting' || state === 'expired');
  const held = heldUntil ? heldUntilText(heldUntil) : null;

  const post = async (path: string, body: unknown): Promise<Response | null> => {
    try {
      return await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify(body),
      });
    } catch {
      toast('You seem to be offline. Please try again when you are connected.', 'error');
      return null;
    }
  };

  const renew = async () => {
    setBusy('renew');
    const response = await post(base, { key: orderKey ?? undefined });
    if (response?.ok) setAccount(fromDto((await response.json()) as Parameters<typeof fromDto>[0]));
    else if (response) {
      const body = (await response.json().catch(() => ({}))) as ApiErrorReply;
      toast(body.error?.message ?? 'We could not open a new account. Please try again.', 'error');
    }
    setBusy(null);
  };

  const simulate = async (outcome: Outcome) => {
    setBusy(outcome);
    const response = await post(`/api/sandbox/transfers/${encodeURIComponent(account.txRef)}/simulate`, {
      outcome,
    });
    if (response && !response.ok) {
      const body = (await response.json().catch(() => ({}))) as ApiErrorReply;
      toast(body.error?.message ?? 'The simulated transfer did not go through.', 'error');
    }
    await refresh();
    setBusy(null);
  };

  return (
    <div
      className={cn('rounded-card border border-gold/40 bg-white p-5 lg:p-7', className)}
      data-testid="transfer-account"
    >
      <h2 className="font-display text-2xl">
        {state === 'paid'
          ? 'Bank transfer received'
          : forTheRest || (state === 'review' && dueKobo > 0)
            ? 'Pay the rest by bank transfer'
            : 'Pay by bank transfer'}
      </h2>
      {forTheRest ? (
        <p className="mt-2 text-sm text-ink-soft" data-testid="transfer-so-far">
          We received <strong className="text-ink tabular-nums">{formatNaira(receivedKobo)}</strong> of{' '}
          <strong className="text-ink tabular-nums">{formatNaira(orderTotalKobo)}</strong>;{' '}
          <strong className="text-ink tabular-nums">{formatNaira(account.amountKobo)}</strong> is still due.
          {state === 'waiting'
            ? ' Send it to this new account, opened for the rest of order ' +
              orderNumber +
              ': your order confirms itself the moment it arrives.'
            : null}
        </p>
      ) : state === 'paid' || state === 'review' ? null : (
        <p className="mt-2 text-sm text-ink-soft">
          This account is for order {orderNumber} alone. Send exactly{' '}
          <strong className="text-ink tabular-nums">{formatNaira(account.amountKobo)}</strong> from your bank
          app; we confirm your order the moment it arrives.
        </p>
      )}
      {state === 'waiting' ? (
        <dl className="mt-4 text-sm">
          <CopyValue
            label={forTheRest ? 'Amount still due' : 'Amount'}
            value={formatNaira(account.amountKobo)}
            copy={bankAppAmount(account.amountKobo)}
          />
          <CopyValue label="Bank" value={account.bankName} />
          <CopyValue label="Account number" value={account.accountNumber} />
          <CopyValue label="Account name" value={account.accountName} />
        </dl>
      ) : null}

      <div aria-live="polite" className="mt-5">
        {state === 'waiting' ? (
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-sm bg-cream p-3 text-sm text-ink-soft">
            <span className="relative flex h-2.5 w-2.5 shrink-0" aria-hidden="true">
              <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-gold opacity-60 motion-reduce:animate-none" />
              <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-gold" />
            </span>
            <span className="font-medium text-ink">Waiting for your transfer.</span>
            <span>
              This page updates by itself. The account closes at{' '}
              {closingTime.format(new Date(account.expiresAt))} (
              <span className="tabular-nums" data-testid="account-time-left">
                {minutesLeft(account.expiresAt, now)}
              </span>{' '}
              left).
            </span>
            {held ? (
              <span className="basis-full" data-testid="held-until">
                Your items are held for you until {held}. If the account closes before you pay, a new one
                opens when you come back to this page.
              </span>
            ) : null}
          </p>
        ) : state === 'paid' ? (
          <p className="flex items-start gap-3 rounded-sm bg-success/10 p-4 text-sm" role="status">
            <CheckCircle2 width={20} height={20} aria-hidden="true" className="shrink-0 text-success" />
            <span>
              <span className="block font-semibold text-success">Paid</span>
              <span className="mt-1 block text-ink-soft">
                Your transfer has reached us. We are preparing your order.
              </span>
            </span>
          </p>
        ) : state === 'review' && missingKobo > 0 ? (
          <div className="rounded-sm bg-warning/10 p-4 text-sm" role="status">
            <p className="flex items-start gap-3">
              <SearchCheck width={20} height={20} aria-hidden="true" className="shrink-0 text-warning" />
              <span>
                <span className="block font-semibold text-ink">
                  We received {formatNaira(receivedKobo)} of {formatNaira(orderTotalKobo)}
                </span>
                <span className="mt-1 block text-ink-soft">
                  Send the remaining{' '}
                  <strong className="text-ink tabular-nums">{formatNaira(missingKobo)}</strong> to the same
                  account before it closes at {closingTime.format(new Date(account.expiresAt))} and your order
                  confirms itself. If it closes first, a new account for the rest opens when you come back to
                  this page; nothing you sent is lost.
                </span>
              </span>
            </p>
            <dl className="mt-3">
              <CopyValue
                label="Remaining"
                value={formatNaira(missingKobo)}
                copy={bankAppAmount(missingKobo)}
              />
              <CopyValue label="Bank" value={account.bankName} />
              <CopyValue label="Account number" value={account.accountNumber} />
            </dl>
          </div>
        ) : state === 'review' && dueKobo > 0 ? (
          <div className="rounded-sm bg-warning/10 p-4 text-sm" role="status">
            <p className="flex items-start gap-3">
              <SearchCheck width={20} height={20} aria-hidden="true" className="shrink-0 text-warning" />
              <span>
                <span className="block font-semibold text-ink">
                  We received {formatNaira(receivedKobo)} of {formatNaira(orderTotalKobo)}
                </span>
                <span className="mt-1 block text-ink-soft">
                  <strong className="text-ink tabular-nums">{formatNaira(dueKobo)}</strong> is still due. The
                  account for this order has closed: a new account for the rest opens when you come back to
                  this page, or get it now. Your items are held
                  {held ? ` until ${held}` : ''}; nothing you sent is lost.
                </span>
              </span>
            </p>
            <Button size="sm" className="mt-3" onClick={() => void renew()} disabled={busy !== null}>
              <RefreshCw
                width={14}
                height={14}
                aria-hidden="true"
                className={cn(busy === 'renew' && 'animate-spin')}
              />
              Get an account for the rest
            </Button>
          </div>
        ) : state === 'review' ? (
          <p className="flex items-start gap-3 rounded-sm bg-warning/10 p-4 text-sm" role="status">
            <SearchCheck width={20} height={20} aria-hidden="true" className="shrink-0 text-warning" />
            <span>
              <span className="block font-semibold text-ink">
                We received {receivedKobo > 0 ? formatNaira(receivedKobo) : 'a transfer'} and are checking it
              </span>
              <span className="mt-1 block text-ink-soft">
                It did not match this order exactly (amount or time). We keep your items and will contact you
                shortly; nothing is lost.
              </span>
            </span>
          </p>
        ) : (
          <div className="flex flex-wrap items-center gap-3 rounded-sm bg-cream p-3 text-sm text-ink-soft">
            <Clock3 width={18} height={18} aria-hidden="true" className="shrink-0 text-gold" />
            <span className="flex-1" data-testid="account-closed">
              This account has closed.{' '}
              {held ? `Your items are still held until ${held}: ` : 'Your items are still held: '}a new
              account
              {forTheRest ? ' for the rest' : ''} opens when you come back to this page, or get one now.
            </span>
            <Button size="sm" onClick={() => void renew()} disabled={busy !== null}>
              <RefreshCw
                width={14}
                height={14}
                aria-hidden="true"
                className={cn(busy === 'renew' && 'animate-spin')}
              />
              Get a new account number
            </Button>
          </div>
        )}
      </div>

      {account.testMode && missingKobo > 0 ? (
        <div
          className="mt-5 rounded-sm border border-dashed border-warning/60 p-4 text-sm"
          data-testid="simulate-transfer"
        >
          <p className="flex items-center gap-2 font-semibold text-warning">
            <FlaskConical width={16} height={16} aria-hidden="true" /> Test mode: no bank knows this account
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={busy !== null}
              onClick={() => void simulate('rest')}
            >
              Send the rest
            </Button>
          </div>
        </div>
      ) : null}

      {account.testMode && state === 'waiting' ? (
        <div
          className="mt-5 rounded-sm border border-dashed border-warning/60 p-4 text-sm"
          data-testid="simulate-transfer"
        >
          <p className="flex items-center gap-2 font-semibold text-warning">
            <FlaskConical width={16} height={16} aria-hidden="true" /> Test mode: no bank knows this account
          </p>
          <p className="mt-1 text-ink-soft">
            Simulate the transfer to see what the shopper and the shop see:
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {simulations.map(({ outcome, label }) => (
              <Button
                key={outcome}
                size="sm"
                variant="outline"
                disabled={busy !== null}
                onClick={() => void simulate(outcome)}
              >
                {label}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
