import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session';

/** /api/admin/coupons: administrators only, checked on the server. */
export const adminCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser('admin'));
  await Promise.resolve();
};
