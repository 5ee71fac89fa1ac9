/*
 * Calling the providers and following them up (decision 0041):
 *
 *   pending ──provider says completed──▶ completed   (the order's payment status, its timeline, the shopper told)
 *      │    ──provider says failed / cannot be reached──▶ failed ──retry──▶ pending
 *      │    ──provider says needs attention (Paystack: the card cannot take it back)──▶ needs_attention
 *      │          ──staff give the shopper's bank account──▶ pending (or back, if Paystack is not reached)
 *      └── provider said pending: the follow-up job asks again every minute until it is final.
 *
 * Money is recorded as refunded only on the provider's word.
 */
import { and, asc, eq, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { paymentTransactions, refunds, type RefundProvider } from '../../db/schema/payments';
import type { PaymentDeps } from '../payments/payments';
import { ProviderError, type PaymentProvider, type ProviderRefund } from '../payments/provider';
import { providerNamed } from '../payments/providers';
import { completeInTx, failRefund, tellShopper } from './complete';

/** A pending refund the provider never answered for (no refund id) is given up after this long. */
export const UNCONFIRMED_AFTER_MS = 10 * 60_000;
/** A pending refund the provider knows is asked about again at most this often. */
const FOLLOW_EVERY_MS = 55_000;

export const NEVER_CONFIRMED =
  'The provider never confirmed this refund; check your provider dashboard before retrying.';

/** Why a refund waits for staff (Paystack's needs-attention), in the shop's words. */
export const NEEDS_BANK_ACCOUNT =
  "The card cannot take this refund back: give the shopper's bank account and it is sent there.";

/**
 * The provider for a refund: the one that took the payment (the TEST MODE sandbox refunds its own
 * test charges whatever the shop's keys).
 */
export function providerFor(deps: PaymentDeps, provider: RefundProvider): PaymentProvider {
  return providerNamed(deps.providers, deps.db, provider);
}

/**
 * Asks the provider for a pending refund written just before, outside any transaction, and records
 * its answer on the row only while it is still pending. A provider that cannot be reached fails the
 * refund with the reason: money is never recorded as refunded unless the provider said so.
 */
export async function sendRefund(
  deps: PaymentDeps,
  refundId: number,
  testOutcome?: 'completed' | 'pending' | 'failed',
): Promise<void> {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row || row.status !== 'pending' || row.provider === 'manual') return;
  const [payment] = row.paymentTransactionId
    ? await deps.db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.id, row.paymentTransactionId))
    : [];
  if (!payment?.providerTransactionId) {
    await failRefund(deps.db, row.id, 'The payment to refund has no provider transaction id.');
    return;
  }
  let answer: ProviderRefund;
  try {
    answer = await providerFor(deps, row.provider).refund({
      transactionId: payment.providerTransactionId,
      amountKobo: row.amountKobo,
      comments: row.reason,
      testOutcome,
    });
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    const unsure = error instanceof ProviderError && error.kind === 'unreachable';
    await failRefund(
      deps.db,
      row.id,
      unsure ? `${words} Check your provider dashboard before retrying.` : words,
    );
    return;
  }
  await applyProviderRefund(deps, row.id, answer);
}

