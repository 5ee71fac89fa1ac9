import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ensureShareImage, SHARE_FILE } from '../../core/media/share-image';
import { drawPicture } from '../../seed/product-pictures';

/** A product picture's file: its 16-hex name, then a width or the share picture. */
const DEMO_PICTURE = /^products\/([0-9a-f]{16})-(?:\d+\.webp|share\.jpg)$/;

export interface StaticFilesOptions {
  /** build/client in production; absent in development, where Vite serves the app's files. */
  clientDir: string | undefined;
  uploadDir: string;
}

const YEAR = 31_536_000;

export const staticFilesPlugin = fp(async (app: FastifyInstance, options: StaticFilesOptions) => {
  fs.mkdirSync(options.uploadDir, { recursive: true });
  // A demo picture not drawn yet is drawn on its first request; a photo stored before link-preview
  // pictures were drawn gets its share picture the same way.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/media/products/')) return;
    const name = request.url.slice('/media/'.length);
    const picture = DEMO_PICTURE.exec(name);
    if (picture && !fs.existsSync(path.join(options.uploadDir, name)))
      await drawPicture(options.uploadDir, picture[1]!);
    const share = SHARE_FILE.exec(name);
    if (share) await ensureShareImage(options.uploadDir, `${share[1]}/${share[2]}`);
  });
  // Uploaded and generated images: file names carry a content hash, so they never change.
  await app.register(fastifyStatic, {
    root: options.uploadDir,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', `public, max-age=${YEAR}, immutable`);
    },
  });

  if (!options.clientDir) return;
  const assetsDir = path.join(options.clientDir, 'assets');
  // The build wrote each script's and stylesheet's brotli and gzip beside it (scripts/build.mjs):
  // sent as they are, at brotli's best, and never compressed again per request.
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', `public, max-age=${YEAR}, immutable`);
    },
  });
  const imagesDir = path.join(options.clientDir, 'images');
  if (fs.existsSync(imagesDir)) {
    await app.register(fastifyStatic, {
      root: imagesDir,
      prefix: '/images/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => {
        reply.header('cache-control', 'public, max-age=86400');
      },
    });
  }
  // The service worker names its caches after the build, so a new build's worker replaces the old
  // one's pages; browsers ask for it again on every visit (no-cache), so a deploy takes over at once.
  const worker = path.join(options.clientDir, SERVICE_WORKER);
  if (fs.existsSync(worker)) {
    const body = fs
      .readFileSync(worker, 'utf8')
      .replaceAll('__ROSSY_BUILD__', buildIdOf(options.clientDir, fs.readFileSync(worker)));
    app.get(`/${SERVICE_WORKER}`, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .header('service-worker-allowed', '/')
        .type('text/javascript; charset=utf-8')
        .send(body),
    );
  }
  // Top-level public files (favicon, robots.txt, the web app manifest) keep their names: cache them for a day.
  for (const entry of fs.readdirSync(options.clientDir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.') || entry.name === SERVICE_WORKER) continue;
    const file = path.join(options.clientDir, entry.name);
    const body = fs.readFileSync(file);
    const type = contentTypes[path.extname(entry.name)] ?? 'application/octet-stream';
    app.get(`/${entry.name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type(type).send(body),
    );
  }
});

export const SERVICE_WORKER = 'sw.js';

/** The build's id (build/build-id.json, written by scripts/build.mjs), or the worker's own hash. */
function buildIdOf(clientDir: string, worker: Buffer): string {
  try {
    const { sources, builtAt } = JSON.parse(
      fs.readFileSync(path.join(clientDir, '..', 'build-id.json'), 'utf8'),
    ) as { sources?: string; builtAt?: string };
    if (sources) return `${sources}-${Date.parse(builtAt ?? '') || 0}`;
  } catch {
    // A build made another way: the worker's own bytes name it.
  }
  return createHash('sha256').update(worker).digest('hex').slice(0, 16);
}

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};
