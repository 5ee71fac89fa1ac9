import type { ColorOption } from '../../../contracts/catalog';

const legendClasses = 'mb-3 text-xs font-medium tracking-wide text-ink-soft uppercase';

/** The colours of a piece as swatches, one chosen. */
export function ColourPicker({
  name,
  colors,
  value,
  onChange,
}: {
  name: string;
  colors: ColorOption[];
  value: string | null;
  onChange: (color: string) => void;
}) {
  return (
    <fieldset>
      <legend className={legendClasses}>
        Colour{value ? <span className="text-ink normal-case">: {value}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-3">
        {colors.map((option) => (
          <label key={option.name} className="cursor-pointer" title={option.name}>
            <input
              type="radio"
              name={name}
              value={option.name}
              checked={value === option.name}
              onChange={() => onChange(option.name)}
              className="peer sr-only"
            />
            <span
              className="block h-9 w-9 rounded-full border border-ink/15 ring-offset-2 ring-offset-paper peer-checked:ring-1 peer-checked:ring-ink peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep"
              style={{ backgroundColor: option.hex }}
            />
            <span className="sr-only">{option.name}</span>
          </label>
        ))}
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
}: {
  name: string;
  sizes: string[];
  value: string | null;
  onChange: (size: string) => void;
  missing: boolean;
  errorId: string;
}) {
  return (
    <fieldset aria-describedby={missing ? errorId : undefined}>
      <legend className={legendClasses}>
        Size{value ? <span className="text-ink normal-case">: {value}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {sizes.map((option) => (
          <label key={option} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="peer sr-only"
            />
            <span className="inline-flex h-10 min-w-12 items-center justify-center rounded-sm border border-line bg-white px-3 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep">
              {option}
            </span>
          </label>
        ))}
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
