import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cartQuoteInputSchema,
  couponValidateSchema,
  placeOrderFields,
  trackOrderSchema,
} from '../../../contracts/checkout';
import { checkoutMessages, couponOffer } from '../../../contracts/checkout-texts';
import { koboToNaira } from '../../../contracts/money';
import { couponTypes } from '../../../db/schema/orders';
import { AppError } from '../../../core/errors';
import { checkCoupon } from '../../../core/orders/coupons';
import { placeOrder, totalChangeOf, type PlacedOrder } from '../../../core/orders/place-order';
import { quoteCart } from '../../../core/orders/quote';
import { getOrderForViewer, listOrdersForUser, trackOrder } from '../../../core/orders/read-orders';
import { clientOf, currentUser, requireUser } from '../../plugins/session';
import { errorResponses, errorSchema } from '../schemas';
import {
  cartQuoteDto,
  orderDto,
  orderSummaryDto,
  toCartQuoteDto,
  toOrderDto,
  toOrderSummaryDto,
  toTrackingDto,
  trackingDto,
} from './dto';

// The bodies' schemas are the contracts' own, so the OpenAPI document states every rule of their
// shape (400). What depends on the shop (a coupon, a shipping method, a Nigerian state) answers 422.

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.orders;

  app.post(
    '/cart/quote',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Price a cart from the database: subtotal, coupon discount, shipping, tax and total',
        description:
          'Prices the browser sends are ignored. Lines that cannot be bought say why in `problem` and `problemKind` (a sold-out or short size and colour, or one the product does not sell, as a stale cart may hold: always 200).',
        body: cartQuoteInputSchema,
        response: { 200: cartQuoteDto, ...errorResponses },
      },
    },
    async (request) => toCartQuoteDto(await quoteCart(app.db, request.body, { userId: request.user?.id })),
  );

  app.post(
    '/coupons/validate',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Check a coupon code (any case)',
        description:
          'Whether the code names a coupon this shopper may use now. What depends on the cart (the eligible lines, the minimum spend) is said by POST /api/cart/quote.',
        body: couponValidateSchema,
        response: {
          200: z.object({
            code: z.string(),
            type: z.enum(couponTypes),
            percent: z
              .number()
              .nullable()
              .describe('A percent coupon’s percentage; null for the other types'),
            amount: z
              .number()
              .nullable()
              .describe('A fixed coupon’s amount off, in naira; null for the other types'),
            minimumSpend: z
              .number()
              .nullable()
              .describe('Naira the eligible lines must come to; null for no minimum'),
            offer: z.string().describe('"10% off", "₦5,000 off", "Free delivery"'),
          }),
          ...errorResponses,
          422: errorSchema.describe('The code names no coupon this shopper may use now'),
        },
      },
    },
    async (request) => {
      const input = request.body;
      const check = await checkCoupon(app.db, input.code, { email: input.email, userId: request.user?.id });
      if (check.problem || !check.coupon)
        throw new AppError('UNPROCESSABLE', check.problem ?? checkoutMessages.invalidCoupon, {
          code: check.problem ?? checkoutMessages.invalidCoupon,
        });
      const coupon = check.coupon;
      return {
        code: coupon.code,
        type: coupon.type,
        percent: coupon.percent,
        amount: coupon.amountKobo === null ? null : koboToNaira(coupon.amountKobo),
        minimumSpend: coupon.minimumSpendKobo > 0 ? koboToNaira(coupon.minimumSpendKobo) : null,
        offer: couponOffer(coupon),
      };
    },
  );

  app.post(
    '/orders',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place an order (guest or signed in)',
        description:
          'Priced and stocked on the server in one transaction. Send an Idempotency-Key header: the same key and body answer the first order again; the same key with another body answers 422. Each line takes its units from its variant (its size and colour; no colour is the first one). 409 `OUT_OF_STOCK` names an item, its size and colour when that variant ran out or is short, and nothing is taken for any line. A size or colour the product does not sell answers 400 naming it; a line without a size for a product sold in several answers 422. Send `expectedTotal`, the total the shopper saw: when the total now differs (a price changed), nothing is placed and the answer is 409 `TOTAL_CHANGED` with the new `quote`; the same Idempotency-Key may be sent again with the new total.',
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }).loose(),
        body: placeOrderFields,
        response: {
          201: z.object({
            order: orderDto,
            accessToken: z.string().nullable().describe("The secret of a guest's order link (?key=)"),
          }),
          200: z.object({ order: orderDto, accessToken: z.string().nullable() }),
          ...errorResponses,
          409: errorSchema.extend({
            quote: cartQuoteDto
              .optional()
              .describe('With TOTAL_CHANGED: the cart as it is priced now, as POST /api/cart/quote answers'),
          }),
          422: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      let placed: PlacedOrder;
      try {
        placed = await placeOrder(deps, request.body, {
          user: request.user,
          idempotencyKey: request.headers['idempotency-key'],
          clientAddress: clientOf(request).ip,
        });
      } catch (error) {
        const changed = totalChangeOf(error);
        if (!changed) throw error;
        return reply.status(409).send({
          error: { code: changed.code, message: changed.message },
          quote: toCartQuoteDto(changed.quote),
        });
      }
      reply.status(placed.replayed ? 200 : 201);
      return { order: toOrderDto(placed.order), accessToken: placed.accessToken };
    },
  );

  app.get(
    '/orders',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['orders'],
        summary: "The signed-in shopper's orders, newest first",
        querystring: z.object({ q: z.string().max(40).optional(), status: z.string().max(30).optional() }),
        response: {
          200: z.object({ orders: z.array(orderSummaryDto) }),
          ...errorResponses,
          401: errorSchema,
        },
      },
    },
    async (request) => ({
      orders: (await listOrdersForUser(app.db, currentUser(request), request.query)).map(toOrderSummaryDto),
    }),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order: to its owner, staff, or with the key from its e-mailed link',
        description:
          "Its shopper (the account that placed it, or the key from its link) reads it with its pickup code. Staff read others' orders under the admin's rules: 403 without the second factor the owner requires, and never the pickup code.",
        params: z.object({ id: z.string().max(30) }),
        querystring: z.object({ key: z.string().max(100).optional() }),
        response: {
          200: orderDto,
          ...errorResponses,
          403: errorSchema.describe(
            "Staff reading another's order without the second factor the owner requires",
          ),
        },
      },
    },
    async (request) =>
      toOrderDto(
        await getOrderForViewer(deps, request.params.id, { user: request.user, key: request.query.key }),
      ),
  );

  app.post(
    '/orders/track',
    {
      schema: {
        tags: ['orders'],
        summary: 'Track an order by its number and the e-mail it was placed with',
        body: trackOrderSchema,
        response: { 200: trackingDto, ...errorResponses, 429: errorSchema },
      },
    },
    async (request) => toTrackingDto(await trackOrder(deps, request.body, clientOf(request))),
  );
};
