import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ProductSummary } from '../../../contracts/catalog';
import { Button } from '../../components/ui/button';
import { Price } from '../../components/ui/price';
import { ProductImage } from '../../components/ui/product-image';
import { ColourPicker, SizePicker } from './option-pickers';

export interface QuickChoice {
  color: string | null;
  size: string | null;
}

/**
 * The choices of a piece, asked from its card: colour and size in a small modal (a sheet from the
 * bottom on a phone). Nothing goes in the bag until a size is chosen; the full page is one tap away.
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
  const errorId = useId();
  const names = useId();
  const [color, setColor] = useState(product.colors[0]?.name ?? null);
  const [size, setSize] = useState(product.sizes.length === 1 ? (product.sizes[0] ?? null) : null);
  const [sizeMissing, setSizeMissing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const add = () => {
    if (product.sizes.length > 0 && !size) {
      setSizeMissing(true);
      return;
    }
    onAdd({ color, size });
  };

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
      className="mx-auto mt-auto mb-0 w-full max-w-none rounded-t-card bg-paper p-5 text-ink shadow-xl backdrop:bg-ink/50 sm:m-auto sm:w-[26rem] sm:rounded-card sm:p-6"
    >
      <div className="flex gap-4">
        <div className="h-24 w-20 shrink-0 overflow-hidden rounded-sm bg-cream">
          <ProductImage image={product.image} alt="" sizes="80px" className="h-full w-full" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-sans text-base leading-snug font-medium tracking-normal">
            {product.name}
          </h2>
          <Price
            priceKobo={product.priceKobo}
            originalPriceKobo={product.originalPriceKobo}
            className="mt-1"
          />
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
      <div className="mt-5 space-y-5">
        {product.colors.length > 0 ? (
          <ColourPicker name={`${names}-color`} colors={product.colors} value={color} onChange={setColor} />
        ) : null}
        {product.sizes.length > 0 ? (
          <SizePicker
            name={`${names}-size`}
            sizes={product.sizes}
            value={size}
            onChange={(option) => {
              setSize(option);
              setSizeMissing(false);
            }}
            missing={sizeMissing}
            errorId={errorId}
          />
        ) : null}
      </div>
      <Button className="mt-6 w-full" onClick={add}>
        Add to Cart
      </Button>
      <Link
        to={`/product/${product.id}`}
        className="mt-3 block py-2 text-center text-xs tracking-wide text-ink-soft underline underline-offset-4 hover:text-ink"
      >
        View full details
      </Link>
    </dialog>
  );
}
