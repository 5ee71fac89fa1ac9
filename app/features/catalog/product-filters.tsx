import { SlidersHorizontal } from 'lucide-react';
import { createContext, useCallback, useContext, useId, useState } from 'react';
import { Form, Link, useSearchParams, useSubmit } from 'react-router';
import type { FacetOption, ListFacets } from '../../../contracts/catalog';
import { formatCount } from '../../../contracts/figures';
import { priceBandLabel, readPriceBand } from '../../../contracts/price-bands';
import { formatWholeNaira, nairaToKobo, wholeNaira } from '../../../contracts/money';
import { Button } from '../../components/ui/button';
import { SlideInPanel } from '../../components/ui/slide-in-panel';
import { cn } from '../../lib/cn';

export interface FilterFacets {
  categories?: { id: string; name: string; depth: number }[];
  /** The list's price bands and the range of its prices: bands to choose and a min–max pair. */
  price?: ListFacets['price'];
  /** Upper end of the price slider (naira), for pages that filter by a maximum price. */
  priceCeiling?: number;
  /** The list's colours and sizes, each with how many products it leaves (ListFacets). */
  colors?: ListFacets['colors'];
  sizes?: FacetOption[];
  /** False when the list is too long for its facets to be counted: the counts are not shown. */
  counted?: boolean;
}

/** A colour list this long shows its first colours and the rest behind 'More colours'. */
const COLOURS_SHOWN = 10;
const PRICE_KEYS = ['price', 'minPrice', 'maxPrice'];

const ratings = [4, 3, 2, 1] as const;

/**
 * The sidebar reflects the address exactly (its choices are controlled by it and each change
 * navigates); the phone drawer keeps its own choices until 'Apply Filters'.
 */
const LiveForm = createContext(false);

function useChoice(checked: boolean) {
  return useContext(LiveForm) ? { checked, onChange: () => {} } : { defaultChecked: checked };
}

/**
 * The list filters. They live in the address (a GET form), so a filtered list can be shared and
 * Back returns to the previous filters. Wide screens apply each change at once; phones open a
 * slide-over and apply with 'Apply Filters'.
 */
