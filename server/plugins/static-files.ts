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
    setHeaders: (reply) => reply.header('cache-control', `public, max-age=${YEAR}, immutable`),
  });

  if (!options.clientDir) return;
  const assetsDir = path.join(options.clientDir, 'assets');
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', `public, max-age=${YEAR}, immutable`),
  });
  const imagesDir = path.join(options.clientDir, 'images');
  if (fs.existsSync(imagesDir)) {
    await app.register(fastifyStatic, {
      root: imagesDir,
      prefix: '/images/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
    });
  }
  // Top-level public files (favicon, robots.txt) keep their names: cache them for a day.
  for (const entry of fs.readdirSync(options.clientDir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith('.')) continue;
    const file = path.join(options.clientDir, entry.name);
    const body = fs.readFileSync(file);
    const type = contentTypes[path.extname(entry.name)] ?? 'application/octet-stream';
    app.get(`/${entry.name}`, { schema: { hide: true } }, async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type(type).send(body),
    );
  }
});

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.xml': 'application/xml',
};
