/**
 * The order's Refunds panel for a Paystack refund the card cannot take back: it reads "Needs bank
 * details" with the provider's banks, and its form sends the refund to the shopper's account.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts';
import { refunds } from '../../../db/schema/payments';
import { applyProviderTransaction, startPayment } from '../../../core/payments/payments';
import { followPendingRefunds } from '../../../core/refunds/provider-sync';
import {
  auth,
  signInSeededAdmin,
  signUpAccount,
  stockedOneSizeProduct,
} from '../../../tests/fixtures/admin-api';
import { testShippingAddress } from '../../../tests/fixtures/orders';
import {
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackStandIn,
} from '../../../tests/fixtures/paystack-stand-in';
import type { TestApp } from '../../../tests/fixtures/test-app';
import { createTestPagesApp } from '../../../tests/fixtures/test-pages-app';

let standIn: PaystackStandIn;
let test: TestApp;
let productId: number;
let ownerToken: string;
let dispatchToken: string;

beforeAll(async () => {
  standIn = await startPaystackStandIn();
  test = await createTestPagesApp({
    seed: true,
    env: {
      PAYSTACK_SECRET_KEY: standIn.secretKey,
      PAYSTACK_PUBLIC_KEY: standIn.publicKey,
      PAYSTACK_API_BASE: standIn.url,
    },
  });
  ownerToken = (await signInSeededAdmin(test, 'Rossy Owner')).token;
  productId = await stockedOneSizeProduct(test, 20);
  const rider = await signUpAccount(test, 'rider.bank@example.ng', 'Tunde Rider');
  await test.database.db.update(users).set({ role: 'dispatch' }).where(eq(users.id, rider.id));
  dispatchToken = rider.token;
}, 180_000);
afterAll(async () => {
  await test?.close();
  await standIn?.close();
});

/** A card order paid through Paystack whose ₦500 refund the card could not take back. */
async function waitingRefund() {
  const placed = await test.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: {
      items: [{ id: productId, quantity: 1 }],
      shippingMethod: 'standard',
      paymentMethod: 'credit-card',
      email: 'funmi@example.ng',
      phone: '+234 809 000 1234',
      shippingAddress: { ...testShippingAddress },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const number = placed.json().order.id as string;
  const deps = test.app.services.payments;
  const start = await startPayment(deps, number, {
    user: { id: 'x', email: 'admin@rossy.ng', emailVerified: true, role: 'owner' },
  });
  standIn.pay(start.accessCode!, PAYSTACK_TEST_CARD);
  await applyProviderTransaction(deps, await deps.providers.paystack!.verifyByReference(start.txRef));
  standIn.refundScripts = [{ then: 'needs-attention' }];
  const made = await test.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${number}/refunds`,
    headers: auth(ownerToken),
    payload: { amount: 500, reason: 'Card closed' },
  });
  expect(made.statusCode, made.body).toBe(201);
  await followPendingRefunds(deps, new Date(Date.now() + 2 * 60_000));
  return { number, id: made.json().id as number };
}

/** The form posted as the dashboard posts it, from the order's page. */
function postForm(token: string, fields: Record<string, string>) {
  return test.app.inject({
    method: 'POST',
    url: '/admin.data?tab=orders',
    headers: {
      ...auth(token),
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost',
      host: 'localhost',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

async function statusOf(id: number) {
  const [row] = await test.database.db.select().from(refunds).where(eq(refunds.id, id));
  return row!;
}

describe('a refund that needs the shopper’s bank details, on the order’s page', () => {
  it('shows the banks, refuses dispatch and a bad account beside its field, and sends a good one', async () => {
    const { number, id } = await waitingRefund();
    const page = await test.app.inject({
      method: 'GET',
      url: `/admin.data?tab=orders&order=${number}`,
      headers: auth(ownerToken),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('needs_attention');
    expect(page.body).toContain('Zenith Bank');
    expect(page.body).toContain('The card cannot take this refund back');

    const refused = await postForm(dispatchToken, {
      intent: 'refund-bank-account',
      id: String(id),
      bankId: '22',
      accountNumber: '0123456789',
    });
    expect(refused.statusCode).toBe(403);

    const short = await postForm(ownerToken, {
      intent: 'refund-bank-account',
      id: String(id),
      bankId: '22',
      accountNumber: '01234',
    });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('accountNumber');
    expect(short.body).toContain('A 10-digit account number');
    expect((await statusOf(id)).status).toBe('needs_attention');

    const sent = await postForm(ownerToken, {
      intent: 'refund-bank-account',
      id: String(id),
      bankId: '22',
      accountNumber: '012 345 6789',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.body).toContain(
      `Refund of ₦500 on ${number} is on its way to the shopper's bank account (Zenith Bank 0123456789).`,
    );
    expect(await statusOf(id)).toMatchObject({
      status: 'pending',
      bankDetails: { accountNumber: '0123456789', bankName: 'Zenith Bank' },
    });
  });
});
