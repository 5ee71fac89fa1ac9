import type { CurrentUser } from '../core/accounts/sessions';
import type { PageServices } from '../core/page-services';
import type { ClientInfo } from '../core/rate-limits';

export type { PageServices, SessionCookieWriter } from '../core/page-services';

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
