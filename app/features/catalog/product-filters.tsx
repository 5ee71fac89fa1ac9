import { SlidersHorizontal } from 'lucide-react';
import { createContext, useCallback, useContext, useState } from 'react';
import { Form, Link, useSearchParams, useSubmit } from 'react-router';
import type { ColorOption } from '../../../contracts/catalog';
import { priceBands } from '../../../contracts/price-bands';
import { formatWholeNaira, nairaToKobo } from '../../../contracts/money';
import { Button } from '../../components/ui/button';
import { SlideInPanel } from '../../components/ui/slide-in-panel';
import { cn } from '../../lib/cn';

export interface FilterFacets {
  categories?: { id: string; name: string; depth: number }[];
  priceBands?: boolean;
  /** Upper end of the price slider (naira), for pages that filter by a maximum price. */
  priceCeiling?: number;
  colors?: ColorOption[];
  sizes?: string[];
}

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

/** How many filters the address sets that the shopper can clear (the page's own, such as its category, are not). */
function activeFilters(params: URLSearchParams, fixed: string[]): number {
  return ['category', 'price', 'minPrice', 'maxPrice', 'rating', 'availability', 'color', 'size'].filter(
    (key) => params.has(key) && !fixed.includes(key),
  ).length;
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

  return (
    <Form
      method="get"
      className="space-y-7"
      onChange={(event) => {
        if (live)
          void submit(chosen(event.currentTarget, facets.priceCeiling), {
            method: 'get',
            preventScrollReset: true,
          });
      }}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(chosen(event.currentTarget, facets.priceCeiling), { method: 'get' });
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
      {facets.priceBands ? (
        <FilterGroup title="Price">
          <Choice name="price" value="" label="Any price" checked={!current('price')} />
          {priceBands.map((band) => (
            <Choice
              key={band.id}
              name="price"
              value={band.id}
              label={band.label}
              checked={current('price') === band.id}
            />
          ))}
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
      {facets.colors && facets.colors.length > 0 ? (
        <FilterGroup title="Colour">
          <div className="flex flex-wrap gap-2">
            {facets.colors.map((color) => (
              <label key={color.name} className="cursor-pointer" title={color.name}>
                <RadioInput
                  name="color"
                  value={color.name}
                  checked={current('color') === color.name}
                  className="peer sr-only"
                />
                <span
                  className="block h-8 w-8 rounded-full border border-ink/15 ring-offset-2 ring-offset-paper peer-checked:ring-1 peer-checked:ring-ink peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep"
                  style={{ backgroundColor: color.hex }}
                />
                <span className="sr-only">{color.name}</span>
              </label>
            ))}
          </div>
        </FilterGroup>
      ) : null}
      {facets.sizes && facets.sizes.length > 0 ? (
        <FilterGroup title="Size">
          <div className="flex flex-wrap gap-2">
            {facets.sizes.map((size) => (
              <label key={size} className="cursor-pointer">
                <RadioInput
                  name="size"
                  value={size}
                  checked={current('size') === size}
                  className="peer sr-only"
                />
                <span className="inline-flex h-9 min-w-11 items-center justify-center rounded-sm border border-line bg-white px-2 text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-paper peer-focus-visible:ring-2 peer-focus-visible:ring-gold-deep">
                  {size}
                </span>
              </label>
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

/** The form's choices without the empty ones ('Any price', 'All') or a slider left at its top, so the address stays clean. */
function chosen(form: HTMLFormElement, priceCeiling: number | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value !== 'string' || value === '') continue;
    if (key === 'maxPrice' && priceCeiling && Number(value) >= priceCeiling) continue;
    params.append(key, value);
  }
  return params;
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
  checked,
  indent = false,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  indent?: boolean;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-2.5 text-sm text-ink-soft hover:text-ink',
        indent && 'pl-4',
      )}
    >
      <RadioInput name={name} value={value} checked={checked} className="h-4 w-4 accent-ink" />
      {label}
    </label>
  );
}

function RadioInput({
  name,
  value,
  checked,
  className,
}: {
  name: string;
  value: string;
  checked: boolean;
  className: string;
}) {
  return <input type="radio" name={name} value={value} className={className} {...useChoice(checked)} />;
}
