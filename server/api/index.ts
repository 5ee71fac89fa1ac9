import type { FastifyInstance } from 'fastify';
import { errorBody } from '../plugins/errors';
import { catalogRoutes } from './catalog/routes';
import { adminStockAlertRoutes, stockAlertRoutes } from './catalog/stock-alerts';
import { wishlistRoutes } from './catalog/wishlist';
import { accountRoutes } from './accounts/routes';
import { twoFactorRoutes } from './accounts/two-factor';
import { staffInvitationRoutes } from './accounts/staff-invitations';
import { healthRoutes } from './health';
import { userRoutes } from './users/routes';
import { orderRoutes } from './orders/routes';
import { orderReturnRoutes } from './orders/returns';
import { paymentRoutes } from './payments/routes';
import { adminRoutes } from './admin';
import { newsletterRoutes } from './newsletter/routes';
import { contactRoutes } from './content/contact';
import { notificationRoutes } from './content/notifications';
import { blogRoutes } from './content/blog';
import { vitalsRoutes } from './vitals/routes';
import { declareHostAnswers } from './schemas';

/** Every REST route, mounted under /api. */
export async function apiRoutes(app: FastifyInstance) {
  declareHostAnswers(app);
  await app.register(healthRoutes);
  await app.register(catalogRoutes);
  await app.register(stockAlertRoutes);
  await app.register(wishlistRoutes);
  await app.register(accountRoutes);
  await app.register(twoFactorRoutes);
  await app.register(staffInvitationRoutes);
  await app.register(userRoutes);
  await app.register(orderRoutes);
  await app.register(orderReturnRoutes);
  await app.register(paymentRoutes);
  await app.register(adminRoutes);
  await app.register(adminStockAlertRoutes);
  await app.register(newsletterRoutes);
  await app.register(notificationRoutes);
  await app.register(contactRoutes);
  await app.register(blogRoutes);
  await app.register(vitalsRoutes);

  app.all('/*', { schema: { hide: true } }, async (request, reply) =>
    reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
