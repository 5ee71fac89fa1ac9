import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTACT_LIMITS } from '../../../contracts/contact';
import { submitContactMessage } from '../../../core/content/contact';
import { clientOf } from '../../plugins/session';
import { errorSchema } from '../schemas';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  // The contact form needs what newsletter sign-ups need: the database, the mailer and rate limits.
  const deps = app.services.newsletter;

  app.post(
    '/contact',
    {
      schema: {
        tags: ['content'],
        summary: 'Send a message to the shop',
        description:
          'name, email, subject and message are required; the e-mail must be valid. The message is stored for ' +
          "the admins' Messages tab and e-mailed to the shop's support address. orderNumber (ORD-…) links it to " +
          'an order. Rate-limited per client address (429).',
        // Core checks the body and answers with the form's own messages; the schema documents it.
        body: z
          .object({
            name: z.string().max(CONTACT_LIMITS.name),
            email: z.string().max(CONTACT_LIMITS.email),
            subject: z.string().max(CONTACT_LIMITS.subject),
            message: z.string().max(CONTACT_LIMITS.message),
            orderNumber: z.string().max(30).describe('ORD-10001: the order the message is about'),
          })
          .partial()
          .loose(),
        response: {
          201: z.object({ id: z.number().int(), message: z.string() }),
          400: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const receipt = await submitContactMessage(deps, request.body, clientOf(request));
      return reply.status(201).send(receipt);
    },
  );
};
