import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '../../../contracts/limits';
import { stockAlertSignUpSchema, stockAlertTexts } from '../../../contracts/stock-alerts';
import { requestStockAlert, variantAlertCounts } from '../../../core/catalog/stock-alerts';
import { clientOf, requireStaff } from '../../plugins/session';
import {
  adminAnswers,
  declareAnswers,
  errorResponses,
  errorSchema,
  formMessages,
  ruleAnswers,
} from '../schemas';

/** "Tell me when it's back" (decision 0034): registered with the API's public routes. */
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/products/:id/stock-alerts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Ask to be e-mailed once when a sold-out size and colour of a product is back',
        description:
          'Keeps one alert per size, colour and mailbox (lowercased, a +tag and the dots of a Gmail address ' +
          'folded): asking again is not an error, the answer is the same whether or not the mailbox was already ' +
          'pending or waiting. A sign-up is pending until the link mailed to the address is followed ' +
          '(/stock-alerts/confirm); a mailbox gets one such mail, and no other for a day while it leaves it ' +
          'unanswered. A shopper signed in with this very address, confirmed, is on the list at once. No colour ' +
          'means the first colour, as for cart lines; no size is allowed only for a product with one size. When ' +
          'the variant comes back into stock (the owner, an import, a cancellation), each confirmed address gets ' +
          'one e-mail with a link to the product and a link that stops its alerts. 400 names a size or colour the ' +
          'product does not sell; 422 asks for a size of a product sold in several; 409 says the variant is in ' +
          'stock (order it now); 404 for an unknown or archived product; 429 per client address, per mailbox, ' +
          'and for a waiting list that is full of confirmed watchers (the same for every address).',
        params: z.object({ id: recordIdSchema }),
        body: stockAlertSignUpSchema,
        response: {
          202: z.object({ ok: z.literal(true), message: z.string() }),
          ...errorResponses,
          409: errorSchema,
          ...ruleAnswers,
          429: errorSchema,
        },
      },
      schemaErrorFormatter: formMessages(stockAlertTexts.emailRequired),
    },
    async (request, reply) => {
      const { message } = await requestStockAlert(
        app.services.newsletter,
        request.params.id,
        request.body,
        clientOf(request),
        request.user,
      );
      return reply.status(202).send({ ok: true as const, message });
    },
  );
};

/**
 * The admin's view of who waits. It carries the admin folder's own guard (administrators only, 401
 * and 403 declared), so it is safe wherever it is registered.
 */
export async function adminStockAlertRoutes(app: FastifyInstance) {
  app.addHook('onRequest', requireStaff());
  declareAnswers(app, adminAnswers);
  await app.register(stockAlertCountRoutes);
}

const stockAlertCountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/stock-alerts',
    {
      schema: {
        tags: ['admin'],
        summary: 'How many shoppers wait for each variant of a product to be back in stock',
        querystring: z.object({ productId: recordIdSchema }),
        response: {
          200: z.object({
            items: z.array(
              z.object({
                variantId: z.number(),
                sku: z.string(),
                size: z.string().nullable(),
                color: z.string().nullable(),
                waiting: z.number(),
              }),
            ),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ items: await variantAlertCounts(app.db, request.query.productId) }),
  );
};
