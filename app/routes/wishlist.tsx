import { Link } from 'react-router';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import { ButtonLink } from '../components/ui/button';
import { pageMeta, rootMeta } from '../lib/meta';
import { toggleWishlist, useWishlist } from '../lib/shop-stores';
import type { Route } from './+types/wishlist';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Wishlist', description: 'Pieces you saved at Rossy.', ...rootMeta(matches) });
}

export default function WishlistPage() {
  const wishlist = useWishlist();
  if (wishlist.length === 0) {
    return (
      <section className="container-shop flex flex-col items-center py-24 text-center">
        <h1 className="text-display-md">Your Wishlist is Empty</h1>
        <p className="mt-3 text-muted">Tap the heart on any piece to save it here.</p>
        <ButtonLink to="/products" className="mt-8">
          Browse Products
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className="container-shop py-10 lg:py-14">
      <h1 className="text-display-lg">Wishlist</h1>
      <ul className="mt-8 divide-y divide-line border-y border-line">
        {wishlist.map((item) => (
          <li key={item.id} className="flex items-center gap-4 py-4">
            {item.image ? (
              <img
                src={item.image}
                alt=""
                width={80}
                height={100}
                className="h-25 w-20 rounded-sm bg-cream object-cover"
              />
            ) : null}
            <div className="flex-1">
              <Link to={`/product/${item.id}`} className="font-medium hover:underline">
                {item.name}
              </Link>
              <p className="text-xs text-muted">{item.category}</p>
              <p className="mt-1 text-sm tabular-nums">{formatNaira(nairaToKobo(item.price))}</p>
            </div>
            <button
              type="button"
              onClick={() => toggleWishlist(item)}
              className="text-sm text-muted underline hover:text-ink"
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <ButtonLink to="/products" variant="outline" className="mt-8">
        Continue Shopping
      </ButtonLink>
    </section>
  );
}
