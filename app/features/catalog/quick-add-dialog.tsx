import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProductSummary, PublicVariant } from '../../../contracts/catalog';
import { Button } from '../../components/ui/button';
import { ProductImage } from '../../components/ui/product-image';
import { ColourPicker, NotMadeNote, SizePicker } from './option-pickers';
import { ChoicePrice } from './product-purchase';
import { StockAlertForm } from './stock-alert-form';
import { choiceLabel, useOptionTaps, useVariantChoice } from './variant-choice';

export interface QuickChoice {
  color: string | null;
  size: string | null;
  /** The chosen size and colour's own price in naira, when known. */
  price: number | null;
}

/**
 * The choices of a piece, asked from its card: colour and size in a small modal (a sheet from the
 * bottom on a phone). Which sizes and colours are in stock is read from the product's variants
 * (GET /api/products/{id}) when it opens; a sold-out one is crossed out, and one never made in the
 * other choice greyed, as on the product page (decisions 0037, 0066).
 * Nothing goes in the bag until a size in stock is chosen; the full page is one tap away.
 */
export function QuickAddDialog({
  product,
  onAdd,
  onClose,
}: {
  product: ProductSummary;
  onAdd: (choice: QuickChoice) => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // null while loading; [] when they could not be read (offline): then nothing is crossed out.
  const [variants, setVariants] = useState<PublicVariant[] | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  useEffect(() => {
    // Not aborted when the dialog closes first: the answer is small, and is simply not used.
    let current = true;
    fetch(`/api/products/${product.id}`, { headers: { accept: 'application/json' } })
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(String(response.status))),
      )
      .then((body: { variants?: PublicVariant[] }) => {
        if (current) setVariants(body.variants ?? []);
      })
      .catch(() => {
        if (current) setVariants([]);
      });
    return () => {
      current = false;
    };
  }, [product.id]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className="mx-auto mt-auto mb-0 max-h-[92dvh] w-full max-w-none overflow-y-auto rounded-t-card bg-paper p-5 text-ink shadow-xl backdrop:bg-ink/50 sm:m-auto sm:w-[26rem] sm:rounded-card sm:p-6"
    >
      {/* Mounted afresh once the variants arrive, so it opens on the first colour in stock. */}
      <QuickChoices
        key={variants === null ? 'loading' : 'loaded'}
        product={product}
        variants={variants}
        titleId={titleId}
        onAdd={onAdd}
        onClose={onClose}
      />
    </dialog>
  );
}

function QuickChoices({
  product,
  variants,
  titleId,
  onAdd,
  onClose,
}: {
  product: ProductSummary;
  variants: PublicVariant[] | null;
  titleId: string;
  onAdd: (choice: QuickChoice) => void;
  onClose: () => void;
}) {
  const errorId = useId();
  const reasonId = useId();
  const names = useId();
  const loaded = variants ?? [];
  const withVariants = { ...product, variants: loaded };
  const { choice, variant, setColor, setSize, setBoth } = useVariantChoice(withVariants);
  const [sizeMissing, setSizeMissing] = useState(false);
  const taps = useOptionTaps(withVariants, { choice, setBoth });
  const soldOut = variant !== null && !variant.inStock;
  const label = choiceLabel(choice);

  const add = () => {
    if (product.sizes.length > 0 && !choice.size) {
      setSizeMissing(true);
      return;
    }
    if (soldOut) return;
    onAdd({ color: choice.color, size: choice.size, price: variant?.price ?? null });
  };

  return (
    <>
      <div className="flex gap-4">
        <div className="h-24 w-20 shrink-0 overflow-hidden rounded-sm bg-cream">
          <ProductImage image={product.image} alt="" sizes="80px" className="h-full w-full" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-sans text-base leading-snug font-medium tracking-normal">
            {product.name}
          </h2>
          <ChoicePrice product={product} variant={variant} className="mt-1" />
          {variant && variant.stockStatus === 'low_stock' ? (
            <p className="mt-1 text-xs font-medium text-warning" data-testid="low-stock">
              Only {variant.stockCount} left{label ? ` in ${label}` : ''}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="-mt-1 -mr-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full hover:bg-cream"
        >
          <X width={18} height={18} />
        </button>
      </div>
      {variants === null ? (
        <p className="sr-only" role="status">
          Checking which sizes are in stock…
        </p>
      ) : null}
      <div className="mt-5 space-y-5">
        {product.colors.length > 0 ? (
          <ColourPicker
            name={`${names}-color`}
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
            disabled={variants === null}
          />
        ) : null}
        {product.sizes.length > 0 ? (
          <SizePicker
            name={`${names}-size`}
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
            errorId={errorId}
            disabled={variants === null}
          />
        ) : null}
        {taps.alertFor && variants !== null ? (
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
      </div>
      <Button
        className="mt-6 w-full"
        onClick={add}
        disabled={variants === null || soldOut}
        aria-describedby={soldOut ? reasonId : undefined}
      >
        {variants === null ? 'Checking stock…' : soldOut ? 'Sold Out' : 'Add to Cart'}
      </Button>
      {soldOut ? (
        <p id={reasonId} className="mt-2 text-xs text-sale">
          {label} is sold out. Choose another size or colour.
        </p>
      ) : null}
      <Link
        to={`/product/${product.id}`}
        className="mt-3 block py-2 text-center text-xs tracking-wide text-ink-soft underline underline-offset-4 hover:text-ink"
      >
        View full details
      </Link>
    </>
  );
}
