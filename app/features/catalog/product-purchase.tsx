import { Check, Heart, Minus, Plus, Ruler, ShoppingBag } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ProductDetail, PublicVariant } from '../../../contracts/catalog';
import { mediaUrl } from '../../../contracts/media';
import { koboToNaira } from '../../../contracts/money';
import { Button } from '../../components/ui/button';
import { Price } from '../../components/ui/price';
import { cn } from '../../lib/cn';
import { ColourPicker, NotMadeNote, SizePicker } from './option-pickers';
import { StockAlertForm } from './stock-alert-form';
import { choiceLabel, useOptionTaps, variantPriceKobo, type VariantChoiceState } from './variant-choice';
import { addToCart, normaliseQuantity, toggleWishlist, useWishlist } from '../../lib/shop-stores';

const ADDED_NOTICE_MS = 2000;

/**
 * The price as the choice stands: the chosen size and colour's own, "from" the lowest while prices
 * differ and none is chosen, else the product's.
 */
export function ChoicePrice({
  product,
  variant,
  size = 'md',
  className,
}: {
  product: Pick<ProductDetail, 'priceKobo' | 'priceFromKobo' | 'originalPriceKobo'>;
  variant: PublicVariant | null;
  size?: 'md' | 'lg';
  className?: string;
}) {
  if (variant)
    return (
      <Price
        priceKobo={variantPriceKobo(variant)}
        originalPriceKobo={product.originalPriceKobo}
        size={size}
        className={className}
      />
    );
  return (
    <Price
      priceKobo={product.priceFromKobo ?? product.priceKobo}
      originalPriceKobo={product.originalPriceKobo}
      from={product.priceFromKobo !== null}
      size={size}
      className={className}
    />
  );
}

export function ProductPurchase({
  product,
  choosing,
}: {
  product: ProductDetail;
  choosing: VariantChoiceState;
}) {
  const { choice, variant, setColor, setSize } = choosing;
  const [quantity, setQuantity] = useState('1');
  const [added, setAdded] = useState(false);
  const [sizeMissing, setSizeMissing] = useState(false);
  // A tap on a sold-out option opens its alert, on a never-made one its note (decisions 0037, 0066).
  const taps = useOptionTaps(product, choosing);
  const saved = useWishlist().some((item) => item.id === product.id);
  const quantityId = useId();
  const reasonId = useId();
  const outOfStock = product.stockStatus === 'out_of_stock';
  const variantSoldOut = variant !== null && !variant.inStock;
  const label = choiceLabel(choice);

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
    if (product.sizes.length > 0 && !choice.size) {
      setSizeMissing(true);
      // From the sticky bar the sizes may be out of sight: bring them back.
      if (barShown) purchase.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      return;
    }
    if (variantSoldOut) return;
    const amount = normaliseQuantity(quantity);
    setQuantity(String(amount));
    addToCart(
      {
        id: product.id,
        name: product.name,
        price: variant ? variant.price : koboToNaira(product.priceKobo),
        image,
        category: product.categoryName,
        selectedColor: choice.color,
        selectedSize: choice.size,
      },
      amount,
    );
    setAdded(true);
  };

  return (
    <div ref={purchase} className="space-y-7">
      {product.colors.length > 0 ? (
        <ColourPicker
          name="color"
          colors={product.colors}
          value={choice.color}
          onChange={(color) => {
            setColor(color);
            taps.chosen();
          }}
          state={taps.colourStands}
          other={choice.size}
          onSoldOut={taps.soldOutColour}
          onNotMade={taps.notMadeColour}
        />
      ) : null}

      {product.sizes.length > 0 ? (
        <div>
          <SizePicker
            name="size"
            sizes={product.sizes}
            value={choice.size}
            onChange={(option) => {
              setSize(option);
              setSizeMissing(false);
              taps.chosen();
            }}
            state={taps.sizeStands}
            other={choice.color}
            onSoldOut={taps.soldOutSize}
            onNotMade={taps.notMadeSize}
            missing={sizeMissing}
            errorId="size-error"
          />
          {product.fitAdvice ? <FitAdviceLine message={product.fitAdvice.message} /> : null}
        </div>
      ) : null}

      {taps.alertFor ? (
        <StockAlertForm
          key={`${taps.alertFor.option}|${taps.alertFor.size}|${taps.alertFor.color}`}
          productId={product.id}
          target={taps.alertFor}
          sizesToAsk={taps.sizesToAsk}
          onClose={taps.closeAlert}
        />
      ) : null}

      <NotMadeNote
        note={taps.note}
        onShow={() => {
          taps.showMade();
          setSizeMissing(false);
        }}
      />

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
        <Button
          size="row"
          className="min-w-0 flex-1 whitespace-nowrap"
          onClick={add}
          disabled={outOfStock || variantSoldOut}
          aria-describedby={variantSoldOut ? reasonId : undefined}
        >
          {outOfStock ? (
            'Out of Stock'
          ) : variantSoldOut ? (
            'Sold Out'
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
              price: koboToNaira(product.priceKobo),
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
      {variantSoldOut ? (
        <p id={reasonId} className="text-sm font-medium text-sale">
          {label ? `${label} is sold out.` : 'Sold out.'} Choose another size or colour, or tap it to hear
          when it is back.
        </p>
      ) : null}
      {barShown && !outOfStock && !variantSoldOut ? (
        <div
          data-testid="sticky-add-bar"
          className="fixed inset-x-0 bottom-above-nav z-30 border-t border-line bg-paper/95 shadow-[0_-4px_16px_rgb(0_0_0/0.06)] backdrop-blur"
        >
          <div className="container-shop flex h-16 items-center gap-4">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">
                {product.name}
                {label && variant ? <span className="text-muted"> · {label}</span> : null}
              </p>
              <ChoicePrice product={product} variant={variant} />
            </div>
            <Button className="shrink-0 whitespace-nowrap px-5" onClick={add}>
              {added ? 'Added to cart' : 'Add to Cart'}
            </Button>
          </div>
        </div>
      ) : null}
      {variant && variant.stockStatus === 'low_stock' ? (
        <p className="text-sm font-medium text-warning" data-testid="low-stock">
          Only {variant.stockCount} left{label ? ` in ${label}` : ''}
        </p>
      ) : !variant && product.stockStatus === 'low_stock' ? (
        <p className="text-sm font-medium text-warning" data-testid="low-stock">
          Only {product.stock} left in stock
        </p>
      ) : null}
    </div>
  );
}

/**
 * What returns and reviews agree on about the fit, said quietly under the sizes: it wraps within
 * the column, so on a phone it never widens the page or pushes the purchase row aside.
 */
function FitAdviceLine({ message }: { message: string }) {
  return (
    <p className="mt-3 flex items-start gap-2 text-sm leading-snug text-ink-soft" data-testid="fit-advice">
      <Ruler width={16} height={16} strokeWidth={1.5} className="mt-0.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0 text-pretty">{message}</span>
    </p>
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
