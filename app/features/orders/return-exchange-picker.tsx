import { cn } from '../../lib/cn';
import type { ExchangeOption, ExchangePiece } from './return-form-values';

/*
 * The size and colour an exchange sends instead, shown as the product page shows them: every size and
 * colour of the piece, those sold out crossed out and read as "L, sold out", and not choosable.
 */

const legendClasses = 'mb-2 text-xs font-medium tracking-wide text-ink-soft uppercase';

const inStock = (options: ExchangeOption[], match: (option: ExchangeOption) => boolean) =>
  options.some((option) => option.inStock && match(option));

export function ExchangePicker({
  lineId,
  piece,
  size,
  color,
  ownSize,
  ownColor,
  onChange,
  error,
}: {
  lineId: number;
  piece: ExchangePiece | undefined;
  size: string;
  color: string;
  ownSize: string | null;
  ownColor: string | null;
  onChange: (choice: { size: string; color: string }) => void;
  error: string | undefined;
}) {
  const errorId = `exchange-${lineId}-error`;
  if (!piece || piece.options.length < 2)
    return (
      <p className="text-sm text-ink-soft" data-testid="exchange-unavailable">
        This piece comes in no other size or colour now: choose your money back for it.
        {error ? (
          <span id={errorId} role="alert" className="mt-1 block text-xs text-sale">
            {error}
          </span>
        ) : null}
      </p>
    );
  const sizeOut = (option: string) =>
    !inStock(piece.options, (each) => each.size === option && (!color || each.color === color));
  const colourOut = (option: string) =>
    !inStock(piece.options, (each) => each.color === option && (!size || each.size === size));
  return (
    <div
      className="space-y-4"
      role="group"
      aria-label="The size and colour you want instead"
      aria-describedby={error ? errorId : undefined}
      data-testid="exchange-picker"
    >
      {piece.sizes.length > 0 ? (
        <fieldset>
          <legend className={legendClasses}>
            New size{size ? <span className="text-ink normal-case">: {size}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-2">
            {piece.sizes.map((option) => {
              const out = sizeOut(option);
              const own = option === ownSize;
              return (
                <label key={option} className="cursor-pointer" data-sold-out={out || undefined}>
                  <input
                    type="radio"
                    name={`size.${lineId}`}
                    value={option}
                    checked={size === option && !out}
                    aria-disabled={out || undefined}
                    aria-label={out ? `${option}, sold out` : own ? `${option}, your size now` : undefined}
                    onChange={() => (out ? undefined : onChange({ size: option, color }))}
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
          {ownSize ? <p className="mt-1.5 text-xs text-muted">You have size {ownSize}.</p> : null}
        </fieldset>
      ) : null}
      {piece.colors.length > 1 ? (
        <fieldset>
          <legend className={legendClasses}>
            Colour{color ? <span className="text-ink normal-case">: {color}</span> : null}
          </legend>
          <div className="flex flex-wrap gap-3">
            {piece.colors.map((option) => {
              const out = colourOut(option.name);
              return (
                <label
                  key={option.name}
                  className="relative cursor-pointer"
                  title={out ? `${option.name}, sold out` : option.name}
                  data-sold-out={out || undefined}
                >
                  <input
                    type="radio"
                    name={`color.${lineId}`}
                    value={option.name}
                    checked={color === option.name && !out}
                    aria-disabled={out || undefined}
                    aria-label={out ? `${option.name}, sold out` : option.name}
                    onChange={() => {
                      if (out) return;
                      // A size sold out in the new colour is let go: she chooses again.
                      const keepSize =
                        size &&
                        inStock(piece.options, (each) => each.color === option.name && each.size === size);
                      onChange({ size: keepSize ? size : '', color: option.name });
                    }}
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
                    <span
                      aria-hidden="true"
                      className="pointer-events-none absolute top-1/2 left-1/2 h-px w-11 -translate-x-1/2 -translate-y-1/2 -rotate-45 bg-ink/70"
                    />
                  ) : null}
                </label>
              );
            })}
          </div>
          {ownColor ? <p className="mt-1.5 text-xs text-muted">You have it in {ownColor}.</p> : null}
        </fieldset>
      ) : piece.colors.length === 1 ? (
        <input type="hidden" name={`color.${lineId}`} value={color} />
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-sale">
          {error}
        </p>
      ) : null}
    </div>
  );
}
