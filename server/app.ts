import path from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ServerBuild } from 'react-router';
import type { PageServices } from '../core/page-services';
import type { DatabaseHandle, Db } from '../db/client';
import { apiRoutes } from './api/index';
import { documentTransform } from './api/schemas';
import type { Config } from './config';
import { createTokenSigner } from '../core/accounts/session-tokens';
import { createMailer, mailLinks, type MailMessage } from '../core/mail/mailer';
import { createFlutterwaveProvider } from '../core/payments/flutterwave';
import { createSandboxProvider } from '../core/payments/sandbox';
import { createPaystackProvider } from '../core/payments/paystack';
import { paymentSetupOf, type PaymentProviders } from '../core/payments/providers';
import { getShopSettings } from '../core/settings/shop-settings';
import { cacheControlPlugin } from './plugins/cache-control';
import { catalogCachePlugin } from './plugins/catalog-cache';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { loadSheddingPlugin } from './plugins/load-shedding';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { sessionCookies, sessionPlugin } from './plugins/session';
import { loadSessionSecret } from './session-secret';
import { loadShopKey } from './shop-key';
import { pagesPlugin } from './plugins/pages';
import { sandboxCheckoutPlugin } from './plugins/sandbox-checkout';
import {
  joinPaymentOrigins,
  NO_PAYMENT_ORIGINS,
  securityPlugin,
  type PaymentOrigins,
} from './plugins/security';
import { staticFilesPlugin } from './plugins/static-files';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: DatabaseHandle;
    services: PageServices;
    /** draining: the process is stopping; answers close their connections and health says 503. */
    lifecycle: { draining: boolean };
  }
}

export type PagesSetup =
  | { mode: 'production'; build: ServerBuild; clientDir: string }
  | {
      mode: 'development';
      build: () => Promise<ServerBuild>;
      register: (app: FastifyInstance) => Promise<void>;
    }
  | { mode: 'none' };

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyBaseLogger | boolean;
  pages?: PagesSetup;
  /**
   * Without SMTP_URL, print each mail's recipient, subject and links on the terminal (server/index.ts):
   * the one way a demo's shopper gets a sign-up or reset link without reading the database.
   */
  printKeptMail?: boolean;
}

function printKeptMail(message: MailMessage): void {
  const links = mailLinks(message.text);
  process.stdout.write(
    `\nMail to ${message.to} (no SMTP_URL: kept in the outbox): ${message.subject}\n${links.map((link) => `  ${link}\n`).join('')}`,
  );
}

