import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailField } from '../../../contracts/accounts';
import { newsletterMessages } from '../../../contracts/newsletter';
import { subscribeToNewsletter } from '../../../core/newsletter/subscribe';
import { clientOf } from '../../plugins/session';
import { errorSchema, formMessages } from '../schemas';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.newsletter;

  app.post(
    '/newsletter',
    {
      schema: {
        tags: ['content'],
        summary: 'Subscribe an e-mail address to the newsletter',
        description:
          'Stores the address once (lowercased) and e-mails a welcome with the first-order coupon on the first ' +
          'sign-up. Signing up again is not an error: the answer is the same, and no second e-mail is sent. ' +
          'Rate-limited per client address and per e-mail (429).',
        body: z.object({ email: emailField(newsletterMessages.emailRequired) }),
        response: {
          200: z.object({ message: z.string() }),
          400: errorSchema,
          429: errorSchema,
        },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request) => {
      const { message } = await subscribeToNewsletter(deps, request.body, clientOf(request));
      return { message };
    },
  );
};
