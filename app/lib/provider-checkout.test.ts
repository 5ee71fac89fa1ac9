import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentAllowsPayment, payOrder, SCRIPT_LOAD_FAILED } from './provider-checkout';

/**
 * payOrder in a stand-in browser: the shop's answers are scripted, Paystack's inline script defines
 * PaystackPop when its tag is added, and the popup answers as the test says.
 */

type PopupCallbacks = {
  onSuccess: (transaction: { reference?: string }) => void;
  onCancel: () => void;
  onError: (error: { message?: string }) => void;
};

interface Posted {
  path: string;
  body: Record<string, unknown>;
}

const PAYSTACK_START = {
  orderNumber: 'ORD-10001',
  provider: 'paystack',
  txRef: 'ORD-10001-a1b2c3d4e5',
  amount: 25_000,
  currency: 'NGN',
  publicKey: 'pk_test_x',
  scriptUrl: 'https://js.paystack.co/v2/inline.js',
  mode: 'live',
  accessCode: 'access-code-1',
  paymentOptions: 'card,banktransfer,ussd',
  customer: { email: 'ada@example.ng', name: 'Ada Obi', phone_number: '08035550142' },
};

let posted: Posted[];
let answers: Record<string, { status: number; body: unknown }>;
let popup: (accessCode: string, callbacks: PopupCallbacks) => void;
let scriptsAdded: string[];
/** How the next script tags fare: 'error' (the network failed) or 'empty' (loaded, but defined nothing). */
let scriptFailures: ('error' | 'empty')[];

