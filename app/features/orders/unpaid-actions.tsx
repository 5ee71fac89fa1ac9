import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { cancelOrder, payOrder, usePaymentDocument } from '../../lib/provider-checkout';
import { useRootData } from '../../lib/root-data';

/**
 * Pay now and Cancel for a card order whose payment did not go through, in the shopper's list of
 * orders. Paid, it becomes an order like any other; cancelled (or closed unpaid), its items go back
 * on sale and it leaves the list.
 */
export function UnpaidOrderActions({ orderNumber }: { orderNumber: string }) {
  const shopName = useRootData()?.shop.name ?? 'Rossy';
  const revalidator = useRevalidator();
  usePaymentDocument();
  const [busy, setBusy] = useState<'paying' | 'cancelling' | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const pay = async () => {
    if (busy) return;
    setBusy('paying');
    setProblem(null);
    const outcome = await payOrder({ number: orderNumber }, { shopName });
    if (outcome.kind === 'paid') toast('Payment verified. Thank you!', 'success');
    else if (outcome.kind === 'closed' && outcome.cancelled)
      toast('Payment window closed: the order was cancelled.', 'info');
    else if (outcome.kind === 'failed' || outcome.kind === 'unavailable') setProblem(outcome.message);
    setBusy(null);
    await revalidator.revalidate();
  };

  const cancel = async () => {
    setAsking(false);
    setBusy('cancelling');
    const outcome = await cancelOrder({ number: orderNumber }, 'shopper');
    if (outcome.paid) toast('This order was paid after all: it is on its way to being packed.', 'success');
    else if (outcome.cancelled) toast(`Order ${orderNumber} cancelled.`, 'info');
    else setProblem('The order could not be cancelled. Please try again.');
    setBusy(null);
    await revalidator.revalidate();
  };

  return (
    <div className="relative z-10 [grid-area:actions]" data-testid="unpaid-actions">
      {problem ? (
        <p role="alert" className="mb-3 rounded-sm bg-sale/10 p-3 text-sm text-sale">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button size="sm" className="flex-1 sm:flex-none" onClick={() => void pay()} disabled={busy !== null}>
          {busy === 'paying' ? 'Opening payment…' : 'Pay now'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          className="flex-1 sm:flex-none"
          onClick={() => setAsking(true)}
          disabled={busy !== null}
        >
          {busy === 'cancelling' ? 'Cancelling…' : 'Cancel'}
        </Button>
      </div>
      <ConfirmDialog
        open={asking}
        title="Cancel this order?"
        message={`Order ${orderNumber} was never paid. Cancelling puts its items back on sale; your bag is not affected.`}
        confirmLabel="Cancel order"
        cancelLabel="Keep it"
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
