/**
 * Paying an order through the card provider's inline checkout (Flutterwave v3, Paystack Inline v2,
 * or the shop's TEST MODE sandbox, which plays Flutterwave, when no keys are set): open a payment
 * attempt on the server, load the provider's script, open its popup for the server's total, then
 * have the server verify the result. The popup's answer is only a hint; the order counts as paid
 * when the server says so.
 */

import type { ApiErrorReply } from '../../contracts/api-error';
import { isPaymentPage } from '../../contracts/payment-pages';
import { isPaidStatus } from '../../contracts/returns';
import { useEffect } from 'react';
import { useRootData } from './root-data';

export const SCRIPT_LOAD_FAILED =
  'Failed to load payment modal. Check your internet connection and retry later.';
/** The checkout's words when closing the payment window gave the order up. */
export const paymentWindowClosed = (number: string) =>
  `You closed the payment window, so order ${number} was cancelled and its items went back on sale. Your bag is as it was: place the order again when you are ready.`;
const SCRIPT_TRIES = 3;
const SCRIPT_RETRY_MS = 1000;

/** The answer of POST /api/orders/{n}/payments: which provider's popup to open, and for what. */
interface PaymentStart {
  provider: 'flutterwave' | 'paystack' | 'sandbox';
  txRef: string;
  amount: number;
  currency: 'NGN';
  publicKey: string;
  scriptUrl: string;
  mode: 'live' | 'sandbox';
  /** Paystack's access code for this attempt; null for the others. */
  accessCode: string | null;
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

/** Paystack Inline v2's callbacks for a transaction the server initialized. */
interface PaystackCallbacks {
  onSuccess: (transaction: { reference?: string }) => void;
  onCancel: () => void;
  onError: (error: { message?: string }) => void;
}

declare global {
  interface Window {
    FlutterwaveCheckout?: (options: CheckoutOptions) => { close?: () => void } | void;
    PaystackPop?: new () => {
      resumeTransaction: (accessCode: string, callbacks: PaystackCallbacks) => unknown;
    };
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

/** Whether the provider's script has defined what the shop opens: Paystack's class, or Flutterwave's function (which the sandbox defines too). */
function scriptReady(provider: PaymentStart['provider']): boolean {
  return provider === 'paystack'
    ? typeof window.PaystackPop === 'function'
    : typeof window.FlutterwaveCheckout === 'function';
}

const loaded = new Set<string>();

/** Loads the provider's inline script: up to 3 tries, 1 s apart (SPEC), then SPEC's message. */
export async function loadCheckoutScript(
  src: string,
  provider: PaymentStart['provider'] = 'flutterwave',
): Promise<void> {
  if (loaded.has(src) && scriptReady(provider)) return;
  for (let attempt = 1; attempt <= SCRIPT_TRIES; attempt++) {
    try {
      await injectScript(src);
      if (scriptReady(provider)) {
        loaded.add(src);
        return;
      }
    } catch {
      // Tried again below.
    }
    if (attempt < SCRIPT_TRIES) await wait(SCRIPT_RETRY_MS);
  }
  throw new Error(SCRIPT_LOAD_FAILED);
}

/**
 * Whether this document was loaded on a page that opens a payment: only those pages' CSP lets a
 * provider's script in (server/plugins/security.ts). A shopper who came from another page by a
 * client-side link still runs under that page's policy, whatever the address bar says now.
 */
export function documentAllowsPayment(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0];
  try {
    return isPaymentPage(new URL(entry?.name ?? window.location.href).pathname);
  } catch {
    return false;
  }
}

/**
 * Loads this payment page as a document of its own when the current one was loaded elsewhere, so
 * its own CSP applies before any provider's script is asked for. True when a reload was started.
 */
export function reloadForPayment(): boolean {
  if (documentAllowsPayment() || !isPaymentPage(window.location.pathname)) return false;
  window.location.reload();
  return true;
}

/**
 * For a page that may open a payment (the checkout, Pay now): once in the browser, a document
 * loaded elsewhere is replaced by this page's own, so the provider's script is allowed when asked
 * for. In TEST MODE the sandbox's script is the shop's own and every page may load it.
 */
export function usePaymentDocument(): void {
  const testMode = useRootData()?.testMode;
  useEffect(() => {
    if (testMode === false) reloadForPayment();
  }, [testMode]);
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

/** What the provider's popup said: where the server verifies it, closed unpaid, or the provider's own error. */
type PopupAnswer =
  | { kind: 'answered'; verifyPath: string; verifyBody: Record<string, unknown> }
  | { kind: 'closed' }
  | { kind: 'error'; message: string };

type OrderRef = { number: string; key?: string | null | undefined };
type Labels = { shopName: string; description?: string };

/** Flutterwave's popup (the sandbox's too): its callback carries the transaction id to verify. */
function openFlutterwave(start: PaymentStart, order: OrderRef, labels: Labels): Promise<PopupAnswer> {
  const open = window.FlutterwaveCheckout;
  if (!open) return Promise.resolve({ kind: 'error', message: SCRIPT_LOAD_FAILED });
  return new Promise<PopupAnswer>((resolve) => {
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
        resolve({
          kind: 'answered',
          verifyPath: '/api/payments/flutterwave/verify',
          verifyBody: {
            orderId: order.number,
            transactionId: answer.transaction_id === undefined ? undefined : String(answer.transaction_id),
            txRef: start.txRef,
            key: order.key ?? undefined,
          },
        });
        // Flutterwave leaves its popup open after the callback: the shop closes it.
        if (handle && typeof handle.close === 'function') handle.close();
      },
      onclose: () => {
        if (settled) return;
        settled = true;
        resolve({ kind: 'closed' });
      },
    });
  });
}

