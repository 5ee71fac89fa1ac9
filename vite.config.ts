import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rollup } from 'vite';
import { firstLoadGraph } from './app/first-load-graph';

type RollupLog = Rollup.RollupLog;

/**
 * The shell every page loads: the root route's own modules and what they import (app/first-load-graph.ts),
 * with the icons and packages only they use, as one chunk instead of thirty one-kilobyte files (each
 * request costs a round trip on a phone's mobile data). Everything else goes with the routes that use
 * it: the payment windows with the pages that pay, the admin's parts with the admin. React gets its
 * own chunk so that everything else can depend on it without a cycle.
 */
const shellModules = firstLoadGraph().modules;
/** Small shared parts most shopping pages use (a price, a field, a picture): with the shell rather than in crumbs. */
const sharedParts = /\/app\/(components\/ui|lib)\/(?!provider-checkout)[^/]+\.tsx?$/;

function clientChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  const file = id.split('?', 1)[0]!;
  if (shellModules.has(file) || sharedParts.test(file)) return 'shell';
  return undefined;
}

/**
 * Build messages that say nothing about the shop: packages' comments and "use client" lines Rollup
 * drops (INVALID_ANNOTATION, MODULE_LEVEL_DIRECTIVE, in node_modules), and the empty browser chunks of routes that live only on
 * the server (sitemap.xml, robots.txt, logout: EMPTY_BUNDLE). Everything else is still shown.
 */
function onwarn(warning: RollupLog, warn: (warning: RollupLog) => void) {
  const inPackages = warning.id?.includes('/node_modules/') ?? false;
  if (inPackages && (warning.code === 'INVALID_ANNOTATION' || warning.code === 'MODULE_LEVEL_DIRECTIVE'))
    return;
  if (warning.code === 'EMPTY_BUNDLE') return;
  warn(warning);
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0, rollupOptions: { onwarn } },
  environments: {
    client: { build: { rollupOptions: { onwarn, output: { manualChunks: clientChunk } } } },
  },
  server: { hmr: { port: 24678 } },
});
