import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  environments: {
    client: { build: { rollupOptions: { output: { manualChunks: clientChunk } } } },
  },
  server: { hmr: { port: 24678 } },
});
