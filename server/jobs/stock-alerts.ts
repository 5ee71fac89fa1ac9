import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import {
  purgeOldStockAlerts,
  sendDueStockAlerts,
  type StockAlertDeps,
} from '../../core/catalog/stock-alerts';

/** The channel a restock's trigger notifies (db/migrations/0018_stock_alerts.sql). */
export const STOCK_ALERTS_CHANNEL = 'stock_alerts_due';

const PURGE_EVERY_MS = 60 * 60_000;

/**
 * Mails the watchers of sizes and colours that came back into stock: at once when the restocking
 * transaction's notice arrives, and every `intervalMs` in case a notice was missed (a lost
 * connection, another process's restock while this one was starting). Safe with several processes:
 * core claims each alert with FOR UPDATE SKIP LOCKED and a conditional update, so one sends it.
 * Once an hour it deletes alerts that expired. Returns a function that stops it.
 */
export async function startStockAlerts(
  database: Pick<DatabaseHandle, 'listen'>,
  deps: Pick<StockAlertDeps, 'db' | 'mailer' | 'publicUrl'>,
  logger: FastifyBaseLogger,
  intervalMs = 15_000,
): Promise<() => Promise<void>> {
  const jobDeps = {
    ...deps,
    onMailError: (error: unknown) => logger.error({ err: error }, 'stock alert e-mail failed'),
  };
  let running = false;
  let again = false;
  let stopped = false;
  let purgedAt = 0;

  const tick = async (): Promise<void> => {
    if (stopped) return;
    // A notice while a run is under way asks for one more run after it, never two at once.
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const sent = await sendDueStockAlerts(jobDeps);
        if (sent > 0) logger.info({ alerts: sent }, 'back in stock alerts sent');
      } while (again && !stopped);
      if (Date.now() - purgedAt > PURGE_EVERY_MS) {
        purgedAt = Date.now();
        const purged = await purgeOldStockAlerts(deps.db);
        if (purged > 0) logger.info({ alerts: purged }, 'expired stock alerts deleted');
      }
    } catch (error) {
      logger.warn({ err: error }, 'sending back in stock alerts failed; will try again');
    } finally {
      running = false;
    }
  };

  const unlisten = await database.listen(STOCK_ALERTS_CHANNEL, {
    onMessage: () => void tick(),
    // Listening (again) after a start or a lost connection: what came meanwhile is sent now.
    onListening: () => void tick(),
  });
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten();
  };
}
