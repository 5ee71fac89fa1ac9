import type { ColorOption } from '../../../contracts/catalog';
import { cn } from '../../lib/cn';

const legendClasses = 'mb-3 text-xs font-medium tracking-wide text-ink-soft uppercase';

/**
 * A size or colour sold out for the other choice stays in the row, crossed out and read as "M, sold
 * out"; choosing it does not select it but calls `onSoldOut` (the page offers "Tell me when it's back").
 */
interface SoldOutOptions {
  soldOut?: (option: string) => boolean;
  onSoldOut?: (option: string) => void;
  /** Not choosable yet (quick add while it reads which are in stock). */
  disabled?: boolean;
}

/** The colours of a piece as swatches, one chosen. */
export function ColourPicker({
  name,
  colors,
  value,
  onChange,
  soldOut = () => false,
  onSoldOut,
  disabled = false,
}: {
  name: string;
  colors: ColorOption[];
  value: string | null;
  onChange: (color: string) => void;
} & SoldOutOptions) {
  return (
    <fieldset disabled={disabled || undefined}>
      <legend className={legendClasses}>
        Colour{value ? <span className="text-ink normal-case">: {value}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-3">
        {colors.map((option) => {
          const out = soldOut(option.name);
          return (
            <label
              key={option.name}
              className="relative cursor-pointer"
              title={out ? `${option.name}, sold out` : option.name}
              data-sold-out={out || undefined}
            >
              <input
                type="radio"
                name={name}
                value={option.name}
                checked={value === option.name && !out}
                aria-disabled={out || undefined}
                aria-label={out ? `${option.name}, sold out` : undefined}
                onChange={() => (out ? onSoldOut?.(option.name) : onChange(option.name))}
                className="peer sr-only"
              />
              <span
                className={cn(
                  'block h-9 w-9 rounded-full border border-ink/15 ring-offset-2 ring-offset-paper peer-checked:ring-1 peer-checked:ring-ink peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep',
                  out && 'opacity-40',
                )}
                style={{ backgroundColor: option.hex }}
              />
              {out ? (
                // A stroke across the swatch, as the crossed-out sizes have.
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 left-1/2 h-px w-11 -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-ink/70"
                />
              ) : null}
              <span className="sr-only">{option.name}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The sizes of a piece as buttons, with the message when none was chosen. */
export function SizePicker({
  name,
  sizes,
  value,
  onChange,
  missing,
  errorId,
  soldOut = () => false,
  onSoldOut,
  disabled = false,
}: {
  name: string;
  sizes: string[];
  value: string | null;
  onChange: (size: string) => void;
  missing: boolean;
  errorId: string;
} & SoldOutOptions) {
  return (
    <fieldset aria-describedby={missing ? errorId : undefined} disabled={disabled || undefined}>
      <legend className={legendClasses}>
        Size{value ? <span className="text-ink normal-case">: {value}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((option) => {
          const out = soldOut(option);
          return (
            <label key={option} className="cursor-pointer" data-sold-out={out || undefined}>
              <input
                type="radio"
                name={name}
                value={option}
                checked={value === option && !out}
                aria-disabled={out || undefined}
                // One string, so every screen reader reads "XL, sold out" (spans add a pause).
                aria-label={out ? `${option}, sold out` : undefined}
                onChange={() => (out ? onSoldOut?.(option) : onChange(option))}
                className="peer sr-only"
              />
              <span
                className={cn(
                  'inline-flex h-10 min-w-12 items-center justify-center rounded-sm border px-3 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep',
                  out
                    ? 'border-dashed border-line bg-cream/60 text-muted line-through decoration-ink/60'
                    : 'border-line bg-white peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper',
                )}
              >
                {option}
              </span>
            </label>
          );
        })}
      </div>
      {missing ? (
        <p id={errorId} role="alert" className="mt-2 text-xs text-sale">
          Please choose a size.
        </p>
      ) : null}
    </fieldset>
  );
}

/** Whether a piece asks the shopper to choose before it can go in the bag. */
export function needsChoice(product: { colors: ColorOption[]; sizes: string[] }): boolean {
  return product.colors.length > 1 || product.sizes.length > 1;
}
