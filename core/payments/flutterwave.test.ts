import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFlutterwaveStandIn, type FlutterwaveStandIn } from '../../tests/fixtures/flutterwave-stand-in';
import { createFlutterwaveProvider } from './flutterwave';
import { ProviderError, type PaymentProvider } from './provider';

/*
 * Timing on a loaded machine: a normal answer gets the client's own generous timeout, so it never
 * runs out; a 'slow' answer comes a minute late, far past the impatient client's second, so only
 * the timeout can end that call, and the test waits one second, not a minute.
 */
const GENEROUS_MS = 10_000;
const IMPATIENT_MS = 1_000;
const SLOW_ANSWER_MS = 60_000;

let standIn: FlutterwaveStandIn;
let provider: PaymentProvider;
/** The same client, waiting only IMPATIENT_MS: for the answers that come too late. */
let impatient: PaymentProvider;

beforeAll(async () => {
  standIn = await startFlutterwaveStandIn({ slowMs: SLOW_ANSWER_MS });
  const keys = { apiBase: standIn.url, publicKey: 'FLWPUBK_TEST-standin-X', secretKey: standIn.secretKey };
  provider = createFlutterwaveProvider({ ...keys, timeoutMs: GENEROUS_MS });
  impatient = createFlutterwaveProvider({ ...keys, timeoutMs: IMPATIENT_MS });
});
afterAll(async () => {
  await standIn?.close();
});
beforeEach(() => {
  standIn.behaviour = 'answer';
  standIn.notFoundStatus = 400;
  standIn.refundScripts = [];
  standIn.followBehaviour = 'answer';
});

