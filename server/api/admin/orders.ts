import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import { runCommand } from '../../../core/commands';
import { listOrdersForAdmin } from '../../../core/orders/manage-orders';
import { staffCommand } from './actor';
import { errorResponses, errorSchema } from '../schemas';
import { orderDto, toStaffOrderDto } from '../orders/dto';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema };

const SHIPPING_NEEDS = 'Required to mark an order shipped';
const PICKUP_NEEDS = 'Required to mark an order picked up';
const note = z.string().trim().max(500).optional();
/**
 * A move by hand: shipping names the carrier and the tracking number; collecting a pickup order
 * needs the code its shopper shows; delivering, readying or cancelling needs neither.
 */
const statusChange = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('shipped'),
    carrier: z
      .string(SHIPPING_NEEDS)
      .trim()
      .min(1, SHIPPING_NEEDS)
      .max(60)
      .describe(
        "A carrier from the settings' list, by id or name: the order stores its tracking link. Another name ships without a link",
      ),
    trackingNumber: z.string(SHIPPING_NEEDS).trim().min(1, SHIPPING_NEEDS).max(60),
    note,
  }),
  z.object({
    status: z.literal('delivered'),
    carrier: z.string().trim().max(60).optional(),
    trackingNumber: z.string().trim().max(60).optional(),
    note,
  }),
  z.object({
    status: z.literal('ready_for_pickup').describe('A paid pickup order is waiting at the shop'),
    note,
  }),
  z.object({
    status: z.literal('picked_up'),
    pickupCode: z
      .string(PICKUP_NEEDS)
      .trim()
      .min(1, PICKUP_NEEDS)
      .max(20)
      .describe('The code the shopper shows; a wrong one is 400 and nothing changes'),
    note,
  }),
  z.object({
    status: z.literal('cancelled'),
    carrier: z.string().trim().max(60).optional(),
    trackingNumber: z.string().trim().max(60).optional(),
    note,
    refund: z
      .boolean()
      .optional()
      .describe(
        'Cancelling a paid order: refund everything that remains through the provider, in the same step',
      ),
    reason: z.string().trim().min(1).max(300).optional().describe("The refund's reason"),
  }),
]);

/** The admin's Orders: every order, and moving one along. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/orders',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every order, newest first: search by number, customer name or e-mail; filter by status',
        querystring: z.object({
          q: z.string().max(100).optional(),
          status: z.string().max(30).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({
            orders: z.array(
              z.object({
                id: z.string(),
                date: z.string(),
                customerName: z.string(),
                customerEmail: z.string(),
                status: z.string(),
                statusLabel: z.string(),
                paymentMethod: z.string(),
                paymentStatus: z.string(),
                total: z.number(),
                itemCount: z.number(),
              }),
            ),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => {
      const result = await listOrdersForAdmin(app.db, request.query);
      return {
        ...result,
        orders: result.orders.map((order) => ({
          id: order.number,
          date: order.placedAt,
          customerName: order.customerName,
          customerEmail: order.email,
          status: order.status,
          statusLabel: order.statusLabel,
          paymentMethod: order.paymentMethod,
          paymentStatus: order.paymentStatus,
          total: koboToNaira(order.totalKobo),
          itemCount: order.itemCount,
        })),
      };
    },
  );

  app.patch(
    '/admin/orders/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Processing → Shipped (carrier, tracking number) → Delivered; a pickup order Processing → Ready for pickup → Picked up (its code); or Cancelled (stock returns; `refund: true` gives a paid order’s money back)',
        params: z.object({ id: z.string().max(30) }),
        body: statusChange,
        response: { 200: orderDto, ...adminErrors, 429: errorSchema.describe('Too many wrong pickup codes') },
      },
    },
    async (request) =>
      toStaffOrderDto(
        await runCommand('orders.move', staffCommand(app.services, request), {
          ...request.body,
          number: request.params.id,
        }),
      ),
  );
};
