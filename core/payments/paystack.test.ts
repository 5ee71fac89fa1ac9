import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackStandIn,
} from '../../tests/fixtures/paystack-stand-in';
import { createPaystackProvider, parsePaystackTransaction } from './paystack';
import { ProviderError, type PaymentProvider } from './provider';

/*
 * Timing on a loaded machine: a normal answer gets the client's own generous timeout; a 'slow'
 * answer comes a minute late, far past the impatient client's second, so only the timeout ends it.
 */
const GENEROUS_MS = 10_000;
const IMPATIENT_MS = 1_000;
const SLOW_ANSWER_MS = 60_000;

let standIn: PaystackStandIn;
let provider: PaymentProvider;
let impatient: PaymentProvider;
let references = 0;

beforeAll(async () => {
  standIn = await startPaystackStandIn({ slowMs: SLOW_ANSWER_MS });
  const keys = { apiBase: standIn.url, publicKey: standIn.publicKey, secretKey: standIn.secretKey };
  provider = createPaystackProvider({ ...keys, timeoutMs: GENEROUS_MS });
  impatient = createPaystackProvider({ ...keys, timeoutMs: IMPATIENT_MS });
});
afterAll(async () => {
  await standIn?.close();
});
beforeEach(() => {
  standIn.behaviour = 'answer';
  standIn.initializeBehaviour = 'answer';
  standIn.refundFollowBehaviour = 'answer';
  standIn.refundScripts = [];
});

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

function reference(): string {
  references += 1;
  return `RS-2${String(references).padStart(4, '0')}-${Math.random().toString(16).slice(2, 12)}`;
}

/** Opens a checkout through the client, as startPayment does. */
async function open(amountKobo = 4_515_050, email = 'kemi@example.ng') {
  const txRef = reference();
  const session = await provider.startCheckout({
    txRef,
    amountKobo,
    email,
    channels: ['card'],
    callbackUrl: 'http://shop.test/orders/RS-20001',
    orderNumber: 'RS-20001',
  });
  return { txRef, accessCode: session.accessCode! };
}

/** A paid transaction: opened, then paid with the test card. */
async function paid(amountKobo = 4_515_050) {
  const opened = await open(amountKobo);
  standIn.pay(opened.accessCode, PAYSTACK_TEST_CARD);
  return { ...opened, id: String(standIn.transaction(opened.txRef).id) };
}

