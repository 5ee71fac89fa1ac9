import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';

export interface LoadSheddingOptions {
  /** SHED_EVENT_LOOP_DELAY_MS: above this event-loop delay new requests are turned away; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** How often the delay is sampled (a second by default: a hundred samples of the loop each time). */
  sampleIntervalMs?: number;
}

/** Seconds a turned-away client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;
export const BUSY_MESSAGE = 'The shop is very busy right now. Please try again in a few seconds.';

/**
 * Under overload the shop says so at once, 503 with Retry-After, instead of letting every request
 * queue behind the others until all of them time out. The signal is the event loop's delay: when
 * the process is behind by more than SHED_EVENT_LOOP_DELAY_MS, new requests are turned away
 * until it catches up. /metrics is always answered, so the operator can see why.
 */
export const loadSheddingPlugin = fp(async (app: FastifyInstance, options: LoadSheddingOptions) => {
  if (options.maxEventLoopDelayMs <= 0) return;
  const shed = new Counter({
    name: 'rossy_requests_shed_total',
    help: 'Requests turned away with 503 because the process was overloaded.',
    registers: [app.metrics.registry],
  });
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.sampleIntervalMs ?? 1000,
    // Nothing returned lets the request through; a body returned is sent as the answer.
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply, _type: string, value?: number) => {
      // The plugin reports an interval with no sample of the loop at all as an infinite delay: that
      // says nothing about load (timers that ran back to back), so the request goes through.
      if (request.url === '/metrics' || value === undefined || !Number.isFinite(value)) return undefined;
      shed.inc();
      reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      return { error: { code: 'UNAVAILABLE', message: BUSY_MESSAGE } };
    }) as unknown as (request: FastifyRequest, reply: FastifyReply, type: string, value?: number) => void,
  });
});
