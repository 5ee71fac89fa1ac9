import { CreditCard, Lock } from 'lucide-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { formatNaira } from '../../../contracts/money';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { payOrder, usePaymentDocument } from '../../lib/provider-checkout';
import { useRootData } from '../../lib/root-data';

/**
 * 'Pay now' for a card order that is still waiting for payment (the shopper closed the popup, or
 * the payment failed): a new attempt through the provider's checkout, verified by the server.
 */
export function PayNow({
  orderNumber,
  orderKey,
  totalKobo,
  className,
}: {
  orderNumber: string;
  orderKey?: string | null | undefined;
  totalKobo: number;
  className?: string;
}) {
  const shopName = useRootData()?.shop.name ?? 'Rossy';
  const revalidator = useRevalidator();
  usePaymentDocument();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pay = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const outcome = await payOrder({ number: orderNumber, key: orderKey }, { shopName });
    if (outcome.kind === 'paid') {
      toast('Payment verified. Thank you!', 'success');
      await revalidator.revalidate();
    } else if (outcome.kind === 'closed') {
      // Closed without paying: the order was cancelled and its items released (or paid meanwhile).
      if (outcome.cancelled) toast('Payment window closed: the order was cancelled.', 'info');
      await revalidator.revalidate();
    } else if (outcome.kind === 'failed' || outcome.kind === 'unavailable') {
      setProblem(outcome.message);
    }
    setBusy(false);
  };

  return (
    <div className={className} data-testid="pay-now">
      <p className="text-sm text-ink-soft">
        Your items are reserved. Pay{' '}
        <strong className="text-ink tabular-nums">{formatNaira(totalKobo)}</strong> securely by card to
        confirm your order.
      </p>
      {problem ? (
        <p role="alert" className="mt-3 rounded-sm bg-sale/10 p-3 text-sm text-sale">
          {problem}
        </p>
      ) : null}
      <Button onClick={() => void pay()} disabled={busy} className="mt-4 w-full sm:w-auto">
        <CreditCard width={16} height={16} aria-hidden="true" />
        {busy ? 'Opening secure payment…' : 'Pay now'}
      </Button>
      <p className="mt-3 flex items-center gap-1.5 text-xs text-muted">
        <Lock width={12} height={12} aria-hidden="true" /> Card details are entered with our payment provider,
        never on our site.
      </p>
    </div>
  );
}
