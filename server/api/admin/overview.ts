import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session';

/** /api/admin/overview: administrators only, checked on the server. */
export const adminOverviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser('admin'));
  await Promise.resolve();
};
