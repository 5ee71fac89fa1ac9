import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const urlWithProtocols = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.join(' or ')} (for example ${example})` },
    );

const optionalUrl = (protocols: string[], example: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    urlWithProtocols(protocols, example).optional(),
  );

/** proxy-addr's names for ranges, accepted in TRUST_PROXY's list like an address. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

export type TrustProxy = boolean | number | string[];

const TRUST_PROXY_MESSAGE =
  "must be false, true, a number of proxy hops (1-10), or a comma-separated list of the load balancer's addresses or CIDR ranges (for example 10.0.0.0/8,127.0.0.1)";

/**
 * Whom to believe about the client's address (X-Forwarded-For), host and protocol. Off by default: a
 * client's own X-Forwarded-For is ignored, so it cannot dodge the per-address rate limits.
 */
const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, context): TrustProxy => {
    const raw = (value ?? '').toLowerCase();
    if (raw === '' || raw === 'false' || raw === '0') return false;
    if (raw === 'true') return true;
    if (/^\d+$/.test(raw)) {
      const hops = Number(raw);
      if (hops >= 1 && hops <= 10) return hops;
    } else {
      const entries = raw
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      if (entries.length > 0 && entries.every(isAddressOrCidr)) return entries;
    }
    context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl(['http:', 'https:'], 'https://shop.example.ng'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:pass@localhost:5432/rossy'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:'], 'redis://127.0.0.1:6379'),
  SESSION_SECRET: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  /** Seals each staff member's second-factor secret; kept across restores (see server/shop-key.ts). */
  SHOP_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  ADMIN_EMAIL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.email('must be an e-mail address').default('admin@rossy.ng'),
  ),
  ADMIN_PASSWORD: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(8, 'must be at least 8 characters long').optional(),
  ),
  FLW_PUBLIC_KEY: optionalString,
  FLW_SECRET_KEY: optionalString,
  FLW_WEBHOOK_HASH: optionalString,
  FLW_API_BASE: optionalUrl(['http:', 'https:'], 'https://api.flutterwave.com'),
  PAYSTACK_SECRET_KEY: optionalString,
  PAYSTACK_PUBLIC_KEY: optionalString,
  PAYSTACK_API_BASE: optionalUrl(['http:', 'https:'], 'https://api.paystack.co'),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@smtp.example.ng:587'),
  UPLOAD_DIR: z.string().trim().min(1).optional(),
  TRUST_PROXY: trustProxySchema,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: one readable line per entry; `json`: one JSON object per line. Default: pretty in a terminal. */
  LOG_FORMAT: z.enum(['pretty', 'json'], { message: 'must be pretty or json' }).optional(),
  /** The bearer token /metrics asks for; without it /metrics answers 404. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .min(16, 'must be at least 16 characters (a long random string)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How often the background job releases unpaid orders whose hold has passed. */
  JOB_INTERVAL_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds between 1 and 3600' })
    .int('must be a number of seconds between 1 and 3600')
    .min(1, 'must be a number of seconds between 1 and 3600')
    .max(3600, 'must be a number of seconds between 1 and 3600')
    .default(60),
  /** On SIGTERM, how long the process keeps answering (closing each connection) before it stops listening. */
  SHUTDOWN_GRACE_MS: z.coerce
    .number({ message: 'must be a number of milliseconds between 0 and 30000' })
    .int('must be a number of milliseconds between 0 and 30000')
    .min(0, 'must be a number of milliseconds between 0 and 30000')
    .max(30_000, 'must be a number of milliseconds between 0 and 30000')
    .default(1000),
  /**
   * Above this event-loop delay the shop turns new requests away (503, Retry-After); 0 turns it off.
   * Default: 1000 on PostgreSQL, off on the embedded database, whose queries run on the shop's own
   * thread and would count as overload themselves.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce
    .number({ message: 'must be a number of milliseconds between 0 and 60000' })
    .int('must be a number of milliseconds between 0 and 60000')
    .min(0, 'must be a number of milliseconds between 0 and 60000')
    .max(60_000, 'must be a number of milliseconds between 0 and 60000')
    .optional(),
  /** `off` serves every catalogue answer afresh (to measure the cache, or to rule it out). */
  CATALOG_CACHE: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  /** Signs (and with --encrypt, encrypts) backups; kept apart from them (docs/operations.md, "Backups"). */
  BACKUP_KEY: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .min(32, 'must be at least 32 characters long (for example: openssl rand -base64 32)')
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadDir: string;
  redisUrl: string | undefined;
  sessionSecret: string | undefined;
  /** Unset: a key generated once in DATA_DIR/shop-key. */
  shopKey: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  flutterwave:
    { publicKey: string; secretKey: string; webhookHash: string | undefined; apiBase: string } | undefined;
  /** Paystack's keys; `testKeys`: sk_test_/pk_test_, which never move money. */
  paystack: { publicKey: string; secretKey: string; apiBase: string; testKeys: boolean } | undefined;
  smtpUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  /** Unset: pretty when the shop's output is a terminal, JSON otherwise. */
  logFormat: Env['LOG_FORMAT'];
  metricsToken: string | undefined;
  shedEventLoopDelayMs: number;
  /** Fastify's trustProxy: false (the default), true, a hop count, or the load balancer's addresses. */
  trustProxy: TrustProxy;
  jobIntervalMs: number;
  shutdownGraceMs: number;
  /** Anonymous catalogue answers come from the version-keyed cache (docs/decisions/0017-catalog-cache.md). */
  catalogCache: boolean;
  /** The owner's backup key; unset, db:backup keeps one in DATA_DIR/backup-key. */
  backupKey: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * What is wrong with Paystack's keys, named so the owner can fix it: both or neither, the secret key
 * where the secret goes (sk_…, never the public pk_…), and both of one kind (test with test, live
 * with live: a live secret with a test public key would take real money through a test popup).
 */
export function paystackKeyProblems(secret: string | undefined, publicKey: string | undefined): string[] {
  if (!secret && !publicKey) return [];
  if (!secret || !publicKey)
    return [
      `${secret ? 'PAYSTACK_PUBLIC_KEY' : 'PAYSTACK_SECRET_KEY'} is missing: PAYSTACK_SECRET_KEY and PAYSTACK_PUBLIC_KEY must be set together (leave both unset to take cards with Flutterwave or the sandbox)`,
    ];
  const problems: string[] = [];
  const secretKind = /^sk_(test|live)_\w+$/.exec(secret)?.[1];
  const publicKind = /^pk_(test|live)_\w+$/.exec(publicKey)?.[1];
  if (!secretKind)
    problems.push(
      secret.startsWith('pk_')
        ? 'PAYSTACK_SECRET_KEY holds a public key (pk_…): put the secret key (sk_test_… or sk_live_…) there'
        : 'PAYSTACK_SECRET_KEY must be a Paystack secret key (sk_test_… or sk_live_…)',
    );
  if (!publicKind)
    problems.push(
      publicKey.startsWith('sk_')
        ? 'PAYSTACK_PUBLIC_KEY holds a secret key (sk_…): the public key (pk_test_… or pk_live_…) goes there, and the secret must never reach a browser'
        : 'PAYSTACK_PUBLIC_KEY must be a Paystack public key (pk_test_… or pk_live_…)',
    );
  if (secretKind && publicKind && secretKind !== publicKind)
    problems.push(
      `PAYSTACK_SECRET_KEY is a ${secretKind} key and PAYSTACK_PUBLIC_KEY a ${publicKind} key: use the pair from one mode of your Paystack dashboard`,
    );
  return problems;
}

/** Reads the environment once at start-up; every bad value is reported, each with what is expected. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems: string[] = [];
  if (!parsed.success) {
    problems.push(
      ...parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || 'environment';
        const given = typeof issue.path[0] === 'string' ? source[issue.path[0]] : undefined;
        const shown =
          given === undefined || /SECRET|PASSWORD|HASH|KEY|URL/.test(name) ? '' : ` (got "${given}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  // Checked on the raw values, so this is reported together with every other problem.
  if (Boolean(source.FLW_PUBLIC_KEY?.trim()) !== Boolean(source.FLW_SECRET_KEY?.trim())) {
    problems.push(
      `${source.FLW_PUBLIC_KEY?.trim() ? 'FLW_SECRET_KEY' : 'FLW_PUBLIC_KEY'} is missing: FLW_PUBLIC_KEY and FLW_SECRET_KEY must be set together (leave both unset for the sandbox provider)`,
    );
  }
  problems.push(
    ...paystackKeyProblems(source.PAYSTACK_SECRET_KEY?.trim(), source.PAYSTACK_PUBLIC_KEY?.trim()),
  );
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    dataDir,
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    redisUrl: env.REDIS_URL,
    sessionSecret: env.SESSION_SECRET,
    shopKey: env.SHOP_KEY,
    adminEmail: env.ADMIN_EMAIL.toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD,
    flutterwave:
      env.FLW_PUBLIC_KEY && env.FLW_SECRET_KEY
        ? {
            publicKey: env.FLW_PUBLIC_KEY,
            secretKey: env.FLW_SECRET_KEY,
            webhookHash: env.FLW_WEBHOOK_HASH,
            apiBase: (env.FLW_API_BASE ?? 'https://api.flutterwave.com').replace(/\/+$/, ''),
          }
        : undefined,
    paystack:
      env.PAYSTACK_SECRET_KEY && env.PAYSTACK_PUBLIC_KEY
        ? {
            publicKey: env.PAYSTACK_PUBLIC_KEY,
            secretKey: env.PAYSTACK_SECRET_KEY,
            apiBase: (env.PAYSTACK_API_BASE ?? 'https://api.paystack.co').replace(/\/+$/, ''),
            testKeys: env.PAYSTACK_SECRET_KEY.startsWith('sk_test_'),
          }
        : undefined,
    smtpUrl: env.SMTP_URL,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    metricsToken: env.METRICS_TOKEN,
    shedEventLoopDelayMs: env.SHED_EVENT_LOOP_DELAY_MS ?? (env.DATABASE_URL ? 1000 : 0),
    trustProxy: env.TRUST_PROXY,
    jobIntervalMs: env.JOB_INTERVAL_SECONDS * 1000,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    catalogCache: env.CATALOG_CACHE === 'on',
    backupKey: env.BACKUP_KEY,
  };
}