export function ProductFilters({
  facets,
  clearHref,
  fixed = [],
}: {
  facets: FilterFacets;
  clearHref: string;
  fixed?: string[];
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [params] = useSearchParams();
  const active = activeFilters(params, fixed);

  return (
    <>
      <div className="mb-6 flex items-center justify-between lg:hidden">
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={open}
          aria-controls="filters-drawer"
          className="inline-flex h-10 items-center gap-2 rounded-sm border border-line bg-white px-4 text-sm font-medium"
        >
          <SlidersHorizontal width={16} height={16} aria-hidden="true" /> Filters
          {active > 0 ? ` (${active})` : ''}
        </button>
        {active > 0 ? (
          <Link to={clearHref} className="text-sm underline underline-offset-4">
            Clear All
          </Link>
        ) : null}
      </div>
      <aside className="hidden lg:block" aria-label="Filters">
        <LiveForm.Provider value>
          <FilterForm facets={facets} clearHref={clearHref} fixed={fixed} live />
        </LiveForm.Provider>
      </aside>
      <SlideInPanel
        open={open}
        onClose={close}
        side="right"
        id="filters-drawer"
        label="Filter & Sort"
        closeLabel="Close filters"
        title={<p className="font-display text-2xl font-semibold">Filter &amp; Sort</p>}
      >
        <div className="px-5 py-4">
          <FilterForm
            key={params.toString()}
            facets={facets}
            clearHref={clearHref}
            fixed={fixed}
            live={false}
            onApplied={close}
          />
        </div>
      </SlideInPanel>
    </>
  );
}

/**
 * How many filters the address sets that the shopper can clear (the page's own, such as its
 * category, are not); a price band or a min–max pair is one filter.
 */
function activeFilters(params: URLSearchParams, fixed: string[]): number {
  const set = (key: string) => params.has(key) && !fixed.includes(key);
  return (
    ['category', 'rating', 'availability', 'color', 'size'].filter(set).length +
    (PRICE_KEYS.some(set) ? 1 : 0)
  );
}

function FilterForm({
  facets,
  clearHref,
  fixed,
  live,
  onApplied,
}: {
  facets: FilterFacets;
  clearHref: string;
  fixed: string[];
  live: boolean;
  onApplied?: () => void;
}) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const keep = ['q', 'sort', 'onSale'].filter((key) => params.has(key) && !fixed.includes(key));
  const current = (key: string) => params.get(key) ?? '';
  const [ceiling, setCeiling] = useState(() => Number(params.get('maxPrice')) || facets.priceCeiling || 0);

  const chosenBand = current('price');
  const countOf = (option: { count: number }) => (facets.counted === false ? undefined : option.count);
  const bands = facets.price?.bands ?? [];
  // A band of an older link, or of the list before its other filters changed, stays to be seen and undone.
  const otherBand =
    chosenBand && !bands.some((band) => band.id === chosenBand) ? readPriceBand(chosenBand) : null;

  return (
    <Form
      method="get"
      className="space-y-7"
      onChange={(event) => {
        const target = event.target as unknown as HTMLInputElement;
        const form = event.currentTarget;
        const typed = target.name === 'minPrice' || target.name === 'maxPrice';
        // A band and a min–max pair are one price filter: choosing one clears the other.
        if (target.name === 'price') for (const name of ['minPrice', 'maxPrice']) clearInput(form, name);
        if (typed && target.value !== '' && !live) checkAnyPrice(form);
        // A typed price applies with Enter or Go, not at every key.
        if (live && !typed)
          void submit(chosen(form, facets.priceCeiling), { method: 'get', preventScrollReset: true });
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(chosen(event.currentTarget, facets.priceCeiling), {
          method: 'get',
          preventScrollReset: live,
        });
        onApplied?.();
      }}
    >
      {keep.map((key) => (
        <input key={key} type="hidden" name={key} value={current(key)} />
      ))}
      {facets.categories && facets.categories.length > 0 ? (
        <FilterGroup title="Category">
          <Choice name="category" value="" label="All categories" checked={!current('category')} />
          {facets.categories.map((category) => (
            <Choice
              key={category.id}
              name="category"
              value={category.id}
              label={category.name}
              checked={current('category') === category.id}
              indent={category.depth > 0}
            />
          ))}
        </FilterGroup>
      ) : null}
      {facets.price ? (
        <FilterGroup title="Price">
          <Choice
            name="price"
            value=""
            label="Any price"
            checked={!PRICE_KEYS.some((key) => params.has(key))}
          />
          {otherBand ? (
            <Choice name="price" value={chosenBand} label={priceBandLabel(otherBand)} checked />
          ) : null}
          {bands.map((band) => (
            <Choice
              key={band.id}
              name="price"
              value={band.id}
              label={priceBandLabel(band)}
              count={countOf(band)}
              checked={chosenBand === band.id}
            />
          ))}
          <PriceRange
            key={`${current('minPrice')}-${current('maxPrice')}`}
            id={live ? 'side' : 'drawer'}
            range={facets.price}
            min={current('minPrice')}
            max={current('maxPrice')}
            live={live}
          />
        </FilterGroup>
      ) : null}
      {facets.priceCeiling ? (
        <FilterGroup title="Price">
          <label
            htmlFor={`max-price-${live ? 'side' : 'drawer'}`}
            className="flex justify-between text-sm text-ink-soft"
          >
            <span>Up to</span>
            <span className="font-medium text-ink tabular-nums">
              {formatWholeNaira(nairaToKobo(ceiling))}
            </span>
          </label>
          <input
            id={`max-price-${live ? 'side' : 'drawer'}`}
            type="range"
            name="maxPrice"
            min={0}
            max={facets.priceCeiling}
            step={500}
            value={ceiling}
            onChange={(event) => setCeiling(Number(event.target.value))}
            className="mt-2 w-full accent-ink"
          />
        </FilterGroup>
      ) : null}
      {facets.colors && (facets.colors.length > 1 || current('color')) ? (
        <FilterGroup title="Colour">
          <ColourChoices colors={facets.colors} chosen={current('color')} countOf={countOf} />
        </FilterGroup>
      ) : null}
      {facets.sizes && (facets.sizes.length > 1 || current('size')) ? (
        <FilterGroup title="Size">
          <div className="flex flex-wrap gap-2">
            <SizeChoice value="" label="Any" checked={!current('size')} />
            {facets.sizes.map((size) => (
              <SizeChoice
                key={size.value}
                value={size.value}
                label={size.value}
                count={countOf(size)}
                checked={current('size') === size.value}
              />
            ))}
          </div>
        </FilterGroup>
      ) : null}
      <FilterGroup title="Rating">
        <Choice name="rating" value="" label="Any rating" checked={!current('rating')} />
        {ratings.map((rating) => (
          <Choice
            key={rating}
            name="rating"
            value={String(rating)}
            label={`${rating} stars & up`}
            checked={current('rating') === String(rating)}
          />
        ))}
      </FilterGroup>
      <FilterGroup title="Availability">
        <Choice name="availability" value="" label="All" checked={!current('availability')} />
        <Choice
          name="availability"
          value="in-stock"
          label="In stock"
          checked={current('availability') === 'in-stock'}
        />
        <Choice
          name="availability"
          value="out-of-stock"
          label="Out of stock"
          checked={current('availability') === 'out-of-stock'}
        />
      </FilterGroup>
      <div className={cn('flex gap-3', live && 'hidden')}>
        <Button type="submit" className="flex-1">
          Apply Filters
        </Button>
        <Link
          to={clearHref}
          onClick={() => onApplied?.()}
          className="inline-flex h-11 flex-1 items-center justify-center rounded-sm border border-ink/80 text-sm font-medium uppercase"
        >
          Reset All
        </Link>
      </div>
      {live ? (
        <div className="flex items-center gap-4">
          <noscript>
            <Button type="submit" size="sm">
              Apply
            </Button>
          </noscript>
          {activeFilters(params, fixed) > 0 ? (
            <Link to={clearHref} className="text-sm underline underline-offset-4">
              Clear All
            </Link>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}

/**
 * The form's choices without the empty ones ('Any price', 'All') or a slider left at its top, so the
 * address stays clean; a min–max pair, when typed, stands for the price instead of a band, its ends
 * in order.
 */
function chosen(form: HTMLFormElement, priceCeiling: number | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string' || value.trim() === '') continue;
    if (key === 'maxPrice' && priceCeiling && Number(value) >= priceCeiling) continue;
    params.append(key, value.trim());
  }
  const min = params.get('minPrice');
  const max = params.get('maxPrice');
  if (form.elements.namedItem('price') && (min !== null || max !== null)) {
    params.delete('price');
    if (min !== null && max !== null && Number(min) > Number(max)) {
      params.set('minPrice', max);
      params.set('maxPrice', min);
    }
  }
  return params;
}

function clearInput(form: HTMLFormElement, name: string) {
  const input = form.elements.namedItem(name);
  if (input instanceof HTMLInputElement) input.value = '';
}

function checkAnyPrice(form: HTMLFormElement) {
  const any = form.querySelector<HTMLInputElement>('input[name="price"][value=""]');
  if (any) any.checked = true;
}

/** The lowest and highest price a shopper types, with the list's own range as a hint. */
function PriceRange({
  id,
  range,
  min,
  max,
  live,
}: {
  id: string;
  range: ListFacets['price'];
  min: string;
  max: string;
  live: boolean;
}) {
  const hint = (kobo: number | null) => (kobo === null ? undefined : String(wholeNaira(kobo)));
  const field =
    'h-10 w-full min-w-0 rounded-sm border border-line bg-white px-2 text-sm tabular-nums placeholder:text-muted';
  return (
    <div className="pt-2">
      <p id={`price-range-${id}`} className="mb-1.5 text-xs text-ink-soft">
        Or your own range (₦)
        {range.minKobo !== null && range.maxKobo !== null ? (
          <span className="block text-muted">
            This list: {formatWholeNaira(range.minKobo)} – {formatWholeNaira(range.maxKobo)}
          </span>
        ) : null}
      </p>
      <div className="flex items-end gap-2" role="group" aria-labelledby={`price-range-${id}`}>
        <label className="min-w-0 flex-1 text-xs text-ink-soft">
          Min
          <input
            type="number"
            name="minPrice"
            inputMode="numeric"
            min={0}
            step="any"
            defaultValue={min}
            placeholder={hint(range.minKobo)}
            className={cn(field, 'mt-1')}
          />
        </label>
        <span aria-hidden="true" className="pb-2.5 text-ink-soft">
          –
        </span>
        <label className="min-w-0 flex-1 text-xs text-ink-soft">
          Max
          <input
            type="number"
            name="maxPrice"
            inputMode="numeric"
            min={0}
            step="any"
            defaultValue={max}
            placeholder={hint(range.maxKobo)}
            className={cn(field, 'mt-1')}
          />
        </label>
      </div>
      {live ? (
        <Button type="submit" size="sm" variant="outline" className="mt-2 w-full">
          Go
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A choice's count: the figure shown beside its name, and 'N products' as its description, so the
 * choice's name stays its label ("M", "Navy") and a screen reader reads the count after it.
 */
function Count({ id, count, className }: { id: string; count: number; className: string }) {
  return (
    <>
      <span aria-hidden="true" className={cn('text-xs tabular-nums', className)}>
        {formatCount(count)}
      </span>
      <span id={id} hidden>
        {formatCount(count)} {count === 1 ? 'product' : 'products'}
      </span>
    </>
  );
}

function ColourChoices({
  colors,
  chosen,
  countOf,
}: {
  colors: NonNullable<FilterFacets['colors']>;
  chosen: string;
  countOf: (option: { count: number }) => number | undefined;
}) {
  const isChosen = (name: string) => name.toLowerCase() === chosen.toLowerCase();
  const row = (color: (typeof colors)[number]) => (
    <Choice
      key={color.value}
      name="color"
      value={color.value}
      label={color.value}
      count={countOf(color)}
      checked={isChosen(color.value)}
      swatch={color.hex}
    />
  );
  const shown = colors.slice(0, COLOURS_SHOWN);
  const rest = colors.slice(COLOURS_SHOWN);
  return (
    <>
      <Choice name="color" value="" label="All colours" checked={!chosen} />
      {shown.map(row)}
      {rest.length > 0 ? (
        <details open={rest.some((color) => isChosen(color.value))} className="group">
          <summary className="cursor-pointer list-none py-1 text-sm underline underline-offset-4 group-open:hidden">
            More colours ({formatCount(rest.length)})
          </summary>
          <div className="space-y-2">{rest.map(row)}</div>
        </details>
      ) : null}
    </>
  );
}

function SizeChoice({
  value,
  label,
  count,
  checked,
}: {
  value: string;
  label: string;
  count?: number;
  checked: boolean;
}) {
  const countId = useId();
  return (
    <label className="cursor-pointer">
      <RadioInput
        name="size"
        value={value}
        checked={checked}
        className="peer sr-only"
        describedBy={count === undefined ? undefined : countId}
      />
      <span
        className={cn(
          'inline-flex h-9 min-w-11 items-center justify-center gap-1.5 rounded-sm border border-line bg-white px-2.5 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep',
          count === 0 && 'text-muted',
        )}
      >
        {label}
        {count === undefined ? null : <Count id={countId} count={count} className="opacity-70" />}
      </span>
    </label>
  );
}

function FilterGroup({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-3 text-[0.6875rem] font-semibold tracking-[0.16em] text-ink uppercase">
        {title}
      </legend>
      <div className="space-y-2">{children}</div>
    </fieldset>
  );
}

function Choice({
  name,
  value,
  label,
  count,
  checked,
  indent = false,
  swatch,
}: {
  name: string;
  value: string;
  label: string;
  count?: number | undefined;
  checked: boolean;
  indent?: boolean;
  /** A colour's swatch: its hex, or null for a colour the shop has none of (drawn hatched). */
  swatch?: string | null;
}) {
  const countId = useId();
  const choice = (
    <label
      className={cn(
        'flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 text-sm text-ink-soft hover:text-ink',
        indent && 'pl-4',
      )}
    >
      <RadioInput
        name={name}
        value={value}
        checked={checked}
        className="h-4 w-4 shrink-0 accent-ink"
        describedBy={count === undefined ? undefined : countId}
      />
      {swatch === undefined ? null : (
        <span
          aria-hidden="true"
          className={cn(
            'h-4 w-4 shrink-0 rounded-full border border-ink/20',
            swatch === null && 'bg-[repeating-linear-gradient(45deg,#ddd_0_2px,#fff_2px_4px)]',
          )}
          style={swatch ? { backgroundColor: swatch } : undefined}
        />
      )}
      <span className="min-w-0 truncate">{label}</span>
    </label>
  );
  if (count === undefined) return choice;
  // The count beside the label, not in it: the choice is named by its label alone.
  return (
    <div className="flex items-center">
      {choice}
      <Count id={countId} count={count} className="pl-2 text-muted" />
    </div>
  );
}

function RadioInput({
  name,
  value,
  checked,
  className,
  describedBy,
}: {
  name: string;
  value: string;
  checked: boolean;
  className: string;
  describedBy?: string | undefined;
}) {
  return (
    <input
      type="radio"
      name={name}
      value={value}
      className={className}
      aria-describedby={describedBy}
      {...useChoice(checked)}
    />
  );
}
