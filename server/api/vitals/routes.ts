import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { VITALS_BODY_LIMIT } from '../../../contracts/web-vitals';
import { vitalsBeaconSchema } from '../../../contracts/web-vitals-schema';
import { recordVitals, vitalsRateLimits } from '../../../core/vitals/record-vitals';
import { clientOf } from '../../plugins/session';
import { documentTransform, errorSchema } from '../schemas';

/** Real shoppers' Core Web Vitals, one beacon per sampled page view (app/lib/web-vitals.ts sends it). */
export const vitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, rateLimiter: app.rateLimiter };

  app.post(
    '/vitals',
    {
      bodyLimit: VITALS_BODY_LIMIT,
      config: {
        // 204 has no body: documented with none, not as JSON.
        swaggerTransform: (input) => {
          const output = documentTransform(input);
          const response = (output.schema as { response?: Record<string, unknown> }).response;
          if (response) response['204'] = { type: 'null', description: 'Recorded' };
          return output;
        },
      },
      schema: {
        tags: ['content'],
        summary: "Record one page view's Core Web Vitals (LCP, INP, CLS, TTFB)",
        description:
          'Anonymous: no session is needed and none is read. The page is named by its template only, never by ' +
          'its address; with the device class and connection type that is all a beacon may carry (anything else ' +
          'is refused with 400). Each metric at most once, in milliseconds (CLS a score), within a sane range. ' +
          'Each value adds one to a bucket of the day’s histogram for its template, metric, device and ' +
          'connection; a beacon without values stores nothing. Aggregates older than 90 days are deleted. ' +
          `Bodies over ${VITALS_BODY_LIMIT} bytes get 413; more than ${vitalsRateLimits.burst.limit} beacons in ` +
          `10 minutes, or ${vitalsRateLimits.day.limit} in a day, from one address get 429.`,
        body: vitalsBeaconSchema,
        response: {
          204: z.null().describe('Recorded'),
          400: errorSchema,
          422: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      await recordVitals(deps, request.body, clientOf(request));
      return reply.status(204).send(null);
    },
  );
};
