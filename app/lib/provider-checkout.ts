/**
 * Paying an order through the provider's inline checkout (Flutterwave v3, or the shop's TEST MODE
 * sandbox when no keys are set): open a payment attempt on the server, load the provider's script,
 * open its popup for the server's total, then have the server verify the result. The popup's
 * answer is only a hint; the order counts as paid when the server says so.
 */

import type { ApiErrorReply } from '../../contracts/api-error';
import { isPaidStatus } from '../../contracts/returns';

export const SCRIPT_LOAD_FAILED =
  'Failed to load payment modal. Check your internet connection and retry later.';
/** The checkout's words when closing the payment window gave the order up. */
export const paymentWindowClosed = (number: string) =>
  `You closed the payment window, so order ${number} was cancelled and its items went back on sale. Your bag is as it was: place the order again when you are ready.`;
const SCRIPT_TRIES = 3;
const SCRIPT_RETRY_MS = 1000;

interface PaymentStart {
  txRef: string;
  amount: number;
  currency: 'NGN';
  publicKey: string;
  scriptUrl: string;
  mode: 'live' | 'sandbox';
  paymentOptions: string;
  customer: { email: string; name: string; phone_number: string };
}

interface CheckoutResponse {
  status?: string;
  transaction_id?: number | string;
  tx_ref?: string;
}

interface CheckoutOptions {
  public_key: string;
  tx_ref: string;
  amount: number;
  currency: string;
  payment_options: string;
  customer: PaymentStart['customer'];
  customizations: { title: string; description: string; logo?: string };
  callback: (response: CheckoutResponse) => void;
  onclose: () => void;
}

declare global {
  interface Window {
    FlutterwaveCheckout?: (options: CheckoutOptions) => { close?: () => void } | void;
  }
}

export type PayOutcome =
  /** The server verified the payment: the order is paid. */
  | { kind: 'paid' }
  /** The provider or the server said no: 'Payment failed: …'. A new attempt may succeed. */
  | { kind: 'failed'; message: string }
  /**
   * The shopper closed the popup without paying. The shop is told at once and cancels the order,
   * putting its items back on sale (`cancelled`); it stays open only when the provider could not say
   * whether a payment went through, or one did (then it is paid).
   */
  | { kind: 'closed'; cancelled: boolean; paid: boolean }
  /** Nothing was attempted (the script did not load, the shop could not be reached). */
  | { kind: 'unavailable'; message: string };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.paymentProvider = '';
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Could not load ${src}`));
    };
    document.head.appendChild(script);
  });
}

let loaded: string | null = null;

/** Loads the provider's inline script: up to 3 tries, 1 s apart (SPEC), then SPEC's message. */
export async function loadCheckoutScript(src: string): Promise<void> {
  if (loaded === src && typeof window.FlutterwaveCheckout === 'function') return;
  for (let attempt = 1; attempt <= SCRIPT_TRIES; attempt++) {
    try {
      await injectScript(src);
      if (typeof window.FlutterwaveCheckout === 'function') {
        loaded = src;
        return;
      }
    } catch {
      // Tried again below.
    }
    if (attempt < SCRIPT_TRIES) await wait(SCRIPT_RETRY_MS);
  }
  throw new Error(SCRIPT_LOAD_FAILED);
}

async function postJson<T>(
  path: string,
  body: unknown,
): Promise<{ status: number; body: T & ApiErrorReply }> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const parsed = (await response.json().catch(() => ({}))) as T & ApiErrorReply;
  return { status: response.status, body: parsed };
}

const ORDER_PROBLEM = 'We could not reach the shop. Check your internet connection and try again.';

/** One payment attempt for an unpaid card order, from opening it to the server's verdict. */
export async function payOrder(
  order: { number: string; key?: string | null | undefined },
  labels: { shopName: string; description?: string },
): Promise<PayOutcome> {
  const key = order.key ?? undefined;
  let start: PaymentStart;
  try {
    const opened = await postJson<PaymentStart>(`/api/orders/${encodeURIComponent(order.number)}/payments`, {
      key,
    });
    if (opened.status === 409 && /already paid/i.test(opened.body.error?.message ?? ''))
      return { kind: 'paid' };
    if (opened.status !== 201)
      return { kind: 'unavailable', message: opened.body.error?.message ?? ORDER_PROBLEM };
    start = opened.body;
  } catch {
    return { kind: 'unavailable', message: ORDER_PROBLEM };
  }

  try {
    await loadCheckoutScript(start.scriptUrl);
  } catch {
    return { kind: 'unavailable', message: SCRIPT_LOAD_FAILED };
  }
  const open = window.FlutterwaveCheckout;
  if (!open) return { kind: 'unavailable', message: SCRIPT_LOAD_FAILED };

  const response = await new Promise<CheckoutResponse | null>((resolve) => {
    let settled = false;
    const handle = open({
      public_key: start.publicKey,
      tx_ref: start.txRef,
      amount: start.amount,
      currency: start.currency,
      payment_options: start.paymentOptions,
      customer: start.customer,
      customizations: {
        title: labels.shopName,
        description: labels.description ?? `Order ${order.number}`,
      },
      callback: (answer) => {
        if (settled) return;
        settled = true;
        resolve(answer);
        // Flutterwave leaves its popup open after the callback: the shop closes it.
        if (handle && typeof handle.close === 'function') handle.close();
      },
      onclose: () => {
        if (settled) return;
        settled = true;
        resolve(null);
      },
    });
  });
  if (!response) {
    const released = await cancelOrder(order, 'closed');
    return { kind: 'closed', cancelled: released.cancelled, paid: released.paid };
  }

  try {
    const verified = await postJson<{ paid?: boolean; message?: string }>(
      '/api/payments/flutterwave/verify',
      {
        orderId: order.number,
        transactionId: response.transaction_id === undefined ? undefined : String(response.transaction_id),
        txRef: start.txRef,
        key,
      },
    );
    if (verified.status === 200 && verified.body.paid) return { kind: 'paid' };
    const message =
      verified.body.error?.message ?? verified.body.message ?? 'Payment failed: please try again.';
    return {
      kind: 'failed',
      message: message.startsWith('Payment failed') ? message : `Payment failed: ${message}`,
    };
  } catch {
    return { kind: 'failed', message: `Payment failed: ${ORDER_PROBLEM}` };
  }
}

/**
 * Gives up an unpaid order: its items go back on sale. The server checks a card order with the
 * provider first, so one that was paid meanwhile is kept (paid is then true).
 */
export async function cancelOrder(
  order: { number: string; key?: string | null | undefined },
  reason: 'closed' | 'shopper',
): Promise<{ cancelled: boolean; paid: boolean }> {
  try {
    const released = await postJson<{ cancelled?: boolean; order?: { paymentStatus?: string } }>(
      `/api/orders/${encodeURIComponent(order.number)}/cancel`,
      { key: order.key ?? undefined, reason },
    );
    return {
      cancelled: released.status === 200 && released.body.cancelled === true,
      paid: isPaidStatus(released.body.order?.paymentStatus ?? ''),
    };
  } catch {
    // The shop could not be told: the order's short hold releases it soon.
    return { cancelled: false, paid: false };
  }
}