async function providerError(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('the Flutterwave v3 client against a local stand-in', () => {
  it('reads a successful transaction by id and by tx_ref, sending the secret as a Bearer token', async () => {
    const scripted = standIn.add({
      tx_ref: 'RS-10001-a1b2c3d4e5',
      amount: 45_150.5,
      customer: { id: 1, email: 'kemi@example.ng', name: 'Kemi Adeyemi', phone_number: null },
    });
    const expected = {
      id: String(scripted.id),
      txRef: 'RS-10001-a1b2c3d4e5',
      flwRef: scripted.flw_ref,
      amount: 45_150.5,
      currency: 'NGN',
      status: 'successful',
      paymentType: 'card',
      customer: { email: 'kemi@example.ng', name: 'Kemi Adeyemi' },
      message: 'Approved',
    };
    expect(await provider.verifyById(String(scripted.id))).toMatchObject(expected);
    expect(await provider.verifyByReference('RS-10001-a1b2c3d4e5')).toMatchObject(expected);
    const calls = standIn.requests.slice(-2);
    expect(calls.map((call) => call.path)).toEqual([
      `/v3/transactions/${scripted.id}/verify`,
      '/v3/transactions/verify_by_reference?tx_ref=RS-10001-a1b2c3d4e5',
    ]);
    expect(calls.every((call) => call.authorization === `Bearer ${standIn.secretKey}`)).toBe(true);
    expect(provider).toMatchObject({ mode: 'live', scriptUrl: 'https://checkout.flutterwave.com/v3.js' });
  });

  it('reports a failed payment as failed, with the processor’s words', async () => {
    const scripted = standIn.add({
      tx_ref: 'RS-10002-0000000001',
      amount: 1000,
      status: 'failed',
      processor_response: 'Insufficient funds',
    });
    expect(await provider.verifyById(String(scripted.id))).toMatchObject({
      status: 'failed',
      message: 'Insufficient funds',
    });
  });

  it('reports wrong amount, currency and tx_ref as the provider gives them, for the shop to judge', async () => {
    const amount = standIn.add({ tx_ref: 'RS-10003-0000000001', amount: 10 });
    const currency = standIn.add({ tx_ref: 'RS-10003-0000000002', amount: 1000, currency: 'USD' });
    const reference = standIn.add({ tx_ref: 'SOMEONE-ELSES-REF', amount: 1000 });
    expect(await provider.verifyById(String(amount.id))).toMatchObject({ amount: 10, currency: 'NGN' });
    expect(await provider.verifyById(String(currency.id))).toMatchObject({ amount: 1000, currency: 'USD' });
    expect(await provider.verifyById(String(reference.id))).toMatchObject({ txRef: 'SOMEONE-ELSES-REF' });
  });

  it('an unknown id or reference is not_found, whether the provider answers 400 or 404', async () => {
    const byId = await providerError(provider.verifyById(String(standIn.unknownId())));
    expect(byId).toMatchObject({ kind: 'not_found', message: 'No transaction was found for this id' });
    const byRef = await providerError(provider.verifyByReference('RS-NOBODY-0000000000'));
    expect(byRef.kind).toBe('not_found');
    standIn.notFoundStatus = 404;
    const notFound = await providerError(provider.verifyById(String(standIn.unknownId())));
    expect(notFound).toMatchObject({ kind: 'not_found', message: 'No transaction was found for this id' });
  });

  it('a wrong secret key is rejected, not taken for an unknown transaction', async () => {
    const scripted = standIn.add({ tx_ref: 'RS-10004-0000000001', amount: 1000 });
    const wrongKey = createFlutterwaveProvider({
      apiBase: standIn.url,
      publicKey: 'FLWPUBK_TEST-standin-X',
      secretKey: 'FLWSECK_TEST-wrong-X',
      timeoutMs: GENEROUS_MS,
    });
    const error = await providerError(wrongKey.verifyById(String(scripted.id)));
    expect(error).toMatchObject({ kind: 'rejected', message: 'Invalid authorization key' });
  });

  it('a closed socket is a network error: unreachable', async () => {
    const scripted = standIn.add({ tx_ref: 'RS-10005-0000000001', amount: 1000, behaviour: 'network-error' });
    const error = await providerError(provider.verifyById(String(scripted.id)));
    expect(error.kind).toBe('unreachable');
    standIn.behaviour = 'network-error';
    expect((await providerError(provider.verifyByReference('RS-10005-0000000001'))).kind).toBe('unreachable');
  });

  it('gives up on a slow answer after its timeout: unreachable', async () => {
    // The stand-in answers after a minute; the client waits a second. Without a timeout the call would succeed.
    const scripted = standIn.add({ tx_ref: 'RS-10006-0000000001', amount: 1000, behaviour: 'slow' });
    const error = await providerError(impatient.verifyById(String(scripted.id)));
    expect(error).toMatchObject({
      kind: 'unreachable',
      message: 'The payment provider did not answer. Please try again in a moment.',
    });
  });

  it('a provider error (5xx) is unreachable, so the caller can retry later', async () => {
    const scripted = standIn.add({ tx_ref: 'RS-10007-0000000001', amount: 1000, behaviour: 'server-error' });
    expect((await providerError(provider.verifyById(String(scripted.id)))).kind).toBe('unreachable');
  });

  it("opens a bank-transfer charge's account for the order's amount and reads it from meta.authorization", async () => {
    const charge = await provider.createTransferCharge!({
      txRef: 'ORD-10001-abc123',
      amount: 140_800,
      email: 'ada@example.ng',
      fullname: 'Ada Obi',
      phoneNumber: '+2348031234567',
    });
    expect(charge).toEqual({
      bankName: 'Mock Bank',
      accountNumber: '0067100155',
      accountName: 'Flutterwave',
      amount: 140_800,
      // Flutterwave writes the expiry in Lagos wall time.
      expiresAt: '2026-11-25T20:04:05.000Z',
      note: 'Mock note',
    });
    const sent = standIn.requests.at(-1)!;
    expect(sent.path).toBe('/v3/charges?type=bank_transfer');
    expect(sent.authorization).toBe(`Bearer ${standIn.secretKey}`);
    expect(sent.body).toEqual({
      tx_ref: 'ORD-10001-abc123',
      amount: 140_800,
      currency: 'NGN',
      email: 'ada@example.ng',
      fullname: 'Ada Obi',
      phone_number: '+2348031234567',
      is_permanent: false,
    });
  });
});

describe('refunds through the Flutterwave v3 client against the stand-in', () => {
  it('asks POST /v3/transactions/{id}/refund in naira with the reason, and reads a completed refund', async () => {
    const charge = standIn.add({ tx_ref: 'RS-20001-0000000001', amount: 45_000 });
    const refund = await provider.refund({
      transactionId: String(charge.id),
      amountKobo: 1_250_050,
      comments: 'Too small',
    });
    expect(refund).toMatchObject({
      status: 'completed',
      amountKobo: 1_250_050,
      reference: expect.stringMatching(/^FLW-RF-MOCK-/),
    });
    const sent = standIn.requests.at(-1)!;
    expect(sent).toMatchObject({
      path: `/v3/transactions/${charge.id}/refund`,
      authorization: `Bearer ${standIn.secretKey}`,
      body: { amount: 12_500.5, comments: 'Too small' },
    });
  });

  it('follows a pending refund with GET /v3/refunds?id= until it is completed or failed', async () => {
    const charge = standIn.add({ tx_ref: 'RS-20002-0000000001', amount: 10_000 });
    standIn.refundScripts = [
      { status: 'pending', then: 'completed' },
      { status: 'pending', then: 'failed', reason: 'Insufficient balance' },
    ];
    const first = await provider.refund({
      transactionId: String(charge.id),
      amountKobo: 100_000,
      comments: 'a',
    });
    const second = await provider.refund({
      transactionId: String(charge.id),
      amountKobo: 100_000,
      comments: 'b',
    });
    expect([first.status, second.status]).toEqual(['pending', 'pending']);
    expect(await provider.getRefund(first.id)).toMatchObject({ id: first.id, status: 'completed' });
    expect(standIn.requests.at(-1)!.path).toBe(`/v3/refunds?id=${first.id}`);
    expect(await provider.getRefund(second.id)).toMatchObject({
      status: 'failed',
      message: 'Insufficient balance',
    });
    expect((await providerError(provider.getRefund('999999999'))).kind).toBe('not_found');
  });

  it('a refused refund (more than the charge) is rejected with the provider’s words; a failed one says why', async () => {
    const charge = standIn.add({ tx_ref: 'RS-20003-0000000001', amount: 1_000 });
    const error = await providerError(
      provider.refund({ transactionId: String(charge.id), amountKobo: 200_000, comments: 'x' }),
    );
    expect(error).toMatchObject({
      kind: 'rejected',
      message: 'Refund amount cannot be greater than the transaction amount',
    });
    standIn.refundScripts = [{ status: 'failed' }];
    expect(
      await provider.refund({ transactionId: String(charge.id), amountKobo: 10_000, comments: 'x' }),
    ).toMatchObject({
      status: 'failed',
      message: 'Insufficient balance',
    });
  });

  it.each(['network-error', 'slow', 'server-error'] as const)(
    'a refund call met by %s is unreachable',
    async (behaviour) => {
      const charge = standIn.add({ tx_ref: `RS-20004-${behaviour}`, amount: 1_000 });
      standIn.refundScripts = [{ status: 'completed', behaviour }];
      const client = behaviour === 'slow' ? impatient : provider;
      const error = await providerError(
        client.refund({ transactionId: String(charge.id), amountKobo: 10_000, comments: 'x' }),
      );
      expect(error.kind).toBe('unreachable');
    },
  );
});