describe('the Paystack client against a local stand-in', () => {
  it('initializes a transaction in kobo with the secret as a Bearer token, and gets its access code', async () => {
    const { txRef, accessCode } = await open(4_515_050, 'ada@example.ng');
    expect(accessCode).toMatch(/^ac_/);
    const call = standIn.requests.findLast((item) => item.path === '/transaction/initialize');
    expect(call?.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(call?.body).toMatchObject({
      email: 'ada@example.ng',
      amount: 4_515_050,
      reference: txRef,
      channels: ['card'],
      metadata: { order_number: 'RS-20001' },
    });
    expect(standIn.transaction(txRef)).toMatchObject({ amount: 4_515_050, status: 'ongoing' });
  });

  it('is refused a reused reference', async () => {
    const { txRef } = await open();
    const error = await providerError(
      provider.startCheckout({
        txRef,
        amountKobo: 100_000,
        email: 'kemi@example.ng',
        channels: ['card'],
        callbackUrl: 'http://shop.test/',
        orderNumber: 'RS-20001',
      }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toMatch(/Duplicate Transaction Reference/);
  });

  it('verifies a transaction paid with the test card, by reference and by id, in naira', async () => {
    const { txRef, id } = await paid(4_515_050);
    const expected = {
      id,
      txRef,
      amount: 45_150.5,
      currency: 'NGN',
      status: 'successful',
      paymentType: 'card',
      customer: { email: 'kemi@example.ng' },
      message: 'Approved',
    };
    expect(await provider.verifyByReference(txRef)).toMatchObject(expected);
    expect(await provider.verifyById(id)).toMatchObject(expected);
  });

  it('reports a declined card as failed, with Paystack words', async () => {
    const { txRef, accessCode } = await open();
    expect(standIn.pay(accessCode, '5060 6666 6666 6666 666')).toEqual({
      reference: txRef,
      status: 'failed',
    });
    expect(await provider.verifyByReference(txRef)).toMatchObject({ status: 'failed', message: 'Declined' });
  });

  it('reports an unpaid (ongoing) transaction as not paid', async () => {
    const { txRef } = await open();
    const tx = await provider.verifyByReference(txRef);
    expect(tx.status).not.toBe('successful');
  });

  it('pays through the popup route with the access code alone (no secret key)', async () => {
    const { txRef, accessCode } = await open();
    const response = await fetch(`${standIn.url}/test/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ access_code: accessCode, card_number: '4084084084084081' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: true,
      message: 'Charge attempted',
      data: { reference: txRef, status: 'success' },
    });
    expect((await provider.verifyByReference(txRef)).status).toBe('successful');
  });

  it('reports what a scripted provider says: a smaller amount, another currency', async () => {
    const lying = await paid(4_515_050);
    standIn.script(lying.txRef, { reportedAmount: 100 });
    expect((await provider.verifyByReference(lying.txRef)).amount).toBe(1);
    const dollars = await paid(4_515_050);
    standIn.script(dollars.txRef, { reportedCurrency: 'USD' });
    expect((await provider.verifyByReference(dollars.txRef)).currency).toBe('USD');
  });

  it('an unknown reference or id is not_found (404)', async () => {
    expect((await providerError(provider.verifyByReference(standIn.unknownReference()))).kind).toBe(
      'not_found',
    );
    expect((await providerError(provider.verifyById('99999999'))).kind).toBe('not_found');
  });

  it('a wrong secret key is rejected (401), never taken as not found', async () => {
    const wrong = createPaystackProvider({
      apiBase: standIn.url,
      publicKey: standIn.publicKey,
      secretKey: 'sk_test_not0the0right0key',
    });
    const { txRef } = await paid();
    const error = await providerError(wrong.verifyByReference(txRef));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('Invalid key');
    expect(standIn.requests.at(-1)?.authorization).toBe('Bearer sk_test_not0the0right0key');
  });

  it('a network error, a 500 and a timeout are unreachable', async () => {
    const { txRef } = await paid();
    standIn.script(txRef, { behaviour: 'network-error' });
    expect((await providerError(provider.verifyByReference(txRef))).kind).toBe('unreachable');
    standIn.script(txRef, { behaviour: 'server-error' });
    expect((await providerError(provider.verifyByReference(txRef))).kind).toBe('unreachable');
    standIn.script(txRef, { behaviour: 'slow' });
    expect((await providerError(impatient.verifyByReference(txRef))).kind).toBe('unreachable');
    standIn.script(txRef, { behaviour: 'answer' });
    expect((await provider.verifyByReference(txRef)).status).toBe('successful');
  });

  it('an initialize that fails to answer is unreachable', async () => {
    standIn.initializeBehaviour = 'network-error';
    expect((await providerError(open())).kind).toBe('unreachable');
  });
});

describe('what a Paystack payment brought the shop', () => {
  it('a fee passed on to the shopper is not money the shop received: the amount asked is', () => {
    const tx = parsePaystackTransaction({
      id: 501,
      reference: 'ORD-10001-aa',
      amount: 2_288_000,
      requested_amount: 2_250_000,
      currency: 'NGN',
      status: 'success',
    });
    expect(tx.amount).toBe(22_500);
    expect(tx.status).toBe('successful');
  });

  it('a charge below the amount asked is read as what was charged, never more', () => {
    const tx = parsePaystackTransaction({
      id: 502,
      reference: 'ORD-10001-bb',
      amount: 2_000_000,
      requested_amount: 2_250_000,
      currency: 'NGN',
      status: 'success',
    });
    expect(tx.amount).toBe(20_000);
  });
});

describe('Paystack refunds', () => {
  it('queues a refund in kobo as pending; the next read reports it processed', async () => {
    const { id, txRef } = await paid(1_000_000);
    const refund = await provider.refund({ transactionId: id, amountKobo: 250_000, comments: 'Too small' });
    expect(refund).toMatchObject({ status: 'pending', amountKobo: 250_000, reference: null });
    expect(standIn.requests.at(-1)?.body).toMatchObject({
      transaction: id,
      amount: 250_000,
      currency: 'NGN',
      merchant_note: 'Too small',
    });
    const later = await provider.getRefund(refund.id);
    expect(later).toMatchObject({ id: refund.id, status: 'completed', amountKobo: 250_000 });
    expect(later.reference).toMatch(/^RFND-/);
    expect(standIn.refunds.get(Number(refund.id))?.reference).toBe(txRef);
  });

  it('refuses more than remains of the payment', async () => {
    const { id } = await paid(1_000_000);
    await provider.refund({ transactionId: id, amountKobo: 600_000, comments: '' });
    const error = await providerError(
      provider.refund({ transactionId: id, amountKobo: 400_001, comments: '' }),
    );
    expect(error.kind).toBe('rejected');
    expect(error.message).toMatch(/cannot be greater than transaction amount/);
    expect(await provider.refund({ transactionId: id, amountKobo: 400_000, comments: '' })).toMatchObject({
      status: 'pending',
    });
  });

  it('a failed refund reads failed, and its amount may be refunded again', async () => {
    const { id } = await paid(500_000);
    standIn.refundScripts.push({ then: 'failed' });
    const refund = await provider.refund({ transactionId: id, amountKobo: 500_000, comments: '' });
    expect((await provider.getRefund(refund.id)).status).toBe('failed');
    expect((await provider.refund({ transactionId: id, amountKobo: 500_000, comments: '' })).status).toBe(
      'pending',
    );
  });

  it('a needs-attention refund goes to the shopper bank account, then is processed', async () => {
    const { id } = await paid(500_000);
    standIn.refundScripts.push({ then: 'needs-attention' });
    const refund = await provider.refund({ transactionId: id, amountKobo: 300_000, comments: '' });
    expect((await provider.getRefund(refund.id)).status).toBe('needs_attention');
    const banks = await provider.listBanks!();
    expect(banks.length).toBeGreaterThan(2);
    expect(banks).toContainEqual({ id: '9', name: 'Guaranty Trust Bank' });
    const retried = await provider.retryRefundToAccount!(refund.id, {
      accountNumber: '0123456789',
      bankId: '9',
    });
    expect(retried).toMatchObject({ id: refund.id, status: 'pending' });
    expect(standIn.requests.at(-1)).toMatchObject({
      path: `/refund/retry_with_customer_details/${refund.id}`,
      body: { refund_account_details: { currency: 'NGN', account_number: '0123456789', bank_id: '9' } },
    });
    expect((await provider.getRefund(refund.id)).status).toBe('completed');
  });

  it('a retry is refused unless the refund needs attention', async () => {
    const { id } = await paid(500_000);
    const refund = await provider.refund({ transactionId: id, amountKobo: 300_000, comments: '' });
    const error = await providerError(
      provider.retryRefundToAccount!(refund.id, { accountNumber: '0123456789', bankId: '9' }),
    );
    expect(error.kind).toBe('rejected');
  });

  it('an unknown refund is not_found; an unreachable one is unreachable', async () => {
    expect((await providerError(provider.getRefund('77'))).kind).toBe('not_found');
    standIn.refundFollowBehaviour = 'server-error';
    expect((await providerError(provider.getRefund('77'))).kind).toBe('unreachable');
  });

  it('a refund event reports the scripted next state', async () => {
    const { id, txRef } = await paid(500_000);
    standIn.refundScripts.push({ then: 'needs-attention' });
    const refund = await provider.refund({ transactionId: id, amountKobo: 500_000, comments: '' });
    expect(standIn.refundEvent(refund.id)).toMatchObject({
      event: 'refund.needs-attention',
      data: {
        id: Number(refund.id),
        status: 'needs-attention',
        transaction_reference: txRef,
        amount: 500_000,
      },
    });
  });
});

describe('Paystack webhook signatures', () => {
  it('accepts the HMAC-SHA512 of the exact bytes, keyed by the secret key', async () => {
    const { txRef } = await paid();
    const event = standIn.chargeEvent(txRef);
    const { body, signature } = standIn.signedWebhook(event.event, event.data);
    expect(provider.webhookSignatureValid!(Buffer.from(body), signature)).toBe(true);
    expect(provider.webhookSignatureValid!(Buffer.from(body), signature.toUpperCase())).toBe(true);
  });

  it('refuses a forged signature, another body, a wrong length, none, and another key', () => {
    const { body, signature } = standIn.signedWebhook('charge.success', {
      reference: 'RS-1-abc',
      amount: 100,
    });
    const raw = Buffer.from(body);
    const flipped = (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1);
    expect(provider.webhookSignatureValid!(raw, flipped)).toBe(false);
    expect(provider.webhookSignatureValid!(Buffer.from(body.replace('100', '900')), signature)).toBe(false);
    expect(provider.webhookSignatureValid!(Buffer.from(`${body} `), signature)).toBe(false);
    expect(provider.webhookSignatureValid!(raw, signature.slice(0, 64))).toBe(false);
    expect(provider.webhookSignatureValid!(raw, `${signature}00`)).toBe(false);
    expect(provider.webhookSignatureValid!(raw, '')).toBe(false);
    expect(provider.webhookSignatureValid!(raw, undefined)).toBe(false);
    const otherKey = createHmac('sha512', 'sk_test_someone0else').update(raw).digest('hex');
    expect(provider.webhookSignatureValid!(raw, otherKey)).toBe(false);
    const sha256 = createHmac('sha256', standIn.secretKey).update(raw).digest('hex');
    expect(provider.webhookSignatureValid!(raw, sha256)).toBe(false);
  });
});
