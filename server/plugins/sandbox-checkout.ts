import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../../db/project-root';
import type { FastifyInstance } from 'fastify';

const assetsDir = path.join(projectRoot, 'server', 'sandbox-checkout');

/**
 * The page inside the checkout's frame: external script and stylesheet only, framed by the shop
 * itself and by nothing else, talking to the shop's own API.
 */
const PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const files = {
  'v3.js': 'application/javascript; charset=utf-8',
  'pay.js': 'application/javascript; charset=utf-8',
  'pay.css': 'text/css; charset=utf-8',
  'pay.html': 'text/html; charset=utf-8',
} as const;

/**
 * The sandbox provider's inline checkout, served when no Flutterwave keys are set (TEST MODE):
 * /sandbox/flutterwave/v3.js defines window.FlutterwaveCheckout like Flutterwave's script, and
 * /sandbox/flutterwave/pay is the card page it opens in a frame. Card numbers go from that page to
 * POST /api/sandbox/charges, which keeps only the first six and last four digits; request bodies
 * are never logged.
 */
export async function sandboxCheckoutPlugin(app: FastifyInstance) {
  const body = Object.fromEntries(
    Object.keys(files).map((name) => [name, fs.readFileSync(path.join(assetsDir, name))]),
  ) as Record<keyof typeof files, Buffer>;

  const serve = (name: keyof typeof files, route: string) =>
    app.get(route, { schema: { hide: true } }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').type(files[name]);
      if (name === 'pay.html') reply.header('content-security-policy', PAGE_POLICY);
      return reply.send(body[name]);
    });

  serve('v3.js', '/sandbox/flutterwave/v3.js');
  serve('pay.js', '/sandbox/flutterwave/pay.js');
  serve('pay.css', '/sandbox/flutterwave/pay.css');
  serve('pay.html', '/sandbox/flutterwave/pay');
}
