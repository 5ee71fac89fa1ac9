import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../contracts/api-error';
import { isAppError, type ErrorCode, type FieldErrors } from '../../core/errors';

export type ErrorBody = ApiErrorBody;

export function errorBody(code: string, message: string, fields?: FieldErrors): ErrorBody {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}

const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
  if (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|PGlite is closed|Cannot use a pool after calling end/i.test(
      message,
    )
  )
    return true;
  return cause !== undefined && cause !== error && isDatabaseUnavailable(cause);
}

/** Field name → message for each failed check of a route's schema (the dotted path, or `body`). */
export function fieldsFromValidation(error: Pick<FastifyError, 'validation'>): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const params = issue.params as { issue?: { path?: (string | number)[] } } | undefined;
    const pathParts = params?.issue?.path ?? issue.instancePath.split('/').filter(Boolean);
    const name =
      pathParts.join('.') || (issue.params as { missingProperty?: string })?.missingProperty || 'body';
    fields[name] ??= issue.message ?? 'is invalid';
  }
  return fields;
}

const statusCodes: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

/** One error shape for the whole API: `{ error: { code, message, fields? } }`; 5xx details stay in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(error)) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = fieldsFromValidation(error);
      const first = Object.entries(fields)[0];
      const message = first ? `${first[0]}: ${first[1]}` : 'The request is not valid.';
      // Only a refinement failed: the request has the shape the document asks for, a rule refuses it.
      if (error.validation?.every((issue) => issue.keyword === 'custom'))
        return reply.status(422).send(errorBody('UNPROCESSABLE', message, fields));
      return reply.status(400).send(errorBody('BAD_REQUEST', message, fields));
    }
    if (error instanceof ZodError) {
      const fields: FieldErrors = {};
      for (const issue of error.issues) fields[issue.path.map(String).join('.') || 'body'] ??= issue.message;
      return reply.status(400).send(errorBody('BAD_REQUEST', 'The request is not valid.', fields));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(errorBody('UNAVAILABLE', 'The shop is briefly unavailable. Please try again in a moment.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        statusCodes[status] ??
        (status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST');
      return reply.status(status).send(errorBody(code, error.message || 'The request is not valid.'));
    }
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') {
      // The shopper's browser went away (a link followed, a tab closed) before the answer left: nothing is wrong with the shop.
      request.log.info({ err: error }, 'the client closed the connection before the answer was sent');
      return reply
        .status(499)
        .send(errorBody('CLIENT_CLOSED', 'The connection was closed before the answer was sent.'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
  });
});
