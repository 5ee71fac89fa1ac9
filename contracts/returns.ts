/*
 * The words of money back, shared by the shop's pages and its server: why a piece comes back, what
 * the shopper wants instead, where a return stands, and where a refund stands.
 */

export const returnReasonIds = [
  'too_small',
  'too_big',
  'not_as_pictured',
  'damaged',
  'changed_mind',
  'other',
] as const;
export type ReturnReasonId = (typeof returnReasonIds)[number];

export const returnReasonNames: Record<ReturnReasonId, string> = {
  too_small: 'Too small',
  too_big: 'Too big',
  not_as_pictured: 'Not as pictured',
  damaged: 'Damaged or faulty',
  changed_mind: 'Changed my mind',
  other: 'Other',
};

export const returnResolutionIds = ['refund', 'exchange'] as const;
export type ReturnResolutionId = (typeof returnResolutionIds)[number];

export const returnResolutionNames: Record<ReturnResolutionId, string> = {
  refund: 'My money back',
  exchange: 'Another size or colour',
};

export const returnStatusIds = [
  'requested',
  'approved',
  'declined',
  'received',
  'refunded',
  'exchanged',
  'closed',
] as const;
export type ReturnStatusId = (typeof returnStatusIds)[number];

export const returnStatusNames: Record<ReturnStatusId, string> = {
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
  received: 'Received',
  refunded: 'Refunded',
  exchanged: 'Exchange sent',
  closed: 'Closed',
};

export const refundStatusIds = ['pending', 'completed', 'failed', 'needs_attention'] as const;
export type RefundStatusId = (typeof refundStatusIds)[number];

export const refundStatusNames: Record<RefundStatusId, string> = {
  pending: 'On its way',
  completed: 'Refunded',
  failed: 'Failed',
  needs_attention: 'Needs bank details',
};

/** An order's payment is settled (it counts as paid) in each of these states. */
export const paidPaymentStatuses = ['paid', 'partially_refunded', 'refunded'] as const;

export function isPaidStatus(paymentStatus: string): boolean {
  return (paidPaymentStatuses as readonly string[]).includes(paymentStatus);
}
