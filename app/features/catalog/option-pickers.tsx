import type { ColorOption } from '../../../contracts/catalog';
import { cn } from '../../lib/cn';
import { optionLabel, type OptionState } from './variant-choice';

const legendClasses = 'mb-3 text-xs font-medium tracking-wide text-ink-soft uppercase';

/**
 * A size or colour sold out for the other choice stays in the row, crossed out and read as "M, sold
 * out"; choosing it does not select it but calls `onSoldOut` (the page offers "Tell me when it's back").
 * One never made in the other choice (no variant exists) is greyed, struck and read as "M — not made in
 * Orange"; choosing it selects nothing and calls `onNotMade` (no alert: it will never come back).
 */
interface OptionStates {
  /** How each option stands against the other choice; every one available when left out. */
  state?: (option: string) => OptionState;
  /** The other choice, named in "M — not made in Orange". */
  other?: string | null;
  onSoldOut?: (option: string) => void;
  onNotMade?: (option: string) => void;
  /** Not choosable yet (quick add while it reads which are in stock). */
  disabled?: boolean;
}

const available = (): OptionState => 'available';

/** The colours of a piece as swatches, one chosen. */
export function ColourPicker({
  name,
  colors,
  value,
  onChange,
  state = available,
  other = null,
  onSoldOut,
  onNotMade,
  disabled = false,
}: {
  name: string;
  colors: ColorOption[];
  value: string | null;
  onChange: (color: string) => void;
} & OptionStates) {
  return (
    <fieldset disabled={disabled || undefined}>
      <legend className={legendClasses}>
        Colour{value ? <span className="text-ink normal-case">: {value}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-3">
        {colors.map((option) => {
          const stands = state(option.name);
          const out = stands !== 'available';
          const label = optionLabel(option.name, stands, other);
          return (
            <label
              key={option.name}
              className="relative cursor-pointer"
              title={label}
              data-sold-out={stands === 'sold_out' || undefined}
              data-not-made={stands === 'not_made' || undefined}
            >
              <input
                type="radio"
                name={name}
                value={option.name}
                checked={value === option.name && !out}
                aria-disabled={out || undefined}
                aria-label={out ? label : undefined}
                onChange={() =>
                  stands === 'sold_out'
                    ? onSoldOut?.(option.name)
                    : stands === 'not_made'
                      ? onNotMade?.(option.name)
                      : onChange(option.name)
                }
                className="peer sr-only"
              />
              <span
                className={cn(
                  'block h-9 w-9 rounded-full border border-ink/15 ring-offset-2 ring-offset-paper peer-checked:ring-1 peer-checked:ring-ink peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep',
                  stands === 'sold_out' && 'opacity-40',
                  // Fainter than sold out, in a dashed ring: there is none of it to wait for.
                  stands === 'not_made' && 'border-dashed border-ink/40 opacity-20',
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
  state = available,
  other = null,
  onSoldOut,
  onNotMade,
  disabled = false,
}: {
  name: string;
  sizes: string[];
  value: string | null;
  onChange: (size: string) => void;
  missing: boolean;
  errorId: string;
} & OptionStates) {
  return (
    <fieldset aria-describedby={missing ? errorId : undefined} disabled={disabled || undefined}>
      <legend className={legendClasses}>
        Size{value ? <span className="text-ink normal-case">: {value}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((option) => {
          const stands = state(option);
          const out = stands !== 'available';
          return (
            <label
              key={option}
              className="cursor-pointer"
              data-sold-out={stands === 'sold_out' || undefined}
              data-not-made={stands === 'not_made' || undefined}
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={value === option && !out}
                aria-disabled={out || undefined}
                // One string, so every screen reader reads "XL, sold out" or "M — not made in Orange"
                // (spans add a pause).
                aria-label={out ? optionLabel(option, stands, other) : undefined}
                onChange={() =>
                  stands === 'sold_out'
                    ? onSoldOut?.(option)
                    : stands === 'not_made'
                      ? onNotMade?.(option)
                      : onChange(option)
                }
                className="peer sr-only"
              />
              <span
                className={cn(
                  'inline-flex h-10 min-w-12 items-center justify-center rounded-sm border px-3 text-sm peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep',
                  stands === 'sold_out'
                    ? 'border-dashed border-line bg-cream/60 text-muted line-through decoration-ink/60'
                    : stands === 'not_made'
                      ? // Greyed and struck, with no box to tap: never made in this colour.
                        'border-transparent bg-transparent text-muted line-through decoration-muted'
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

/**
 * Said under the pickers when a shopper taps a size or colour never made in her other choice: where
 * it is made, and a button to the nearest made choice. No back-in-stock form: it will never come back.
 * The live region stays in the page (out of the flow while empty) so the words are announced.
 */
export function NotMadeNote({
  note,
  onShow,
}: {
  note: { message: string; offerLabel: string | null } | null;
  onShow: () => void;
}) {
  return (
    <div aria-live="polite" className={note ? undefined : 'sr-only'}>
      {note ? (
        <div
          data-testid="not-made-note"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-sm border border-line bg-cream/50 px-3 py-2 text-sm text-ink-soft"
        >
          <p className="min-w-0 text-pretty">{note.message}</p>
          {note.offerLabel ? (
            <button
              type="button"
              onClick={onShow}
              className="min-h-10 text-sm font-medium text-ink underline underline-offset-4 hover:text-gold-deep"
            >
              {note.offerLabel}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
