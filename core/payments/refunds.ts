/*
 * Money back (issue 27, decision 0041): the refund engine. Interface agreed between the helpers that
 * build it and those that call it; the bodies are filled in by the refund engine's work.
 */
import type { RefundBankDetails, RefundProvider, RefundPurpose, RefundStatus } from '../../db/schema/payments';

/** A refund as staff and the shopper read it. */
export interface RefundView {
  id: number;
  orderNumber: string;
  purpose: RefundPurpose;
  provider: RefundProvider;
  /** TEST MODE money: nothing moved. */
  isTest: boolean;
  amountKobo: number;
  shippingKobo: number;
  status: RefundStatus;
  reason: string;
  restock: boolean;
  lines: { orderLineId: number; name: string; size: string | null; color: string | null; quantity: number; amountKobo: number }[];
  providerReference: string | null;
  failureReason: string | null;
  bankDetails: RefundBankDetails | null;
  /** The staff member who made it (e-mail). */
  createdBy: string;
  returnNumber: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** What a shopper reads of a refund (GET /api/orders/{id} `refunds`). */
export interface ShopperRefundView {
  amount: number;
  amountKobo: number;
  status: RefundStatus;
  reason: string;
  /** When it was asked (ISO). */
  date: string;
  completedAt: string | null;
  /** "Back on your card in 5–10 working days", "Sent to your bank account", "We could not…" */
  note: string;
}

/** What is left to give back on an order, under its lock. */
export interface Refundable {
  /** What the order took: the money received for it, less what the shop owes back beyond it. */
  receivedKobo: number;
  /** Completed and pending refunds of purpose 'order'. */
  refundedKobo: number;
  remainingKobo: number;
  /** Delivery charge not yet refunded. */
  shippingRemainingKobo: number;
  lines: {
    orderLineId: number;
    productId: number | null;
    name: string;
    size: string | null;
    color: string | null;
    unitPriceKobo: number;
    quantity: number;
    refundedQuantity: number;
  }[];
  /** How it would go back: through the provider that took it, or by hand. */
  provider: RefundProvider;
}

/** Kobo a staff member asks to refund, or lines; see `refundRequestSchema` once it lands. */
export interface RefundOptions {
  /** The return this refund settles (the returns flow refunds through here). */
  returnId?: number;
  now?: Date;
}

/*
 * The operations (signatures agreed; bodies by the refund engine):
 *
 * createRefund(deps: PaymentDeps, orderNumber: string, raw: unknown, actor: AuditActor & { id: string },
 *   options?: RefundOptions): Promise<RefundView>
 *   raw = { amount?: number (naira, at most 2 decimals) | lines?: [{ orderLineId, quantity }],
 *           includeShipping?: boolean, reason: string, restock?: boolean,
 *           purpose?: 'order' | 'owed', paymentTransactionId?: number (the transaction owed back),
 *           manual?: { accountName, accountNumber, bankName, reference } (money in the shop's own account),
 *           testOutcome?: 'completed' | 'pending' | 'failed' (TEST MODE sandbox only) }
 * retryRefund(deps: PaymentDeps, refundId: number, actor): Promise<RefundView>
 * refundsOfOrder(db: DbOrTx, orderNumber: string): Promise<RefundView[]>
 * listRefunds(db: DbOrTx, filter: { q?, status?, from?, to? }): Promise<RefundView[]>   (Payments tab, CSV)
 * refundableFor(db: DbOrTx, orderNumber: string): Promise<Refundable>
 * followPendingRefunds(deps: PaymentDeps, now?: Date): Promise<number>   (the job)
 */
