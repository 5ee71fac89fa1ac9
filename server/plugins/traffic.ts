import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPageViewCounter, pageViewOf, type PageViewCounter } from '../../core/reports/page-views';
import type { DbOrTx } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    /** First-party page views waiting to be written (see core/reports/page-views.ts). */
    pageViewCounter: PageViewCounter;
  }
}

export interface TrafficOptions {
  db: DbOrTx;
  /** The shop's public address: a referrer on its host is 'internal'. */
  publicUrl: string;
  /** How often the counted views are written; 5 s by default. */
  flushEveryMs?: number;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Counts the pages served in its scope (register it where the pages are served). Each answer is
 * looked at once it has been sent, counted in memory, and written every few seconds and on close:
 * a page view costs no database write while the shopper waits.
 */
async function traffic(app: FastifyInstance, options: TrafficOptions) {
  const counter = createPageViewCounter(options.db);
  const publicHost = new URL(options.publicUrl).host;
  app.decorate('pageViewCounter', counter);

  app.addHook('onResponse', async (request, reply) => {
    const contentType = reply.getHeader('content-type');
    const view = pageViewOf({
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      userAgent: request.headers['user-agent'],
      referrer: header(request.headers.referer),
      purpose: header(request.headers['sec-purpose']) ?? header(request.headers.purpose),
      ownHosts: [publicHost, request.host],
    });
    if (view) counter.record(view);
  });

  const flush = () =>
    counter
      .flush()
      .catch((error: unknown) => app.log.warn({ err: error }, 'page views could not be written yet'));
  const timer = setInterval(() => void flush(), options.flushEveryMs ?? 5_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flush();
  });
}

export const trafficPlugin = fp(traffic, { name: 'traffic' });
