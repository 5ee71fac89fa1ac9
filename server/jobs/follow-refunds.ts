import type { FastifyBaseLogger } from 'fastify';
import type { PaymentDeps } from '../../core/payments/payments';
import { followPendingRefunds } from '../../core/refunds/provider-sync';

/**
 * Every minute, asks the provider about refunds it left pending, and gives up on those it never
 * confirmed (decision 0041). Safe with several app processes: core claims each refund with a
 * conditional update before asking about it.
 */
export function startRefundFollowUp(
  deps: PaymentDeps,
  logger: FastifyBaseLogger,
  intervalMs = 60_000,
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const settled = await followPendingRefunds(deps);
      if (settled > 0) logger.info({ refunds: settled }, 'pending refunds settled');
    } catch (error) {
      logger.warn({ err: error }, 'following pending refunds failed; will try again');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
