import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoles } from '../../../contracts/accounts';
import { acceptInvitation, peekInvitation, staffMessages } from '../../../core/accounts/staff';
import { clientOf } from '../../plugins/session';
import { errorSchema, formMessages, ruleAnswers } from '../schemas';
import { publicUserSchema } from './routes';

const tokenText = z.string().trim().min(1, staffMessages.invitationInvalid).max(200);
const linkErrors = { 404: errorSchema, 410: errorSchema };

/** The public side of a staff invitation: reading the link, and following it to join the staff. */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  await Promise.resolve();
  const { services } = app;

  app.get(
    '/staff-invitations',
    {
      schema: {
        tags: ['accounts'],
        summary: 'What an invitation link offers: the address, the role and until when',
        description:
          '404 when no invitation has this token; 410 when it was accepted, withdrawn or has expired; 429 ' +
          'after too many unknown tokens from one address (or for one token). ' +
          '`existingAccount` is true when a confirmed account has the address: accepting keeps its password.',
        querystring: z.object({
          token: tokenText.describe(
            'The token of the e-mailed link (in the query, so request logs redact it)',
          ),
        }),
        response: {
          200: z.object({
            invitation: z.object({
              email: z.string(),
              role: z.enum(staffRoles),
              roleLabel: z.string(),
              expiresAt: z.string(),
              invitedBy: z.string(),
              existingAccount: z.boolean(),
            }),
          }),
          ...linkErrors,
          429: errorSchema,
        },
      },
    },
    async (request) => ({
      invitation: await peekInvitation(services.accounts, request.query.token, clientOf(request)),
    }),
  );

  app.post(
    '/staff-invitations/accept',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Follow an invitation link, once: join the staff and sign in',
        description:
          'Creates the account (confirmed: the link proved the address) with the name and password given, ' +
          'or finishes an unconfirmed one with them; a confirmed account gets the role and keeps its own ' +
          'password (`passwordKept`; name and password are then not read) and is not signed in: it signs in ' +
          'with its password (and second factor), so `token` is null. Otherwise the answer carries a new ' +
          'session and sets the session cookie. Counted against the same limit as sign-up.',
        body: z.object({
          token: tokenText.describe('The token of the e-mailed invitation link'),
          name: z.string().trim().max(100, 'Name must be at most 100 characters').optional(),
          password: z.string().max(1024).optional().describe('At least 8 characters, not a common one'),
          confirmPassword: z.string().max(1024).optional().describe('When sent, must match the password'),
        }),
        response: {
          201: z.object({
            user: publicUserSchema,
            token: z
              .string()
              .nullable()
              .describe('A signed token for the Authorization: Bearer header; null when passwordKept'),
            expiresAt: z.string().nullable(),
            passwordKept: z.boolean(),
            message: z.string(),
          }),
          ...linkErrors,
          403: errorSchema,
          409: errorSchema,
          429: errorSchema,
          ...ruleAnswers,
        },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request, reply) => {
      const { user, session, passwordKept } = await acceptInvitation(
        services.accounts,
        request.body,
        clientOf(request),
      );
      if (session) reply.header('set-cookie', services.cookies.serialize(session));
      return reply.status(201).send({
        user,
        token: session?.token ?? null,
        expiresAt: session?.expiresAt.toISOString() ?? null,
        passwordKept,
        message: session
          ? 'Welcome to the staff. You are signed in.'
          : 'Your account has its new role: sign in with your own password.',
      });
    },
  );
};
