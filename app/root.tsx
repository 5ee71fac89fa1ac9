import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRevalidator,
  useRouteError,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { lazy, useEffect } from 'react';
import appCss from './app.css?url';
import { ShopShell } from './components/layout/shop-shell';
import { ErrorPage } from './components/error-page';
import { OfflinePage } from './components/offline-page';
import { fallbackFaces, fontsScript, webFontFaces } from './fonts';
import { useRootData, type RootData } from './lib/root-data';
import { useAccountWishlist } from './lib/wishlist-sync';
import { useWebVitals } from './lib/web-vitals';
import { countUnreadNotifications } from '../core/notifications/notifications';
import { cardProviderNameOf, isTestMode } from '../core/payments/providers';
import { currencyFromCookie } from '../contracts/currency';

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable: the web app manifest and the home-screen icon (decision 0026).
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/images/icons/apple-touch-icon.png' },
];

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const user = context.user;
  const [shop, unreadNotifications] = await Promise.all([
    context.services.shopSettings(),
    user ? countUnreadNotifications(context.services.db, user.id) : 0,
  ]);
  return {
    nonce: context.cspNonce,
    user: user
      ? { id: user.id, name: user.name, email: user.email, role: user.role, avatarUrl: user.avatarUrl }
      : null,
    publicUrl: context.services.publicUrl,
    /** No provider keys: card payments go to the shop's own TEST MODE sandbox and move no money. */
    testMode: isTestMode(context.services.payments.providers),
    /** The header's notifications badge: the signed-in shopper's unread count. */
    unreadNotifications,
    /** The shopper's display currency (a cookie) and the admin's rates: prices render converted from the first byte. */
    display: { currency: currencyFromCookie(request.headers.get('cookie')), rates: shop.currencyRates },
    shop: {
      name: shop.name,
      tagline: shop.tagline,
      supportEmail: shop.supportEmail,
      supportPhone: shop.supportPhone,
      whatsappNumber: shop.whatsappNumber,
      address: shop.address,
      businessHours: shop.businessHours,
      freeShippingThresholdKobo: shop.freeShippingThresholdKobo,
      pricesIncludeTax: shop.pricesIncludeTax,
      returnsDays: shop.returnsDays,
      warrantyMonths: shop.warrantyMonths,
      social: shop.social,
      /** What the FAQ, the live chat and the policy pages quote: methods shoppers can pick and how they can pay. */
      shippingMethods: shop.shippingMethods
        .filter((method) => method.enabled)
        .map(({ name, description, priceKobo, freeOverThreshold, enabled }) => ({
          name,
          description,
          priceKobo,
          freeOverThreshold,
          enabled,
        })),
      paymentMethods: shop.paymentMethods,
      cardProviderName: cardProviderNameOf(context.services.payments.providers, shop.cardProvider),
    },
    vitalsSamplePercent: shop.vitalsSamplePercent,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  return (
    <html lang="en-NG">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in the head, ahead of the script preloads, so the first paint is not queued behind them. */}
        <link rel="stylesheet" href={appCss} precedence="high" />
        <meta name="theme-color" content="#17140f" />
        <style dangerouslySetInnerHTML={{ __html: fallbackFaces }} />
        <script nonce={data?.nonce} dangerouslySetInnerHTML={{ __html: fontsScript }} />
        <noscript>
          <style dangerouslySetInnerHTML={{ __html: webFontFaces }} />
        </noscript>
        <Meta />
        <Links />
      </head>
      <body>
        {data?.testMode ? <TestModeBanner /> : null}
        {children}
        <ScrollRestoration nonce={data?.nonce} />
        <Scripts nonce={data?.nonce} />
      </body>
    </html>
  );
}

/**
 * On every page, the admin's included, while the shop has no payment keys: a slim strip above the
 * header, in the page's flow (it covers nothing), so nobody mistakes the demo for a live shop.
 */
function TestModeBanner() {
  return (
    <aside
      aria-label="Test mode"
      data-testid="test-mode-banner"
      className="border-b border-white/10 bg-ink px-4 py-1.5 text-center text-[11px] leading-snug tracking-wide text-cream sm:text-xs"
    >
      <span className="mr-2 inline-block rounded-sm border border-gold-soft/60 px-1.5 py-px font-semibold uppercase tracking-[0.14em] text-gold-soft">
        Test mode
      </span>
      Payments are simulated: no card is charged and orders paid here are test orders.
    </aside>
  );
}

// The chat's code and the FAQ it answers from load only when a shopper opens it.
const LiveChatPanel = lazy(() => import('./features/content/live-chat-panel'));

export default function App() {
  useAccountWishlist();
  useWebVitals(useRootData()?.vitalsSamplePercent);
  return (
    <ShopShell chat={LiveChatPanel}>
      <Outlet />
    </ShopShell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const hasShell = useRootData() !== undefined;
  const offline = isUnreachable(error);
  if (import.meta.env.DEV && error instanceof Error && !offline) console.error(error);
  const page = offline ? (
    <OfflineFallback />
  ) : (
    <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />
  );
  return hasShell ? <ShopShell chat={LiveChatPanel}>{page}</ShopShell> : page;
}

/** A page's data could not be fetched at all: no connection, or the shop out of reach (not an answer from it). */
function isUnreachable(error: unknown): boolean {
  if (typeof navigator === 'undefined' || isRouteErrorResponse(error)) return false;
  if (navigator.onLine === false) return true;
  return (
    error instanceof TypeError &&
    /failed to fetch|networkerror|load failed|network request failed/i.test(error.message)
  );
}

/**
 * Offline, a tap that needs the shop (a breadcrumb, Home, the bag) opens this phone's copy of the
 * page when the service worker kept one (the page is loaded from it, once), and otherwise says the
 * page has not been opened here yet, inside the shop's frame. Back online, it loads by itself.
 */
function OfflineFallback() {
  const location = useLocation();
  const revalidator = useRevalidator();
  useEffect(() => {
    const address = location.pathname + location.search;
    void openSeenCopy(address);
    const retry = () => void revalidator.revalidate();
    window.addEventListener('online', retry);
    // A connection just back may lose the first request: ask again while the phone says it is online.
    const again = window.setInterval(() => {
      if (navigator.onLine) retry();
    }, 4_000);
    return () => {
      window.removeEventListener('online', retry);
      window.clearInterval(again);
    };
  }, [location.pathname, location.search, revalidator]);
  return <OfflinePage retry={() => void revalidator.revalidate()} />;
}

/** The address last loaded from the phone's copy: a page loaded from it that fails at once is not reloaded again. */
const SEEN_COPY_KEY = 'rossy.offline-copy';

async function openSeenCopy(address: string): Promise<void> {
  if (!navigator.serviceWorker?.controller || typeof caches === 'undefined') return;
  const [pathname] = address.split('?');
  const shell = pathname === '/cart' || pathname === '/wishlist';
  const kept = await caches.match(address, { ignoreSearch: shell }).catch(() => undefined);
  if (!kept) return;
  // This very page was just loaded from the copy and still could not show: no second reload.
  if (sessionStorage.getItem(SEEN_COPY_KEY) === address && performance.now() < 5_000) return;
  sessionStorage.setItem(SEEN_COPY_KEY, address);
  window.location.reload();
}
