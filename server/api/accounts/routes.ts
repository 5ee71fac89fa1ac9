import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailField,
  PASSWORD_MAX,
  PASSWORD_MIN,
  profileSchema,
  roles,
  verifyEmailSchema,
  type PublicUser,
} from '../../../contracts/accounts';
import { FORGOT_PASSWORD_MESSAGE } from '../../../contracts/account-texts';
import { changePassword } from '../../../core/accounts/change-password';
import { confirmEmail, resendVerification } from '../../../core/accounts/email-verification';
import { requestPasswordReset, resetPassword } from '../../../core/accounts/password-reset';
import { revokeSession, type IssuedSession } from '../../../core/accounts/sessions';
import { completeTwoFactorSignIn, signIn } from '../../../core/accounts/sign-in';
import { signUp } from '../../../core/accounts/sign-up';
import { AVATAR_MAX_BYTES, updateAvatar } from '../../../core/accounts/update-avatar';
import { getProfile, updateProfile } from '../../../core/accounts/update-profile';
import { AppError, isAppError } from '../../../core/errors';
import { clientOf, currentUser, requireUser } from '../../plugins/session';
import { documentedBody, errorSchema, formMessages, ruleAnswers } from '../schemas';

export const publicUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles).describe('customer, or a staff role: owner, manager, dispatch, support'),
  status: z.enum(['active', 'inactive']),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  twoFactorEnabled: z.boolean().describe('Whether sign-in asks for a one-time code after the password'),
  emailVerified: z
    .boolean()
    .describe('Whether the address is confirmed; guest orders with it show only then'),
  pendingEmail: z
    .string()
    .nullable()
    .describe('A new address waiting for its confirmation link; `email` stays until it is followed'),
});

const sessionAnswer = z.object({
  user: publicUserSchema,
  token: z.string().describe('A signed token (exp in seconds) for the Authorization: Bearer header'),
  expiresAt: z.string(),
});
const twoFactorChallenge = z
  .object({
    twoFactorRequired: z.literal(true),
    challenge: z.string().describe('Send it to POST /api/login/two-factor with the code, within 5 minutes'),
    expiresAt: z.string(),
  })
  .describe('The password is right and the account has a second factor: no session yet');
