import { createHmac, timingSafeEqual } from 'node:crypto';
import { koboToNaira } from '../../contracts/money';
import {
  callProvider,
  ProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderBank,
  type ProviderRefund,
  type ProviderTransaction,
  type RefundAccount,
  type RefundRequest,
} from './provider';

export interface PaystackOptions {
  apiBase: string;
  publicKey: string;
  secretKey: string;
  /** How long to wait for Paystack before giving up. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Paystack's Inline v2 script (reference/paystack.md). */
export const PAYSTACK_SCRIPT = 'https://js.paystack.co/v2/inline.js';

type Json = Record<string, unknown>;

function record(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function kobo(value: unknown): number {
  const amount = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(amount) ? Math.round(amount) : 0;
}

/** Paystack's transaction states in the shop's words: only 'success' is money. */
function transactionStatusOf(status: string): string {
  const word = status.trim().toLowerCase();
  if (word === 'success') return 'successful';
  if (['failed', 'abandoned', 'reversed'].includes(word)) return 'failed';
  return word || 'pending';
}

/**
 * What the payment brought the shop, in kobo. When the shop passes Paystack's fees to the shopper,
 * `amount` is what she was charged, fee included, and `requested_amount` what the shop asked for:
 * the lesser is the shop's, so a passed-on fee never reads as an overpayment to refund, and a
 * charge below what was asked is never taken for more than it was.
 */
function paidKobo(tx: Json): number {
  const charged = kobo(tx.amount);
  const requested = tx.requested_amount === undefined ? Number.NaN : kobo(tx.requested_amount);
  return Number.isFinite(requested) && requested > 0 ? Math.min(charged, requested) : charged;
}

/** Reads a Paystack transaction (the verify answer's `data`, or a charge.success event's). */
export function parsePaystackTransaction(data: unknown, message = ''): ProviderTransaction {
  const tx = record(data);
  const id = text(tx.id);
  const reference = text(tx.reference);
  if (!id || !reference)
    throw new ProviderError('Paystack answered without a transaction id or reference.', 'rejected');
  const customer = record(tx.customer);
  const names = [text(customer.first_name), text(customer.last_name)].filter(Boolean).join(' ');
  return {
    id,
    txRef: reference,
    flwRef: null,
    amount: koboToNaira(paidKobo(tx)),
    currency: text(tx.currency) ?? '',
    status: transactionStatusOf(text(tx.status) ?? ''),
    paymentType: text(tx.channel),
    createdAt: text(tx.paid_at) ?? text(tx.paidAt) ?? text(tx.created_at) ?? text(tx.createdAt),
    customer: { email: text(customer.email), name: names || null },
    message: text(tx.gateway_response) ?? message,
  };
}

/**
 * Paystack's refund states in the shop's words: processed is completed, failed is failed,
 * needs-attention waits for the shopper's bank account; pending and processing stay pending.
 */
export function paystackRefundStatusOf(status: string): ProviderRefund['status'] {
  const word = status.trim().toLowerCase().replace('_', '-');
  if (word === 'processed') return 'completed';
  if (word === 'failed' || word === 'reversed') return 'failed';
  if (word === 'needs-attention') return 'needs_attention';
  return 'pending';
}

/** Reads a Paystack refund (POST /refund's `data`, GET /refund/{id}'s, or a refund event's). */
export function parsePaystackRefund(data: unknown, message = ''): ProviderRefund {
  const refund = record(data);
  const id = text(refund.id);
  if (!id) throw new ProviderError('Paystack answered without a refund id.', 'rejected');
  return {
    id,
    status: paystackRefundStatusOf(text(refund.status) ?? ''),
    amountKobo: kobo(refund.amount),
    reference: text(refund.refund_reference) ?? text(refund.reference) ?? null,
    message,
  };
}

/** Paystack's API (reference/paystack.md): amounts in kobo, `status: true` when the call worked. */
export function createPaystackProvider(options: PaystackOptions): PaymentProvider {
  async function request(path: string, body?: unknown): Promise<{ message: string; data: unknown }> {
    const { status, ok, answer } = await callProvider({
      who: 'Paystack',
      url: `${options.apiBase}${path}`,
      secretKey: options.secretKey,
      body,
      timeoutMs: options.timeoutMs ?? 10_000,
      fetch: options.fetch,
    });
    const message = text(answer.message) ?? '';
    if (status === 404)
      throw new ProviderError(message || 'Paystack does not know this transaction.', 'not_found');
    if (!ok || answer.status !== true)
      throw new ProviderError(
        message || `Paystack answered ${status}.`,
        status >= 500 || status === 429 ? 'unreachable' : 'rejected',
      );
    return { message, data: answer.data };
  }

  async function startCheckout(checkout: CheckoutRequest): Promise<CheckoutSession> {
    const answer = await request('/transaction/initialize', {
      email: checkout.email,
      amount: checkout.amountKobo,
      currency: 'NGN',
      reference: checkout.txRef,
      callback_url: checkout.callbackUrl,
      channels: checkout.channels,
      metadata: { order_number: checkout.orderNumber },
    });
    const data = record(answer.data);
    const accessCode = text(data.access_code);
    if (!accessCode || text(data.reference) !== checkout.txRef)
      throw new ProviderError('Paystack did not open the payment for this reference.', 'rejected');
    return { accessCode };
  }

  async function verify(reference: string): Promise<ProviderTransaction> {
    const answer = await request(`/transaction/verify/${encodeURIComponent(reference)}`);
    return parsePaystackTransaction(answer.data, answer.message);
  }

  async function verifyById(id: string): Promise<ProviderTransaction> {
    const answer = await request(`/transaction/${encodeURIComponent(id)}`);
    return parsePaystackTransaction(answer.data, answer.message);
  }

  async function refund(ask: RefundRequest): Promise<ProviderRefund> {
    const answer = await request('/refund', {
      transaction: ask.transactionId,
      amount: ask.amountKobo,
      currency: 'NGN',
      merchant_note: ask.comments.slice(0, 200),
    });
    return parsePaystackRefund(answer.data, answer.message);
  }

  async function getRefund(id: string): Promise<ProviderRefund> {
    const answer = await request(`/refund/${encodeURIComponent(id)}`);
    return parsePaystackRefund(answer.data, answer.message);
  }

  async function retryRefundToAccount(id: string, account: RefundAccount): Promise<ProviderRefund> {
    const answer = await request(`/refund/retry_with_customer_details/${encodeURIComponent(id)}`, {
      refund_account_details: {
        currency: 'NGN',
        account_number: account.accountNumber,
        bank_id: account.bankId,
      },
    });
    return parsePaystackRefund({ id, ...record(answer.data) }, answer.message);
  }

  async function listBanks(): Promise<ProviderBank[]> {
    const answer = await request('/bank?country=nigeria&currency=NGN&perPage=200');
    const list = Array.isArray(answer.data) ? answer.data : [];
    return list.flatMap((item) => {
      const bank = record(item);
      const id = text(bank.id);
      const name = text(bank.name);
      return id && name ? [{ id, name }] : [];
    });
  }

  function webhookSignatureValid(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = createHmac('sha512', options.secretKey).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  return {
    name: 'paystack',
    mode: 'live',
    testMoney: options.secretKey.startsWith('sk_test_'),
    publicKey: options.publicKey,
    scriptUrl: PAYSTACK_SCRIPT,
    startCheckout,
    verifyById,
    verifyByReference: verify,
    refund,
    getRefund,
    retryRefundToAccount,
    listBanks,
    webhookSignatureValid,
  };
}
