import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userListQuerySchema } from '../../../contracts/accounts';
import { listUsers } from '../../../core/accounts/manage-users';
import { runCommand } from '../../../core/commands';
import { requireStaff } from '../../plugins/session';
import { staffCommand } from '../admin/actor';
import { publicUserSchema } from '../accounts/routes';
import { adminAnswers, declareAnswers, errorSchema } from '../schemas';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const idParams = z.object({ id: z.string().max(64) });

/** User management: administrators only, checked here on the server for every route. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireStaff());
  declareAnswers(app, adminAnswers);
  const { db } = app.services;

  app.get(
    '/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Users, newest first, searched on name or e-mail',
        querystring: userListQuerySchema,
        response: {
          200: z.object({
            users: z.array(publicUserSchema),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            pageCount: z.number(),
          }),
          ...errors,
        },
      },
    },
    async (request) => listUsers(db, request.query),
  );

  app.patch(
    '/users/:id/promote',
    {
      schema: {
        tags: ['admin'],
        summary: 'Make a user an administrator (one way; recorded in the audit log)',
        params: idParams,
        response: { 200: z.object({ user: publicUserSchema }), ...errors },
      },
    },
    async (request) => ({
      user: await runCommand('customers.promote', staffCommand(app.services, request), request.params),
    }),
  );

  app.patch(
    '/users/:id/status',
    {
      schema: {
        tags: ['admin'],
        summary: 'Activate or deactivate a user (deactivation ends their sessions)',
        params: idParams,
        body: z.object({ status: z.enum(['active', 'inactive'], 'status must be "active" or "inactive"') }),
        response: { 200: z.object({ user: publicUserSchema }), ...errors },
      },
    },
    async (request) => ({
      user: await runCommand('customers.status', staffCommand(app.services, request), {
        ...request.params,
        ...request.body,
      }),
    }),
  );
};
