import type { FastifyInstance, FastifySchemaValidationError, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../contracts/api-error';
import { AppError } from '../../core/errors';
import { CATALOG_API_ROUTES } from '../plugins/cache-control';
import { fieldsFromValidation } from '../plugins/errors';

export const errorSchema = apiErrorSchema;

/** The error answers most routes can give, for the OpenAPI document. */
export const errorResponses = {
  400: errorSchema,
  404: errorSchema,
  503: errorSchema,
} as const;

/**
 * What the host itself may answer on any API route, before or around its handler: 400 for a body
 * that cannot be read, a control character or a value the route's schema refuses; 503 when the
 * process is overloaded, stopping, or its database is down. A route taking a body may also answer
 * 403 (a cross-site request), 413 (more than 1 MB) and 415 (a content type it does not read).
 * Every /api route declares them (apiRoutes adds them), so the document lists every status.
 */
const hostAnswers = { 400: errorSchema, 503: errorSchema } as const;
const bodyAnswers = { 403: errorSchema, 413: errorSchema, 415: errorSchema } as const;
/** The catalogue's cached answers (server/plugins/catalog-cache.ts) carry an ETag: If-None-Match may get a 304. */
const cachedAnswers = {
  304: z.null().describe('Not modified: the copy the client named in If-None-Match is current'),
} as const;
/** A route behind a sign-in: 401 for a guest. */
export const signedInAnswers = { 401: errorSchema } as const;
/** A route for administrators: 401 for a guest, 403 for anyone else. */
export const adminAnswers = { 401: errorSchema, 403: errorSchema } as const;

/** 422: the request is what the document asks for, but the shop's rules refuse it (see decision 0030). */
export const ruleAnswers = { 422: errorSchema } as const;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A required field left out, of the wrong kind, or empty (a text's or a count's minimum of 1). */
function isMissing(error: FastifySchemaValidationError): boolean {
  const params = error.params as { minimum?: unknown };
  return error.keyword === 'invalid_type' || (error.keyword === 'too_small' && params.minimum === 1);
}

/**
 * A route's schema failures told as the shop's forms tell them (a route's `schemaErrorFormatter`):
 * `missing` when a required field is left out or empty, else the first field's own message, and the
 * fields at fault as always. Only refinements failing is a 422, as everywhere.
 */
export function formMessages(missing?: string) {
  return (errors: FastifySchemaValidationError[]): AppError => {
    const fields = fieldsFromValidation({ validation: errors });
    const first = Object.values(fields)[0] ?? 'The request is not valid.';
    const onlyRules = errors.every((error) => error.keyword === 'custom');
    return new AppError(
      onlyRules ? 'UNPROCESSABLE' : 'BAD_REQUEST',
      missing && errors.some(isMissing) ? missing : first,
      fields,
    );
  };
}

/**
 * Declares `answers` on every route registered after it in `app` (and in the plugins it registers),
 * unless the route declares that status itself. A guard added for a whole folder (the admin's
 * sign-in check) declares its answers here once, so no route of the folder can leave them out.
 */
export function declareAnswers(app: FastifyInstance, answers: Record<number, z.ZodType>): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.hide) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...route.schema, response: { ...answers, ...response } };
  });
}

/** What every API route may answer whatever its handler does (see hostAnswers): declared on all of them. */
export function declareHostAnswers(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.schema?.hide) return;
    const methods = [route.method].flat();
    const takesBody = methods.some((method) => !READ_METHODS.has(method));
    const cached = methods.includes('GET') && CATALOG_API_ROUTES.has(route.url);
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = {
      ...route.schema,
      response: {
        ...hostAnswers,
        ...(takesBody ? bodyAnswers : {}),
        ...(cached ? cachedAnswers : {}),
        ...response,
      },
    };
  });
}

type SwaggerTransformInput = Parameters<typeof jsonSchemaTransform>[0];
type JsonSchema = Record<string, unknown>;

/** The C0 control characters the input guard refuses (server/plugins/input-guard.ts): all but tab, LF and CR. */
const CONTROL = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f';
/** Text without a control character. */
export const TEXT_PATTERN = `^[^${CONTROL}]*$`;
/** Text without a control character and with something besides white space (the shop trims text first). */
export const FILLED_TEXT_PATTERN = `^[^${CONTROL}]*[^\\s${CONTROL}][^${CONTROL}]*$`;

/**
 * Every text a client sends is refused with 400 when it holds a C0 control character other than tab,
 * CR and LF (server/plugins/input-guard.ts), and the shop trims text before it counts it: a text field
 * without a pattern of its own says so, and a required one (minLength) that white space is not enough.
 */
function withTextRule(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withTextRule);
  if (!schema || typeof schema !== 'object') return schema;
  const copy: JsonSchema = {};
  for (const [key, value] of Object.entries(schema as JsonSchema)) {
    if (key === 'properties' && value && typeof value === 'object')
      copy[key] = Object.fromEntries(
        Object.entries(value as JsonSchema).map(([name, item]) => [name, withTextRule(item)]),
      );
    else if (key === 'enum' || key === 'default' || key === 'required') copy[key] = value;
    else copy[key] = withTextRule(value);
  }
  if (
    copy.type === 'string' &&
    copy.pattern === undefined &&
    copy.enum === undefined &&
    copy.format !== 'binary'
  )
    copy.pattern =
      typeof copy.minLength === 'number' && copy.minLength > 0 ? FILLED_TEXT_PATTERN : TEXT_PATTERN;
  return copy;
}

/**
 * The OpenAPI document's view of a route: fastify-type-provider-zod's JSON Schema, and then what it
 * cannot say by itself. A route's `produces` (a CSV file) is the content type of its 2xx answers
 * only: every error is JSON, `{ error }`. Text inputs carry the control-character rule.
 */
export function documentTransform(input: SwaggerTransformInput): ReturnType<typeof jsonSchemaTransform> {
  const output = jsonSchemaTransform(input);
  const schema = output.schema as JsonSchema | undefined;
  if (!schema || schema.hide) return output;
  for (const part of ['body', 'querystring', 'params'] as const)
    if (schema[part]) schema[part] = withTextRule(schema[part]);
  const produces = (input.schema as { produces?: readonly string[] }).produces;
  const response = schema.response as Record<string, JsonSchema> | undefined;
  if (produces && response) {
    for (const [status, answer] of Object.entries(response)) {
      const types = status.startsWith('2') ? produces : ['application/json'];
      const { description, ...body } = answer;
      response[status] = {
        ...(description ? { description } : {}),
        content: Object.fromEntries(types.map((type) => [type, { schema: body }])),
      };
    }
  }
  return output;
}

/**
 * Documents the request body of a route whose handler reads it as it streams (an upload), which
 * the route's own schema cannot declare: each content type it takes with the parts or fields it reads.
 */
export function documentedBody(
  content: Record<string, JsonSchema | z.ZodType>,
): (input: SwaggerTransformInput) => ReturnType<typeof jsonSchemaTransform> {
  const asJson = (body: JsonSchema | z.ZodType): JsonSchema => {
    if (!(body instanceof z.ZodType)) return body;
    const { $schema: _dialect, ...json } = z.toJSONSchema(body, { target: 'openapi-3.0', io: 'input' });
    return json;
  };
  return (input) => {
    const output = documentTransform(input);
    const schema = (output.schema ?? {}) as JsonSchema;
    schema.body = {
      content: Object.fromEntries(
        Object.entries(content).map(([type, body]) => [type, { schema: withTextRule(asJson(body)) }]),
      ),
    };
    return { ...output, schema };
  };
}
