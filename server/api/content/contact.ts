import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailField } from '../../../contracts/accounts';
import { contactInputSchema, contactMessages } from '../../../contracts/contact';
import { submitContactMessage } from '../../../core/content/contact';
import { clientOf } from '../../plugins/session';
import { errorSchema, formMessages } from '../schemas';

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
        // The form's own fields and messages (contracts/contact.ts), every rule stated for the document.
        body: z.object({
          name: contactInputSchema.shape.name,
          email: emailField(contactMessages.emailRequired),
          subject: contactInputSchema.shape.subject,
          message: contactInputSchema.shape.message,
          orderNumber: z
            .string()
            .max(30)
            .optional()
            .describe('ORD-10001: the order the message is about (anything else is left out)'),
        }),
        response: {
          201: z.object({ id: z.number().int(), message: z.string() }),
          400: errorSchema,
          429: errorSchema,
          503: errorSchema,
        },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request, reply) => {
      const receipt = await submitContactMessage(deps, request.body, clientOf(request));
      return reply.status(201).send(receipt);
    },
  );
};
