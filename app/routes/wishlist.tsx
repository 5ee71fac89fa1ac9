import { Link } from 'react-router';
import { formatNaira, nairaToKobo } from '../../contracts/money';
import { ButtonLink } from '../components/ui/button';
import { pageMeta, rootMeta } from '../lib/meta';
import { moveWishlistToCart, removeFromWishlist, useWishlist } from '../lib/shop-stores';
import { Button } from '../components/ui/button';
import { ConvertedAmount } from '../components/ui/price';
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
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-display-md lg:text-display-lg">Wishlist</h1>
          <p className="mt-2 text-sm text-muted">
            {wishlist.length} saved {wishlist.length === 1 ? 'piece' : 'pieces'}
          </p>
        </div>
        <Button onClick={() => moveWishlistToCart(wishlist)}>Add All to Cart</Button>
      </div>
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
              <p className="mt-1 text-sm tabular-nums">
                {formatNaira(nairaToKobo(item.price))} <ConvertedAmount kobo={nairaToKobo(item.price)} />
              </p>
            </div>
            <div className="flex flex-col items-end gap-2 sm:flex-row sm:items-center sm:gap-4">
              <Button size="sm" variant="outline" onClick={() => moveWishlistToCart([item])}>
                Add to Cart
              </Button>
              <button
                type="button"
                onClick={() => removeFromWishlist(item.id)}
                aria-label={`Remove ${item.name} from wishlist`}
                className="text-sm text-muted underline hover:text-ink"
              >
                Remove
              </button>
            </div>
          </li>
        ))}
      </ul>
      <ButtonLink to="/products" variant="outline" className="mt-8">
        Continue Shopping
      </ButtonLink>
    </section>
  );
}
