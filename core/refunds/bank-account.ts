/*
 * A refund the card cannot take (Paystack's needs-attention) goes to the shopper's bank account, on
 * the staff member's word, through the provider that took the payment.
 */
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatNaira } from '../../contracts/money';
import { orders } from '../../db/schema/orders';
import { paymentTransactions, refunds, type RefundBankDetails } from '../../db/schema/payments';
import { recordAdminAction } from '../audit/audit';
import { AppError } from '../errors';
import type { PaymentDeps } from '../payments/payments';
import type { PaymentProvider, ProviderBank, ProviderRefund } from '../payments/provider';
import { parseInput } from '../validation';
import { badRequest, type RefundActor } from './plan';
import { applyProviderRefund, NEEDS_BANK_ACCOUNT, providerFor } from './provider-sync';
import { refundViewById, type RefundView } from './views';

/** The shopper's bank account for a refund the card cannot take (POST /api/admin/refunds/{id}/bank-account). */
export const refundAccountSchema = z.object({
  // Typed as the bank prints it ("012 345 6789", "0123-456-789"): the spaces and dashes are not part of it.
  accountNumber: z
    .string('Required')
    .trim()
    .regex(/^(?:\d[ -]?){9}\d$/, 'A 10-digit account number'),
  bankId: z.string('Choose the bank').trim().min(1, 'Choose the bank').max(20),
});
export type RefundAccountInput = z.input<typeof refundAccountSchema>;

/** A refund the card cannot take, and the provider that can send it to a bank account instead. */
async function waitingRefund(deps: PaymentDeps, refundId: number) {
  const [row] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!row) throw new AppError('NOT_FOUND', 'Refund not found');
  if (row.provider === 'manual' || row.provider === 'sandbox')
    throw new AppError('CONFLICT', 'This refund’s provider cannot send a refund to a bank account.');
  let provider: PaymentProvider;
  try {
    provider = providerFor(deps, row.provider);
  } catch (error) {
    throw new AppError('UNAVAILABLE', error instanceof Error ? error.message : String(error));
  }
  if (!provider.retryRefundToAccount || !provider.listBanks)
    throw new AppError('CONFLICT', 'This refund’s provider cannot send a refund to a bank account.');
  return {
    row,
    provider,
    retry: provider.retryRefundToAccount.bind(provider),
    listBanks: provider.listBanks.bind(provider),
  };
}

/** The provider's banks, or 503 when it cannot be reached (nothing is decided without them). */
async function banksOf(listBanks: () => Promise<ProviderBank[]>): Promise<ProviderBank[]> {
  try {
    return await listBanks();
  } catch (error) {
    throw new AppError('UNAVAILABLE', error instanceof Error ? error.message : String(error));
  }
}

/** The banks a refund may be sent to, as its provider lists them (409 when it sends to none). */
export async function refundBanks(deps: PaymentDeps, refundId: number): Promise<ProviderBank[]> {
  const { listBanks } = await waitingRefund(deps, refundId);
  return banksOf(listBanks);
}

/**
 * A refund the card could not take (needs_attention) is sent to the shopper's bank account: the
 * account checked (10 digits, a bank of the provider's list), the refund claimed back to pending
 * under the order's lock with the account and the activity-log entry (two clicks send once), then the
 * provider asked outside the transaction and its answer applied. A provider that cannot be reached,
 * or refuses the account, leaves it waiting again with its words: nothing is recorded as refunded.
 */
export async function sendRefundToAccount(
  deps: PaymentDeps,
  refundId: number,
  raw: unknown,
  actor: RefundActor,
): Promise<RefundView> {
  const parsed = parseInput(refundAccountSchema, raw);
  // Typed as the bank prints it ("012 345 6789"): the spaces and dashes are not part of the number.
  const account = { ...parsed, accountNumber: parsed.accountNumber.replace(/[\s-]/g, '') };
  const { row, retry, listBanks } = await waitingRefund(deps, refundId);
  if (row.status !== 'needs_attention' || !row.providerRefundId)
    throw new AppError(
      'CONFLICT',
      'Only a refund waiting for the shopper’s bank account can be sent to one.',
    );
  const bank = (await banksOf(listBanks)).find((item) => item.id === account.bankId);
  if (!bank) badRequest('bankId', 'Choose the shopper’s bank from the list');
  const providerRefundId = row.providerRefundId;
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    // The order first, then the refund, as every other writer of refunds takes them.
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update');
    if (!order) throw new AppError('NOT_FOUND', 'Order not found');
    const [payment] = row.paymentTransactionId
      ? await tx
          .select({ customerName: paymentTransactions.customerName })
          .from(paymentTransactions)
          .where(eq(paymentTransactions.id, row.paymentTransactionId))
      : [];
    const bankDetails: RefundBankDetails = {
      accountName: payment?.customerName?.trim() ?? '',
      accountNumber: account.accountNumber,
      bankName: bank.name,
    };
    const claimed = await tx
      .update(refunds)
      .set({
        status: 'pending',
        bankDetails,
        failureReason: null,
        attempts: sql`${refunds.attempts} + 1`,
        lastAttemptAt: now,
        updatedAt: now,
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'needs_attention')))
      .returning({ id: refunds.id });
    if (claimed.length === 0)
      throw new AppError('CONFLICT', 'This refund is already on its way to a bank account.');
    await recordAdminAction(tx, actor, {
      action: 'order.refund-bank-account',
      entityType: 'order',
      entityId: order.number,
      summary: `${order.number}: refund of ${formatNaira(row.amountKobo)} sent to the shopper’s bank account (${bank.name}, ${account.accountNumber}): the card could not take it back`,
      before: { refundId, status: 'needs_attention' },
      after: { refundId, status: 'pending', bankName: bank.name, accountNumber: account.accountNumber },
    });
  });
  let answer: ProviderRefund;
  try {
    answer = await retry(providerRefundId, {
      accountNumber: account.accountNumber,
      bankId: account.bankId,
    });
  } catch (error) {
    const words = (error instanceof Error ? error.message : String(error)).trim();
    await deps.db
      .update(refunds)
      .set({
        status: 'needs_attention',
        bankDetails: null,
        failureReason: `${words.replace(/\.*$/, '')}. ${NEEDS_BANK_ACCOUNT}`.slice(0, 500),
        updatedAt: new Date(),
      })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
    return (await refundViewById(deps.db, refundId))!;
  }
  await applyProviderRefund(deps, refundId, { ...answer, id: answer.id || providerRefundId });
  return (await refundViewById(deps.db, refundId))!;
}
