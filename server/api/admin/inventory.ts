import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import { commands, runCommand } from '../../../core/commands';
import { listLocations, locationPatchSchema } from '../../../core/inventory/locations';
import { listMovements, movementsQuerySchema } from '../../../core/inventory/movements';
import { staffCommand } from './actor';
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
        body: commands['inventory.adjust'].input,
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
      const { costKobo, movement, ...result } = await runCommand(
        'inventory.adjust',
        staffCommand(app.services, request),
        request.body,
      );
      const { unitCostKobo, ...row } = movement;
      return reply.code(201).send({
        ...result,
        cost: costKobo === null ? null : koboToNaira(costKobo),
        movement: { ...row, unitCost: unitCostKobo === null ? null : koboToNaira(unitCostKobo) },
      });
    },
  );

  const line = z.object({
    variantId: z.number(),
    sku: z.string(),
    book: z.number().describe('Units at the location at the count’s moment, by the books'),
    counted: z.number(),
    difference: z.number(),
  });
  app.post(
    '/admin/inventory/stocktakes/preview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Each counted size against the books at a location, before anything is applied; send asOf back to apply the count as of this moment',
        body: commands['inventory.stocktake.preview'].input,
        response: {
          200: z.object({
            locationId: z.number(),
            location: z.string(),
            asOf: z.number(),
            lines: z.array(line.extend({ product: z.string(), size: z.string(), color: z.string() })),
          }),
          ...changeErrors,
        },
      },
    },
    async (request) => runCommand('inventory.stocktake.preview', staffCommand(app.services, request), request.body),
  );

  app.post(
    '/admin/inventory/stocktakes',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Applies a count (rows by variantId or SKU, or a sku,counted CSV) in one transaction as stocktake rows, each difference taken against the stock at the count’s moment (asOf); an unknown SKU or a negative count refuses the whole count with 422 listing each row',
        body: commands['inventory.stocktake.apply'].input,
        response: {
          201: z.object({ id: z.number(), locationId: z.number(), asOf: z.number(), lines: z.array(line) }),
          ...changeErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await runCommand('inventory.stocktake.apply', staffCommand(app.services, request), request.body)),
  );

  app.post(
    '/admin/inventory/transfers',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Moves units of a size × colour from one location to another: two transfer rows in one transaction; 409 when the location holds fewer',
        body: commands['inventory.transfer'].input,
        response: {
          201: z.object({
            variantId: z.number(),
            sku: z.string(),
            from: z.object({ locationId: z.number(), name: z.string(), stock: z.number() }),
            to: z.object({ locationId: z.number(), name: z.string(), stock: z.number() }),
            stock: z.number().describe('What sells online after the move'),
          }),
          ...changeErrors,
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await runCommand('inventory.transfer', staffCommand(app.services, request), request.body)),
  );

  const location = z.object({
    id: z.number(),
    name: z.string(),
    address: z.string(),
    fulfilsOnline: z.boolean(),
    pickup: z.boolean(),
    isDefault: z.boolean(),
    position: z.number(),
    units: z.number(),
  });
  app.get(
    '/admin/locations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Where stock is kept, in the order online orders take from them, with the units each holds',
        response: { 200: z.object({ items: z.array(location) }), ...adminErrors },
      },
    },
    async () => ({ items: await listLocations(app.db) }),
  );
  app.post(
    '/admin/locations',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Adds a location (a second shop, a store room); whether it fulfils online orders, and whether it hands over pickup orders',
        body: commands['locations.create'].input,
        response: { 201: location, ...changeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await runCommand('locations.create', staffCommand(app.services, request), request.body)),
  );
  app.patch(
    '/admin/locations/:id',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Changes a location; starting or stopping fulfilling online orders counts again what sells online (no unit moves)',
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: locationPatchSchema,
        response: { 200: location, ...changeErrors },
      },
    },
    async (request) =>
      runCommand('locations.update', staffCommand(app.services, request), {
        ...request.body,
        id: request.params.id,
      }),
  );
};
