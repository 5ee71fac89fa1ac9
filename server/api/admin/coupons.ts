import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponCreateSchema,
  couponUpdateSchema,
  getCoupon,
  listCoupons,
  type AdminCouponView,
} from '../../../core/orders/manage-coupons';
import { recordIdSchema } from '../../../contracts/limits';
import { koboToNaira } from '../../../contracts/money';
import { couponTypes } from '../../../db/schema/orders';
import { runCommand } from '../../../core/commands';
import { staffCommand } from './actor';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema };
const writeErrors = {
  ...adminErrors,
  422: errorSchema.describe(
    'Terms that do not fit the type (a fixed coupon without its amount, a percentage on free delivery), or categories or products the shop does not have; `fields` names each',
  ),
};

const naira = z.number().describe('Naira, at most two decimals');

const couponDto = z.object({
  id: z.number(),
  code: z.string(),
  type: z
    .enum(couponTypes)
    .describe(
      "percent: a percentage off the eligible lines; fixed: an amount off them, split over them in proportion; free_delivery: the chosen delivery method is free (not a pickup's fee)",
    ),
  percent: z.number().nullable().describe('A percent coupon’s percentage; null for the other types'),
  amount: naira.nullable().describe('A fixed coupon’s amount off; null for the other types'),
  minimumSpend: naira
    .nullable()
    .describe('What the eligible lines must come to before it applies; null for no minimum'),
  active: z.boolean(),
  expiresAt: z.string().nullable().describe('ISO time; null when it never expires'),
  usageLimit: z.number().nullable().describe('null for no limit'),
  usedCount: z.number(),
  usageLimitPerCustomer: z
    .number()
    .nullable()
    .describe(
      'Orders (not cancelled) one customer may use it on, counted by account and by the order’s e-mail and phone; null for no limit',
    ),
  categoryIds: z
    .array(z.string())
    .describe('It applies to these categories’ products and those of the categories below them'),
  productIds: z
    .array(z.number())
    .describe('It applies to these products; with categoryIds empty too: every line'),
  appliesTo: z.string().nullable().describe('The categories and products in words; null for every line'),
  offer: z.string().describe('"10% off", "₦5,000 off", "Free delivery"'),
  firstOrderOnly: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  state: z.enum(['active', 'inactive', 'expired', 'used-up']),
});

/** A coupon as the API answers it: money in naira. */
function toCouponDto(coupon: AdminCouponView): z.infer<typeof couponDto> {
  const { amountKobo, minimumSpendKobo, ...rest } = coupon;
  return {
    ...rest,
    amount: amountKobo === null ? null : koboToNaira(amountKobo),
    minimumSpend: minimumSpendKobo > 0 ? koboToNaira(minimumSpendKobo) : null,
  };
}

const idParams = z.object({ id: recordIdSchema });

/** The code as the API takes it: core stores it in capitals. Its pattern is the shape, so it is here. */
const createBody = couponCreateSchema.extend({
  code: z
    .string('Enter a code')
    .trim()
    .regex(/^[A-Za-z0-9]{3,20}$/, 'Use 3 to 20 letters A-Z and digits 0-9, no spaces'),
});

/** /api/admin/coupons: administrators only, checked on the server. */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  await Promise.resolve();

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every coupon, newest first, with its usage (usedCount of usageLimit)',
        response: { 200: z.object({ coupons: z.array(couponDto) }), ...adminErrors },
      },
    },
    async () => ({ coupons: (await listCoupons(app.db)).map(toCouponDto) }),
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One coupon',
        params: idParams,
        response: { 200: z.object({ coupon: couponDto }), ...adminErrors },
      },
    },
    async (request) => ({ coupon: toCouponDto(await getCoupon(app.db, request.params.id)) }),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a coupon (code A-Z and 0-9, any case; 409 when the code exists)',
        description:
          'A percentage off (`type: percent` with `percent`, the type when none is given), a fixed amount off in naira (`type: fixed` with `amount`) or free delivery (`type: free_delivery`), on every line or on the lines of `categoryIds` (with the categories below them) and `productIds`; `minimumSpend` counts the eligible lines; `usageLimitPerCustomer` counts a customer’s orders by account, e-mail and phone. A value the type does not take, or one it needs left out, answers 422.',
        body: createBody,
        response: { 201: z.object({ coupon: couponDto }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const coupon = await runCommand('coupons.create', staffCommand(app.services, request), request.body);
      return reply.status(201).send({ coupon: toCouponDto(coupon) });
    },
  );

  app.patch(
    '/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a coupon or activate/deactivate it ({ active }); the code never changes',
        description:
          'A new `type` lets go of what the old one took (a percentage, when it becomes `fixed`); what the new one needs must come with it (422 otherwise). Orders already placed keep the discount they were given.',
        params: idParams,
        body: couponUpdateSchema.strict(),
        response: { 200: z.object({ coupon: couponDto }), ...writeErrors },
      },
    },
    async (request) => ({
      coupon: toCouponDto(
        await runCommand('coupons.update', staffCommand(app.services, request), {
          id: request.params.id,
          changes: request.body,
        }),
      ),
    }),
  );
};
