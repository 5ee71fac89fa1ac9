import {
  parseFlutterwaveTransaction,
  ProviderError,
  type PaymentProvider,
  type ProviderTransaction,
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

  async function call(path: string): Promise<ProviderTransaction> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiBase}${path}`, {
        headers: { authorization: `Bearer ${options.secretKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new ProviderError(
        'The payment provider did not answer. Please try again in a moment.',
        'unreachable',
      );
    }
    let body: { status?: string; message?: string; data?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new ProviderError('The payment provider gave an answer we could not read.', 'unreachable');
    }
    if (response.status === 404 || (response.status === 400 && /no transaction/i.test(body.message ?? '')))
      throw new ProviderError(
        body.message ?? 'The payment provider does not know this transaction.',
        'not_found',
      );
    if (!response.ok || body.status !== 'success')
      throw new ProviderError(
        body.message ?? `The payment provider answered ${response.status}.`,
        response.status >= 500 ? 'unreachable' : 'rejected',
      );
    return parseFlutterwaveTransaction(body.data, body.message ?? '');
  }

  return {
    mode: 'live',
    publicKey: options.publicKey,
    scriptUrl: FLUTTERWAVE_SCRIPT,
    verifyById: (id) => call(`/v3/transactions/${encodeURIComponent(id)}/verify`),
    verifyByReference: (txRef) =>
      call(`/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(txRef)}`),
  };
}
