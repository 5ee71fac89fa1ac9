import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sandboxCharges, sandboxRefunds } from '../../db/schema/payments';
import { settings } from '../../db/schema/settings';
import { AppError } from '../errors';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderTransaction,
  type RefundRequest,
  type TransferCharge,
  type TransferChargeRequest,
} from './provider';
import { koboToNaira, nairaToKobo } from '../../contracts/money';

export const SANDBOX_PUBLIC_KEY = 'FLWPUBK_TEST-SANDBOX-X';
export const SANDBOX_SCRIPT = '/sandbox/flutterwave/v3.js';

/** The test cards of reference/flutterwave.md: the same numbers succeed and fail as with Flutterwave. */
const testCards: Record<string, { ok: boolean; message: string; type: string }> = {
  '5531886652142950': { ok: true, message: 'Approved', type: 'MASTERCARD' },
  '4187427415564246': { ok: true, message: 'Approved', type: 'VISA' },
  '5258585922666506': { ok: false, message: 'Insufficient funds', type: 'MASTERCARD' },
  '5590131743294314': { ok: false, message: 'Transaction declined: suspected fraud', type: 'MASTERCARD' },
};

export interface SandboxChargeInput {
  txRef: string;
  amount: number;
  currency: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  customer: { email: string; name: string };
}

const SECRET_ROW = 'sandbox-keys';

/**
 * The sandbox's secret key, like Flutterwave's FLWSECK_TEST-…: made once per shop (random, kept in
 * the shop's own database), never a constant in the code. Its verify API answers only with it.
 */
export async function sandboxSecretKey(db: DbOrTx): Promise<string> {
  const read = async () =>
    (await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SECRET_ROW)))[0]?.value
      .secretKey;
  let secret = await read();
  if (secret === undefined) {
    // The first ask makes it; several processes asking at once keep the first one written.
    await db
      .insert(settings)
      .values({
        key: SECRET_ROW,
        value: { secretKey: `FLWSECK_TEST-${randomBytes(24).toString('hex')}-X` },
      })
      .onConflictDoNothing({ target: settings.key });
    secret = await read();
  }
  if (typeof secret !== 'string' || secret.length < 20) throw new Error('The sandbox secret key is missing');
  return secret;
}

/** Whether an Authorization header carries the sandbox's secret key (compared in constant time). */
export async function sandboxAuthorized(db: DbOrTx, authorization: string | undefined): Promise<boolean> {
  const given = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = await sandboxSecretKey(db);
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** A sandbox transaction id: random, so ids cannot be walked one by one. */
export function newSandboxTransactionId(): string {
  return `sbx_${randomBytes(16).toString('hex')}`;
}

function toTransaction(row: typeof sandboxCharges.$inferSelect): ProviderTransaction {
  return {
    id: row.transactionId ?? `legacy-${row.id}`,
    txRef: row.txRef,
    flwRef: row.flwRef,
    amount: koboToNaira(row.amountKobo),
    currency: row.currency,
    status: row.status,
    paymentType: row.paymentType,
    createdAt: row.createdAt.toISOString(),
    customer: row.customer,
    message: row.message,
  };
}

/** Flutterwave's `data` object for a sandbox charge. */
export function sandboxTransactionData(row: typeof sandboxCharges.$inferSelect) {
  return {
    id: row.transactionId,
    tx_ref: row.txRef,
    flw_ref: row.flwRef,
    amount: koboToNaira(row.amountKobo),
    charged_amount: koboToNaira(row.amountKobo),
    currency: row.currency,
    status: row.status,
    processor_response: row.message,
    payment_type: row.paymentType,
    created_at: row.createdAt.toISOString(),
    customer: row.customer,
    card: row.card,
  };
}

/**
 * Charges a test card in the sandbox. Only the documented test numbers are accepted; the number
 * itself is never stored, only its first six and last four digits.
 */
export async function chargeSandboxCard(db: DbOrTx, input: SandboxChargeInput) {
  const number = input.cardNumber.replace(/\D/g, '');
  const card = testCards[number];
  if (!card)
    throw new AppError(
      'UNPROCESSABLE',
      'TEST MODE accepts only the documented test cards, such as 5531 8866 5214 2950.',
      { cardNumber: 'Use a test card number' },
    );
  // MM/YY as the form formats it, or the four digits a shopper types without the slash.
  const expiry = input.expiry.replace(/[\s/]/g, '');
  if (!/^(0[1-9]|1[0-2])\d{2}$/.test(expiry) || !/^\d{3,4}$/.test(input.cvv.trim()))
    throw new AppError('BAD_REQUEST', 'Please fill in all payment details', {
      expiry: 'MM/YY',
      cvv: '3 digits',
    });
  if (!(input.amount > 0) || input.currency !== 'NGN' || !input.txRef)
    throw new AppError('BAD_REQUEST', 'The payment request is not valid.');
  const [row] = await db
    .insert(sandboxCharges)
    .values({
      transactionId: newSandboxTransactionId(),
      txRef: input.txRef,
      flwRef: `FLW-SANDBOX-${randomBytes(6).toString('hex').toUpperCase()}`,
      amountKobo: nairaToKobo(input.amount),
      currency: input.currency,
      status: card.ok ? 'successful' : 'failed',
      message: card.message,
      card: { first_6digits: number.slice(0, 6), last_4digits: number.slice(-4), type: card.type },
      customer: input.customer,
    })
    .returning();
  if (!row) throw new Error('The sandbox charge was not recorded');
  return row;
}

export async function findSandboxCharge(db: DbOrTx, by: { id?: string; txRef?: string }) {
  if (by.id !== undefined) {
    if (!/^sbx_[0-9a-f]{32}$/.test(by.id)) return undefined;
    const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionId, by.id));
    return row;
  }
  if (by.txRef) {
    const [row] = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.txRef, by.txRef))
      .orderBy(desc(sandboxCharges.id))
      .limit(1);
    return row;
  }
  return undefined;
}

