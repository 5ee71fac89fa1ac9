import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditQuerySchema, listAuditEntries } from '../../../core/audit/audit';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema };

const change = z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable() });

/** /api/admin/audit: the activity log, administrators only, checked on the server. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Every admin change, newest first: search by who, action, summary or record; filter by kind of record and Lagos dates',
        querystring: auditQuerySchema.extend({
          entityType: auditQuerySchema.shape.entityType.describe(
            "'order', 'product', 'message', 'export', …",
          ),
          from: auditQuerySchema.shape.from.describe('yyyy-mm-dd, Lagos'),
          to: auditQuerySchema.shape.to.describe('yyyy-mm-dd, Lagos, inclusive'),
        }),
        response: {
          200: z.object({
            entries: z.array(
              z.object({
                id: z.number(),
                actorEmail: z.string(),
                action: z.string(),
                entityType: z.string(),
                entityId: z.string(),
                summary: z.string(),
                before: z.record(z.string(), z.unknown()).nullable(),
                after: z.record(z.string(), z.unknown()).nullable(),
                changes: z.array(change),
                createdAt: z.string(),
              }),
            ),
            total: z.number(),
            page: z.number(),
            pageCount: z.number(),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => listAuditEntries(app.db, request.query),
  );
};
