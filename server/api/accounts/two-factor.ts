import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactor,
  twoFactorStatus,
} from '../../../core/accounts/two-factor';
import { clientOf, currentUser, requireUser } from '../../plugins/session';
import { errorSchema, formMessages } from '../schemas';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};
const codeField = z
  .string()
  .min(1)
  .max(40)
  .describe('6 digits from the authenticator app, or a recovery code');
const recoveryCodesAnswer = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown this once: only their hashes are kept'),
});

/** A staff member's second factor, from the profile: see core/accounts/two-factor.ts. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services.accounts;

  app.get(
    '/profile/two-factor',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'Whether two-step sign-in is on, required, and how many recovery codes are left',
        response: {
          200: z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.number() }),
          401: errorSchema,
        },
      },
    },
    async (request) => twoFactorStatus(deps, currentUser(request)),
  );

  app.post(
    '/profile/two-factor/setup',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'Start turning two-step sign-in on: a new secret, its QR code and otpauth link',
        response: {
          200: z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => startTwoFactor(deps, currentUser(request)),
  );

  app.post(
    '/profile/two-factor/enable',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'Turn two-step sign-in on with a code; ends the other sessions',
        body: z.object({ code: codeField }),
        response: { 200: recoveryCodesAnswer, ...errors },
      },
      schemaErrorFormatter: formMessages('Please enter the code'),
    },
    async (request) =>
      enableTwoFactor(deps, currentUser(request), request.body.code, new Date(), clientOf(request)),
  );

  app.post(
    '/profile/two-factor/disable',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'Turn two-step sign-in off: the password and a code',
        body: z.object({ password: z.string().min(1).max(200), code: codeField }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
      schemaErrorFormatter: formMessages('Please enter your password and a code'),
    },
    async (request) => {
      await disableTwoFactor(deps, currentUser(request), request.body, new Date(), clientOf(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/profile/two-factor/recovery-codes',
    {
      onRequest: requireUser(),
      schema: {
        tags: ['accounts'],
        summary: 'New recovery codes for a current code; the old ones stop working',
        body: z.object({ code: codeField }),
        response: { 200: recoveryCodesAnswer, ...errors },
      },
      schemaErrorFormatter: formMessages('Please enter the code'),
    },
    async (request) =>
      regenerateRecoveryCodes(deps, currentUser(request), request.body.code, new Date(), clientOf(request)),
  );
};
