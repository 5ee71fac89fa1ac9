import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session';

/** /api/admin/outbox: administrators only, checked on the server. */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser('admin'));
  await Promise.resolve();
};
