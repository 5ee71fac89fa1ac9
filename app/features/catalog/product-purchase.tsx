import { Check, Heart, Minus, Plus, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ProductDetail } from '../../../contracts/catalog';
import { mediaUrl } from '../../../contracts/media';
import { Button } from '../../components/ui/button';
import { Price } from '../../components/ui/price';
import { cn } from '../../lib/cn';
import { ColourPicker, SizePicker } from './option-pickers';
import { addToCart, normaliseQuantity, toggleWishlist, useWishlist } from '../../lib/shop-stores';

const ADDED_NOTICE_MS = 2000;

export function ProductPurchase({ product }: { product: ProductDetail }) {
  const [color, setColor] = useState(product.colors[0]?.name ?? null);
  const [size, setSize] = useState(product.sizes.length === 1 ? (product.sizes[0] ?? null) : null);
  const [quantity, setQuantity] = useState('1');
  const [added, setAdded] = useState(false);
  const [sizeMissing, setSizeMissing] = useState(false);
  const saved = useWishlist().some((item) => item.id === product.id);
  const quantityId = useId();
  const outOfStock = product.stockStatus === 'out_of_stock';

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setAdded(false), ADDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [added]);

  const image = product.image ? mediaUrl(product.image.key, 320) : null;

  const purchase = useRef<HTMLDivElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const barShown = useScrolledPast(row);

  const add = () => {
    if (product.sizes.length > 0 && !size) {
      setSizeMissing(true);
      // From the sticky bar the sizes may be out of sight: bring them back.
      if (barShown) purchase.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    const amount = normaliseQuantity(quantity);
    setQuantity(String(amount));
    addToCart(
      {
        id: product.id,
        name: product.name,
        price: product.priceKobo / 100,
        image,
        category: product.categoryName,
        selectedColor: color,
        selectedSize: size,
      },
      amount,
    );
    setAdded(true);
  };

  return (
    <div ref={purchase} className="space-y-7">
      {product.colors.length > 0 ? (
        <ColourPicker name="color" colors={product.colors} value={color} onChange={setColor} />
      ) : null}

      {product.sizes.length > 0 ? (
        <SizePicker
          name="size"
          sizes={product.sizes}
          value={size}
          onChange={(option) => {
            setSize(option);
            setSizeMissing(false);
          }}
          missing={sizeMissing}
          errorId="size-error"
        />
      ) : null}

      {/* One row at any width: quantity, add to cart and wishlist never wrap onto two lines. */}
      <div ref={row} className="flex items-end gap-3" data-testid="purchase-row">
        <div className="shrink-0">
          <label
            htmlFor={quantityId}
            className="mb-3 block text-xs font-medium tracking-wide text-ink-soft uppercase"
          >
            Quantity
          </label>
          <div className="flex h-12 items-center rounded-sm border border-line bg-white">
            <button
              type="button"
              aria-label="One fewer"
              className="inline-flex h-full w-10 items-center justify-center sm:w-11"
              onClick={() => setQuantity(String(Math.max(1, normaliseQuantity(quantity) - 1)))}
            >
              <Minus width={15} height={15} />
            </button>
            <input
              id={quantityId}
              inputMode="numeric"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              onBlur={() => setQuantity(String(normaliseQuantity(quantity)))}
              className="h-full w-10 border-x border-line text-center text-sm tabular-nums focus:outline-none sm:w-12"
            />
            <button
              type="button"
              aria-label="One more"
              className="inline-flex h-full w-10 items-center justify-center sm:w-11"
              onClick={() => setQuantity(String(normaliseQuantity(quantity) + 1))}
            >
              <Plus width={15} height={15} />
            </button>
          </div>
        </div>
        <Button size="row" className="min-w-0 flex-1 whitespace-nowrap" onClick={add} disabled={outOfStock}>
          {outOfStock ? (
            'Out of Stock'
          ) : added ? (
            <>
              <Check width={17} height={17} className="hidden sm:block" /> Added to cart
            </>
          ) : (
            <>
              <ShoppingBag width={17} height={17} strokeWidth={1.75} className="hidden sm:block" /> Add to
              Cart
            </>
          )}
        </Button>
        <button
          type="button"
          aria-pressed={saved}
          aria-label={saved ? 'Remove from wishlist' : 'Save to wishlist'}
          onClick={() =>
            toggleWishlist({
              id: product.id,
              name: product.name,
              image,
              category: product.categoryName,
              price: product.priceKobo / 100,
            })
          }
          className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-sm border border-line bg-white hover:border-ink"
        >
          <Heart width={19} height={19} strokeWidth={1.5} className={cn(saved && 'fill-sale text-sale')} />
        </button>
      </div>
      <p aria-live="polite" className="sr-only">
        {added ? 'Added to cart' : ''}
      </p>
      {barShown && !outOfStock ? (
        <div
          data-testid="sticky-add-bar"
          className="fixed inset-x-0 bottom-[calc(4rem+1px+env(safe-area-inset-bottom))] z-30 border-t border-line bg-paper/95 shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur md:bottom-0"
        >
          <div className="container-shop flex h-16 items-center gap-4">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{product.name}</p>
              <Price priceKobo={product.priceKobo} originalPriceKobo={product.originalPriceKobo} />
            </div>
            <Button className="shrink-0 whitespace-nowrap px-5" onClick={add}>
              {added ? 'Added to cart' : 'Add to Cart'}
            </Button>
          </div>
        </div>
      ) : null}
      {product.stockStatus === 'low_stock' ? (
        <p className="text-sm font-medium text-warning">Only {product.stock} left in stock</p>
      ) : null}
    </div>
  );
}

/**
 * Whether the shopper has scrolled past an element (it is above the screen), and the footer is not
 * yet in sight: the sticky bar then stands in for the purchase row without covering the footer.
 * Read on scroll, once a frame, so a jump (a link, the keyboard) counts as much as a swipe.
 */
function useScrolledPast(target: React.RefObject<HTMLElement | null>): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const footer = document.querySelector('footer');
    let frame = 0;
    const measure = () => {
      frame = 0;
      const above = element.getBoundingClientRect().bottom < 0;
      const footerShown = footer ? footer.getBoundingClientRect().top < window.innerHeight : false;
      setPast(above && !footerShown);
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [target]);
  return past;
}
