import { Link } from 'react-router';
import { nairaToKobo, formatNaira } from '../../contracts/money';
import { ButtonLink } from '../components/ui/button';
import { pageMeta, rootMeta } from '../lib/meta';
import { cartQuantity, useCart } from '../lib/shop-stores';
import type { Route } from './+types/cart';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: 'Your Cart', description: 'The pieces in your Rossy bag.', ...rootMeta(matches) });
}

export default function CartPage() {
  const cart = useCart();
  if (cart.length === 0) {
    return (
      <section className="container-shop flex flex-col items-center py-24 text-center">
        <h1 className="text-display-md">Your Cart is Empty</h1>
        <p className="mt-3 text-muted">Pieces you add to your bag will wait for you here.</p>
        <ButtonLink to="/products" className="mt-8">
          Continue Shopping
        </ButtonLink>
      </section>
    );
  }
  return (
    <section className="container-shop py-10 lg:py-14">
      <h1 className="text-display-lg">Your Cart</h1>
      <p className="mt-2 text-sm text-muted">{cartQuantity(cart)} items</p>
      <ul className="mt-8 divide-y divide-line border-y border-line">
        {cart.map((line) => (
          <li key={`${line.id}-${line.selectedColor}-${line.selectedSize}`} className="flex gap-4 py-4">
            {line.image ? (
              <img
                src={line.image}
                alt=""
                width={80}
                height={100}
                className="h-25 w-20 rounded-sm bg-cream object-cover"
              />
            ) : null}
            <div className="flex-1">
              <Link to={`/product/${line.id}`} className="font-medium hover:underline">
                {line.name}
              </Link>
              <p className="text-xs text-muted">
                {[line.selectedColor, line.selectedSize && `Size ${line.selectedSize}`]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <p className="mt-1 text-sm">Quantity: {line.quantity}</p>
            </div>
            <p className="text-sm font-medium tabular-nums">
              {formatNaira(nairaToKobo(line.price) * line.quantity)}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <ButtonLink to="/checkout">Proceed to Checkout</ButtonLink>
        <ButtonLink to="/products" variant="outline">
          Continue Shopping
        </ButtonLink>
      </div>
    </section>
  );
}