/** How long a TEST MODE transfer account accepts money, as Flutterwave's do. */
export const SANDBOX_ACCOUNT_MINUTES = 60;

/**
 * Opens a TEST MODE transfer account for one order: a pending charge in the sandbox's ledger, with
 * an account number no bank knows. Money "arrives" only through `simulateSandboxTransfer`.
 */
export async function openSandboxTransferAccount(
  db: DbOrTx,
  request: TransferChargeRequest,
  now = new Date(),
): Promise<TransferCharge> {
  if (!(request.amount > 0) || !request.txRef)
    throw new AppError('BAD_REQUEST', 'The transfer request is not valid.');
  const account = {
    bankName: 'Sandbox Bank (TEST MODE)',
    accountNumber: `99${String(randomInt(0, 100_000_000)).padStart(8, '0')}`,
    accountName: 'TEST MODE',
    amountKobo: nairaToKobo(request.amount),
    expiresAt: new Date(now.getTime() + SANDBOX_ACCOUNT_MINUTES * 60_000).toISOString(),
    note: 'TEST MODE: no bank will accept this account. Use the simulate buttons instead.',
  };
  await db.insert(sandboxCharges).values({
    transactionId: newSandboxTransactionId(),
    txRef: request.txRef,
    flwRef: `FLW-SANDBOX-${randomBytes(6).toString('hex').toUpperCase()}`,
    amountKobo: account.amountKobo,
    currency: 'NGN',
    status: 'pending',
    message: 'Awaiting the transfer',
    paymentType: 'bank_transfer',
    card: null,
    customer: { email: request.email, name: request.fullname },
    transfer: account,
    createdAt: now,
  });
  const { amountKobo, ...rest } = account;
  return { ...rest, amount: koboToNaira(amountKobo) };
}

/**
 * What a TEST MODE shopper can make happen to a transfer: the whole amount, too little, too much, too
 * late, or the rest of what a short transfer left missing.
 */
export const sandboxTransferOutcomes = ['full', 'short', 'over', 'late', 'rest'] as const;
export type SandboxTransferOutcome = (typeof sandboxTransferOutcomes)[number];

/**
 * Plays the bank: money reaches the TEST MODE account. 'short' sends ₦1,000 less than asked (or
 * half, for a small total), 'over' ₦500 more, 'late' the right amount after the account expired,
 * 'rest' what the transfers so far left missing. The first transfer settles the pending charge; each
 * later one is a charge of its own on the same reference, as a bank sends money again into the same
 * account. Returns the charge's transaction id, which the shop then verifies as it would
 * Flutterwave's webhook.
 */
export async function simulateSandboxTransfer(
  db: DbOrTx,
  txRef: string,
  outcome: SandboxTransferOutcome,
  now = new Date(),
): Promise<string> {
  const charges = await db
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.txRef, txRef))
    .orderBy(desc(sandboxCharges.id));
  const account = charges.find((charge) => charge.transfer)?.transfer;
  if (!account) throw new AppError('NOT_FOUND', 'No TEST MODE transfer account has this reference.');
  const asked = account.amountKobo;
  const sent = charges
    .filter((charge) => charge.status === 'successful')
    .reduce((sum, charge) => sum + charge.amountKobo, 0);
  const amountKobo =
    outcome === 'short'
      ? asked - Math.min(100_000, Math.floor(asked / 2))
      : outcome === 'over'
        ? asked + 50_000
        : outcome === 'rest'
          ? asked - sent
          : asked;
  if (amountKobo <= 0) throw new AppError('CONFLICT', 'Nothing is missing from this TEST MODE account.');
  // A late transfer arrives after the account stopped accepting money.
  const expires = new Date(account.expiresAt);
  const createdAt = outcome === 'late' ? new Date(Math.max(now.getTime(), expires.getTime() + 60_000)) : now;
  const pending = charges.find((charge) => charge.status === 'pending' && charge.transactionId);
  if (pending?.transactionId) {
    await db
      .update(sandboxCharges)
      .set({ status: 'successful', amountKobo, message: 'Transfer received', createdAt })
      .where(eq(sandboxCharges.id, pending.id));
    return pending.transactionId;
  }
  const transactionId = newSandboxTransactionId();
  await db.insert(sandboxCharges).values({
    transactionId,
    txRef,
    flwRef: `FLW-SANDBOX-${randomBytes(6).toString('hex').toUpperCase()}`,
    amountKobo,
    currency: 'NGN',
    status: 'successful',
    message: 'Transfer received',
    paymentType: 'bank_transfer',
    card: null,
    customer: charges[0]!.customer,
    transfer: null,
    createdAt,
  });
  return transactionId;
}

