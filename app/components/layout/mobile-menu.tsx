import { Mail, MapPin, Phone } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { SlideInPanel } from '../ui/slide-in-panel';
import { CurrencySelect } from './currency-select';
import { mainNav } from './nav-links';
import { SearchBox } from './search-box';
import { useRootData, type ShopInfo as ShellShop } from '../../lib/root-data';

const navigation = [
  { to: '/categories', label: 'Categories' },
  { to: '/track-order', label: 'Track Your Order' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/help', label: 'Help & FAQs' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/blog', label: 'Journal' },
];

/** Slide-in menu for phones: closed by the toggle, the backdrop, the close button, Escape, or choosing any link. */
export function MobileMenu({
  open,
  onClose,
  shop,
  signedIn,
}: {
  open: boolean;
  onClose: () => void;
  shop: ShellShop;
  signedIn: boolean;
}) {
  const location = useLocation();
  const unread = useRootData()?.unreadNotifications ?? 0;

  useEffect(() => {
    onClose();
    // Closing on every navigation is the point: the location is the trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);

  const account = signedIn
    ? [
        { to: '/profile', label: 'My Profile' },
        { to: '/orders', label: 'My Orders' },
        { to: '/wishlist', label: 'Wishlist' },
      ]
    : [
        { to: '/login', label: 'Sign In' },
        { to: '/register', label: 'Create Account' },
        { to: '/wishlist', label: 'Wishlist' },
      ];

  return (
    <SlideInPanel
      open={open}
      onClose={onClose}
      side="left"
      id="mobile-menu"
      label="Menu"
      closeLabel="Close menu"
      title={
        <span className="font-display text-2xl font-semibold tracking-[0.28em]">
          {shop.name.toUpperCase()}
        </span>
      }
    >
      <div className="px-5 py-4">{open ? <SearchBox id="mobile-search" onSearched={onClose} /> : null}</div>
      <nav
        aria-label="Mobile"
        className="flex-1 space-y-6 px-5 pb-6"
        // A link to the page already shown changes no location, so choosing any link closes the menu here too.
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a')) onClose();
        }}
      >
        <div className="grid grid-cols-2 gap-2">
          <Link
            to="/sale"
            className="rounded-sm bg-sale px-4 py-3 text-center text-sm font-semibold tracking-wide text-white"
          >
            Sale
          </Link>
          <Link
            to="/products"
            className="rounded-sm bg-ink px-4 py-3 text-center text-sm font-semibold tracking-wide text-paper"
          >
            All Products
          </Link>
        </div>
        <MenuGroup
          title="Shop"
          links={mainNav.filter((item) => item.to !== '/sale' && item.to !== '/products')}
        />
        <MenuGroup
          title="Navigation"
          links={navigation.map((link) =>
            link.to === '/notifications' && unread > 0 ? { ...link, count: unread } : link,
          )}
        />
        <MenuGroup title="Your Account" links={account} />
        <CurrencySelect id="mobile-currency" tone="light" />
        <div className="space-y-2 border-t border-line pt-5 text-sm text-ink-soft">
          <a href={`tel:${shop.supportPhone.replace(/\s+/g, '')}`} className="flex items-center gap-2">
            <Phone width={16} height={16} strokeWidth={1.5} /> {shop.supportPhone}
          </a>
          <a href={`mailto:${shop.supportEmail}`} className="flex items-center gap-2">
            <Mail width={16} height={16} strokeWidth={1.5} /> {shop.supportEmail}
          </a>
          <p className="flex items-start gap-2">
            <MapPin width={16} height={16} strokeWidth={1.5} className="mt-0.5 shrink-0" /> {shop.address}
          </p>
        </div>
      </nav>
    </SlideInPanel>
  );
}

function MenuGroup({
  title,
  links,
}: {
  title: string;
  links: readonly { to: string; label: string; count?: number }[];
}) {
  return (
    <div>
      <p className="eyebrow mb-2">{title}</p>
      <ul className="divide-y divide-line border-y border-line">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="flex items-center justify-between py-3 text-[0.9375rem] text-ink">
              {link.label}
              {link.count ? (
                <span className="rounded-full bg-gold-deep px-2 py-0.5 text-[0.6875rem] font-semibold text-white">
                  {link.count > 99 ? '99+' : link.count}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
