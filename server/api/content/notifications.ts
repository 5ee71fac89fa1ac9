import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationFilterSchema, notificationTypes } from '../../../contracts/notifications';
import {
  clearNotifications,
  deleteNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../../../core/notifications/notifications';
import { currentUser, requireUser } from '../../plugins/session';
import { declareAnswers, errorSchema, signedInAnswers } from '../schemas';

const notificationDto = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  link: z.string().nullable().describe("Where it leads on the shop: '/orders/ORD-10001', '/sale'"),
  date: z.string().describe('ISO time it was made'),
  isRead: z.boolean(),
});

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const signedInErrors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 503: errorSchema } as const;

/** The signed-in shopper's notifications: only their own, whatever id is asked for (someone else's is 404). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser());
  declareAnswers(app, signedInAnswers);

  app.get(
    '/notifications',
    {
      schema: {
        tags: ['content'],
        summary: "The signed-in shopper's notifications, newest first (up to 100)",
        querystring: z.object({
          filter: notificationFilterSchema
            .optional()
            .default('all')
            .describe('all, unread, orders (type order), promotions (type promo), info'),
        }),
        response: {
          200: z.object({
            notifications: z.array(notificationDto),
            unreadCount: z.number().int(),
            total: z.number().int().describe('How many there are in all, whatever the filter'),
          }),
          ...signedInErrors,
        },
      },
    },
    async (request) => listNotifications(app.db, currentUser(request).id, request.query.filter),
  );

  app.patch(
    '/notifications/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Mark one notification read',
        params: idParams,
        response: { 200: notificationDto, ...signedInErrors },
      },
    },
    async (request) => markNotificationRead(app.db, currentUser(request).id, request.params.id),
  );

  app.patch(
    '/notifications',
    {
      schema: {
        tags: ['content'],
        summary: 'Mark every notification read',
        response: {
          200: z.object({ updated: z.number().int(), unreadCount: z.literal(0) }),
          ...signedInErrors,
        },
      },
    },
    async (request) => ({
      updated: await markAllNotificationsRead(app.db, currentUser(request).id),
      unreadCount: 0 as const,
    }),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Delete one notification',
        params: idParams,
        response: { 204: z.null().describe('Deleted'), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await deleteNotification(app.db, currentUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/notifications',
    {
      schema: {
        tags: ['content'],
        summary: 'Clear every notification',
        response: { 200: z.object({ deleted: z.number().int() }), ...signedInErrors },
      },
    },
    async (request) => ({ deleted: await clearNotifications(app.db, currentUser(request).id) }),
  );
};
