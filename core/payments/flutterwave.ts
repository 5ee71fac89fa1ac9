import {
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
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  async function request(
    path: string,
    body?: unknown,
  ): Promise<{ message?: string; data?: unknown; meta?: unknown }> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiBase}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ProviderError(
        'The payment provider did not answer. Please try again in a moment.',
        'unreachable',
      );
    }
    let answer: { status?: string; message?: string; data?: unknown; meta?: unknown };
    try {
      answer = (await response.json()) as typeof answer;
    } catch {
      throw new ProviderError('The payment provider gave an answer we could not read.', 'unreachable');
    }
    if (response.status === 404 || (response.status === 400 && /no transaction/i.test(answer.message ?? '')))
      throw new ProviderError(
        answer.message ?? 'The payment provider does not know this transaction.',
        'not_found',
      );
    if (!response.ok || answer.status !== 'success')
      throw new ProviderError(
        answer.message ?? `The payment provider answered ${response.status}.`,
        response.status >= 500 ? 'unreachable' : 'rejected',
      );
    return answer;
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
    mode: 'live',
    publicKey: options.publicKey,
    scriptUrl: FLUTTERWAVE_SCRIPT,
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
      amount: ask.amountKobo / 100,
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