/** An answer slower than this is logged even when the log is otherwise quiet. */
const SLOW_REQUEST_MS = 1000;
const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** Flutterwave's inline script, its API, and the frame the script opens its checkout in. */
const FLUTTERWAVE_HOSTS = [
  'https://checkout.flutterwave.com',
  'https://api.flutterwave.com',
  'https://checkout-v3-ui-prod.f4b-flutterwave.com',
];
const FLUTTERWAVE_ORIGINS: PaymentOrigins = {
  script: FLUTTERWAVE_HOSTS,
  frame: FLUTTERWAVE_HOSTS,
  connect: FLUTTERWAVE_HOSTS,
};
/** Paystack Inline v2: its script, the frame it opens its checkout in, and its API. */
const PAYSTACK_ORIGINS: PaymentOrigins = {
  script: ['https://js.paystack.co'],
  frame: ['https://checkout.paystack.com'],
  connect: ['https://api.paystack.co'],
};

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "trust the n nearest hops, whoever they are"
 * (Fastify's own number form trusts none): use it only when the shop is reachable through the load
 * balancer alone; a list of the balancer's addresses is the safer setting.
 */
export function fastifyTrustProxy(
  trust: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const pages = options.pages ?? { mode: 'none' };

  const app = Fastify({
    loggerInstance: typeof options.logger === 'object' ? options.logger : undefined,
    logger: typeof options.logger === 'boolean' ? options.logger : undefined,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    return503OnClosing: true,
    // Two log lines for every request cost more than many a cached answer: see the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A graceful stop (server/index.ts): while draining, every answer asks the client to close its
  // keep-alive connection, and /api/health says 503 so a load balancer stops sending requests here.
  const lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => {
    lifecycle.draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });

  if (config.trustProxy === false) {
    // Behind a load balancer without TRUST_PROXY every shopper shares the balancer's address, and
    // with it the per-address limits: say so once, the first time a forwarded request arrives.
    let warned = false;
    app.addHook('onRequest', async (request) => {
      if (warned || !request.headers['x-forwarded-for']) return;
      warned = true;
      request.log.warn(
        'A request came with X-Forwarded-For while TRUST_PROXY is off: the header is ignored. Behind a load balancer, set TRUST_PROXY to its addresses (docs/operations.md), or every shopper shares its address and its limits.',
      );
    });
  }

  // One line for an answer that failed or was slow; every answer only at LOG_LEVEL=debug.
  app.addHook('onResponse', async (request, reply) => {
    const failed = reply.statusCode >= 500;
    const slow = reply.elapsedTime >= SLOW_REQUEST_MS;
    if (!failed && !slow && !VERBOSE_LEVELS.has(request.log.level)) return;
    const entry = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (failed || slow) request.log.warn(entry, failed ? 'request failed' : 'slow request');
    else request.log.debug(entry, 'request completed');
  });

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('database', database);

  await app.register(metricsPlugin, { token: config.metricsToken, database });
  await app.register(loadSheddingPlugin, { maxEventLoopDelayMs: config.shedEventLoopDelayMs });

  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, {
    isProduction: config.isProduction,
    publicUrl: config.publicUrl,
    // Only the pages that open a payment allow them (server/plugins/security.ts).
    paymentOrigins: joinPaymentOrigins(
      config.flutterwave ? FLUTTERWAVE_ORIGINS : NO_PAYMENT_ORIGINS,
      config.paystack ? PAYSTACK_ORIGINS : NO_PAYMENT_ORIGINS,
    ),
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Pages and API answers are compressed as they are sent: a fast brotli level keeps latency low.
    brotliOptions: { params: { [(await import('node:zlib')).constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimitsPlugin, { redisUrl: config.redisUrl });
  const tokens = createTokenSigner(loadSessionSecret(config.sessionSecret, config.dataDir));
  const shopKey = loadShopKey(config.shopKey, config.dataDir);
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.smtpUrl,
    from: `Rossy <no-reply@${new URL(config.publicUrl).hostname}>`,
    onError: (error) => app.log.error({ err: error }, 'mail delivery failed'),
    onKept: options.printKeptMail ? printKeptMail : undefined,
  });
  const providers: PaymentProviders = {
    flutterwave: config.flutterwave ? createFlutterwaveProvider(config.flutterwave) : undefined,
    paystack: config.paystack ? createPaystackProvider(config.paystack) : undefined,
    sandbox: config.flutterwave || config.paystack ? undefined : createSandboxProvider(database.db),
  };
  const services: PageServices = {
    db: database.db,
    publicUrl: config.publicUrl,
    uploadDir: config.uploadDir,
    logError: (error, message) => app.log.error({ err: error }, message),
    cookies: sessionCookies(config.isProduction || config.publicUrl.startsWith('https:')),
    // One query fewer for every page: the settings change far less often than they are shown.
    shopSettings: async () => app.catalogCache?.version.settings() ?? getShopSettings(database.db),
    accounts: {
      db: database.db,
      tokens,
      shopKey,
      mailer,
      publicUrl: config.publicUrl,
      rateLimiter: app.rateLimiter,
      onMailError: (error) => app.log.error({ err: error }, 'account e-mail failed'),
    },
    payments: {
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      providers,
      webhookHash: config.flutterwave?.webhookHash,
      onMailError: (error) => app.log.error({ err: error }, 'payment e-mail failed'),
      onPaid: ({ provider }) => app.metrics.paymentsVerified.inc({ provider }),
    },
    orders: {
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      rateLimiter: app.rateLimiter,
      shopKey,
      onMailError: (error) => app.log.error({ err: error }, 'order e-mail failed'),
      onPlaced: ({ paymentMethod }) => app.metrics.ordersPlaced.inc({ payment_method: paymentMethod }),
      paymentSetup: paymentSetupOf(providers),
    },
    newsletter: {
      db: database.db,
      mailer,
      publicUrl: config.publicUrl,
      rateLimiter: app.rateLimiter,
      onMailError: (error) => app.log.error({ err: error }, 'newsletter welcome e-mail failed'),
    },
  };
  app.decorate('services', services);
  await app.register(sessionPlugin, { db: database.db, tokens });
  await app.register(cacheControlPlugin);
  await app.register(catalogCachePlugin, { database, enabled: config.catalogCache });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Rossy shop API',
        version: '1.0.0',
        description: 'Prices are naira with at most two decimals.',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  // Where API tools look for the document first.
  app.get('/api/openapi.json', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/api/docs/json', 301),
  );
  app.get('/api/openapi.yaml', { schema: { hide: true } }, (_request, reply) =>
    reply.redirect('/api/docs/yaml', 301),
  );

  await app.register(apiRoutes, { prefix: '/api' });
  // TEST MODE: without provider keys the shop serves the sandbox's inline checkout itself.
  if (providers.sandbox) await app.register(sandboxCheckoutPlugin);

  await app.register(staticFilesPlugin, {
    clientDir: pages.mode === 'production' ? pages.clientDir : undefined,
    uploadDir: config.uploadDir,
  });

  if (pages.mode !== 'none') {
    if (pages.mode === 'development') await pages.register(app);
    await app.register(pagesPlugin, { build: pages.build, mode: pages.mode, services });
  }

  return app;
}

export function defaultClientDir(root: string): string {
  return path.join(root, 'build', 'client');
}
