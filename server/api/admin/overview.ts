import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import { shopOverview } from '../../../core/reports/overview';
import { listOrdersForAdmin } from '../../../core/orders/manage-orders';
import { errorResponses, errorSchema } from '../schemas';

const overviewDto = z.object({
  today: z.string().describe('yyyy-mm-dd, Lagos time'),
  revenue: z
    .array(
      z.object({
        id: z.enum(['today', '7d', '30d']),
        label: z.string(),
        from: z.string(),
        to: z.string(),
        revenue: z.number().describe('Naira, net of refunds'),
        orders: z.number(),
        refunded: z.number().describe('Naira given back on orders in these days'),
        refunds: z.number().describe('How many refunds completed in these days'),
      }),
    )
    .describe(
      'Orders paid in these Lagos days (by when paid), not cancelled, less refunds (by when they completed)',
    ),
  ordersByStatus: z.array(z.object({ status: z.string(), label: z.string(), orders: z.number() })),
  newCustomers: z.object({ last7Days: z.number(), last30Days: z.number() }),
  lowStock: z
    .array(
      z.object({
        productId: z.number(),
        name: z.string(),
        variantId: z.number(),
        sku: z.string(),
        size: z.string().nullable().describe('null: the product offers no size'),
        color: z.string().nullable().describe("The colour's name; null: the product offers no colour"),
        stock: z.number().describe("This size and colour's units"),
        status: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
      }),
    )
    .describe(
      'Sizes and colours of products on sale below the threshold, sold out included, the emptiest first',
    ),
  lowStockCount: z.number().describe('Sizes and colours below the threshold, sold out included'),
  outOfStockCount: z.number().describe('Of those, the sold-out ones'),
  lowStockProducts: z
    .number()
    .describe('Products on sale with some size or colour below the threshold, still selling others'),
  outOfStockProducts: z.number().describe('Products on sale with nothing left in any size or colour'),
  lowStockThreshold: z.number(),
  recentOrders: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      customerName: z.string(),
      status: z.string(),
      statusLabel: z.string(),
      total: z.number().describe('Naira'),
    }),
  ),
});

/** /api/admin/overview: the dashboard's figures; administrators only, checked on the server. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/overview',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Revenue today and over the last 7 and 30 Lagos days, orders by status, new customers, low stock and the latest orders',
        response: { 200: overviewDto, ...errorResponses, 401: errorSchema, 403: errorSchema },
      },
    },
    async () => {
      const [overview, recent] = await Promise.all([
        shopOverview(app.db),
        listOrdersForAdmin(app.db, { pageSize: 6 }),
      ]);
      return {
        ...overview,
        revenue: overview.revenue.map(({ revenueKobo, refundsKobo, ...figure }) => ({
          ...figure,
          revenue: koboToNaira(revenueKobo),
          refunded: koboToNaira(refundsKobo),
        })),
        recentOrders: recent.orders.map((order) => ({
          id: order.number,
          date: order.placedAt,
          customerName: order.customerName,
          status: order.status,
          statusLabel: order.statusLabel,
          total: koboToNaira(order.totalKobo),
        })),
      };
    },
  );
};
