import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import { reportRangeSchema } from '../../../core/reports/range';
import { buildShopReport, type ShopReport } from '../../../core/reports/shop-report';
import { errorResponses, errorSchema, ruleAnswers } from '../schemas';

const naira = z.number().describe('Naira, at most two decimals');
const day = z.string().describe('yyyy-mm-dd, Lagos time');
const productUnits = z.object({
  productId: z.number(),
  name: z.string(),
  unitsSold: z.number(),
  revenue: naira,
  stock: z.number(),
});

export const reportDto = z.object({
  range: z.object({ from: day, to: day, days: z.number() }),
  generatedAt: z.string(),
  users: z.object({
    signUps: z.number(),
    signIns: z.number(),
    peopleSignedIn: z.number(),
    returningCustomers: z
      .number()
      .describe('Signed in, or placed an order that was not their first, in the range'),
    customers: z.number(),
    activeInRange: z.number(),
    inactiveInRange: z.number(),
    deactivatedAccounts: z.number(),
    dailySignUps: z.array(z.object({ day, signUps: z.number() })),
  }),
  sales: z.object({
    revenue: naira.describe(
      'Orders paid in the range (by when paid), not cancelled, less refunds completed in the range',
    ),
    grossRevenue: naira.describe('What the orders paid in the range took, before refunds'),
    refunds: z
      .object({ count: z.number(), amount: naira })
      .describe('Money given back on orders, by the day each refund completed'),
    orders: z.number().describe('Paid orders, those given money back since included'),
    averageOrder: naira,
    unitsSold: z.number(),
    daily: z.array(z.object({ day, revenue: naira, orders: z.number() })),
    bestsellers: z.array(productUnits),
    slowMovers: z.array(productUnits),
    paymentMethods: z.array(
      z.object({
        method: z.string(),
        label: z.string(),
        orders: z.number(),
        revenue: naira,
        percent: z.number(),
      }),
    ),
  }),
  inventory: z.object({
    products: z.number().describe('Products on sale'),
    variants: z.number().describe('Their sizes and colours'),
    units: z.number(),
    outOfStock: z.number().describe('Products with nothing left in any size or colour'),
    lowStock: z
      .number()
      .describe('Products still selling of which some size or colour is below the threshold or sold out'),
    outOfStockVariants: z.number().describe('Sizes and colours with nothing left'),
    lowStockVariants: z.number().describe('Sizes and colours in stock but below the threshold'),
    lowStockThreshold: z.number(),
    stockValue: naira.describe('The units of products on sale at the price each size and colour sells at'),
    stockValueBasis: z
      .literal('retail')
      .describe('Valued at the selling price; the value at cost is in `stockValue` at the top level'),
    lowest: z
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
          price: naira.describe("What this size and colour sells at: its own price or the product's"),
          productStock: z.number().describe("The product's units over all its sizes and colours"),
        }),
      )
      .describe('The sizes and colours with the fewest left: sold out first, then low, then the rest'),
  }),
  stockValue: z
    .object({
      units: z
        .number()
        .describe('Units on hand: the sum of the levels at every location, whatever the product'),
      costedUnits: z.number().describe('Of them, units of sizes and colours with a cost'),
      uncostedUnits: z.number().describe('Units of sizes and colours without a cost: not in atCost'),
      uncostedVariants: z.number().describe('Sizes and colours on hand without a cost'),
      atCost: naira.describe('The costed units at their cost'),
      atPrice: naira.describe("Every unit at the price it sells at: its own, or its product's"),
      costedAtPrice: naira.describe('The costed units at the price they sell at'),
      marginPercent: z
        .number()
        .nullable()
        .describe('(price − cost) / price over the costed units, one decimal; null: no costed unit on hand'),
    })
    .describe('What the shelves hold now and what it is worth: at cost and at the selling price'),
  orders: z.object({
    placed: z.number(),
    byStatus: z.array(z.object({ status: z.string(), label: z.string(), orders: z.number() })),
    completed: z.number(),
    pending: z.number(),
    cancelled: z.number(),
    inTransit: z.number(),
    refunded: z.number(),
    inTransitOrders: z.array(
      z.object({
        id: z.string(),
        carrier: z.string().nullable(),
        trackingNumber: z.string().nullable(),
        shippingMethod: z.string(),
        shippedAt: z.string().nullable(),
        expectedBy: day.nullable(),
      }),
    ),
  }),
  traffic: z.object({
    views: z.number(),
    ordersPlaced: z.number(),
    conversionPercent: z.number().describe('Orders placed per 100 page views'),
    sources: z.array(z.object({ source: z.string(), views: z.number(), percent: z.number() })),
    topPages: z.array(z.object({ path: z.string(), views: z.number() })),
    daily: z.array(z.object({ day, views: z.number() })),
  }),
  feedback: z.object({
    reviews: z.number(),
    averageRating: z.number(),
    distribution: z.array(z.object({ rating: z.number(), reviews: z.number(), percent: z.number() })),
    lowestRated: z.array(
      z.object({ productId: z.number(), name: z.string(), averageRating: z.number(), reviews: z.number() }),
    ),
  }),
  admin: z.object({
    actions: z.number(),
    byAction: z.array(z.object({ action: z.string(), count: z.number() })),
    latest: z.array(
      z.object({
        id: z.number(),
        action: z.string(),
        actorEmail: z.string(),
        summary: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
  marketing: z.object({
    coupons: z.array(z.object({ code: z.string(), uses: z.number(), discount: naira, revenue: naira })),
    couponUses: z.number(),
    discount: naira,
    newsletter: z.object({ subscribed: z.number(), unsubscribed: z.number(), subscribers: z.number() }),
  }),
});

/** The report as the API speaks it: naira instead of kobo. */
export function toReportDto(report: ShopReport): z.infer<typeof reportDto> {
  const units = ({ revenueKobo, ...row }: ShopReport['sales']['bestsellers'][number]) => ({
    ...row,
    revenue: koboToNaira(revenueKobo),
  });
  const { sales, inventory, stockValue, marketing } = report;
  return {
    ...report,
    sales: {
      revenue: koboToNaira(sales.revenueKobo),
      grossRevenue: koboToNaira(sales.grossRevenueKobo),
      refunds: { count: sales.refunds.count, amount: koboToNaira(sales.refunds.amountKobo) },
      orders: sales.orders,
      averageOrder: koboToNaira(sales.averageOrderKobo),
      unitsSold: sales.unitsSold,
      daily: sales.daily.map(({ revenueKobo, ...row }) => ({ ...row, revenue: koboToNaira(revenueKobo) })),
      bestsellers: sales.bestsellers.map(units),
      slowMovers: sales.slowMovers.map(units),
      paymentMethods: sales.paymentMethods.map(({ revenueKobo, ...row }) => ({
        ...row,
        revenue: koboToNaira(revenueKobo),
      })),
    },
    inventory: {
      products: inventory.products,
      variants: inventory.variants,
      units: inventory.units,
      outOfStock: inventory.outOfStock,
      lowStock: inventory.lowStock,
      outOfStockVariants: inventory.outOfStockVariants,
      lowStockVariants: inventory.lowStockVariants,
      lowStockThreshold: inventory.lowStockThreshold,
      stockValue: koboToNaira(inventory.stockValueKobo),
      stockValueBasis: inventory.stockValueBasis,
      lowest: inventory.lowest.map(({ priceKobo, ...row }) => ({ ...row, price: koboToNaira(priceKobo) })),
    },
    stockValue: {
      units: stockValue.units,
      costedUnits: stockValue.costedUnits,
      uncostedUnits: stockValue.uncostedUnits,
      uncostedVariants: stockValue.uncostedVariants,
      atCost: koboToNaira(stockValue.costValueKobo),
      atPrice: koboToNaira(stockValue.retailValueKobo),
      costedAtPrice: koboToNaira(stockValue.costedRetailValueKobo),
      marginPercent: stockValue.marginPercent,
    },
    orders: {
      ...report.orders,
      inTransitOrders: report.orders.inTransitOrders.map(({ number, ...row }) => ({ id: number, ...row })),
    },
    marketing: {
      coupons: marketing.coupons.map(({ discountKobo, revenueKobo, ...row }) => ({
        ...row,
        discount: koboToNaira(discountKobo),
        revenue: koboToNaira(revenueKobo),
      })),
      couponUses: marketing.couponUses,
      discount: koboToNaira(marketing.discountKobo),
      newsletter: marketing.newsletter,
    },
  };
}

/** /api/admin/reports: administrators only, checked on the server. */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reports',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every report card (users, sales, inventory, orders, traffic, feedback, admin actions, marketing) for a range of Lagos days, both ends included; the last 30 days by default',
        description:
          'A start after the end, or a range longer than 366 days, answers 422 naming the date to change.',
        querystring: reportRangeSchema,
        response: {
          200: reportDto,
          ...errorResponses,
          401: errorSchema,
          403: errorSchema,
          ...ruleAnswers,
        },
      },
    },
    async (request) => toReportDto(await buildShopReport(app.db, request.query)),
  );
};
