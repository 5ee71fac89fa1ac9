import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listMovements, movementsQuerySchema } from '../../../core/inventory/movements';
import { movementReasons } from '../../../db/schema/inventory';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema };

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
};
