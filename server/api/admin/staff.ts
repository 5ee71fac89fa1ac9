import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailField, staffRoles } from '../../../contracts/accounts';
import { listStaff, staffMessages } from '../../../core/accounts/staff';
import { runCommand } from '../../../core/commands';
import { staffCommand } from './actor';
import { publicUserSchema } from '../accounts/routes';
import { errorResponses, errorSchema, formMessages } from '../schemas';

const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, 409: errorSchema };

const staffRole = z
  .enum(staffRoles, staffMessages.badRole)
  .describe('owner, manager, dispatch or support (only an owner gives or takes away the owner role)');

const staffMemberDto = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  lastSignInAt: z.string().nullable(),
  twoFactorEnabled: z.boolean().describe('Whether sign-in asks for a one-time code after the password'),
});
const invitationDto = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(staffRoles),
  invitedBy: z.string().describe('The e-mail address of the staff member who sent it'),
  expiresAt: z.string(),
});

const userParams = z.object({ userId: z.string().max(64) });
const invitationParams = z.object({ id: z.string().max(64) });

/** /api/admin/staff: who holds which role, giving and taking roles, invitations. Owners only (the permission table). */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  await Promise.resolve();
  const { services } = app;

  app.get(
    '/admin/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'The staff (owners first) and the invitations still waiting to be followed',
        response: {
          200: z.object({ staff: z.array(staffMemberDto), invitations: z.array(invitationDto) }),
          ...adminErrors,
        },
      },
    },
    async () => listStaff(services.db),
  );

  app.post(
    '/admin/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'Give a staff role by e-mail address',
        description:
          'A confirmed account gets the role at once and an e-mail saying so (200, `status: granted`; ' +
          '`changed` is false when it already held the role, and nothing is sent). Any other address gets an ' +
          'invitation link, valid once for 48 hours, and an older pending invitation to it is withdrawn ' +
          '(201, `status: invited`). Only an owner gives the owner role.',
        body: z.object({ email: emailField('Email is required'), role: staffRole }),
        response: {
          200: z.object({ status: z.literal('granted'), user: publicUserSchema, changed: z.boolean() }),
          201: z.object({ status: z.literal('invited'), invitation: invitationDto }),
          ...adminErrors,
        },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request, reply) => {
      const result = await runCommand('staff.grant', staffCommand(services, request), request.body);
      return reply.status(result.status === 'invited' ? 201 : 200).send(result);
    },
  );

  app.patch(
    '/admin/staff/:userId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a staff member’s role; it takes effect on their next request',
        description:
          '404 when the account is not on the staff (give a role with POST /api/admin/staff); 409 when it ' +
          'would leave the shop without an active owner.',
        params: userParams,
        body: z.object({ role: staffRole }),
        response: { 200: z.object({ user: publicUserSchema }), ...adminErrors },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request) => ({
      user: await runCommand('staff.role', staffCommand(services, request), {
        ...request.params,
        ...request.body,
      }),
    }),
  );

  app.delete(
    '/admin/staff/:userId',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Take a staff member back to a customer; the admin area closes to them on their next request',
        description:
          'Their sessions stay: they can still shop. 409 when they are the last active owner; 404 when not on the staff.',
        params: userParams,
        response: { 200: z.object({ user: publicUserSchema }), ...adminErrors },
      },
    },
    async (request) => ({
      user: await runCommand('staff.remove', staffCommand(services, request), request.params),
    }),
  );

  app.delete(
    '/admin/staff/:userId/two-factor',
    {
      schema: {
        tags: ['admin'],
        summary: 'Turn off a staff member’s two-step sign-in (a lost phone and lost recovery codes)',
        description:
          'Ends their sessions: they sign in with their password and, when the shop requires it, turn it on ' +
          'again. 409 for your own (turn it off under Profile → Security); 404 when not on the staff.',
        params: userParams,
        response: { 200: z.object({ user: publicUserSchema }), ...adminErrors },
      },
    },
    async (request) => ({
      user: await runCommand('staff.two-factor.reset', staffCommand(services, request), request.params),
    }),
  );

  app.delete(
    '/admin/staff/invitations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Withdraw a pending invitation; its link stops working at once',
        description: '409 when it was already accepted or withdrawn.',
        params: invitationParams,
        response: { 200: z.object({ message: z.string() }), ...adminErrors },
      },
    },
    async (request) => {
      await runCommand('staff.invitation.revoke', staffCommand(services, request), request.params);
      return { message: 'The invitation was withdrawn.' };
    },
  );
};
