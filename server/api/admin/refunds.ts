import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { daySchema, recordIdSchema } from '../../../contracts/limits';
import { koboToNaira } from '../../../contracts/money';
import { runCommand } from '../../../core/commands';
import { refundAccountSchema, refundBanks } from '../../../core/refunds/bank-account';
import { refundRequestSchema } from '../../../core/refunds/plan';
import { listRefunds, refundableFor, refundsOfOrder, type RefundView } from '../../../core/refunds/views';
import { refundProviders, refundStatuses } from '../../../db/schema/payments';
import { staffCommand } from './actor';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = {
  ...errorResponses,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

/** An order as the admin's other order routes name it: its number. */
const orderParams = z.object({ id: z.string().max(30) });

const refundDto = z.object({
  id: z.number(),
  orderId: z.string().describe('The order number'),
  purpose: z.enum(['order', 'owed']).describe("'owed': money owed back beyond what the order took"),
  provider: z.enum(refundProviders),
  isTest: z.boolean().describe('TEST MODE: no money moved'),
  amount: z.number().describe('₦'),
  shipping: z.number().describe('₦ of the amount that is the delivery charge'),
  status: z.enum(refundStatuses),
  reason: z.string(),
  restock: z.boolean().describe('Its units go back on sale when it completes; a failed one puts none back'),
  lines: z.array(
    z.object({
      orderLineId: z.number(),
      name: z.string(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      quantity: z.number(),
      amount: z.number().describe('₦'),
    }),
  ),
  providerReference: z.string().nullable(),
  failureReason: z.string().nullable(),
  bankDetails: z
    .object({ accountName: z.string(), accountNumber: z.string(), bankName: z.string() })
    .nullable()
    .describe('Where a refund by hand, or one the card could not take back, was sent'),
  createdBy: z.string().describe('The staff member’s e-mail, as it was then'),
  createdByName: z.string().nullable().describe('The staff member’s name, while their account is there'),
  returnId: z.string().nullable().describe('The return it settles'),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

function toRefundDto(refund: RefundView): z.infer<typeof refundDto> {
  return {
    id: refund.id,
    orderId: refund.orderNumber,
    purpose: refund.purpose,
    provider: refund.provider,
    isTest: refund.isTest,
    amount: koboToNaira(refund.amountKobo),
    shipping: koboToNaira(refund.shippingKobo),
    status: refund.status,
    reason: refund.reason,
    restock: refund.restock,
    lines: refund.lines.map(({ amountKobo, ...line }) => ({ ...line, amount: koboToNaira(amountKobo) })),
    providerReference: refund.providerReference,
    failureReason: refund.failureReason,
    bankDetails: refund.bankDetails,
    createdBy: refund.createdBy,
    createdByName: refund.createdByName,
    returnId: refund.returnNumber,
    createdAt: refund.createdAt,
    completedAt: refund.completedAt,
  };
}

const refundAnswer = z.object({
  id: z.number(),
  amount: z.number().describe('₦'),
  status: z.enum(refundStatuses),
  failureReason: z.string().nullable(),
});

/** A day as the admin's filters send it, or empty for none. */
const adminDay = daySchema('Use a date like 2026-11-21').or(z.literal(''));

/**
 * The admin's refunds: give money back on an order, see what remains, retry a failed refund, send one
 * the card cannot take back to the shopper's bank account.
 */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.payments;

  app.post(
    '/admin/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Refund a paid order: an amount (₦), or lines and/or the delivery charge, with a reason; money paid into the shop’s own account needs `manual` bank details',
        params: orderParams,
        body: refundRequestSchema,
        response: { 201: refundAnswer, ...adminErrors },
      },
    },
    async (request, reply) => {
      const refund = await runCommand('refunds.create', staffCommand(app.services, request), {
        ...request.body,
        id: request.params.id,
      });
      return reply.status(201).send({
        id: refund.id,
        amount: koboToNaira(refund.amountKobo),
        status: refund.status,
        failureReason: refund.failureReason,
      });
    },
  );

  app.get(
    '/admin/orders/:id/refunds',
    {
      schema: {
        tags: ['admin'],
        summary: 'An order’s refunds, and what remains to refund on it',
        params: orderParams,
        response: {
          200: z.object({
            refunds: z.array(refundDto),
            refundable: z.object({
              received: z.number().describe('₦ the order took'),
              refunded: z.number().describe('₦ refunded or on its way'),
              remaining: z.number().describe('₦ that may still be refunded'),
              shippingRemaining: z.number().describe('₦ of the delivery charge not yet refunded'),
              provider: z.enum(refundProviders),
              lines: z.array(
                z.object({
                  orderLineId: z.number(),
                  productId: z.number().nullable(),
                  name: z.string(),
                  size: z.string().nullable(),
                  color: z.string().nullable(),
                  unitPrice: z.number(),
                  quantity: z.number(),
                  refundedQuantity: z.number(),
                }),
              ),
            }),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const refundable = await refundableFor(app.db, request.params.id);
      const refunds = await refundsOfOrder(app.db, request.params.id);
      return {
        refunds: refunds.map(toRefundDto),
        refundable: {
          received: koboToNaira(refundable.receivedKobo),
          refunded: koboToNaira(refundable.refundedKobo),
          remaining: koboToNaira(refundable.remainingKobo),
          shippingRemaining: koboToNaira(refundable.shippingRemainingKobo),
          provider: refundable.provider,
          lines: refundable.lines.map(({ unitPriceKobo, ...line }) => ({
            ...line,
            unitPrice: koboToNaira(unitPriceKobo),
          })),
        },
      };
    },
  );

  app.get(
    '/admin/refunds',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every refund, newest first: search by order, e-mail, staff, reference or reason; status; dates',
        querystring: z.object({
          q: z.string().max(100).optional(),
          status: z.enum(refundStatuses).optional(),
          from: adminDay.optional().describe('yyyy-mm-dd'),
          to: adminDay.optional().describe('yyyy-mm-dd'),
        }),
        response: { 200: z.object({ refunds: z.array(refundDto) }), ...adminErrors },
      },
    },
    async (request) => ({ refunds: (await listRefunds(app.db, request.query)).map(toRefundDto) }),
  );

  app.post(
    '/admin/refunds/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ask the provider again for a failed refund (check the provider’s dashboard first)',
        params: z.object({ id: recordIdSchema }),
        response: { 200: refundAnswer, ...adminErrors },
      },
    },
    async (request) => {
      const refund = await runCommand('refunds.retry', staffCommand(app.services, request), {
        id: request.params.id,
      });
      return {
        id: refund.id,
        amount: koboToNaira(refund.amountKobo),
        status: refund.status,
        failureReason: refund.failureReason,
      };
    },
  );

  app.get(
    '/admin/refunds/:id/banks',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The banks a refund the card cannot take back may be sent to, from its provider (409 when the provider sends to none)',
        params: z.object({ id: recordIdSchema }),
        response: {
          200: z.object({ banks: z.array(z.object({ id: z.string(), name: z.string() })) }),
          ...adminErrors,
        },
      },
    },
    async (request) => ({ banks: await refundBanks(deps, request.params.id) }),
  );

  app.post(
    '/admin/refunds/:id/bank-account',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Send a refund the card cannot take back (needs_attention) to the shopper’s bank account: a 10-digit account number and a bank of GET /admin/refunds/{id}/banks',
        params: z.object({ id: recordIdSchema }),
        body: refundAccountSchema,
        response: { 200: refundDto, ...adminErrors },
      },
    },
    async (request) =>
      toRefundDto(
        await runCommand('refunds.bank-account', staffCommand(app.services, request), {
          ...request.body,
          id: request.params.id,
        }),
      ),
  );
};
