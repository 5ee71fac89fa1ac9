import type { ReturnResolutionId, ReturnStatusId } from '../../../contracts/returns';

/** The return page's and the order page's words about a return, in one place. */

/** The address of the return page, keeping the order link's key for a guest. */
export function returnPageHref(orderNumber: string, orderKey?: string | null): string {
  const base = `/orders/${encodeURIComponent(orderNumber)}/return`;
  return orderKey ? `${base}?key=${encodeURIComponent(orderKey)}` : base;
}

/** The order's own page, keeping the key. */
export function orderPageHref(orderNumber: string, orderKey?: string | null): string {
  const base = `/orders/${encodeURIComponent(orderNumber)}`;
  return orderKey ? `${base}?key=${encodeURIComponent(orderKey)}` : base;
}

/** What happens after she asks, step by step, for the confirmation. */
export function nextSteps(resolution: ReturnResolutionId): string[] {
  return [
    'We read your request, usually within one working day, and e-mail you.',
    'Once approved, we send you the address and how to pack the parcel.',
    resolution === 'exchange'
      ? 'When your parcel reaches us and we have checked it, we send your new size or colour at no charge.'
      : 'When your parcel reaches us and we have checked it, we refund you the way you paid.',
  ];
}

/** One line under a return's status: where it stands, in the shopper's words. */
export const returnStatusHints: Record<ReturnStatusId, (resolution: ReturnResolutionId) => string> = {
  requested: () => 'We have your request and will reply soon.',
  approved: () => 'Approved: send the parcel back as described below.',
  declined: () => 'We could not accept this return.',
  received: (resolution) =>
    resolution === 'exchange'
      ? 'Your parcel reached us. Your new piece goes out next.'
      : 'Your parcel reached us. Your refund comes next.',
  refunded: () => 'Your money is on its way back to you.',
  exchanged: () => 'Your new piece is on its way.',
  closed: () => 'This return is finished.',
};

/** Tones of a return's status badge, like the order's. */
export const returnStatusTones: Record<ReturnStatusId, string> = {
  requested: 'border-warning/40 bg-warning/5 text-warning',
  approved: 'border-gold/50 bg-paper text-gold-deep',
  declined: 'border-sale/30 bg-sale/5 text-sale',
  received: 'border-ink/15 bg-cream text-ink',
  refunded: 'border-success/30 bg-success/10 text-success',
  exchanged: 'border-success/30 bg-success/10 text-success',
  closed: 'border-line bg-cream text-ink-soft',
};
