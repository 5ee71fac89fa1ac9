import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import type { PageServices } from '../../app/load-context';
import { trafficPlugin } from './traffic';

export interface PagesOptions {
  /** The compiled server build, or a function that loads it afresh (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  services: PageServices;
}

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const host = request.headers['x-forwarded-host'] ?? request.headers.host ?? 'localhost';
  const url = new URL(request.url, `${request.protocol}://${host}`);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: toWebHeaders(request),
    signal: controller.signal,
  };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body) {
    init.body = Readable.toWeb(request.body as Readable) as ReadableStream;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

/**
 * The bridge between Fastify and React Router: every path that is not /api, a static file or an
 * image becomes a Web Request for React Router's handler, with the shop's services as load context.
 */
export async function pagesPlugin(app: FastifyInstance, options: PagesOptions) {
  const handle = createRequestHandler(options.build, options.mode);
  // First-party page views: only the pages served here are counted (not /api, files or images).
  await app.register(trafficPlugin, { db: options.services.db, publicUrl: options.services.publicUrl });

  // Actions read their own bodies (forms, JSON), so Fastify passes the raw stream through.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const context: AppLoadContext = {
        services: options.services,
        cspNonce: request.cspNonce,
        user: request.user,
        client: { ip: request.ip, userAgent: request.headers['user-agent'] },
      };
      const response = await handle(toWebRequest(request, reply), context);

      reply.status(response.status);
      for (const [name, value] of response.headers) {
        if (name === 'set-cookie') continue;
        reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      if (!response.headers.has('cache-control')) reply.header('cache-control', 'private, no-cache');
      if (!response.body || request.method === 'HEAD') return reply.send();
      return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
    },
  });
}
