import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/session';

/** /api/admin/audit: administrators only, checked on the server. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser('admin'));
  await Promise.resolve();
};
