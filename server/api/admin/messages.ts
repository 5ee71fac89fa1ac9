import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session';

/** /api/admin/messages: administrators only, checked on the server. */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser('admin'));
  await Promise.resolve();
};
