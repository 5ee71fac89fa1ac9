/** A transaction as the provider reports it (Flutterwave v3's `data`), amounts in naira. */
export interface ProviderTransaction {
  id: string;
  txRef: string;
  flwRef: string | null;
  amount: number;
  currency: string;
  /** 'successful', 'failed', 'pending'… */
  status: string;
  paymentType: string | null;
  createdAt: string | null;
  customer: { email: string | null; name: string | null };
  /** The provider's words, for a failed payment. */
  message: string;
}

/**
 * The payment provider the shop verifies payments with: Flutterwave v3 when keys are set, the
 * sandbox otherwise. Both answer in Flutterwave's terms.
 */
export interface PaymentProvider {
  mode: 'live' | 'sandbox';
  publicKey: string;
  /** The inline checkout script the browser loads. */
  scriptUrl: string;
  verifyById(transactionId: string): Promise<ProviderTransaction>;
  verifyByReference(txRef: string): Promise<ProviderTransaction>;
}

/** The provider could not say: it did not answer, answered an error, or does not know the transaction. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'not_found' | 'rejected',
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

/** Reads a Flutterwave transaction object (the verify answer's `data`, or a webhook's). */
export function parseFlutterwaveTransaction(data: unknown, message = ''): ProviderTransaction {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const customer = (
    typeof record.customer === 'object' && record.customer !== null ? record.customer : {}
  ) as Record<string, unknown>;
  const id = text(record.id);
  const txRef = text(record.tx_ref) ?? text(record.txRef);
  if (!id || !txRef)
    throw new ProviderError('The provider answered without a transaction id or reference.', 'rejected');
  const amount = typeof record.amount === 'number' ? record.amount : Number(record.amount);
  return {
    id,
    txRef,
    flwRef: text(record.flw_ref) ?? text(record.flwRef),
    amount: Number.isFinite(amount) ? amount : 0,
    currency: text(record.currency) ?? '',
    status: (text(record.status) ?? '').toLowerCase(),
    paymentType: text(record.payment_type) ?? text(record.paymentType),
    createdAt: text(record.created_at) ?? text(record.createdAt),
    customer: { email: text(customer.email), name: text(customer.name) },
    message: text(record.processor_response) ?? message,
  };
}
