import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { openDatabase } from '../db/client';
import { EmbeddedDatabaseInUse } from '../db/embedded-lock';
import { projectRoot } from '../db/project-root';
import { isCatalogEmpty, seedCatalog } from '../seed/seed-catalog';
import { seedBlog } from '../seed/seed-blog';
import { seedDemoOrders } from '../seed/seed-orders';
import { drawPendingPictures } from '../seed/product-pictures';
import { ensureAdminAccount } from '../core/accounts/ensure-admin-account';
import { hashLegacyRecoveryCodes } from '../core/accounts/two-factor';
import { protectPlainPickupCodes } from '../core/orders/pickup-code';
import { adminStartupNote } from './admin-startup-note';
import { mailNotice, openAtLine, paystackNotices, sayWarning, testModeWarning } from './startup-notes';
import { buildApp, defaultClientDir, type PagesSetup } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logging';
import { loadShopKey } from './shop-key';
import { startRefundFollowUp } from './jobs/follow-refunds';
import { startUnpaidOrderRelease } from './jobs/release-unpaid-orders';
import { startStockAlerts } from './jobs/stock-alerts';
import { startLowStockDigest } from './jobs/low-stock-digest';

const root = projectRoot;

function step(message: string) {
  process.stdout.write(`  ${message}\n`);
}

async function productionPages(): Promise<PagesSetup> {
  const serverBuild = path.join(root, 'build', 'server', 'index.js');
  if (!fs.existsSync(serverBuild)) {
    throw new Error('The pages are not built yet: run `npm run build` (npm start does this for you).');
  }
  const build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
  return { mode: 'production', build, clientDir: defaultClientDir(root) };
}

async function developmentPages(): Promise<PagesSetup> {
  const vite = await import('vite');
  const middie = (await import('@fastify/middie')).default;
  const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: 'custom' });
  return {
    mode: 'development',
    build: () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
    register: async (app) => {
      await app.register(middie);
      app.use(viteServer.middlewares);
      app.addHook('onClose', async () => viteServer.close());
    },
  };
}

async function main(config: Config) {
  // Request URLs with their secrets (?key=, ?token=) redacted, errors without SQL parameters.
  const logFormat = config.logFormat ?? (process.stdout.isTTY ? 'pretty' : 'json');
  const logger = createLogger({ level: config.logLevel, format: logFormat });

  process.stdout.write(`\nStarting Rossy (${config.env})\n`);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: 'the shop',
  });
  step(`Database: ${database.label}`);
  // Several processes may start together on one database: one migrates and seeds, the others wait.
  const admin = await database.exclusively(async () => {
    step('Applying migrations…');
    await database.migrate();
    // Pickup codes kept in plain before migration 0033 (or by a restored older backup) are proved and
    // sealed with the shop key, which SQL does not know, and emptied (decision 0060).
    const sealed = await protectPlainPickupCodes(database.db, loadShopKey(config.shopKey, config.dataDir));
    if (sealed > 0) step(`Sealed the pickup codes of ${sealed} orders`);
    // Recovery codes kept as a bare SHA-256 by an earlier version are hashed as passwords are.
    const rehashed = await hashLegacyRecoveryCodes(database.db);
    if (rehashed > 0) step(`Hashed ${rehashed} recovery codes as passwords are`);
    if (await isCatalogEmpty(database.db)) {
      step('First start: seeding the demo catalog');
      await seedCatalog(database.db, { uploadDir: config.uploadDir, onProgress: (message) => step(message) });
      step('Seeding demo customers and orders');
      await seedDemoOrders(database.db, { publicUrl: config.publicUrl });
      await seedBlog(database.db, { uploadDir: config.uploadDir, onProgress: (message) => step(message) });
    }
    return ensureAdminAccount(database.db, config.adminEmail, config.adminPassword);
  });

  const pages = config.env === 'development' ? await developmentPages() : await productionPages();
  const app = await buildApp({
    config,
    database,
    logger,
    pages,
    printKeptMail: !config.smtpUrl && !config.flutterwave && !config.paystack,
  });
  // Each said once: a JSON warning for a log collector, else a plain line among the steps.
  const notices = {
    logFormat,
    warn: (fields: Record<string, unknown>, message: string) => logger.warn(fields, message),
    write: (text: string) => process.stdout.write(text),
  };
  const testMode = testModeWarning(config);
  if (testMode) sayWarning(notices, testMode, { testMode: true });
  for (const notice of paystackNotices(config)) sayWarning(notices, notice, { paystack: true });
  const mail = mailNotice(config);
  if (mail) sayWarning(notices, mail);
  const stopJobs = startUnpaidOrderRelease(app.services.orders, app.log, config.jobIntervalMs);
  const stopRefundFollowUp = startRefundFollowUp(app.services.payments, app.log, config.jobIntervalMs);
  const stopStockAlerts = await startStockAlerts(database, app.services.orders, app.log);
  const stopLowStockDigest = startLowStockDigest(app.services.orders, app.log, {
    intervalMs: config.jobIntervalMs,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      logger.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      stopJobs();
      stopRefundFollowUp();
      await stopStockAlerts();
      stopLowStockDigest();
      // Drain first: keep serving for a moment, each answer closing its connection, so requests
      // already on their way (and keep-alive clients) finish here instead of being cut off.
      app.lifecycle.draining = true;
      await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
      await app.close();
      logger.info('requests finished; closing the database');
      await database.close();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // Fastify logs each address it listens on; at a terminal the line below says it once.
  if (logFormat === 'pretty') app.log.level = 'warn';
  await app.listen({ port: config.port, host: config.host });
  app.log.level = config.logLevel;
  // The demo pictures the first start left for later are drawn now, one at a time, while the shop answers.
  void drawPendingPictures(config.uploadDir).then(
    (drawn) => drawn > 0 && logger.info({ drawn }, `the remaining ${drawn} demo pictures are drawn`),
    (error: unknown) => logger.warn({ err: error }, 'drawing the remaining demo pictures failed'),
  );
  process.stdout.write(openAtLine(config));
  process.stdout.write(
    adminStartupNote(admin, {
      fromAdminPassword: Boolean(config.adminPassword),
      mailLeaves: Boolean(config.smtpUrl),
    }),
  );
}

try {
  await main(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(
      `\n${error.message}\n\nFix these environment variables and start again (see README.md, "Configuration").\n`,
    );
  } else if (error instanceof EmbeddedDatabaseInUse) {
    process.stderr.write(
      `\nRossy could not start: ${error.message}\n` +
        (error.holder.purpose === 'the shop'
          ? 'It is open already; to start it again, stop that one first (Ctrl+C where it runs).\n'
          : `Wait for it to finish, then start the shop again.\n`),
    );
  } else {
    process.stderr.write(
      `\nRossy could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
}
