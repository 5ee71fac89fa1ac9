/**
 * The shop's services as the REST API and the pages both use them: built once in server/app.ts,
 * handed to every loader and action through React Router's load context (app/load-context.ts).
 */
import type { AccountDeps } from './accounts/account-deps';
import type { OrderDeps } from './orders/order-deps';
import type { PaymentDeps } from './payments/payments';
import type { NewsletterDeps } from './newsletter/subscribe';
import type { Db } from '../db/client';
import type { ShopSettings } from './settings/shop-settings';

export interface SessionCookieWriter {
  serialize(session: { token: string; expiresAt: Date }): string;
  clear(): string;
}

/** The shop's services, built once in server/app.ts and shared by the REST API and every loader and action. */
export interface PageServices {
  db: Db;
  /** Absolute origin for canonical links and Open Graph images. */
  publicUrl: string;
  uploadDir: string;
  accounts: AccountDeps;
  orders: OrderDeps;
  payments: PaymentDeps;
  newsletter: NewsletterDeps;
  cookies: SessionCookieWriter;
  /**
   * The shop's settings for a page: the copy the catalogue cache keeps (read again the moment any
   * setting changes, in every process), or a read of the database when there is none.
   */
  shopSettings(): Promise<ShopSettings>;
  /** The shop's log for a page's failure: URL secrets and SQL parameters redacted (server/logging.ts). */
  logError(error: unknown, message: string): void;
}
