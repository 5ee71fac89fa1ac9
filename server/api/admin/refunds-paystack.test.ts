/** The admin's routes for a Paystack refund the card cannot take back: the banks, and the shopper's account. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/accounts';
import { refunds } from '../../../db/schema/payments';
import { applyProviderTransaction, startPayment } from '../../../core/payments/payments';
import { followPendingRefunds } from '../../../core/refunds/provider-sync';
import {
  auth,
  createAdminTestApp,
  signUpAccount,
  stockedOneSizeProduct,
  type AdminTestApp,
} from '../../../tests/fixtures/admin-api';
import { testShippingAddress } from '../../../tests/fixtures/orders';
import {
  PAYSTACK_TEST_CARD,
  startPaystackStandIn,
  type PaystackStandIn,
} from '../../../tests/fixtures/paystack-stand-in';
import type { TestApp } from '../../../tests/fixtures/test-app';

let standIn: PaystackStandIn;
let test: TestApp;
let productId: number;
let adminToken: string;
let dispatchToken: string;
let expectAdminOnly: AdminTestApp['expectAdminOnly'];
let clock = Date.now();

beforeAll(async () => {
  standIn = await startPaystackStandIn();
  ({ test, adminToken, expectAdminOnly } = await createAdminTestApp({
    seed: true,
    env: {
      PAYSTACK_SECRET_KEY: standIn.secretKey,
      PAYSTACK_PUBLIC_KEY: standIn.publicKey,
      PAYSTACK_API_BASE: standIn.url,
    },
  }));
  productId = await stockedOneSizeProduct(test, 50);
  const rider = await signUpAccount(test, 'rider@example.ng', 'Tunde Rider');
  await test.database.db.update(users).set({ role: 'dispatch' }).where(eq(users.id, rider.id));
  dispatchToken = rider.token;
}, 180_000);
afterAll(async () => {
  await test?.close();
  await standIn?.close();
});

/** A card order paid through Paystack (the stand-in's popup, then verified). */
async function paidOrder() {
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
  const order = placed.json().order as { id: string; total: number };
  const deps = test.app.services.payments;
  const start = await startPayment(deps, order.id, {
    user: { id: 'x', email: 'admin@rossy.ng', emailVerified: true, role: 'owner' },
  });
  expect(start.provider).toBe('paystack');
  standIn.pay(start.accessCode!, PAYSTACK_TEST_CARD);
  await applyProviderTransaction(deps, await deps.providers.paystack!.verifyByReference(start.txRef));
  return order;
}

/** A refund of ₦500 Paystack queued, then could not put back on the card. */
async function waitingRefund() {
  const order = await paidOrder();
  standIn.refundScripts = [{ then: 'needs-attention' }];
  const made = await test.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order.id}/refunds`,
    headers: auth(adminToken),
    payload: { amount: 500, reason: 'Card closed' },
  });
  expect(made.statusCode, made.body).toBe(201);
  expect(made.json().status).toBe('pending');
  await followPendingRefunds(test.app.services.payments, new Date((clock += 2 * 60_000)));
  return { order, id: made.json().id as number };
}

const sendTo = (id: number, payload: object, token = adminToken) =>
  test.app.inject({
    method: 'POST',
    url: `/api/admin/refunds/${id}/bank-account`,
    headers: auth(token),
    payload,
  });

async function statusOf(id: number) {
  const [row] = await test.database.db.select().from(refunds).where(eq(refunds.id, id));
  return row?.status;
}

describe('a Paystack refund sent to the shopper’s bank account', () => {
  it('answers 401 to a guest and 403 to a customer and to dispatch', async () => {
    await expectAdminOnly('GET', '/api/admin/refunds/1/banks');
    await expectAdminOnly('POST', '/api/admin/refunds/1/bank-account', {
      accountNumber: '0123456789',
      bankId: '1',
    });
    const { id } = await waitingRefund();
    const banks = await test.app.inject({
      method: 'GET',
      url: `/api/admin/refunds/${id}/banks`,
      headers: auth(dispatchToken),
    });
    expect(banks.statusCode).toBe(403);
    const sent = await sendTo(id, { accountNumber: '0123456789', bankId: '1' }, dispatchToken);
    expect(sent.statusCode).toBe(403);
    expect(await statusOf(id)).toBe('needs_attention');
  });

  it('lists the waiting refund, its banks, refuses a bad account with 400, and sends a good one: pending', async () => {
    const { order, id } = await waitingRefund();
    const listed = await test.app.inject({
      method: 'GET',
      url: `/api/admin/refunds?status=needs_attention&q=${order.id}`,
      headers: auth(adminToken),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().refunds).toEqual([
      expect.objectContaining({
        id,
        status: 'needs_attention',
        failureReason: expect.stringMatching(/bank account/),
      }),
    ]);
    const banks = await test.app.inject({
      method: 'GET',
      url: `/api/admin/refunds/${id}/banks`,
      headers: auth(adminToken),
    });
    expect(banks.statusCode, banks.body).toBe(200);
    expect(banks.json().banks).toContainEqual({ id: '22', name: 'Zenith Bank' });

    const short = await sendTo(id, { accountNumber: '12345', bankId: '22' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toHaveProperty('accountNumber');
    const unknown = await sendTo(id, { accountNumber: '0123456789', bankId: '999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toHaveProperty('bankId');
    expect(await statusOf(id)).toBe('needs_attention');

    const sent = await sendTo(id, { accountNumber: '0123456789', bankId: '22' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      id,
      orderId: order.id,
      status: 'pending',
      failureReason: null,
      bankDetails: { accountNumber: '0123456789', bankName: 'Zenith Bank' },
    });
    const again = await sendTo(id, { accountNumber: '0123456789', bankId: '22' });
    expect(again.statusCode).toBe(409);
  });

  it('409 for the banks of a refund whose provider sends to none (a refund by hand)', async () => {
    const order = await paidOrder();
    const made = await test.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/refunds`,
      headers: auth(adminToken),
      payload: {
        amount: 100,
        reason: 'Sent from the shop’s bank',
        manual: {
          accountName: 'Funmi Ade',
          accountNumber: '0123456789',
          bankName: 'GTBank',
          reference: 'TRF-1',
        },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const banks = await test.app.inject({
      method: 'GET',
      url: `/api/admin/refunds/${made.json().id}/banks`,
      headers: auth(adminToken),
    });
    expect(banks.statusCode).toBe(409);
  });
});
