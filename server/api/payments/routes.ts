import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelUnpaidOrder,
  startPayment,
  submitBankReference,
  verifyPayment,
  handleWebhook,
  type PaymentOutcome,
} from '../../../core/payments/payments';
import { handlePaystackWebhook } from '../../../core/payments/paystack-webhook';
import { syncProviderRefund } from '../../../core/refunds/provider-sync';
import {
  chargeSandboxCard,
  findSandboxCharge,
  sandboxAuthorized,
  sandboxTransactionData,
  sandboxTransferOutcomes,
  simulateSandboxTransfer,
} from '../../../core/payments/sandbox';
import {
  checkTransferAccount,
  openTransferAccount,
  settleReportedTransaction,
  type TransferAccountView,
} from '../../../core/payments/transfer-accounts';
import { isTestMode } from '../../../core/payments/providers';
import { providerNames } from '../../../core/payments/provider';
import { MAX_AMOUNT_NAIRA } from '../../../contracts/limits';
import { checkoutMessages } from '../../../contracts/checkout-texts';
import { koboToNaira } from '../../../contracts/money';
import { AppError } from '../../../core/errors';
import { errorResponses, errorSchema, formMessages, ruleAnswers } from '../schemas';
import { orderDto, toOrderDto } from '../orders/dto';

/** Paystack's events are small; anything bigger is not Paystack's. */
const PAYSTACK_WEBHOOK_LIMIT = 256 * 1024;

const orderParam = z.object({ id: z.string().max(30) });

/** A bank reference as a shopper types it: 8-20 letters or digits, spaces anywhere (normalizeBankReference). */
const bankReference = z
  .string(checkoutMessages.bankReferenceRequired)
  .trim()
  .min(1, checkoutMessages.bankReferenceRequired)
  .max(100)
  .regex(/^ *(?:[A-Za-z0-9] *){8,20}$/, checkoutMessages.bankReferenceFormat);
const keyField = z.string().max(100).optional().describe("The secret of a guest's order link");

const paymentStartDto = z.object({
  orderNumber: z.string(),
  provider: z
    .enum(providerNames)
    .describe("Whose popup to open: Flutterwave's, Paystack's, or the TEST MODE sandbox's"),
  accessCode: z
    .string()
    .nullable()
    .describe("Paystack: the access code its popup resumes this attempt's transaction with; null otherwise"),
  txRef: z.string(),
  amount: z.number(),
  currency: z.literal('NGN'),
  publicKey: z.string(),
  scriptUrl: z.string(),
  mode: z.enum(['live', 'sandbox']),
  paymentOptions: z.string(),
  customer: z.object({ email: z.string(), name: z.string(), phone_number: z.string() }),
});

const transferAccountDto = z.object({
  txRef: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  amount: z.number().describe('₦: exactly what to send'),
  expiresAt: z.string().describe('When the account stops accepting money (ISO 8601)'),
  note: z.string(),
  state: z.enum(['waiting', 'expired', 'review', 'paid']),
  received: z
    .number()
    .nullable()
    .describe(
      '₦ received so far that waits for the shop (a short or late transfer): the rest, sent to this account while it is open or to the new one opened for the rest, pays the order',
    ),
  testMode: z.boolean(),
});

/** What a verify route answers: paid or not, the words, and the order as it stands. */
const verifiedDto = z.object({ paid: z.boolean(), message: z.string(), order: orderDto });

function toVerifiedDto(outcome: PaymentOutcome): z.infer<typeof verifiedDto> {
  return { paid: outcome.paid, message: outcome.message, order: toOrderDto(outcome.order) };
}

function toTransferAccountDto(view: TransferAccountView): z.infer<typeof transferAccountDto> {
  const { amountKobo, receivedKobo, ...rest } = view;
  return {
    ...rest,
    amount: koboToNaira(amountKobo),
    received: receivedKobo === null ? null : koboToNaira(receivedKobo),
  };
}

