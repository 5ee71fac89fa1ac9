import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    cspNonce: string;
  }
  interface FastifyInstance {
    /**
     * The Content-Security-Policy allowing inline scripts by these sources instead of a per-answer
     * nonce: a cached page's scripts by their hashes (`'sha256-…'`).
     */
    contentSecurityPolicy(scriptSources: string[]): string;
  }
}

export interface SecurityOptions {
  isProduction: boolean;
  publicUrl: string;
  /** Hosts of the payment provider's script and API, allowed only when it is configured. */
  paymentOrigins: string[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a JSON answer may load or be framed by, should a browser ever render one: nothing. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function isApiRequest(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function contentSecurityPolicy(scriptSources: string[], paymentOrigins: string[]): string {
  const payment = paymentOrigins.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptSources.join(' ')} ${payment}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${payment}`.trim(),
    `frame-src 'self' ${payment}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: under it a browser sends `Origin: null` with a form posted before (or
    // without) JavaScript, and React Router refuses such an action as cross-site. same-origin still sends
    // nothing to other sites.
    referrerPolicy: { policy: 'same-origin' },
    hsts: options.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });

  app.decorate('contentSecurityPolicy', (scriptSources: string[]) =>
    contentSecurityPolicy(scriptSources, options.paymentOrigins),
  );
  app.decorateRequest('cspNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    // Only a document runs scripts: the API's JSON answers need no nonce (and none is drawn for them).
    if (!isApiRequest(request.url)) request.cspNonce = randomBytes(16).toString('base64');
    if (SAFE_METHODS.has(request.method)) return;
    // A state change must come from the shop's own pages (or a client that sends no Origin, such as an API client or a webhook).
    const origin = request.headers.origin;
    if (origin && origin !== 'null') {
      // request.host reads X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), else the Host header.
      const host = request.host;
      let sameOrigin = false;
      try {
        const originUrl = new URL(origin);
        sameOrigin = originUrl.host === host || originUrl.origin === new URL(options.publicUrl).origin;
      } catch {
        sameOrigin = false;
      }
      if (!sameOrigin) {
        return reply.status(403).send(errorBody('FORBIDDEN', 'Cross-site requests are not accepted.'));
      }
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (options.isProduction || process.env.NODE_ENV === 'test') {
      if (!reply.hasHeader('content-security-policy')) {
        reply.header(
          'content-security-policy',
          request.cspNonce
            ? contentSecurityPolicy([`'nonce-${request.cspNonce}'`], options.paymentOrigins)
            : API_POLICY,
        );
      }
    }
    return payload;
  });
});
