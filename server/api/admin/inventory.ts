import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import { adjustmentBodySchema, adjustStock } from '../../../core/inventory/adjust';
import { listMovements, movementsQuerySchema } from '../../../core/inventory/movements';
import { staffActor } from './actor';
import { movementReasons } from '../../../db/schema/inventory';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema };
const changeErrors = { ...adminErrors, 404: errorSchema, 409: errorSchema, 422: errorSchema };

/** /api/admin/inventory: the stock ledger (docs/decisions/0067-inventory-ledger.md). */
export const adminInventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/inventory/movements',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Every change to stock, newest first, 50 a page: a size × colour's history (variantId), at a location (locationId), with its reason, cause and the balance after it",
        querystring: movementsQuerySchema,
        response: {
          200: z.object({
            items: z.array(
              z.object({
                id: z.number(),
                variantId: z.number().nullable(),
                sku: z.string(),
                locationId: z.number(),
                quantity: z.number(),
                reason: z.enum(movementReasons),
                balance: z.number(),
                orderId: z.number().nullable(),
                orderNumber: z.string().nullable(),
                returnId: z.number().nullable(),
                actor: z.string().nullable(),
                note: z.string(),
                at: z.string(),
              }),
            ),
            total: z.number(),
            page: z.number(),
            pageCount: z.number(),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => listMovements(app.db, request.query),
  );

  app.post(
    '/admin/inventory/adjustments',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Changes a size × colour's count by hand: received or found (+), damaged or lost (−), or a correction; 409 naming the SKU when it would go below zero. Units received may carry unitCost (naira): the ledger's row keeps it and it becomes the size × colour's cost price (latest cost wins); a cost on another reason, or below 0, is a 422",
        body: adjustmentBodySchema,
        response: {
          201: z.object({
            variantId: z.number(),
            sku: z.string(),
            locationId: z.number(),
            stock: z.number(),
            cost: z
              .number()
              .nullable()
              .describe("Naira: the size × colour's cost price after the change; null: not known"),
            movement: z.object({
              id: z.number(),
              quantity: z.number(),
              reason: z.literal('adjustment'),
              balance: z.number(),
              note: z.string(),
              unitCost: z.number().nullable().describe('Naira: what one unit received cost, when given'),
            }),
          }),
          ...changeErrors,
        },
      },
    },
    async (request, reply) => {
      const { costKobo, movement, ...result } = await adjustStock(app.db, request.body, staffActor(request));
      const { unitCostKobo, ...row } = movement;
      return reply.code(201).send({
        ...result,
        cost: costKobo === null ? null : koboToNaira(costKobo),
        movement: { ...row, unitCost: unitCostKobo === null ? null : koboToNaira(unitCostKobo) },
      });
    },
  );
};