/** The words the TEST MODE sandbox fails a refund with, as Flutterwave does when the balance is short. */
export const SANDBOX_REFUND_FAILURE =
  'Insufficient balance to process this refund (TEST MODE: no money moved).';

function toProviderRefund(row: typeof sandboxRefunds.$inferSelect): ProviderRefund {
  return {
    id: row.refundId,
    status: row.status === 'completed' ? 'completed' : row.status === 'failed' ? 'failed' : 'pending',
    amountKobo: row.amountKobo,
    reference: `FLW-SANDBOX-RF-${row.id}`,
    message: row.message,
  };
}

/**
 * Gives back part of a TEST MODE charge, in the sandbox's own ledger: never more than the charge
 * minus its earlier refunds (failed ones moved nothing). The request's `testOutcome` plays the
 * provider's answer: completed at once (the default), pending (settles when next followed), or
 * failed for want of balance.
 */
export async function refundSandboxCharge(db: DbOrTx, request: RefundRequest): Promise<ProviderRefund> {
  const charge = await findSandboxCharge(db, { id: request.transactionId });
  if (!charge || charge.status !== 'successful')
    throw new ProviderError('No transaction was found for this id', 'not_found');
  if (!Number.isInteger(request.amountKobo) || request.amountKobo <= 0)
    throw new ProviderError('The refund amount is not valid.', 'rejected');
  const outcome = request.testOutcome ?? 'completed';
  return db.transaction(async (tx) => {
    // One refund of a charge at a time, as the provider keeps its own books.
    await tx
      .select({ id: sandboxCharges.id })
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, charge.id))
      .for('update');
    const [earlier] = await tx
      .select({ kobo: sql<number>`coalesce(sum(${sandboxRefunds.amountKobo}), 0)::int` })
      .from(sandboxRefunds)
      .where(
        and(eq(sandboxRefunds.transactionId, request.transactionId), ne(sandboxRefunds.status, 'failed')),
      );
    if (request.amountKobo > charge.amountKobo - (earlier?.kobo ?? 0))
      throw new ProviderError('The refund amount is more than what remains of this transaction.', 'rejected');
    const [row] = await tx
      .insert(sandboxRefunds)
      .values({
        refundId: `sbr_${randomBytes(12).toString('hex')}`,
        transactionId: request.transactionId,
        amountKobo: request.amountKobo,
        status: outcome,
        settlesAs: 'completed',
        message:
          outcome === 'failed' ? SANDBOX_REFUND_FAILURE : 'Refund initiated (TEST MODE: no money moved).',
      })
      .returning();
    if (!row) throw new Error('The sandbox refund was not recorded');
    return toProviderRefund(row);
  });
}

/** Where a TEST MODE refund stands: a pending one settles as it was told to when it is next asked about. */
export async function followSandboxRefund(db: DbOrTx, refundId: string): Promise<ProviderRefund> {
  const [settled] = await db
    .update(sandboxRefunds)
    .set({ status: sql`${sandboxRefunds.settlesAs}` })
    .where(and(eq(sandboxRefunds.refundId, refundId), eq(sandboxRefunds.status, 'pending')))
    .returning();
  if (settled) return toProviderRefund(settled);
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.refundId, refundId));
  if (!row) throw new ProviderError('No refund was found for this id', 'not_found');
  return toProviderRefund(row);
}

/** The provider when no Flutterwave keys are set: the app's own ledger of test charges. */
export function createSandboxProvider(db: DbOrTx): PaymentProvider {
  const get = async (by: { id?: string; txRef?: string }) => {
    const row = await findSandboxCharge(db, by);
    if (!row) throw new ProviderError('No transaction was found for this id', 'not_found');
    return toTransaction(row);
  };
  return {
    name: 'sandbox',
    mode: 'sandbox',
    testMoney: true,
    publicKey: SANDBOX_PUBLIC_KEY,
    scriptUrl: SANDBOX_SCRIPT,
    startCheckout: () => Promise.resolve({ accessCode: null }),
    verifyById: (id) => get({ id }),
    verifyByReference: (txRef) => get({ txRef }),
    createTransferCharge: (request) => openSandboxTransferAccount(db, request),
    refund: (request) => refundSandboxCharge(db, request),
    getRefund: (refundId) => followSandboxRefund(db, refundId),
  };
}
