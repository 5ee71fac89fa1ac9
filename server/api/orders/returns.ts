import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import { returnReasonIds, returnResolutionIds, returnStatusIds } from '../../../contracts/returns';
import { returnRequestSchema } from '../../../core/returns/plan';
import { requestReturn } from '../../../core/returns/request';
import { listOrderReturns, returnableLines, type ReturnView } from '../../../core/returns/views';
import { errorResponses, errorSchema } from '../schemas';

const naira = z.number().describe('Naira, at most two decimals');

export const returnDto = z.object({
  id: z.number(),
  number: z.string().describe("What the shopper and staff read: 'RET-10001'"),
  orderNumber: z.string(),
  status: z.enum(returnStatusIds),
  statusLabel: z.string(),
  resolution: z.enum(returnResolutionIds),
  resolutionLabel: z.string(),
  note: z.string(),
  instructions: z.string().describe("Staff's instructions for sending the parcel back, once approved"),
  declineReason: z.string().nullable(),
  exchangeCarrier: z.string().nullable(),
  exchangeTrackingNumber: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number(),
      orderLineId: z.number(),
      productId: z.number().nullable(),
      name: z.string(),
      image: z.string().nullable(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      quantity: z.number(),
      unitPrice: naira,
      reason: z.enum(returnReasonIds),
      reasonLabel: z.string(),
      reasonText: z.string(),
      exchangeFor: z
        .object({ variantId: z.number(), size: z.string(), color: z.string(), price: naira })
        .nullable()
        .describe('The size and colour sent instead (an exchange)'),
      exchangeReserved: z.boolean().describe("The exchange's units are set aside from stock"),
      restocked: z.boolean().nullable().describe('Once received: whether the units went back on sale'),
    }),
  ),
  itemsTotal: naira.describe('What the returned units cost'),
  refund: naira.describe(
    'Money this return gives back: the units (a refund) or the cheaper piece’s difference',
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
  approvedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});

export function toReturnDto(view: ReturnView): z.infer<typeof returnDto> {
  return {
    id: view.id,
    number: view.number,
    orderNumber: view.orderNumber,
    status: view.status,
    statusLabel: view.statusLabel,
    resolution: view.resolution,
    resolutionLabel: view.resolutionLabel,
    note: view.note,
    instructions: view.instructions,
    declineReason: view.declineReason,
    exchangeCarrier: view.exchangeCarrier,
    exchangeTrackingNumber: view.exchangeTrackingNumber,
    items: view.items.map((item) => ({
      id: item.id,
      orderLineId: item.orderLineId,
      productId: item.productId,
      name: item.name,
      image: item.imageUrl,
      size: item.size,
      color: item.color,
      quantity: item.quantity,
      unitPrice: koboToNaira(item.unitPriceKobo),
      reason: item.reason,
      reasonLabel: item.reasonLabel,
      reasonText: item.reasonText,
      exchangeFor: item.exchangeFor && {
        variantId: item.exchangeFor.variantId,
        size: item.exchangeFor.size,
        color: item.exchangeFor.color,
        price: koboToNaira(item.exchangeFor.priceKobo),
      },
      exchangeReserved: item.exchangeReserved,
      restocked: item.restocked,
    })),
    itemsTotal: koboToNaira(view.itemsKobo),
    refund: koboToNaira(view.refundKobo),
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
    approvedAt: view.approvedAt,
    receivedAt: view.receivedAt,
    closedAt: view.closedAt,
  };
}

const returnableDto = z.object({
  orderNumber: z.string(),
  deliveredAt: z.string().nullable(),
  windowEndsAt: z.string().nullable().describe('The last moment a return may be asked'),
  windowOpen: z.boolean(),
  closedReason: z.string().nullable(),
  returnsDays: z.number(),
  lines: z.array(
    z.object({
      orderLineId: z.number(),
      productId: z.number().nullable(),
      name: z.string(),
      image: z.string().nullable(),
      size: z.string().nullable(),
      color: z.string().nullable(),
      unitPrice: naira,
      bought: z.number(),
      returnable: z.number().describe('Bought, less what is in returns not declined'),
      exchangeOptions: z.array(
        z.object({
          variantId: z.number(),
          size: z.string(),
          color: z.string(),
          stock: z.number(),
          price: naira,
        }),
      ),
    }),
  ),
});

const params = z.object({ id: z.string().max(30).describe('The order number') });
const keyQuery = z.object({ key: z.string().max(100).optional() });

/** A shopper's returns of one order: for its owner or whoever holds the order's link (its key). */
export const orderReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.orders;

  app.post(
    '/orders/:id/returns',
    {
      schema: {
        tags: ['orders'],
        summary: 'Ask to return lines of a delivered order, for the money back or another size or colour',
        description:
          "For the order's signed-in owner, or with the order's `key`; anyone else gets 404. Each item names a line of the order (product, size and colour), a quantity up to what was bought and not already in a return (declined returns aside) and a reason ('other' needs `reasonText`). With `resolution: 'exchange'`, `exchangeFor` names the piece wanted for each item, in the same order: the same product in another size or colour, at most the price paid (a dearer one answers 409: ask for the money back and order it). Its units are set aside at once; a sold-out one answers 409. Outside the `returnsDays` window after delivery, or before delivery, 409. The same request again while the first is still requested answers the first (200).",
        params,
        body: returnRequestSchema,
        response: {
          201: returnDto,
          200: returnDto.describe('The same request again: the first return'),
          ...errorResponses,
          409: errorSchema,
          422: errorSchema.describe(
            'A rule the shape cannot state: Other without words, one exchange per item, a line listed twice',
          ),
        },
      },
    },
    async (request, reply) => {
      const { created, view } = await requestReturn(deps, request.params.id, request.body, {
        user: request.user,
        key: request.body.key,
      });
      reply.status(created ? 201 : 200);
      return toReturnDto(view);
    },
  );

  app.get(
    '/orders/:id/returns',
    {
      schema: {
        tags: ['orders'],
        summary: "An order's returns, newest first, with where each stands",
        params,
        querystring: keyQuery,
        response: { 200: z.object({ returns: z.array(returnDto) }), ...errorResponses },
      },
    },
    async (request) => ({
      returns: (
        await listOrderReturns(app.db, request.params.id, { user: request.user, key: request.query.key })
      ).map(toReturnDto),
    }),
  );

  app.get(
    '/orders/:id/returnable',
    {
      schema: {
        tags: ['orders'],
        summary:
          'What of an order can be returned now: the window, and per line how many and which sizes in exchange',
        params,
        querystring: keyQuery,
        response: { 200: returnableDto, ...errorResponses },
      },
    },
    async (request) => {
      const view = await returnableLines(app.db, request.params.id, {
        user: request.user,
        key: request.query.key,
      });
      return {
        ...view,
        lines: view.lines.map(({ imageUrl, unitPriceKobo, exchangeOptions, ...line }) => ({
          ...line,
          image: imageUrl,
          unitPrice: koboToNaira(unitPriceKobo),
          exchangeOptions: exchangeOptions.map(({ priceKobo, ...option }) => ({
            ...option,
            price: koboToNaira(priceKobo),
          })),
        })),
      };
    },
  );
};
