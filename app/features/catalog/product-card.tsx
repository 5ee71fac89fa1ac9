import { Heart, ShoppingBag } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../contracts/catalog';
import { mediaUrl } from '../../../contracts/media';
import { koboToNaira } from '../../../contracts/money';
import { Badge } from '../../components/ui/badge';
import { Price } from '../../components/ui/price';
import { ProductImage } from '../../components/ui/product-image';
import { Stars } from '../../components/ui/stars';
import { cn } from '../../lib/cn';
import { addToCart, toggleWishlist, useWishlist } from '../../lib/shop-stores';
import { needsChoice } from './option-pickers';
import { QuickAddDialog, type QuickChoice } from './quick-add-dialog';

const ADDED_NOTICE_MS = 2000;

export const PRODUCT_GRID_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const saved = useWishlist().some((item) => item.id === product.id);
  const href = `/product/${product.id}`;
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const soldOut = product.stockStatus === 'out_of_stock';
  const [choosing, setChoosing] = useState(false);
  const put = (choice: QuickChoice) => {
    addToCart({
      id: product.id,
      name: product.name,
      price: choice.price ?? koboToNaira(product.priceKobo),
      image: product.image ? mediaUrl(product.image.key, 320) : null,
      category: product.categoryName,
      selectedColor: choice.color,
      selectedSize: choice.size,
    });
    setChoosing(false);
    setAdded(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setAdded(false), ADDED_NOTICE_MS);
  };
  // A piece with a choice of colour or size asks for it first; anything else goes straight in.
  const add = () =>
    needsChoice(product)
      ? setChoosing(true)
      : put({ color: product.colors[0]?.name ?? null, size: product.sizes[0] ?? null, price: null });
  return (
    <article className="group relative flex flex-col">
      <div className="relative aspect-[4/5] overflow-hidden rounded-card bg-cream">
        <Link to={href} prefetch="intent" tabIndex={-1} aria-hidden="true">
          <ProductImage
            image={product.image}
            alt=""
            sizes={PRODUCT_GRID_SIZES}
            priority={priority}
            className="h-full w-full transition-transform duration-700 ease-out-soft group-hover:scale-[1.03]"
          />
        </Link>
        <div className="pointer-events-none absolute top-2.5 left-2.5 flex flex-col items-start gap-1">
          {product.discountPercent > 0 ? <Badge tone="sale">-{product.discountPercent}%</Badge> : null}
          {product.isNew ? <Badge tone="new">New</Badge> : null}
          {product.isHot && product.discountPercent === 0 ? <Badge tone="hot">Hot</Badge> : null}
        </div>
        <button
          type="button"
          aria-pressed={saved}
          aria-label={saved ? `Remove ${product.name} from wishlist` : `Save ${product.name} to wishlist`}
          onClick={() =>
            toggleWishlist({
              id: product.id,
              name: product.name,
              image: product.image ? mediaUrl(product.image.key, 320) : null,
              category: product.categoryName,
              price: koboToNaira(product.priceKobo),
            })
          }
          className="absolute top-2 right-2 z-10 inline-flex h-9 w-9 items-center justify-center rounded-full bg-paper/90 text-ink shadow-sm transition hover:bg-paper"
        >
          <Heart width={17} height={17} strokeWidth={1.5} className={cn(saved && 'fill-sale text-sale')} />
        </button>
        {product.stockStatus === 'out_of_stock' ? (
          <p className="absolute inset-x-0 bottom-0 bg-ink/80 py-1.5 text-center text-[0.6875rem] font-semibold tracking-widest text-paper uppercase">
            Out of Stock
          </p>
        ) : null}
      </div>
      <div className="mt-3 flex flex-1 flex-col gap-1">
        {product.brandName ? (
          <p className="text-[0.6875rem] tracking-[0.14em] text-muted uppercase">{product.brandName}</p>
        ) : null}
        <h3 className="font-sans text-sm leading-snug font-medium tracking-normal text-ink">
          <Link
            to={href}
            prefetch="intent"
            className="after:absolute after:inset-0 after:content-[''] focus:outline-none focus-visible:underline"
          >
            {product.name}
          </Link>
        </h3>
        {product.reviewCount > 0 ? (
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <Stars rating={product.ratingAverage} size={12} />
            <span>({product.reviewCount})</span>
          </p>
        ) : null}
        <Price
          priceKobo={product.priceFromKobo ?? product.priceKobo}
          originalPriceKobo={product.originalPriceKobo}
          from={product.priceFromKobo !== null}
          className="mt-auto pt-1"
        />
        <button
          type="button"
          onClick={add}
          disabled={soldOut}
          aria-haspopup={needsChoice(product) ? 'dialog' : undefined}
          className="relative z-10 mt-2 inline-flex h-9 items-center justify-center gap-2 rounded-sm border border-ink/70 text-[0.6875rem] font-semibold tracking-widest uppercase transition-colors hover:bg-ink hover:text-paper disabled:cursor-not-allowed disabled:border-line disabled:text-muted disabled:hover:bg-transparent"
        >
          <ShoppingBag width={13} height={13} aria-hidden="true" />
          {soldOut ? 'Out of Stock' : added ? 'Added to cart' : 'Add to Cart'}
          <span className="sr-only">: {product.name}</span>
        </button>
        {choosing ? (
          <QuickAddDialog product={product} onAdd={put} onClose={() => setChoosing(false)} />
        ) : null}
        <span className="sr-only" aria-live="polite">
          {added ? `${product.name} added to cart` : ''}
        </span>
      </div>
    </article>
  );
}
