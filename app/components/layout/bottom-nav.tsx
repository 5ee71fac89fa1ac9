import { Heart, Home, ShoppingBag, Tag, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { cartQuantity, useCart, useWishlist } from '../../lib/shop-stores';
import { CountBadge } from '../ui/badge';

/** The phone's bottom navigation; hidden on wider screens. */
export function BottomNav({ signedIn }: { signedIn: boolean }) {
  const cartCount = cartQuantity(useCart());
  const wishlistCount = useWishlist().length;
  const items = [
    { to: '/', label: 'Home', icon: Home },
    {
      to: '/cart',
      label: 'Cart',
      icon: ShoppingBag,
      badge: <CountBadge count={cartCount} />,
      count: cartCount,
    },
    { to: '/sale', label: 'Sales', icon: Tag, hot: true },
    {
      to: '/wishlist',
      label: 'Wishlist',
      icon: Heart,
      badge: <CountBadge count={wishlistCount} />,
      count: wishlistCount,
    },
    { to: signedIn ? '/profile' : '/login', label: 'Profile', icon: User },
  ];
  return (
    <nav
      aria-label="Bottom"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-paper/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="grid h-16 grid-cols-5">
        {items.map(({ to, label, icon: Icon, badge, hot, count }) => (
          <li key={label}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                cn(
                  'flex h-full flex-col items-center justify-center gap-1 text-[0.6875rem] font-medium',
                  isActive ? 'text-ink' : 'text-muted',
                )
              }
            >
              <span className="relative">
                <Icon width={20} height={20} strokeWidth={1.5} aria-hidden="true" />
                {badge}
                {hot ? (
                  <span className="absolute -top-2 -right-4 rounded-sm bg-sale px-1 text-[0.5rem] font-bold text-white uppercase">
                    Hot
                  </span>
                ) : null}
              </span>
              {label}
              {count ? <span className="sr-only">, {count === 1 ? '1 item' : `${count} items`}</span> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
