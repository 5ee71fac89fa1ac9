import { and, eq, isNull } from 'drizzle-orm';
import { paymentTransactions } from '../../db/schema/payments';
import { AppError, isAppError } from '../errors';
import { applyProviderTransaction, type PaymentDeps } from './payments';
import { ProviderError, type ProviderTransaction } from './provider';

type Json = Record<string, unknown>;

/**
 * Reads a refund Paystack reports on again from Paystack and records it (core/refunds' syncProviderRefund);
 * false when the shop has no such refund. Handed in by the host: refunds sit above payments.
 */
export type PaystackRefundSync = (providerRefundId: string) => Promise<boolean>;

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

/** Paystack could not say (or could not be reached): 503, so Paystack sends the event again later. */
function retryLater(error: unknown): never {
  if (error instanceof ProviderError)
    throw new AppError('UNAVAILABLE', `Paystack could not confirm the event: ${error.message}`);
  throw error;
}

/**
 * Paystack's webhook (reference/paystack.md): the `x-paystack-signature` (hex HMAC-SHA512 of the raw
 * bytes, keyed with the secret key) is checked in constant time before anything is read; then
 * - `charge.success`: only for an attempt of ours opened with Paystack, the transaction is verified
 *   through the API by its reference (the body's amount and status are never trusted) and applied
 *   once, however often the event comes;
 * - `refund.*`: the refund is read again from the API and recorded (`syncRefund`).
 * Anything else is acknowledged and ignored. When Paystack cannot confirm, 503: it retries.
 */
export async function handlePaystackWebhook(
  deps: PaymentDeps,
  rawBody: Buffer,
  signature: string | undefined,
  syncRefund: PaystackRefundSync,
): Promise<{ handled: boolean }> {
  const provider = deps.providers.paystack;
  if (!provider?.webhookSignatureValid)
    throw new AppError('UNAUTHENTICATED', 'Paystack is not set up on this shop');
  if (!provider.webhookSignatureValid(rawBody, signature))
    throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature');

  let body: Json;
  try {
    body = record(JSON.parse(rawBody.toString('utf8')));
  } catch {
    return { handled: false };
  }
  const event = typeof body.event === 'string' ? body.event : '';
  const data = record(body.data);

  if (event === 'charge.success') {
    const reference = typeof data.reference === 'string' ? data.reference : null;
    if (!reference || reference.length > 100) return { handled: false };
    const [attempt] = await deps.db
      .select({ provider: paymentTransactions.provider, txRef: paymentTransactions.txRef })
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.txRef, reference), isNull(paymentTransactions.attemptId)));
    if (attempt?.provider !== 'paystack') return { handled: false };
    let tx: ProviderTransaction;
    try {
      tx = await provider.verifyByReference(attempt.txRef);
    } catch (error) {
      retryLater(error);
    }
    if (tx.txRef !== attempt.txRef) return { handled: false };
    try {
      await applyProviderTransaction(deps, tx);
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND') return { handled: false };
      throw error;
    }
    return { handled: true };
  }

  if (event.startsWith('refund.')) {
    const id = data.id;
    if (!(typeof id === 'number' || (typeof id === 'string' && /^\w{1,40}$/.test(id))))
      return { handled: false };
    try {
      return { handled: await syncRefund(String(id)) };
    } catch (error) {
      retryLater(error);
    }
  }

  return { handled: false };
}
