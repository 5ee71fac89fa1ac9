import { koboToNaira } from '../../contracts/money';
import {
  callProvider,
  parseFlutterwaveTransaction,
  parseTransferCharge,
  ProviderError,
  type TransferCharge,
  type TransferChargeRequest,
  parseFlutterwaveRefund,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderTransaction,
  type RefundRequest,
} from './provider';

export interface FlutterwaveOptions {
  apiBase: string;
  publicKey: string;
  secretKey: string;
  /** How long to wait for the provider before giving up. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const FLUTTERWAVE_SCRIPT = 'https://checkout.flutterwave.com/v3.js';

/** Flutterwave v3's verify API (reference/flutterwave.md). */
export function createFlutterwaveProvider(options: FlutterwaveOptions): PaymentProvider {
  async function request(
    path: string,
    body?: unknown,
  ): Promise<{ message?: string; data?: unknown; meta?: unknown }> {
    const { status, ok, answer } = await callProvider({
      who: 'The payment provider',
      url: `${options.apiBase}${path}`,
      secretKey: options.secretKey,
      body,
      timeoutMs: options.timeoutMs ?? 10_000,
      fetch: options.fetch,
    });
    const message = typeof answer.message === 'string' ? answer.message : undefined;
    if (status === 404 || (status === 400 && /no transaction/i.test(message ?? '')))
      throw new ProviderError(message ?? 'The payment provider does not know this transaction.', 'not_found');
    if (!ok || answer.status !== 'success')
      throw new ProviderError(
        message ?? `The payment provider answered ${status}.`,
        status >= 500 ? 'unreachable' : 'rejected',
      );
    return { message, data: answer.data, meta: answer.meta };
  }

  async function call(path: string): Promise<ProviderTransaction> {
    const answer = await request(path);
    return parseFlutterwaveTransaction(answer.data, answer.message ?? '');
  }

  async function createTransferCharge(charge: TransferChargeRequest): Promise<TransferCharge> {
    const answer = await request('/v3/charges?type=bank_transfer', {
      tx_ref: charge.txRef,
      amount: charge.amount,
      currency: 'NGN',
      email: charge.email,
      fullname: charge.fullname,
      phone_number: charge.phoneNumber,
      is_permanent: false,
    });
    return parseTransferCharge(answer);
  }

  return {
    name: 'flutterwave',
    mode: 'live',
    testMoney: options.secretKey.startsWith('FLWSECK_TEST'),
    publicKey: options.publicKey,
    scriptUrl: FLUTTERWAVE_SCRIPT,
    // Flutterwave's inline checkout takes the attempt's reference and amount from the browser as is.
    startCheckout: () => Promise.resolve({ accessCode: null }),
    verifyById: (id) => call(`/v3/transactions/${encodeURIComponent(id)}/verify`),
    verifyByReference: (txRef) =>
      call(`/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`),
    createTransferCharge,
    refund,
    getRefund,
  };

  /** POST /v3/transactions/{id}/refund: the amount in naira (a partial refund), our reason as comments. */
  async function refund(ask: RefundRequest): Promise<ProviderRefund> {
    const answer = await request(`/v3/transactions/${encodeURIComponent(ask.transactionId)}/refund`, {
      amount: koboToNaira(ask.amountKobo),
      comments: ask.comments.slice(0, 200),
    });
    return parseFlutterwaveRefund(answer.data, answer.message ?? '');
  }

  /** GET /v3/refunds?id=: the list answer holds the one refund asked for. */
  async function getRefund(id: string): Promise<ProviderRefund> {
    const answer = await request(`/v3/refunds?id=${encodeURIComponent(id)}`);
    const list = Array.isArray(answer.data) ? (answer.data as unknown[]) : [answer.data];
    const found = list.find(
      (item) =>
        typeof item === 'object' && item !== null && String((item as Record<string, unknown>).id) === id,
    );
    if (!found) throw new ProviderError('The payment provider does not know this refund.', 'not_found');
    return parseFlutterwaveRefund(found, answer.message ?? '');
  }
}
