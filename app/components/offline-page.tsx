import { Heart, ShoppingBag, WifiOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './ui/button';

/**
 * What a shopper sees, inside the shop's header and bottom bar, when a page cannot be reached without
 * a connection and this phone has not kept a copy of it (decision 0039). The bag and the wishlist
 * live on the phone, so they are offered first. `retry` tries the page again: a button in the running
 * shop; in the service worker's stand-alone copy (no scripts), a link the worker points at the page.
 */
export function OfflinePage({ retry }: { retry: (() => void) | 'link' }) {
  return (
    <section
      className="container-shop flex flex-col items-center py-16 text-center lg:py-24"
      data-testid="offline-page"
    >
      <WifiOff width={40} height={40} strokeWidth={1.25} aria-hidden="true" className="text-gold" />
      <h1 className="mt-4 text-display-md">You&apos;re offline</h1>
      <p className="mt-3 max-w-md text-ink-soft">
        This page has not been opened on this phone yet, so it cannot be shown without a connection.
      </p>
      <p className="mt-2 max-w-md text-ink-soft">
        Pages you have already seen still open, and your bag and wishlist keep working.
      </p>
      <div className="mt-8 flex w-full max-w-sm flex-col gap-3 sm:max-w-none sm:flex-row sm:justify-center">
        <Link to="/cart" reloadDocument className={buttonClasses('primary', 'md')}>
          <ShoppingBag width={16} height={16} aria-hidden="true" /> Open your bag
        </Link>
        <Link to="/wishlist" reloadDocument className={buttonClasses('outline', 'md')}>
          <Heart width={16} height={16} aria-hidden="true" /> Your wishlist
        </Link>
        {retry === 'link' ? (
          <a href="/offline?retry" data-offline-retry="" className={buttonClasses('ghost', 'md')}>
            Try again
          </a>
        ) : (
          <button type="button" onClick={retry} className={buttonClasses('ghost', 'md')}>
            Try again
          </button>
        )}
      </div>
    </section>
  );
}
