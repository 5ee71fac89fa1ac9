/** The shop's own sandbox takes test cards and plays the bank: its payments are TEST MODE, never money. */
export function isTestProvider(provider: string): boolean {
  return provider === 'sandbox';
}

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

/** What the shop asks for when a shopper pays by bank transfer: an account for this order's exact total. */
export interface TransferChargeRequest {
  txRef: string;
  /** Naira, as the provider wants it. */
  amount: number;
  email: string;
  fullname: string;
  phoneNumber: string;
}

/** The account the provider opened for one order (Flutterwave's `meta.authorization`). */
export interface TransferCharge {
  bankName: string;
  accountNumber: string;
  accountName: string;
  /** What the shopper must send, in naira. */
  amount: number;
  /** When the account stops accepting money (ISO). */
  expiresAt: string;
  note: string;
}

/** What the shop asks the provider to give back: part or all of one payment. */
export interface RefundRequest {
  /** The provider's id of the payment (Flutterwave's numeric transaction id). */
  transactionId: string;
  /** Kobo; the provider is asked in naira. */
  amountKobo: number;
  /** The reason, for the provider's records. */
  comments: string;
  /** TEST MODE only: how the sandbox answers (Flutterwave ignores it). */
  testOutcome?: 'completed' | 'pending' | 'failed' | undefined;
}

/** A refund as the provider reports it. */
export interface ProviderRefund {
  /** The provider's refund id (what `getRefund` follows). */
  id: string;
  /** Final ('completed', 'failed') or not yet ('pending'), in the shop's words. */
  status: 'pending' | 'completed' | 'failed';
  amountKobo: number;
  /** The provider's reference for the refund (Flutterwave's flw_ref), if any. */
  reference: string | null;
  /** The provider's words (why it failed). */
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
  /** Opens a temporary NGN account for one order's bank transfer (POST /v3/charges?type=bank_transfer). */
  createTransferCharge(request: TransferChargeRequest): Promise<TransferCharge>;
  /** Gives back part or all of a payment (POST /v3/transactions/{id}/refund). */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Where a refund stands now (GET /v3/refunds?id=). */
  getRefund(refundId: string): Promise<ProviderRefund>;
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

/**
 * Flutterwave's refund states, in the shop's words: only a final word makes a refund completed or
 * failed; anything else (pending, processing, a word not yet seen) keeps it pending and followed.
 */
export function refundStatusOf(status: string): ProviderRefund['status'] {
  const word = status.trim().toLowerCase();
  if (['completed', 'complete', 'successful', 'success', 'refunded'].includes(word)) return 'completed';
  if (['failed', 'declined', 'rejected', 'cancelled', 'canceled', 'reversed'].includes(word)) return 'failed';
  return 'pending';
}

/** Reads a Flutterwave refund object (the refund answer's `data`, or one of GET /v3/refunds). */
export function parseFlutterwaveRefund(data: unknown, message = ''): ProviderRefund {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const id = text(record.id);
  if (!id) throw new ProviderError('The provider answered without a refund id.', 'rejected');
  const amount = Number(record.amount_refunded ?? record.amount);
  const status = refundStatusOf(text(record.status) ?? '');
  const meta = (typeof record.meta === 'object' && record.meta !== null ? record.meta : {}) as Record<
    string,
    unknown
  >;
  return {
    id,
    status,
    amountKobo: Number.isFinite(amount) ? Math.round(amount * 100) : 0,
    reference: text(record.flw_ref) ?? null,
    message: text(meta.reason) ?? text(record.processor_response) ?? text(record.status_message) ?? message,
  };
}

/** Accounts that give no expiry are taken to stay open for an hour, Flutterwave's usual term. */
const DEFAULT_ACCOUNT_MINUTES = 60;

function expiryOf(value: unknown, now: Date): string {
  if (typeof value === 'number' && Number.isFinite(value))
    return new Date(value > 1e12 ? value : value * 1000).toISOString();
  if (typeof value === 'string' && value.trim()) {
    // '2026-11-25 21:04:05' (no zone) is Lagos time, as Flutterwave writes it for NGN accounts.
    const text = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(value.trim())
      ? `${value.trim().replace(' ', 'T')}+01:00`
      : value.trim();
    const parsed = Date.parse(text);
    if (Number.isFinite(parsed)) return new Date(parsed).toISOString();
  }
  return new Date(now.getTime() + DEFAULT_ACCOUNT_MINUTES * 60_000).toISOString();
}

/** Reads a bank-transfer charge's answer: the account under `meta.authorization`. */
export function parseTransferCharge(body: unknown, now = new Date()): TransferCharge {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const meta = (typeof record.meta === 'object' && record.meta !== null ? record.meta : {}) as Record<
    string,
    unknown
  >;
  const auth = (
    typeof meta.authorization === 'object' && meta.authorization !== null ? meta.authorization : {}
  ) as Record<string, unknown>;
  const accountNumber = text(auth.transfer_account);
  const bankName = text(auth.transfer_bank);
  const amount = Number(auth.transfer_amount);
  if (!accountNumber || !bankName || !Number.isFinite(amount) || amount <= 0)
    throw new ProviderError('The payment provider did not give an account to pay into.', 'rejected');
  return {
    bankName,
    accountNumber,
    accountName: text(auth.transfer_account_name) ?? text(auth.account_name) ?? 'Flutterwave',
    amount,
    expiresAt: expiryOf(auth.account_expiration, now),
    note: text(auth.transfer_note) ?? '',
  };
}
