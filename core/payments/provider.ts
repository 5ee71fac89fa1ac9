import { nairaToKobo } from '../../contracts/money';

/**
 * The providers the shop speaks to: Flutterwave and Paystack with keys, the TEST MODE sandbox without.
 * Each payment attempt keeps the name of the one it was opened with, and only that one verifies it.
 */
export const providerNames = ['flutterwave', 'paystack', 'sandbox'] as const;
export type ProviderName = (typeof providerNames)[number];

/** A transaction as the provider reports it, in the shop's words: amounts in naira, 'successful' when paid. */
export interface ProviderTransaction {
  id: string;
  txRef: string;
  flwRef: string | null;
  amount: number;
  currency: string;
  /** 'successful' (Paystack's 'success' too), 'failed', 'pending'… */
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

/** One payment attempt as the provider's checkout is prepared for it on the server. */
export interface CheckoutRequest {
  txRef: string;
  amountKobo: number;
  email: string;
  /** The channels the shopper may use: card alone for a card-only order. */
  channels: ('card' | 'bank_transfer' | 'ussd')[];
  /** Where the provider sends the shopper back, should its page be used instead of the popup. */
  callbackUrl: string;
  orderNumber: string;
}

/** What the browser needs beyond the public key: Paystack's access code for this attempt. */
export interface CheckoutSession {
  accessCode: string | null;
}

/** A shopper's bank account, for a refund the card cannot take (Paystack's needs-attention). */
export interface RefundAccount {
  accountNumber: string;
  /** The provider's id of the shopper's bank (Paystack's bank `id`, from `listBanks`). */
  bankId: string;
}

/** A bank as the provider lists it, for staff to pick the shopper's. */
export interface ProviderBank {
  id: string;
  name: string;
}

/** What the shop asks the provider to give back: part or all of one payment. */
export interface RefundRequest {
  /** The provider's id of the payment (Flutterwave's and Paystack's numeric transaction id). */
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
  /**
   * Final ('completed', 'failed') or not yet ('pending'), in the shop's words; 'needs_attention':
   * the card cannot take it back, and the provider waits for the shopper's bank account.
   */
  status: 'pending' | 'completed' | 'failed' | 'needs_attention';
  amountKobo: number;
  /** The provider's reference for the refund (Flutterwave's flw_ref), if any. */
  reference: string | null;
  /** The provider's words (why it failed). */
  message: string;
}

/**
 * A payment provider, in the shop's terms: Flutterwave v3 and Paystack when their keys are set, the
 * sandbox (TEST MODE) when none are. Card checkout, verification, refunds and webhooks all go
 * through this; what only one provider does is optional.
 */
export interface PaymentProvider {
  name: ProviderName;
  mode: 'live' | 'sandbox';
  /**
   * Its payments move no money: the TEST MODE sandbox always, and Flutterwave or Paystack with test
   * keys (FLWSECK_TEST-…, sk_test_…). An order paid through it is a test order, kept out of revenue.
   */
  testMoney: boolean;
  publicKey: string;
  /** The inline checkout script the browser loads. */
  scriptUrl: string;
  /** Prepares one attempt's checkout before the browser opens it (Paystack: POST /transaction/initialize). */
  startCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  verifyById(transactionId: string): Promise<ProviderTransaction>;
  verifyByReference(txRef: string): Promise<ProviderTransaction>;
  /**
   * Opens a temporary NGN account for one order's bank transfer (POST /v3/charges?type=bank_transfer):
   * Flutterwave and the sandbox only.
   */
  createTransferCharge?(request: TransferChargeRequest): Promise<TransferCharge>;
  /** Gives back part or all of a payment (POST /v3/transactions/{id}/refund). */
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /** Where a refund stands now (GET /v3/refunds?id=, GET /refund/{id}). */
  getRefund(refundId: string): Promise<ProviderRefund>;
  /** Sends a needs-attention refund to the shopper's bank account instead (Paystack only). */
  retryRefundToAccount?(refundId: string, account: RefundAccount): Promise<ProviderRefund>;
  /** The banks a refund may be sent to (Paystack's GET /bank?country=nigeria). */
  listBanks?(): Promise<ProviderBank[]>;
  /**
   * Whether a webhook's signature is the provider's over these exact bytes (Paystack: hex HMAC-SHA512
   * keyed with the secret key, compared in constant time).
   */
  webhookSignatureValid?(rawBody: Buffer, signature: string | undefined): boolean;
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

/** One call to a provider's API, as both providers take it. */
export interface ProviderCall {
  /** The provider, as its errors name it ('The payment provider', 'Paystack'). */
  who: string;
  url: string;
  secretKey: string;
  /** A POST's JSON body; a GET without. */
  body?: unknown;
  timeoutMs: number;
  fetch?: typeof fetch | undefined;
}

/**
 * Calls a provider's API with the secret as a Bearer token, JSON both ways, given up after
 * `timeoutMs`: the HTTP status and the parsed answer. No answer, or one that is not JSON, is
 * 'unreachable' (the provider may have acted: nothing is decided on it). What the answer means is
 * each provider's own reading.
 */
export async function callProvider(
  call: ProviderCall,
): Promise<{ status: number; ok: boolean; answer: Record<string, unknown> }> {
  const doFetch = call.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(call.url, {
      method: call.body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${call.secretKey}`,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
  } catch {
    throw new ProviderError(`${call.who} did not answer. Please try again in a moment.`, 'unreachable');
  }
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new ProviderError(`${call.who} gave an answer we could not read.`, 'unreachable');
  }
  const body = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  return { status: response.status, ok: response.ok, answer: body };
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
    amountKobo: Number.isFinite(amount) ? nairaToKobo(amount) : 0,
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
