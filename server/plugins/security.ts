import { randomBytes } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isPaymentPage } from '../../contracts/payment-pages';
import { errorBody } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** This document's nonce for its inline scripts ('' for an API request), drawn when first read. */
    readonly cspNonce: string;
    cspNonceDrawn: string | null;
  }
  interface FastifyInstance {
    /**
     * The Content-Security-Policy of the page at `pathname`, allowing inline scripts by these sources
     * instead of a per-answer nonce: a cached page's scripts by their hashes (`'sha256-…'`).
     */
    contentSecurityPolicy(scriptSources: string[], pathname: string): string;
  }
}

export interface SecurityOptions {
  isProduction: boolean;
  publicUrl: string;
  /**
   * The configured card providers' hosts: their script, the frame their checkout opens in and their
   * API. Allowed only on the documents of the pages that open a payment (contracts/payment-pages).
   */
  paymentOrigins: PaymentOrigins;
}

/** Hosts a payment page may load scripts from, frame, and connect to. */
export interface PaymentOrigins {
  script: string[];
  frame: string[];
  connect: string[];
}

export const NO_PAYMENT_ORIGINS: PaymentOrigins = { script: [], frame: [], connect: [] };

/** Several providers' origins as one list per directive, each host once. */
export function joinPaymentOrigins(...lists: PaymentOrigins[]): PaymentOrigins {
  const join = (key: keyof PaymentOrigins) => [...new Set(lists.flatMap((list) => list[key]))];
  return { script: join('script'), frame: join('frame'), connect: join('connect') };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What a JSON answer may load or be framed by, should a browser ever render one: nothing. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function isApiRequest(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Whether an Origin header names the shop: its own host (request.host reads X-Forwarded-Host only
 * from a trusted proxy, TRUST_PROXY, else the Host header) or its public address. 'null' never does.
 */
function isShopOrigin(origin: string, host: string, publicUrl: string): boolean {
  if (!/^https?:\/\//.test(origin)) return false;
  try {
    const originUrl = new URL(origin);
    return originUrl.host === host || originUrl.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

function contentSecurityPolicy(scriptSources: string[], payment: PaymentOrigins): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources, ...payment.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...payment.connect].join(' '),
    ["frame-src 'self'", ...payment.frame].join(' '),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** Helmet's options for the shop: its defaults but the Content-Security-Policy, which is the shop's own. */
export function helmetOptions(isProduction: boolean) {
  return {
    contentSecurityPolicy: false as const,
    crossOriginEmbedderPolicy: false as const,
    // Not helmet's no-referrer: under it a browser sends `Origin: null` with a form posted before (or
    // without) JavaScript, and React Router refuses such an action as cross-site. same-origin still sends
    // nothing to other sites.
    referrerPolicy: { policy: 'same-origin' as const },
    hsts: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : (false as const),
  };
}

/** Headers Fastify itself sends on every answer: anything else on a bare answer is helmet's. */
const FASTIFY_OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers @fastify/helmet sets with these options, learnt once from a bare Fastify: they are the
 * same for every answer, and helmet builds its whole middleware again for every request it sees.
 */
export async function helmetHeaders(isProduction: boolean): Promise<[string, string][]> {
  const probe = Fastify();
  try {
    await probe.register(helmet, helmetOptions(isProduction));
    probe.get('/', async () => '');
    const answer = await probe.inject({ method: 'GET', url: '/' });
    return Object.entries(answer.headers)
      .filter(([name]) => !FASTIFY_OWN_HEADERS.has(name))
      .map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const headers = await helmetHeaders(options.isProduction);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  /** The providers' origins for a page that opens a payment, none for any other. */
  const originsFor = (pathname: string) =>
    isPaymentPage(pathname) ? options.paymentOrigins : NO_PAYMENT_ORIGINS;
  app.decorate('contentSecurityPolicy', (scriptSources: string[], pathname: string) =>
    contentSecurityPolicy(scriptSources, originsFor(pathname)),
  );
  // Only a document runs scripts: the API's JSON answers need no nonce (and none is drawn for them).
  // A document's nonce is drawn the first time it is read (its rendering, or its CSP header below):
  // a page sent from the catalogue cache carries its scripts' hashes instead and draws none.
  app.decorateRequest('cspNonceDrawn', null);
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      if (this.cspNonceDrawn === null)
        this.cspNonceDrawn = isApiRequest(this.url) ? '' : randomBytes(16).toString('base64');
      return this.cspNonceDrawn;
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    // A state change must come from the shop's own pages. `Origin: null` (a sandboxed frame, a
    // cross-site redirect, a data: page) is no origin of the shop's, and neither is a request a browser
    // marks cross-site. A request with neither header (an API client, a webhook, an old browser)
    // passes: a browser sends the session cookie (SameSite=Lax) with no cross-site POST anyway.
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if (
      (origin !== undefined && !isShopOrigin(origin, request.host, options.publicUrl)) ||
      fetchSite === 'cross-site'
    )
      return reply.status(403).send(errorBody('FORBIDDEN', 'Cross-site requests are not accepted.'));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (options.isProduction || process.env.NODE_ENV === 'test') {
      if (!reply.hasHeader('content-security-policy')) {
        reply.header(
          'content-security-policy',
          request.cspNonce
            ? contentSecurityPolicy(
                [`'nonce-${request.cspNonce}'`],
                originsFor(request.url.split('?', 1)[0] ?? '/'),
              )
            : API_POLICY,
        );
      }
    }
    return payload;
  });
});
