import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, type FieldErrors } from '../../core/errors';
import { remembered } from '../cache/remembered';

/**
 * NUL and the other C0 control characters (tab, CR and LF excepted): PostgreSQL refuses NUL in text
 * outright, and none of the others belongs in a name, an address or a search. Refused once, here,
 * for every query string, path value and JSON body, and for page actions' forms (server/plugins/pages.ts).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

/** The first place in `value` (a string, array or plain object) holding a control character, as a dotted path. */
export function findControlCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = findControlCharacter(value[index], path ? `${path}.${index}` : String(index), depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Streams (a page's raw body), buffers, files and dates hold no text fields. Query objects have
  // a prototype of their own (fast-querystring), so records are recognised by what they are not.
  if (
    ArrayBuffer.isView(value) ||
    value instanceof ArrayBuffer ||
    value instanceof Date ||
    value instanceof Blob ||
    typeof (value as { pipe?: unknown }).pipe === 'function'
  )
    return null;
  for (const [key, item] of Object.entries(value)) {
    const name = path ? `${path}.${key}` : key;
    if (CONTROL_CHARACTER.test(key)) return path || 'body';
    const found = findControlCharacter(item, name, depth + 1);
    if (found) return found;
  }
  return null;
}

export function controlCharacterError(field: string): AppError {
  const fields: FieldErrors = { [field]: CONTROL_CHARACTER_MESSAGE };
  return new AppError('BAD_REQUEST', `${field}: ${CONTROL_CHARACTER_MESSAGE}`, fields);
}

/** A host name (letters, digits, `-`, `_`, dots; 253 at most) or a bracketed IPv6 address, and an optional port. */
const HOST = /^(?:\[[0-9a-f:.]{2,45}\]|[a-z0-9_][a-z0-9_.-]{0,252})(?::(\d{1,5}))?$/i;

/**
 * Whether `host` (a Host or X-Forwarded-Host value) names a host the shop can build its own URLs on:
 * `new URL` takes it and any port is 1 to 65535. Empty counts as valid: an HTTP/1.0 request may send
 * none, and the pages then use localhost.
 */
export function isValidHost(host: string): boolean {
  if (host === '') return true;
  const match = HOST.exec(host);
  if (!match) return false;
  const port = match[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // The host and scheme every URL the shop builds for a request start from (the pages, the same-site
  // check, the cache keys): checked once, before anything else reads them. request.host and
  // .protocol read X-Forwarded-Host and -Proto only from a trusted proxy (TRUST_PROXY).
  // Nearly every request names one of a handful of hosts: each answer is remembered (bounded), so
  // the check costs a lookup instead of a URL parse.
  const hostIsValid = remembered(isValidHost, 256);
  app.addHook('onRequest', async (request) => {
    const raw = request.headers.host;
    if ((raw !== undefined && !hostIsValid(raw)) || !hostIsValid(request.host))
      throw new AppError('BAD_REQUEST', 'The Host header is not a valid host name.');
    if (!/^https?$/i.test(request.protocol))
      throw new AppError('BAD_REQUEST', 'The forwarded protocol must be http or https.');
  });

  app.addHook('preValidation', async (request) => {
    const field =
      findControlCharacter(request.params, '') ??
      findControlCharacter(request.query, '') ??
      (typeof request.body === 'string'
        ? findControlCharacter(request.body, 'body')
        : findControlCharacter(request.body, ''));
    if (field !== null) throw controlCharacterError(field || 'body');
  });
});