beforeEach(() => {
  posted = [];
  scriptsAdded = [];
  scriptFailures = [];
  answers = {
    '/api/orders/ORD-10001/payments': { status: 201, body: PAYSTACK_START },
    '/api/orders/ORD-10001/cancel': {
      status: 200,
      body: { cancelled: true, order: { paymentStatus: 'pending' } },
    },
  };
  popup = () => {};
  const fakeWindow = { location: { href: 'https://shop.test/checkout', pathname: '/checkout' } } as Record<
    string,
    unknown
  >;
  vi.stubGlobal('window', fakeWindow);
  vi.stubGlobal('document', {
    createElement: () => ({ dataset: {}, remove() {} }),
    head: {
      appendChild(script: { src: string; onload?: () => void; onerror?: () => void }) {
        scriptsAdded.push(script.src);
        const failure = scriptFailures.shift();
        if (failure) {
          queueMicrotask(() => (failure === 'error' ? script.onerror?.() : script.onload?.()));
          return;
        }
        fakeWindow.PaystackPop = class {
          resumeTransaction(accessCode: string, callbacks: PopupCallbacks) {
            popup(accessCode, callbacks);
          }
        };
        queueMicrotask(() => script.onload?.());
      },
    },
  });
  vi.stubGlobal('performance', {
    getEntriesByType: () => [{ name: 'https://shop.test/checkout' }],
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: { body: string }) => {
      posted.push({ path, body: JSON.parse(init.body) as Record<string, unknown> });
      const answer = answers[path] ?? { status: 404, body: {} };
      return { status: answer.status, json: async () => answer.body };
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const order = { number: 'ORD-10001', key: 'guest-key' };
const labels = { shopName: 'Rossy' };

describe('paying with Paystack Inline', () => {
  it("loads Paystack's script, resumes the server's transaction and has the shop verify our reference", async () => {
    let resumed = '';
    popup = (accessCode, callbacks) => {
      resumed = accessCode;
      callbacks.onSuccess({ reference: 'whatever-the-popup-says' });
    };
    answers['/api/payments/paystack/verify'] = {
      status: 200,
      body: { paid: true, message: 'Payment verified', order: {} },
    };
    expect(await payOrder(order, labels)).toEqual({ kind: 'paid' });
    expect(scriptsAdded).toEqual(['https://js.paystack.co/v2/inline.js']);
    expect(resumed).toBe('access-code-1');
    expect(posted.at(-1)).toEqual({
      path: '/api/payments/paystack/verify',
      body: { orderId: 'ORD-10001', reference: 'ORD-10001-a1b2c3d4e5', key: 'guest-key' },
    });
  });

  it("says Paystack's refusal in the shop's words, and the order is not paid", async () => {
    popup = (_code, callbacks) => callbacks.onSuccess({});
    answers['/api/payments/paystack/verify'] = {
      status: 422,
      body: { error: { code: 'PAYMENT_FAILED', message: 'Payment failed: Declined' } },
    };
    expect(await payOrder(order, labels)).toEqual({ kind: 'failed', message: 'Payment failed: Declined' });
  });

  it('gives the order up when the shopper closes the window, as closing Flutterwave’s does', async () => {
    popup = (_code, callbacks) => callbacks.onCancel();
    expect(await payOrder(order, labels)).toEqual({ kind: 'closed', cancelled: true, paid: false });
    expect(posted.at(-1)).toEqual({
      path: '/api/orders/ORD-10001/cancel',
      body: { key: 'guest-key', reason: 'closed' },
    });
  });

  it("says the popup's own error as a failed payment, asking the shop nothing more", async () => {
    popup = (_code, callbacks) => callbacks.onError({ message: 'Transaction could not be loaded' });
    expect(await payOrder(order, labels)).toEqual({
      kind: 'failed',
      message: 'Payment failed: Transaction could not be loaded',
    });
    expect(posted.map((item) => item.path)).toEqual(['/api/orders/ORD-10001/payments']);
  });
});

describe("Paystack's script, retried as SPEC says for the provider's script", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** payOrder with the clock run forward, noting when each script tag was added. */
  async function payWhileTimePasses() {
    const added: number[] = [];
    const appendChild = document.head.appendChild.bind(document.head);
    document.head.appendChild = <T extends Node>(script: T): T => {
      added.push(Date.now());
      return appendChild(script);
    };
    const start = Date.now();
    const paying = payOrder(order, labels);
    await vi.advanceTimersByTimeAsync(5_000);
    return { outcome: await paying, addedAfterMs: added.map((at) => at - start) };
  }

  it('a script that fails, then one that defines no PaystackPop, are tried again 1 s apart; the third opens the popup and pays', async () => {
    scriptFailures = ['error', 'empty'];
    popup = (_code, callbacks) => callbacks.onSuccess({});
    answers['/api/payments/paystack/verify'] = {
      status: 200,
      body: { paid: true, message: 'Payment verified', order: {} },
    };
    const { outcome, addedAfterMs } = await payWhileTimePasses();
    expect(outcome).toEqual({ kind: 'paid' });
    expect(scriptsAdded).toEqual(Array(3).fill('https://js.paystack.co/v2/inline.js'));
    expect(addedAfterMs).toEqual([0, 1000, 2000]);
  });

  it("three failures: SPEC's message, no popup, and nothing verified or paid", async () => {
    scriptFailures = ['error', 'error', 'empty'];
    let opened = false;
    popup = () => (opened = true);
    const { outcome, addedAfterMs } = await payWhileTimePasses();
    expect(outcome).toEqual({ kind: 'unavailable', message: SCRIPT_LOAD_FAILED });
    expect(addedAfterMs).toEqual([0, 1000, 2000]);
    expect(opened).toBe(false);
    expect(posted.map((item) => item.path)).toEqual(['/api/orders/ORD-10001/payments']);
  });
});

describe('paying with Flutterwave (or the TEST MODE sandbox) as before', () => {
  it("opens Flutterwave's checkout and has the shop verify its transaction id", async () => {
    answers['/api/orders/ORD-10001/payments'] = {
      status: 201,
      body: {
        ...PAYSTACK_START,
        provider: 'sandbox',
        accessCode: null,
        scriptUrl: '/sandbox/flutterwave/v3.js',
      },
    };
    answers['/api/payments/flutterwave/verify'] = {
      status: 200,
      body: { paid: true, message: 'ok', order: {} },
    };
    const fakeWindow = window as unknown as Record<string, unknown>;
    let closed = false;
    fakeWindow.FlutterwaveCheckout = (options: { tx_ref: string; callback: (answer: unknown) => void }) => {
      queueMicrotask(() =>
        options.callback({ status: 'successful', transaction_id: 4242, tx_ref: options.tx_ref }),
      );
      return { close: () => (closed = true) };
    };
    expect(await payOrder(order, labels)).toEqual({ kind: 'paid' });
    expect(closed, 'the shop closes the popup after its callback').toBe(true);
    expect(posted.at(-1)).toEqual({
      path: '/api/payments/flutterwave/verify',
      body: { orderId: 'ORD-10001', transactionId: '4242', txRef: 'ORD-10001-a1b2c3d4e5', key: 'guest-key' },
    });
  });
});

describe('the document a payment runs in', () => {
  it('allows a payment only when it was loaded on a page that opens one', () => {
    expect(documentAllowsPayment()).toBe(true);
    vi.stubGlobal('performance', { getEntriesByType: () => [{ name: 'https://shop.test/product/12' }] });
    expect(documentAllowsPayment()).toBe(false);
  });
});
