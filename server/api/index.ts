import type { FastifyInstance } from 'fastify';
import { errorBody } from '../plugins/errors';
import { catalogRoutes } from './catalog/routes';
import { healthRoutes } from './health';

/** Every REST route, mounted under /api. */
export async function apiRoutes(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(catalogRoutes);

  app.all('/*', { schema: { hide: true } }, async (request, reply) =>
    reply
      .status(404)
      .send(errorBody('NOT_FOUND', `No API route ${request.method} ${request.url.split('?')[0]}`)),
  );
}
