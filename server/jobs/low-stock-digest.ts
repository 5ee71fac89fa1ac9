import type { FastifyBaseLogger } from 'fastify';
import { lagosDay } from '../../contracts/lagos-time';
import {
  lowStockDigestDue,
  sendLowStockDigest,
  type LowStockDigestDeps,
} from '../../core/inventory/low-stock-digest';

/**
 * Every `intervalMs`, checks whether the day's low-stock digest is due (08:00 Lagos time) and, if so,
 * sends it. Safe with several processes: core claims the Lagos day in the database, so one mails it.
 * Once this process has seen the day done it asks the database no more until the next day. Returns a
 * function that stops it.
 */
export function startLowStockDigest(
  deps: Pick<LowStockDigestDeps, 'db' | 'mailer' | 'publicUrl'>,
  logger: FastifyBaseLogger,
  options: { intervalMs?: number; now?: () => Date } = {},
): () => void {
  const { intervalMs = 60_000, now = () => new Date() } = options;
  const jobDeps: LowStockDigestDeps = {
    ...deps,
    onMailError: (error: unknown) => logger.error({ err: error }, 'low-stock digest e-mail failed'),
  };
  let running = false;
  let doneDay = '';
  const tick = async () => {
    const at = now();
    if (running || doneDay === lagosDay(at) || !lowStockDigestDue(at)) return;
    running = true;
    try {
      const result = await sendLowStockDigest(jobDeps, { now: at });
      doneDay = result.day;
      if (result.outcome === 'sent')
        logger.info({ day: result.day, variants: result.variants }, 'low-stock digest sent');
      else if (result.outcome === 'no_recipients')
        logger.warn({ day: result.day, variants: result.variants }, 'low-stock digest: no owner or manager');
    } catch (error) {
      logger.warn({ err: error }, 'sending the low-stock digest failed; will try again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
