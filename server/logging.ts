import pino from 'pino';
import pinoPretty from 'pino-pretty';

/**
 * What the shop's logs must never hold: the secrets in a request's URL (an order's `?key=`, a reset
 * or verification `?token=`) and the values a failing SQL statement was sent (e-mails, password
 * hashes). Used by every logger the shop builds (server/index.ts).
 */

/**
 * Query parameters whose value is a secret: key, token, and any name ending in them, secret,
 * signature, password or hash (`key[]` too). Matched on the decoded name, as the shop reads it:
 * `?%6Bey=` opens an order as `?key=` does.
 */
const SECRET_NAME = /(?:token|key|secret|signature|password|hash)(?:\[\])?$/i;
export const REDACTED = '[redacted]';

/** A parameter name as a query parser reads it; a broken escape decodes byte by byte (secret names are ASCII). */
function decodedName(name: string): string {
  const spaced = name.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-f]{2})/gi, (_escape, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
}

export function redactUrlSecrets(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url.slice(start + 1);
  // Pairs are split on & and ; (some parsers take either); each separator is kept as it came.
  const redacted = query.replace(/([^&;]*)/g, (pair: string) => {
    const equals = pair.indexOf('=');
    if (equals === -1) return pair;
    const name = pair.slice(0, equals);
    return SECRET_NAME.test(decodedName(name).trim()) ? `${name}=${REDACTED}` : pair;
  });
  return `${url.slice(0, start + 1)}${redacted}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's request fields, with the URL's secrets redacted. */
function serializeRequest(request: RequestLike) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrlSecrets(request.url) : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Fields of database errors that hold the values sent (or the row they clashed with). */
const VALUE_FIELDS = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery']);

/** Every SQL parameter found along an error's cause chain, longest first. */
function sqlParameters(error: unknown): string[] {
  const found = new Set<string>();
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    const params =
      (current as { params?: unknown; parameters?: unknown }).params ??
      (current as { parameters?: unknown }).parameters;
    if (Array.isArray(params)) {
      for (const value of params) {
        if (value === null || value === undefined) continue;
        const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
        if (text.length >= 3) found.add(text);
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return [...found].sort((a, b) => b.length - a.length);
}

function scrubText(text: string, parameters: string[]): string {
  let scrubbed = text.replace(/^params: .*$/gm, `params: ${REDACTED}`);
  for (const value of parameters) scrubbed = scrubbed.split(value).join(REDACTED);
  return scrubbed;
}

/**
 * pino's error serializer (type, message and stack with their causes, own fields), without any SQL
 * parameter: Drizzle's "params: …" line, the `params` field, PostgreSQL's `detail`, and any parameter
 * value quoted in a message (`invalid input syntax for type integer: "…"`). The query text stays.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error) && !(error && typeof error === 'object' && 'message' in error)) return error;
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  const parameters = sqlParameters(error);
  const scrub = (value: unknown, depth: number): unknown => {
    if (typeof value === 'string') return scrubText(value, parameters);
    if (depth > 4 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (VALUE_FIELDS.has(key)) continue;
      copy[key] = scrub(item, depth + 1);
    }
    return copy;
  };
  return scrub(serialized, 0);
}

export const logSerializers = {
  req: serializeRequest,
  err: serializeError,
  error: serializeError,
};

/** Headers that carry a session or a password: never logged. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

interface PrettyEntry {
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** A request's entry as one line: "GET /products 200 12 ms slow request". */
export function prettyMessage(entry: PrettyEntry): string {
  const message = entry.msg ?? '';
  if (!entry.req?.method) return message;
  const parts = [entry.req.method, entry.req.url ?? ''];
  if (entry.res?.statusCode) parts.push(String(entry.res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${Math.round(entry.responseTime)} ms`);
  return message ? `${parts.join(' ')}  ${message}` : parts.join(' ');
}

/**
 * The shop's logger: pino with the serializers above. `pretty` writes one readable line per entry
 * (a request as "GET /path 500 12 ms", an error with its stack in full) for a person at a
 * terminal; `json` writes one JSON object per line for a log collector.
 */
export function createLogger(options: { level: string; format: 'pretty' | 'json' }): pino.Logger {
  const settings = { level: options.level, redact: LOG_REDACT_PATHS, serializers: logSerializers };
  if (options.format === 'json') return pino(settings);
  const stream = pinoPretty({
    colorize: Boolean(process.stdout.isTTY),
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime,reqId',
    messageFormat: (entry) => prettyMessage(entry),
    sync: true,
  });
  return pino(settings, stream);
}