/** Records what the provider says of a refund, once: completed, failed, or still pending (its id kept). */
export async function applyProviderRefund(
  deps: PaymentDeps,
  refundId: number,
  answer: ProviderRefund,
): Promise<void> {
  const now = new Date();
  if (answer.status === 'completed') {
    const done = await deps.db.transaction((tx) =>
      completeInTx(tx, refundId, { providerRefundId: answer.id, reference: answer.reference }, now),
    );
    if (done) await tellShopper(deps, refundId);
    return;
  }
  if (answer.status === 'failed') {
    await failRefund(deps.db, refundId, answer.message || 'The provider refused the refund.', answer.id);
    return;
  }
  if (answer.status === 'needs_attention') {
    // Nothing moved, and nothing is followed: it waits for staff (the refund lists show it with the
    // words). The shopper reads it as on its way; she is told it is refunded only once it is.
    await deps.db
      .update(refunds)
      .set({
        status: 'needs_attention',
        providerRefundId: answer.id,
        ...(answer.reference ? { providerReference: answer.reference } : {}),
        failureReason: NEEDS_BANK_ACCOUNT,
        lastAttemptAt: now,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return;
  }
  await deps.db
    .update(refunds)
    .set({
      providerRefundId: answer.id,
      providerReference: answer.reference,
      lastAttemptAt: now,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/**
 * The follow-up job: pending refunds the provider knows (it gave an id) are asked about again, each
 * claimed by a conditional update so two processes never follow the same one at once. A pending
 * refund the provider never gave an id for (the process stopped between writing it and the
 * provider's answer) is never asked again blindly: Flutterwave takes no idempotency key, so asking
 * again could refund twice. After ten minutes it fails, telling staff to check the dashboard.
 * Returns how many refunds it settled.
 */
export async function followPendingRefunds(deps: PaymentDeps, now = new Date()): Promise<number> {
  const givenUp = await deps.db
    .update(refunds)
    .set({ status: 'failed', failureReason: NEVER_CONFIRMED, updatedAt: now })
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNull(refunds.providerRefundId),
        ne(refunds.provider, 'manual'),
        lt(
          sql`coalesce(${refunds.lastAttemptAt}, ${refunds.createdAt})`,
          new Date(now.getTime() - UNCONFIRMED_AFTER_MS),
        ),
      ),
    )
    .returning({ id: refunds.id });
  let settled = givenUp.length;
  const due = new Date(now.getTime() - FOLLOW_EVERY_MS);
  const candidates = await deps.db
    .select({
      id: refunds.id,
      provider: refunds.provider,
      providerRefundId: refunds.providerRefundId,
      lastAttemptAt: refunds.lastAttemptAt,
    })
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        isNotNull(refunds.providerRefundId),
        or(isNull(refunds.lastAttemptAt), lte(refunds.lastAttemptAt, due)),
      ),
    )
    .orderBy(asc(refunds.id))
    .limit(50);
  for (const candidate of candidates) {
    const claimed = await deps.db
      .update(refunds)
      .set({ lastAttemptAt: now })
      .where(
        and(
          eq(refunds.id, candidate.id),
          eq(refunds.status, 'pending'),
          or(isNull(refunds.lastAttemptAt), lte(refunds.lastAttemptAt, due)),
        ),
      )
      .returning({ id: refunds.id });
    if (claimed.length === 0) continue;
    let answer: ProviderRefund;
    try {
      answer = await providerFor(deps, candidate.provider).getRefund(candidate.providerRefundId!);
    } catch {
      // The provider could not say: the refund stays pending and is asked again next time.
      continue;
    }
    if (answer.status === 'pending') continue;
    await applyProviderRefund(deps, candidate.id, { ...answer, id: candidate.providerRefundId! });
    settled += 1;
  }
  return settled;
}

/**
 * A refund the provider reports on (its webhook): read again from the provider by its id, never
 * taken from the report, and recorded once. False when the shop has no such refund.
 */
export async function syncProviderRefund(
  deps: PaymentDeps,
  provider: RefundProvider,
  providerRefundId: string,
): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: refunds.id, status: refunds.status })
    .from(refunds)
    .where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)));
  if (!row) return false;
  // Completed and failed refunds are settled; one waiting for the shopper's account moves only on a
  // final word (its account may have been given on Paystack's own dashboard).
  if (row.status !== 'pending' && row.status !== 'needs_attention') return true;
  const answer = await providerFor(deps, provider).getRefund(providerRefundId);
  if (answer.status === 'pending') return true;
  if (row.status === 'needs_attention' && answer.status === 'needs_attention') return true;
  await applyProviderRefund(deps, row.id, { ...answer, id: providerRefundId });
  return true;
}
