import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  couponCreateSchema,
  couponUpdateSchema,
  createCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
} from '../../../core/admin/coupons';
import { recordIdSchema } from '../../../contracts/limits';
import { currentUser } from '../../plugins/session';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema };

const couponDto = z.object({
  id: z.number(),
  code: z.string(),
  percent: z.number(),
  active: z.boolean(),
  expiresAt: z.string().nullable().describe('ISO time; null when it never expires'),
  usageLimit: z.number().nullable().describe('null for no limit'),
  usedCount: z.number(),
  firstOrderOnly: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  state: z.enum(['active', 'inactive', 'expired', 'used-up']),
});

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

  const actorOf = (request: Parameters<typeof currentUser>[0]) => {
    const { id, email } = currentUser(request);
    return { id, email };
  };

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every coupon, newest first, with its usage (usedCount of usageLimit)',
        response: { 200: z.object({ coupons: z.array(couponDto) }), ...adminErrors },
      },
    },
    async () => ({ coupons: await listCoupons(app.db) }),
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
    async (request) => ({ coupon: await getCoupon(app.db, request.params.id) }),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a coupon (code A-Z and 0-9, any case; 409 when the code exists)',
        body: createBody,
        response: { 201: z.object({ coupon: couponDto }), ...adminErrors },
      },
    },
    async (request, reply) => {
      const coupon = await createCoupon(app.db, actorOf(request), request.body);
      return reply.status(201).send({ coupon });
    },
  );

  app.patch(
    '/admin/coupons/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Edit a coupon or activate/deactivate it ({ active }); the code never changes',
        params: idParams,
        body: couponUpdateSchema.strict(),
        response: { 200: z.object({ coupon: couponDto }), ...adminErrors },
      },
    },
    async (request) => ({
      coupon: await updateCoupon(app.db, actorOf(request), request.params.id, request.body),
    }),
  );
};
