import type { AccountDeps } from '../core/accounts/account-deps';
import type { OrderDeps } from '../core/orders/order-deps';
import type { PaymentDeps } from '../core/payments/payments';
import type { CurrentUser } from '../core/accounts/sessions';
import type { NewsletterDeps } from '../core/newsletter/subscribe';
import type { ClientInfo } from '../core/rate-limits';
import type { Db } from '../db/client';
import type { ShopSettings } from '../core/settings/shop-settings';

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

declare module 'react-router' {
  interface AppLoadContext {
    services: PageServices;
    /** Per-request nonce the Content-Security-Policy allows inline scripts with. */
    cspNonce: string;
    /** The signed-in user, known from the session cookie before the page renders. */
    user: CurrentUser | null;
    client: ClientInfo;
  }
}