const addressMoved = z.object({ message: z.string(), email: z.string() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };

// The bodies as the API takes them: every rule of their shape is here, so the OpenAPI document states
// it and a request it calls valid is never a 400. What no schema can say (a common password, two
// passwords that differ, a link that expired) is core's, and answers 422.
const newPassword = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);
const signUpBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: emailField('Email is required'),
  password: newPassword,
  confirmPassword: z.string().max(PASSWORD_MAX).optional().describe('When sent, it must equal password'),
});
const signInBody = z.object({
  email: z.string().trim().min(1, 'Please enter both email and password').max(254),
  password: z.string().min(1, 'Please enter both email and password').max(1024),
});
const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Please enter your current password').max(1024),
  newPassword,
  confirmPassword: z.string().max(PASSWORD_MAX).describe('Must equal newPassword'),
});
const forgotPasswordBody = z.object({ email: emailField('Please enter your email address') });
const resetPasswordBody = z.object({
  token: verifyEmailSchema.shape.token.describe('The token of the e-mailed reset link'),
  password: newPassword,
  confirmPassword: z.string().max(PASSWORD_MAX).optional().describe('When sent, it must equal password'),
});

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const { services } = app;

  const answerWithSession = (user: PublicUser, session: IssuedSession) => ({
    user,
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
  });

  app.post(
    '/signup',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Start creating a customer account: a link to finish is e-mailed to the address',
        description:
          'Answers 202 with the same message whether or not the address already has an account, and signs ' +
          'nobody in. A new address gets an unconfirmed customer account and a confirmation link ' +
          '(POST /api/email/verify with its token signs the shopper in); the owner of a taken address gets ' +
          'an e-mail saying someone tried to sign up with it.',
        body: signUpBody,
        response: { 202: z.object({ message: z.string() }), ...errors, ...ruleAnswers },
      },
      schemaErrorFormatter: formMessages('All fields are required'),
    },
    async (request, reply) => {
      const { message } = await signUp(services.accounts, request.body, clientOf(request));
      return reply.status(202).send({ message });
    },
  );

  app.post(
    '/email/verify',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Confirm an e-mail address with the token of its link (a sign-up link also signs in)',
        description:
          'The token comes from the link e-mailed at sign-up or for a new profile address; it works once, ' +
          'for 48 hours, and only the newest link sent to an account works. The address becomes the account’s ' +
          'confirmed address. The link that finishes a sign-up answers with a new session, unless the account ' +
          'has two-step sign-in on; any other link (a new profile address, an address proved again) only says ' +
          'what changed (`{ message, email }`) and signs nobody in.',
        body: verifyEmailSchema,
        response: { 200: z.union([sessionAnswer, addressMoved]), ...errors, ...ruleAnswers },
      },
    },
    async (request, reply) => {
      const { user, session, changed } = await confirmEmail(
        services.accounts,
        request.body,
        clientOf(request),
      );
      if (!session)
        return {
          message: changed
            ? `Your account now uses ${user.email}.`
            : `Your e-mail address ${user.email} is confirmed. Sign in to go on.`,
          email: user.email,
        };
      reply.header('set-cookie', services.cookies.serialize(session));
      return answerWithSession(user, session);
    },
  );

  app.post(
    '/profile/email/resend',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail the confirmation link again (to the pending new address, or the unconfirmed one)',
        response: { 202: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const { sentTo } = await resendVerification(services.accounts, currentUser(request).id);
      return reply.status(202).send({ message: `We sent a new link to ${sentTo}.` });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in',
        body: signInBody,
        response: { 200: sessionAnswer, 202: twoFactorChallenge, ...errors },
      },
      schemaErrorFormatter: formMessages('Please enter both email and password'),
    },
    async (request, reply) => {
      const result = await signIn(services.accounts, request.body, clientOf(request));
      if ('twoFactorRequired' in result)
        return reply.status(202).send({ ...result, expiresAt: result.expiresAt.toISOString() });
      reply.header('set-cookie', services.cookies.serialize(result.session));
      return answerWithSession(result.user, result.session);
    },
  );

  app.post(
    '/login/two-factor',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Sign in, second step: the code from the authenticator app, or a recovery code',
        body: z.object({ challenge: z.string().min(1).max(200), code: z.string().min(1).max(40) }),
        response: { 200: sessionAnswer, ...errors },
      },
      schemaErrorFormatter: formMessages('Please enter the code'),
    },
    async (request, reply) => {
      const { user, session } = await completeTwoFactorSignIn(
        services.accounts,
        request.body,
        clientOf(request),
      );
      reply.header('set-cookie', services.cookies.serialize(session));
      return answerWithSession(user, session);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['accounts'],
        summary: 'End this session',
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      if (request.user) await revokeSession(services.db, request.user.sessionId);
      reply.header('set-cookie', services.cookies.clear());
      return { ok: true as const };
    },
  );

  app.get(
    '/profile',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        response: { 200: z.object({ user: publicUserSchema }), 401: errorSchema },
      },
    },
    async (request) => ({ user: await getProfile(services.db, currentUser(request).id) }),
  );

  app.put(
    '/profile',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'Update your details (role and status are ignored)',
        description:
          'A new `email` does not take effect at once: it is kept as `pendingEmail` and a confirmation link is ' +
          'sent to it. The answer is the same whether or not another account uses that address.',
        body: profileSchema,
        response: { 200: z.object({ user: publicUserSchema }), ...errors },
      },
    },
    async (request) => ({
      user: await updateProfile(services.accounts, currentUser(request).id, request.body),
    }),
  );

  app.post(
    '/profile/avatar',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'Upload a profile photo (multipart field `avatar`; JPEG, PNG, WebP or GIF up to 5 MB)',
        description:
          'A file that is not a JPEG, PNG, WebP or GIF image (read from its bytes) answers 422; one over 5 MB, 413.',
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ user: publicUserSchema }), ...errors, 413: errorSchema, ...ruleAnswers },
      },
      config: {
        swaggerTransform: documentedBody({
          'multipart/form-data': {
            type: 'object',
            properties: { avatar: { type: 'string', format: 'binary', minLength: 1 } },
            required: ['avatar'],
          },
        }),
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart())
        throw new AppError('BAD_REQUEST', 'Send the photo as multipart/form-data in the field "avatar"', {
          avatar: 'required',
        });
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file || file.fieldname !== 'avatar')
          throw new AppError('BAD_REQUEST', 'Please choose an image to upload', {
            avatar: 'Please choose an image to upload',
          });
        bytes = await file.toBuffer();
      } catch (error) {
        if (isAppError(error)) throw error;
        // Too large keeps its own answer (413); only an unreadable body becomes a 400 here.
        const { code, statusCode } = error as { code?: string; statusCode?: number };
        if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413) throw error;
        // An empty, cut-off or malformed multipart body is the client's mistake, never a server error.
        throw new AppError(
          'BAD_REQUEST',
          'The upload could not be read. Please choose an image and try again.',
          {
            avatar: 'Please choose an image to upload',
          },
        );
      }
      return { user: await updateAvatar(services.db, services.uploadDir, user.id, bytes) };
    },
  );

  app.put(
    '/profile/password',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'Change your password (ends your other sessions)',
        body: changePasswordBody,
        response: { 200: sessionAnswer, ...errors, ...ruleAnswers },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const session = await changePassword(services.accounts, user.id, request.body, clientOf(request));
      reply.header('set-cookie', services.cookies.serialize(session));
      return answerWithSession(await getProfile(services.db, user.id), session);
    },
  );

  app.post(
    '/password/forgot',
    {
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a one-time reset link (the same answer whether or not the e-mail has an account)',
        body: forgotPasswordBody,
        response: { 202: z.object({ message: z.string() }), ...errors },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request, reply) => {
      await requestPasswordReset(services.accounts, request.body, clientOf(request));
      return reply.status(202).send({ message: FORGOT_PASSWORD_MESSAGE });
    },
  );

  app.post(
    '/password/reset',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a reset link',
        body: resetPasswordBody,
        response: { 200: z.object({ message: z.string() }), ...errors, ...ruleAnswers },
      },
      schemaErrorFormatter: formMessages(),
    },
    async (request) => {
      await resetPassword(services.accounts, request.body, clientOf(request));
      return { message: 'Your password has been reset. You can now sign in.' };
    },
  );
};