/** Card payments (Flutterwave, or the sandbox when no keys are set) and bank-transfer references. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.payments;

  app.post(
    '/orders/:id/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Open a payment attempt for an unpaid card order: a fresh tx_ref and the amount to charge',
        params: orderParam,
        body: z.object({ key: keyField }).loose().optional(),
        response: {
          201: paymentStartDto,
          ...errorResponses,
          409: errorSchema.describe('The order is paid, cancelled, or paid by bank transfer'),
          429: errorSchema.describe('20 attempts were opened for this order within the hour'),
        },
      },
    },
    async (request, reply) => {
      const start = await startPayment(deps, request.params.id, {
        user: request.user,
        key: request.body?.key,
      });
      reply.status(201);
      return start;
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Cancel an unpaid order: its owner or link holder, when the card window closes unpaid or at will',
        description:
          'Releases the stock at once, only while the order is unpaid. A card order is first checked with the provider, so a payment that went through pays it instead. `cancelled` is false when it was paid or already cancelled.',
        params: orderParam,
        body: z
          .object({ key: keyField, reason: z.enum(['closed', 'shopper']).optional() })
          .loose()
          .optional(),
        response: {
          200: z.object({ cancelled: z.boolean(), order: orderDto }),
          ...errorResponses,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const result = await cancelUnpaidOrder(
        deps,
        request.params.id,
        { user: request.user, key: request.body?.key },
        request.body?.reason ?? 'shopper',
      );
      return { cancelled: result.cancelled, order: toOrderDto(result.order) };
    },
  );

  app.post(
    '/payments/flutterwave/verify',
    {
      schema: {
        tags: ['payments'],
        summary: "Verify the checkout's callback with the provider before the order counts as paid",
        description:
          'Paid only when the provider reports the transaction successful, with our tx_ref, in NGN, for at least the order total. 422 "Payment failed: {message}" otherwise.',
        body: z.object({
          orderId: z.string().max(30),
          transactionId: z.union([z.string().max(40), z.number()]).optional(),
          txRef: z.string().max(80),
          key: keyField,
        }),
        response: {
          200: verifiedDto,
          ...errorResponses,
          422: errorSchema,
        },
      },
    },
    async (request) => {
      const { orderId, transactionId, txRef, key } = request.body;
      const outcome = await verifyPayment(
        deps,
        {
          orderNumber: orderId,
          transactionId: transactionId === undefined ? undefined : String(transactionId),
          txRef,
        },
        { user: request.user, key },
      );
      return toVerifiedDto(outcome);
    },
  );

  app.post(
    '/payments/flutterwave/webhook',
    {
      schema: {
        tags: ['payments'],
        summary: "Flutterwave's webhook: checked by verif-hash, re-verified through the API, applied once",
        headers: z.object({ 'verif-hash': z.string().max(200).optional() }).loose(),
        body: z.unknown(),
        response: { 200: z.object({ received: z.boolean() }), 401: errorSchema, 503: errorSchema },
      },
    },
    async (request) => {
      const result = await handleWebhook(deps, request.headers['verif-hash'], request.body);
      return { received: result.handled };
    },
  );

  app.post(
    '/payments/paystack/verify',
    {
      schema: {
        tags: ['payments'],
        summary: "Verify Paystack's popup report with Paystack before the order counts as paid",
        description:
          'The reference is verified through Paystack\'s API (GET /transaction/verify/{reference}) by the provider its attempt was opened with. Paid only when it reports the transaction successful, with our reference, in NGN, for at least the order total. 422 "Payment failed: {message}" otherwise.',
        body: z.object({
          orderId: z.string().max(30),
          reference: z.string().max(80),
          key: keyField,
        }),
        response: {
          200: verifiedDto,
          ...errorResponses,
          422: errorSchema,
        },
      },
    },
    async (request) => {
      const { orderId, reference, key } = request.body;
      const outcome = await verifyPayment(
        deps,
        { orderNumber: orderId, txRef: reference },
        { user: request.user, key },
      );
      return toVerifiedDto(outcome);
    },
  );

  // Paystack signs the exact bytes it sends: this route alone keeps the raw body (a Buffer), in its
  // own plugin, so every other route keeps the JSON parser.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/payments/paystack/webhook',
      {
        bodyLimit: PAYSTACK_WEBHOOK_LIMIT,
        schema: {
          tags: ['payments'],
          summary:
            "Paystack's webhook: x-paystack-signature (HMAC-SHA512 of the raw body) checked, re-verified through the API, applied once",
          description:
            'charge.success pays an order of ours opened with Paystack once, after verifying the reference with Paystack; refund.* events re-read the refund. 401 on a bad signature, 503 when Paystack cannot confirm (it retries). `received` is false for an event the shop does not act on.',
          headers: z.object({ 'x-paystack-signature': z.string().max(200).optional() }).loose(),
          body: z.unknown(),
          response: { 200: z.object({ received: z.boolean() }), 401: errorSchema, 503: errorSchema },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw new AppError('UNAUTHENTICATED', 'Invalid webhook signature');
        const signature = request.headers['x-paystack-signature'];
        const result = await handlePaystackWebhook(
          deps,
          request.body,
          typeof signature === 'string' ? signature : undefined,
          (providerRefundId) => syncProviderRefund(deps, 'paystack', providerRefundId),
        );
        return { received: result.handled };
      },
    );
  });

  app.post(
    '/orders/:id/bank-transfer',
    {
      schema: {
        tags: ['payments'],
        summary: 'Report the reference of a bank transfer (spaces removed, 8-20 letters or digits)',
        params: orderParam,
        body: z.object({ reference: bankReference, key: keyField }).loose(),
        response: {
          200: orderDto,
          ...errorResponses,
          409: errorSchema.describe('The order is not paid by bank transfer'),
        },
      },
      schemaErrorFormatter: formMessages(checkoutMessages.bankReferenceRequired),
    },
    async (request) =>
      toOrderDto(
        await submitBankReference(deps, request.params.id, request.body, {
          user: request.user,
          key: request.body.key,
        }),
      ),
  );

  app.post(
    '/orders/:id/transfer-account',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Open (or show) the unpaid bank-transfer order's own account for its exact total; a new one once the last expired",
        params: orderParam,
        body: z.object({ key: keyField }).loose().optional(),
        response: {
          200: transferAccountDto,
          ...errorResponses,
          409: errorSchema.describe('The order is paid, cancelled, or not paid by bank transfer'),
        },
      },
    },
    async (request) =>
      toTransferAccountDto(
        await openTransferAccount(deps, request.params.id, { user: request.user, key: request.body?.key }),
      ),
  );

  app.get(
    '/orders/:id/transfer-account',
    {
      schema: {
        tags: ['payments'],
        summary:
          "Where the order's transfer stands: waiting, expired, review (arrived short or late) or paid",
        params: orderParam,
        querystring: z.object({ key: keyField }),
        response: {
          200: transferAccountDto,
          ...errorResponses,
          409: errorSchema.describe('The order is not paid by bank transfer'),
        },
      },
    },
    async (request) => {
      const view = await checkTransferAccount(deps, request.params.id, {
        user: request.user,
        key: request.query.key,
      });
      if (!view) throw new AppError('NOT_FOUND', 'This order has no transfer account yet.');
      return toTransferAccountDto(view);
    },
  );

  if (!isTestMode(deps.providers)) return;

  // TEST MODE: play the bank, then let the shop verify the money as Flutterwave's webhook would make it.
  app.post(
    '/sandbox/transfers/:txRef/simulate',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          'TEST MODE: money reaches a transfer account: all of it, too little, too much, too late, or the rest of a short one',
        params: z.object({ txRef: z.string().min(1).max(80) }),
        body: z.object({ outcome: z.enum(sandboxTransferOutcomes) }),
        response: {
          200: z.object({ paid: z.boolean(), message: z.string() }),
          ...errorResponses,
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const id = await simulateSandboxTransfer(app.db, request.params.txRef, request.body.outcome);
      const outcome = await settleReportedTransaction(deps, 'sandbox', id);
      return { paid: outcome.paid, message: outcome.message };
    },
  );

  // The sandbox provider, served by the shop itself when no Flutterwave keys are set: TEST MODE only.
  app.post(
    '/sandbox/charges',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'TEST MODE: charge a documented test card',
        body: z.object({
          txRef: z.string().min(1).max(80),
          amount: z.number().positive().max(MAX_AMOUNT_NAIRA),
          currency: z.literal('NGN'),
          cardNumber: z.string().max(30).describe('One of the documented test cards; any other answers 422'),
          expiry: z
            .string()
            .max(7)
            .regex(/^[ /]*(?:0[ /]*[1-9]|1[ /]*[0-2])[ /]*\d[ /]*\d[ /]*$/, 'MM/YY'),
          cvv: z
            .string()
            .max(4)
            .regex(/^ *\d{3,4} *$/, '3 digits'),
          customer: z.object({ email: z.string().max(254), name: z.string().max(120) }),
        }),
        response: {
          200: z.object({
            status: z.string(),
            transaction_id: z.string(),
            tx_ref: z.string(),
            flw_ref: z.string(),
            amount: z.number(),
            currency: z.string(),
            message: z.string(),
          }),
          ...errorResponses,
          ...ruleAnswers,
        },
      },
    },
    async (request) => {
      const row = await chargeSandboxCard(app.db, request.body);
      return {
        status: row.status,
        transaction_id: row.transactionId ?? '',
        tx_ref: row.txRef,
        flw_ref: row.flwRef,
        amount: koboToNaira(row.amountKobo),
        currency: row.currency,
        message: row.message,
      };
    },
  );

  const verifyAnswer = z.object({ status: z.string(), message: z.string(), data: z.unknown() });
  const authHeaders = z
    .object({ authorization: z.string().max(300).optional().describe('Bearer <the sandbox secret key>') })
    .loose();
  /** Like Flutterwave's verify: the secret key in Authorization, or 401 and nothing said. */
  const sandboxVerify = async (
    authorization: string | undefined,
    find: () => ReturnType<typeof findSandboxCharge>,
    reply: { status(code: number): unknown },
  ) => {
    if (!(await sandboxAuthorized(app.db, authorization))) {
      reply.status(401);
      return { status: 'error', message: 'Invalid authorization key', data: null };
    }
    const row = await find();
    if (!row) {
      reply.status(404);
      return { status: 'error', message: 'No transaction was found for this id', data: null };
    }
    return {
      status: 'success',
      message: 'Transaction fetched successfully',
      data: sandboxTransactionData(row),
    };
  };

  app.get(
    '/sandbox/v3/transactions/:id/verify',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          "TEST MODE: the sandbox's verify by id, in Flutterwave's shape (Authorization: Bearer <sandbox secret key>)",
        headers: authHeaders,
        params: z.object({ id: z.string().max(80) }),
        response: { 200: verifyAnswer, 401: verifyAnswer, 404: verifyAnswer },
      },
    },
    async (request, reply) =>
      sandboxVerify(
        request.headers.authorization,
        () => findSandboxCharge(app.db, { id: request.params.id }),
        reply,
      ),
  );

  app.get(
    '/sandbox/v3/transactions/verify_by_reference',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          "TEST MODE: the sandbox's verify by tx_ref, in Flutterwave's shape (Authorization: Bearer <sandbox secret key>)",
        headers: authHeaders,
        querystring: z.object({ tx_ref: z.string().min(1).max(80) }),
        response: { 200: verifyAnswer, 401: verifyAnswer, 404: verifyAnswer },
      },
    },
    async (request, reply) =>
      sandboxVerify(
        request.headers.authorization,
        () => findSandboxCharge(app.db, { txRef: request.query.tx_ref }),
        reply,
      ),
  );
};
