import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runCommand } from '../../../core/commands';
import { listTransactions } from '../../../core/payments/transactions';
import { transactionStatuses } from '../../../db/schema/payments';
import { daySchema, recordIdSchema } from '../../../contracts/limits';
import { koboToNaira } from '../../../contracts/money';
import { staffCommand } from './actor';
import { errorResponses, errorSchema } from '../schemas';
import { orderDto, toOrderDto } from '../orders/dto';

const adminErrors = {
  ...errorResponses,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

/** A day as the admin's filters send it, or empty for none. */
const adminDay = daySchema('Use a date like 2026-11-21').or(z.literal(''));

/** The admin's Payments: every attempt, re-verification, and confirming bank transfers. */
export const adminPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/transactions',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Payment transactions: search by id, reference, customer name or e-mail; status; dates (last 30 days by default)',
        querystring: z.object({
          q: z.string().max(100).optional(),
          status: z
            .enum(transactionStatuses)
            .optional()
            .describe(
              "'review': needs the shop's decision; 'refund_due': money owed back (overpayments too)",
            ),
          from: adminDay.optional().describe('yyyy-mm-dd; the last 30 days when neither date is given'),
          to: adminDay.optional().describe('yyyy-mm-dd'),
        }),
        response: {
          200: z.object({
            transactions: z.array(
              z.object({
                id: z.number(),
                tx_ref: z.string(),
                orderId: z.string(),
                provider: z.string(),
                providerTransactionId: z.string().nullable(),
                amount: z.number().describe('₦ asked (an attempt), or ₦ that arrived (a further transfer)'),
                received: z.number().nullable().describe('₦ the provider reports arrived'),
                shortfall: z
                  .number()
                  .nullable()
                  .describe('₦ the shop accepted without receiving it, confirming a short transfer'),
                refundDue: z.number().nullable().describe('₦ of it the shop owes back'),
                acceptedBy: z
                  .string()
                  .nullable()
                  .describe('The administrator who accepted a transfer under review'),
                currency: z.string(),
                status: z.string(),
                payment_type: z.string().nullable(),
                customer: z.object({ name: z.string(), email: z.string() }),
                verified: z.boolean(),
                verifiedAt: z.string().nullable(),
                message: z.string(),
                created_at: z.string(),
              }),
            ),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => ({
      transactions: (await listTransactions(app.db, request.query)).map((row) => ({
        id: row.id,
        tx_ref: row.txRef,
        orderId: row.orderNumber,
        provider: row.provider,
        providerTransactionId: row.providerTransactionId,
        amount: koboToNaira(row.amountKobo),
        received: row.receivedKobo === null ? null : koboToNaira(row.receivedKobo),
        shortfall: row.shortfallKobo === null ? null : koboToNaira(row.shortfallKobo),
        refundDue: row.refundDueKobo === null ? null : koboToNaira(row.refundDueKobo),
        acceptedBy: row.acceptedBy,
        currency: row.currency,
        status: row.status,
        payment_type: row.paymentType,
        customer: row.customer,
        verified: row.verified,
        verifiedAt: row.verifiedAt,
        message: row.message,
        created_at: row.createdAt,
      })),
    }),
  );

  app.post(
    '/admin/transactions/:id/verify',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ask the provider again about a card payment',
        params: z.object({ id: recordIdSchema }),
        response: { 200: z.object({ message: z.string() }), ...adminErrors },
      },
    },
    async (request) => ({
      message: await runCommand('payments.verify', staffCommand(app.services, request), request.params),
    }),
  );

  app.post(
    '/admin/orders/:id/confirm-transfer',
    {
      schema: {
        tags: ['admin'],
        summary: 'Confirm that a bank transfer arrived: the order becomes paid once and the customer is told',
        params: z.object({ id: z.string().max(30) }),
        response: { 200: z.object({ changed: z.boolean(), order: orderDto }), ...adminErrors },
      },
    },
    async (request) => {
      const result = await runCommand('payments.transfer.confirm', staffCommand(app.services, request), {
        number: request.params.id,
      });
      return { changed: result.changed, order: toOrderDto(result.order) };
    },
  );
};
