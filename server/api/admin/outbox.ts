import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getOutboxMail,
  listOutbox,
  outboxListQuerySchema,
  outboxStatuses,
} from '../../../core/mail/outbox-view';
import { recordIdSchema } from '../../../contracts/limits';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema };

const summary = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(outboxStatuses),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

/** /api/admin/outbox: every e-mail the shop sent or kept, administrators only, checked on the server. */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'E-mails, newest first: search by recipient or subject; filter by status',
        querystring: outboxListQuerySchema.extend({
          status: outboxListQuerySchema.shape.status.describe('queued, sent or failed; anything else: all'),
        }),
        response: {
          200: z.object({
            mails: z.array(summary),
            total: z.number(),
            page: z.number(),
            pageSize: z.number(),
            pageCount: z.number(),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => listOutbox(app.db, request.query),
  );

  app.get(
    '/admin/outbox/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One e-mail as it was sent: its text and its HTML',
        params: z.object({ id: recordIdSchema }),
        response: { 200: summary.extend({ text: z.string(), html: z.string() }), ...adminErrors },
      },
    },
    async (request) => getOutboxMail(app.db, request.params.id),
  );
};
