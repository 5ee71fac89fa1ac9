import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Rollup } from 'vite';

type RollupLog = Rollup.RollupLog;

/** Browser-safe contracts every page uses; the ones holding zod schemas stay out of the browser. */
const sharedContracts = /\/contracts\/(money|media|checkout-texts|account-texts|price-bands|whatsapp)\.ts$/;

/**
 * The shell's small shared modules (UI kit, stores, helpers, icons) ship as a few chunks instead of
 * thirty one-kilobyte files: each request costs a round trip on a phone's mobile data. React gets
 * its own chunk so that everything else can depend on it without a cycle.
 */
function clientChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (id.includes('/node_modules/lucide-react/')) return 'icons';
  if (/\/app\/(components|lib)\//.test(id) || sharedContracts.test(id)) return 'shell';
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