/** Paystack's popup resumes the transaction the server initialized; the server verifies it by our reference. */
function openPaystack(start: PaymentStart, order: OrderRef): Promise<PopupAnswer> {
  const Popup = window.PaystackPop;
  if (!Popup || !start.accessCode) return Promise.resolve({ kind: 'error', message: SCRIPT_LOAD_FAILED });
  const accessCode = start.accessCode;
  return new Promise<PopupAnswer>((resolve) => {
    let settled = false;
    const settle = (answer: PopupAnswer) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    new Popup().resumeTransaction(accessCode, {
      onSuccess: () =>
        settle({
          kind: 'answered',
          verifyPath: '/api/payments/paystack/verify',
          verifyBody: { orderId: order.number, reference: start.txRef, key: order.key ?? undefined },
        }),
      onCancel: () => settle({ kind: 'closed' }),
      onError: (error) => settle({ kind: 'error', message: error?.message || 'the payment window failed.' }),
    });
  });
}

/** Payment failed, in the shop's words. */
const failedWith = (message: string): PayOutcome => ({
  kind: 'failed',
  message: message.startsWith('Payment failed') ? message : `Payment failed: ${message}`,
});

/** One payment attempt for an unpaid card order, from opening it to the server's verdict. */
export async function payOrder(order: OrderRef, labels: Labels): Promise<PayOutcome> {
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
    await loadCheckoutScript(start.scriptUrl, start.provider);
  } catch {
    return { kind: 'unavailable', message: SCRIPT_LOAD_FAILED };
  }
  const answer =
    start.provider === 'paystack'
      ? await openPaystack(start, order)
      : await openFlutterwave(start, order, labels);
  if (answer.kind === 'closed') {
    const released = await cancelOrder(order, 'closed');
    return { kind: 'closed', cancelled: released.cancelled, paid: released.paid };
  }
  if (answer.kind === 'error') return failedWith(answer.message);

  try {
    const verified = await postJson<{ paid?: boolean; message?: string }>(
      answer.verifyPath,
      answer.verifyBody,
    );
    if (verified.status === 200 && verified.body.paid) return { kind: 'paid' };
    return failedWith(
      verified.body.error?.message ?? verified.body.message ?? 'Payment failed: please try again.',
    );
  } catch {
    return failedWith(ORDER_PROBLEM);
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
