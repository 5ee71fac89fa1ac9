import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactMessageStatuses,
  listContactMessages,
  messageListQuerySchema,
  messageStatusChangeSchema,
  openContactMessage,
} from '../../../core/content/messages';
import { recordIdSchema } from '../../../contracts/limits';
import { runCommand } from '../../../core/commands';
import { staffCommand } from './actor';
import { errorResponses, errorSchema } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema };

const status = z.enum(contactMessageStatuses);
const message = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  orderNumber: z.string().nullable(),
  status,
  createdAt: z.string(),
});
const idParams = z.object({ id: recordIdSchema });

/** /api/admin/messages: the contact inbox, administrators only, checked on the server. */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/messages',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Contact messages, newest first: search by name, e-mail, subject, text or order; filter by status; the unread count',
        querystring: messageListQuerySchema.extend({
          status: messageListQuerySchema.shape.status.describe('new, read or replied; anything else: all'),
        }),
        response: {
          200: z.object({
            messages: z.array(message.omit({ message: true }).extend({ preview: z.string() })),
            total: z.number(),
            unread: z.number(),
            page: z.number(),
            pageSize: z.number(),
            pageCount: z.number(),
          }),
          ...adminErrors,
        },
      },
    },
    async (request) => listContactMessages(app.db, request.query),
  );

  app.get(
    '/admin/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'One message in full; opening a new message marks it read',
        params: idParams,
        response: { 200: message, ...adminErrors },
      },
    },
    async (request) => openContactMessage(app.db, request.params.id),
  );

  app.patch(
    '/admin/messages/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Mark a message new (unread), read or replied; recorded in the activity log',
        params: idParams,
        body: messageStatusChangeSchema,
        response: { 200: message, ...adminErrors },
      },
    },
    async (request) =>
      runCommand('messages.status', staffCommand(app.services, request), {
        id: request.params.id,
        change: request.body,
      }),
  );
};
