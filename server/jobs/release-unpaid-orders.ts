import type { FastifyBaseLogger } from 'fastify';
import type { OrderDeps } from '../../core/orders/order-deps';
import { releaseUnpaidOrders } from '../../core/orders/release-unpaid';

/**
 * Every minute, cancels unpaid orders whose hold has passed and puts their stock back. Safe with
 * several app processes: core claims each order with a conditional update.
 */
export function startUnpaidOrderRelease(
  deps: OrderDeps,
  logger: FastifyBaseLogger,
  intervalMs = 60_000,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const released = await releaseUnpaidOrders(deps);
      if (released.length > 0) logger.info({ orders: released }, 'unpaid orders released');
    } catch (error) {
      logger.warn({ err: error }, 'releasing unpaid orders failed; will try again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
