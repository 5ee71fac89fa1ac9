import { CheckCircle2, Mail, MessageCircle, Phone, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { checkoutMessages, normalizeBankReference } from '../../../contracts/checkout-texts';
import { isPaidStatus } from '../../../contracts/returns';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useRootData } from '../../lib/root-data';
import type { ApiErrorReply } from '../../../contracts/api-error';

type CheckState = 'idle' | 'checking' | 'pending' | 'verified' | 'error';

/**
 * After a bank transfer: the shopper gives the reference their bank printed, and can ask whether the
 * shop has confirmed the money. Confirmation is the shop's (an admin), never the shopper's.
 */
export function BankTransferPanel({
  orderNumber,
  orderKey,
  paid,
  customerReference,
}: {
  orderNumber: string;
  orderKey?: string | null | undefined;
  paid: boolean;
  customerReference: string | null;
}) {
  const shop = useRootData()?.shop;
  const revalidator = useRevalidator();
  const inputId = useId();
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [check, setCheck] = useState<CheckState>('idle');
  const [checkError, setCheckError] = useState<string | null>(null);
  const base = `/api/orders/${encodeURIComponent(orderNumber)}`;

  if (paid || check === 'verified') {
    return (
      <div className="flex items-start gap-3 rounded-sm bg-success/10 p-4 text-sm" role="status">
        <CheckCircle2 width={20} height={20} aria-hidden="true" className="shrink-0 text-success" />
        <div>
          <p className="font-semibold text-success">Payment Verified</p>
          <p className="mt-1 text-ink-soft">Your transfer has reached us. We are preparing your order.</p>
        </div>
      </div>
    );
  }

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (!reference.trim()) return setReferenceError(checkoutMessages.bankReferenceRequired);
    if (!normalizeBankReference(reference)) return setReferenceError(checkoutMessages.bankReferenceFormat);
    setReferenceError(null);
    setSending(true);
    try {
      const response = await fetch(`${base}/bank-transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ reference, key: orderKey ?? undefined }),
      });
      const body = (await response.json().catch(() => ({}))) as ApiErrorReply;
      if (!response.ok) {
        setReferenceError(
          body.error?.fields?.reference ?? body.error?.message ?? checkoutMessages.orderProblem,
        );
      } else {
        setReference('');
        toast('Thank you: we have your transfer reference.', 'success');
        await revalidator.revalidate();
      }
    } catch {
      setReferenceError(checkoutMessages.orderProblem);
    }
    setSending(false);
  };

  const checkStatus = async () => {
    setCheck('checking');
    setCheckError(null);
    try {
      const query = orderKey ? `?key=${encodeURIComponent(orderKey)}` : '';
      const response = await fetch(`${base}${query}`, { credentials: 'same-origin' });
      const body = (await response.json()) as ApiErrorReply & { paymentStatus?: string };
      if (!response.ok) throw new Error(body.error?.message ?? checkoutMessages.orderProblem);
      if (body.paymentStatus !== undefined && isPaidStatus(body.paymentStatus)) {
        setCheck('verified');
        await revalidator.revalidate();
      } else {
        setCheck('pending');
      }
    } catch (error) {
      setCheck('error');
      setCheckError(error instanceof Error ? error.message : checkoutMessages.orderProblem);
    }
  };

  const errorId = `${inputId}-error`;
  const whatsapp = shop
    ? `https://wa.me/${shop.whatsappNumber}?text=${encodeURIComponent(
        `Hello ${shop.name}! I paid for order ${orderNumber} by bank transfer and would like to check its status.`,
      )}`
    : null;

  return (
    <div className="space-y-5" data-testid="bank-transfer-panel">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-2">
        <label htmlFor={inputId} className="block text-xs font-medium tracking-wide text-ink-soft uppercase">
          Your transfer reference
        </label>
        {customerReference ? (
          <p className="text-sm text-ink-soft">
            We have <span className="font-mono text-ink">{customerReference}</span>. Sent the wrong one? Enter
            it again below.
          </p>
        ) : (
          <p className="text-sm text-ink-soft">
            The reference or session ID on your bank&apos;s receipt (8-20 letters or digits) helps us find
            your transfer quickly.
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            name="reference"
            value={reference}
            onChange={(event) => setReference(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={referenceError ? true : undefined}
            aria-describedby={referenceError ? errorId : undefined}
            placeholder="e.g. 000123456789"
            className={cn(inputClasses, 'font-mono sm:flex-1')}
          />
          <Button type="submit" disabled={sending} className="sm:w-auto">
            {sending ? 'Sending…' : 'Submit reference'}
          </Button>
        </div>
        {referenceError ? (
          <p id={errorId} role="alert" className="text-xs text-sale">
            {referenceError}
          </p>
        ) : null}
      </form>

      <div className="border-t border-line/70 pt-4">
        <Button
          variant="outline"
          onClick={() => void checkStatus()}
          disabled={check === 'checking'}
          className="w-full sm:w-auto"
        >
          <RefreshCw
            width={15}
            height={15}
            aria-hidden="true"
            className={check === 'checking' ? 'motion-safe:animate-spin' : undefined}
          />
          {check === 'checking' ? 'Checking…' : 'Check payment status'}
        </Button>
        <div aria-live="polite">
          {check === 'pending' ? (
            <div className="mt-4 rounded-sm border border-warning/40 bg-warning/5 p-4 text-sm">
              <p className="text-ink">{checkoutMessages.bankPending}</p>
              {shop ? (
                <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm font-medium">
                  <li>
                    <a
                      href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`}
                      className="inline-flex items-center gap-1.5 underline underline-offset-4"
                    >
                      <Phone width={14} height={14} aria-hidden="true" /> Call {shop.supportPhone}
                    </a>
                  </li>
                  {whatsapp ? (
                    <li>
                      <a
                        href={whatsapp}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1.5 underline underline-offset-4"
                      >
                        <MessageCircle width={14} height={14} aria-hidden="true" /> Chat on WhatsApp
                      </a>
                    </li>
                  ) : null}
                  <li>
                    <a
                      href={`mailto:${shop.supportEmail}?subject=${encodeURIComponent(`Bank transfer for order ${orderNumber}`)}`}
                      className="inline-flex items-center gap-1.5 underline underline-offset-4"
                    >
                      <Mail width={14} height={14} aria-hidden="true" /> E-mail {shop.supportEmail}
                    </a>
                  </li>
                </ul>
              ) : null}
            </div>
          ) : null}
          {check === 'error' && checkError ? (
            <p role="alert" className="mt-3 text-sm text-sale">
              {checkError}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
