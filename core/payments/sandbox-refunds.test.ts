import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import { ProviderError } from './provider';
import { chargeSandboxCard, createSandboxProvider, SANDBOX_REFUND_FAILURE } from './sandbox';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.destroy();
});

async function charge(amount: number, cardNumber = '5531886652142950') {
  const row = await chargeSandboxCard(database.db, {
    txRef: `RS-SBX-${Math.random().toString(36).slice(2)}`,
    amount,
    currency: 'NGN',
    cardNumber,
    expiry: '09/32',
    cvv: '564',
    customer: { email: 'kemi.bello@example.ng', name: 'Kemi Bello' },
  });
  return row.transactionId!;
}

describe('the TEST MODE sandbox gives money back as Flutterwave would', () => {
  it('completes a refund at once by default, and never gives back more than the charge less earlier refunds', async () => {
    const provider = createSandboxProvider(database.db);
    const id = await charge(10_000);
    expect(await provider.refund({ transactionId: id, amountKobo: 600_000, comments: 'a' })).toMatchObject({
      status: 'completed',
      amountKobo: 600_000,
    });
    const error = await provider
      .refund({ transactionId: id, amountKobo: 400_001, comments: 'b' })
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rejected' });
    expect(await provider.refund({ transactionId: id, amountKobo: 400_000, comments: 'c' })).toMatchObject({
      status: 'completed',
    });
  });

  it('fails when told, and a failed refund moved nothing: the whole charge can still be refunded', async () => {
    const provider = createSandboxProvider(database.db);
    const id = await charge(5_000);
    const failed = await provider.refund({
      transactionId: id,
      amountKobo: 500_000,
      comments: 'x',
      testOutcome: 'failed',
    });
    expect(failed).toMatchObject({ status: 'failed', message: SANDBOX_REFUND_FAILURE });
    expect(await provider.getRefund(failed.id)).toMatchObject({ status: 'failed' });
    expect(await provider.refund({ transactionId: id, amountKobo: 500_000, comments: 'y' })).toMatchObject({
      status: 'completed',
    });
  });

  it('a pending refund settles when it is next followed', async () => {
    const provider = createSandboxProvider(database.db);
    const id = await charge(2_000);
    const pending = await provider.refund({
      transactionId: id,
      amountKobo: 100_000,
      comments: 'x',
      testOutcome: 'pending',
    });
    expect(pending.status).toBe('pending');
    expect(await provider.getRefund(pending.id)).toMatchObject({ id: pending.id, status: 'completed' });
  });

  it('knows neither a declined charge nor an unknown refund', async () => {
    const provider = createSandboxProvider(database.db);
    const declined = await charge(1_000, '5258585922666506');
    await expect(
      provider.refund({ transactionId: declined, amountKobo: 100, comments: 'x' }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(provider.getRefund('sbr_nobody')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
