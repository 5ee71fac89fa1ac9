import { Bell, Heart, Menu, Search, ShoppingBag, Truck, User } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn';
import { cartQuantity, useCart, useWishlist } from '../../lib/shop-stores';
import { CountBadge } from '../ui/badge';
import { CurrencySelect } from './currency-select';
import { MobileMenu } from './mobile-menu';
import { mainNav } from './nav-links';
import { SearchBox } from './search-box';
import { deliveryPromise } from '../../../contracts/delivery';
import { SupportLauncher } from './support-widgets';
import { useRootData, type ShopInfo as ShellShop } from '../../lib/root-data';

const COMPACT_AFTER_PX = 50;

function countLabel(name: string, count: number): string {
  return count > 0 ? `${name}, ${count} ${count === 1 ? 'item' : 'items'}` : name;
}

function IconLink({
  to,
  label,
  children,
  badge,
}: {
  to: string;
  label: string;
  children: React.ReactNode;
  badge?: React.ReactNode;
}) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink transition-colors hover:bg-cream"
    >
      {children}
      {badge}
    </Link>
  );
}

export function Header({
  shop,
  signedIn,
  isAdmin,
}: {
  shop: ShellShop;
  signedIn: boolean;
  isAdmin: boolean;
}) {
  const [compact, setCompact] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const cart = useCart();
  const wishlist = useWishlist();
  const cartCount = cartQuantity(cart);
  const unread = useRootData()?.unreadNotifications ?? 0;
  const location = useLocation();
  // Checkout and the admin are work in progress: no offer of a chat there to get in the way.
  const supportShown = !/^\/(checkout|admin)(\/|$)/.test(location.pathname);
  // Several links share /products and differ by their query, so both must match.
  const isCurrent = (to: string) => {
    const [pathname, search = ''] = to.split('?');
    return (
      location.pathname === pathname &&
      new URLSearchParams(location.search).get('category') === new URLSearchParams(search).get('category')
    );
  };

  useEffect(() => {
    const onScroll = () => setCompact(window.scrollY > COMPACT_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The same words checkout charges by (core/orders/pricing.ts): "Free standard delivery over ₦15,000".
  const delivery = deliveryPromise({ freeShipping: false }, shop);

  return (
    <>
      {/* The strips above the header are a landmark of their own: nothing on a page sits outside one. */}
      <aside aria-label="Shop announcements">
        {isAdmin ? (
          <div className="bg-gold-deep py-1 text-center text-[0.6875rem] font-semibold tracking-[0.2em] text-white">
            ADMIN MODE
          </div>
        ) : null}
        <div className="bg-ink text-paper">
          <div className="container-shop flex h-9 items-center justify-center text-[0.6875rem] tracking-wide md:justify-between">
            <p>
              {delivery ? `${delivery} · ` : ''}
              {shop.returnsDays}-day returns
            </p>
            <div className="hidden items-center gap-5 md:flex">
              <a href={`mailto:${shop.supportEmail}`} className="hover:text-gold-soft">
                {shop.supportEmail}
              </a>
              <a href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`} className="hover:text-gold-soft">
                {shop.supportPhone}
              </a>
              <CurrencySelect id="header-currency" />
            </div>
          </div>
        </div>
      </aside>
      <header
        className={cn(
          'sticky top-0 z-40 h-16 border-b transition-[box-shadow,background-color] duration-300 lg:h-[4.5rem]',
          compact ? 'border-transparent bg-paper/95 shadow-header backdrop-blur' : 'border-line bg-paper',
        )}
      >
        <div className="container-shop flex h-full items-center gap-4">
          <button
            type="button"
            className="-ml-2 inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-cream lg:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <Menu width={22} height={22} strokeWidth={1.5} />
          </button>
          <Link
            to="/"
            className={cn(
              'font-display text-[1.75rem] leading-none font-semibold tracking-[0.28em] transition-transform duration-300 origin-left',
              compact && 'lg:scale-90',
            )}
            aria-label={`${shop.name} home`}
          >
            {shop.name.toUpperCase()}
          </Link>
          <nav aria-label="Main" className="ml-6 hidden items-center gap-6 lg:flex">
            {mainNav.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                aria-current={isCurrent(item.to) ? 'page' : undefined}
                className={cn(
                  'relative py-2 text-[0.8125rem] font-medium tracking-wide text-ink-soft transition-colors hover:text-ink',
                  isCurrent(item.to) && 'text-ink',
                )}
              >
                {item.label}
                {'hot' in item ? (
                  <span className="ml-1 rounded-sm bg-sale px-1 py-px align-top text-[0.5625rem] font-bold tracking-wider text-white uppercase">
                    Hot
                  </span>
                ) : null}
              </Link>
            ))}
          </nav>
          <div className="ml-auto hidden max-w-xs flex-1 xl:block">
            <SearchBox id="header-search" />
          </div>
          <div className="ml-auto flex items-center gap-0.5 xl:ml-2">
            <button
              type="button"
              className="inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-cream xl:hidden"
              aria-label="Search"
              onClick={() => setMenuOpen(true)}
            >
              <Search width={20} height={20} strokeWidth={1.5} />
            </button>
            <span className="hidden md:contents">
              <IconLink to="/track-order" label="Track your order">
                <Truck width={20} height={20} strokeWidth={1.5} />
              </IconLink>
              <IconLink
                to="/notifications"
                label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
                badge={<CountBadge count={unread} />}
              >
                <Bell width={20} height={20} strokeWidth={1.5} />
              </IconLink>
              <IconLink
                to="/wishlist"
                label={countLabel('Wishlist', wishlist.length)}
                badge={<CountBadge count={wishlist.length} />}
              >
                <Heart width={20} height={20} strokeWidth={1.5} />
              </IconLink>
              <IconLink to={signedIn ? '/profile' : '/login'} label={signedIn ? 'Your profile' : 'Sign in'}>
                <User width={20} height={20} strokeWidth={1.5} />
              </IconLink>
            </span>
            {supportShown ? <SupportLauncher /> : null}
            <IconLink
              to="/cart"
              label={countLabel('Cart', cartCount)}
              badge={<CountBadge count={cartCount} />}
            >
              <ShoppingBag width={20} height={20} strokeWidth={1.5} />
            </IconLink>
          </div>
        </div>
      </header>
      <MobileMenu open={menuOpen} onClose={closeMenu} shop={shop} signedIn={signedIn} />
    </>
  );
}
