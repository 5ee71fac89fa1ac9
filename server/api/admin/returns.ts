import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import { returnStatusIds } from '../../../contracts/returns';
import { runCommand } from '../../../core/commands';
import { returnMoveCommands } from '../../../core/returns/commands';
import { type ReturnMove, returnMoveIds, returnMoveSchemas } from '../../../core/returns/plan';
import { type AdminReturnView, getReturnForAdmin, listReturnsForAdmin } from '../../../core/returns/views';
import { staffCommand } from './actor';
import { returnDto, toReturnDto } from '../orders/returns';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema };

const adminReturnDto = returnDto.extend({
  customerName: z.string(),
  email: z.string(),
  orderStatus: z.string(),
  paymentStatus: z.string(),
  handledBy: z.string().nullable().describe('The staff member who made the last move (e-mail)'),
  moves: z
    .array(z.enum(returnMoveIds))
    .describe('The moves open now; the admin shows these buttons and no others'),
  refunds: z.array(
    z.object({ id: z.number(), amount: z.number(), status: z.string(), createdAt: z.string() }),
  ),
});

function toAdminReturnDto(view: AdminReturnView): z.infer<typeof adminReturnDto> {
  return {
    ...toReturnDto(view),
    customerName: view.customerName,
    email: view.email,
    orderStatus: view.orderStatus,
    paymentStatus: view.paymentStatus,
    handledBy: view.handledBy,
    moves: view.moves,
    refunds: view.refunds.map((refund) => ({
      id: refund.id,
      amount: koboToNaira(refund.amountKobo),
      status: refund.status,
      createdAt: refund.createdAt,
    })),
  };
}

const params = z.object({ id: z.string().max(20).describe("The return's id, or its number ('RET-10001')") });

const moveSummaries: Record<ReturnMove, string> = {
  approve: 'Approve a requested return, with instructions for sending the parcel back',
  decline: 'Decline a requested return, with a reason; an exchange’s set-aside units go back on sale',
  receive:
    'The parcel is back: `restock` true puts every unit back on sale, false keeps them off (damaged), or one answer per return item id',
  refund: 'Give the money back for the returned units through the payment provider (or by hand), once',
  exchange:
    'Ship the exchange at no charge, with the carrier and tracking number; a cheaper piece’s difference is refunded',
  close: 'Close a refunded or exchanged return',
};

/** The admin's Returns: every return, one by one, and each staff move. */
export const adminReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/returns',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every return, newest first: filter by status; search by return or order number or e-mail',
        querystring: z.object({
          status: z.enum(returnStatusIds).optional(),
          q: z.string().max(100).optional(),
        }),
        response: { 200: z.object({ returns: z.array(adminReturnDto) }), ...adminErrors },
      },
    },
    async (request) => ({
      returns: (await listReturnsForAdmin(app.db, request.query)).map(toAdminReturnDto),
    }),
  );

  app.get(
    '/admin/returns/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One return: its order, customer, items, reasons and refunds',
        params,
        response: { 200: adminReturnDto, ...adminErrors },
      },
    },
    async (request) => toAdminReturnDto(await getReturnForAdmin(app.db, request.params.id)),
  );

  for (const move of returnMoveIds) {
    const body = returnMoveSchemas[move];
    const fields = Object.values(body.shape) as z.ZodType[];
    // A move whose fields are all optional may be sent with no body at all.
    const optional = fields.every((field) => field.safeParse(undefined).success);
    app.post(
      `/admin/returns/:id/${move}`,
      {
        schema: {
          tags: ['admin'],
          summary: moveSummaries[move],
          description:
            'Moves the return once: a second click, or another staff member, gets 409 "This return has moved on". Written on the order’s timeline and the activity log; the shopper is notified and e-mailed.',
          params,
          ...(fields.length === 0 ? {} : { body: optional ? body.optional() : body }),
          response: { 200: adminReturnDto, ...adminErrors, 422: errorSchema },
        },
      },
      async (request) =>
        toAdminReturnDto(
          await runCommand(returnMoveCommands[move], staffCommand(app.services, request), {
            ...(request.body as object | undefined),
            id: request.params.id,
          }),
        ),
    );
  }
};
