import type { Db } from '../db/client';

/** What the Fastify host hands every loader and action (built once in server/app.ts). */
export interface PageServices {
  db: Db;
  /** Absolute origin for canonical links and Open Graph images. */
  publicUrl: string;
}

declare module 'react-router' {
  interface AppLoadContext {
    services: PageServices;
    /** Per-request nonce the Content-Security-Policy allows inline scripts with. */
    cspNonce: string;
  }
}
