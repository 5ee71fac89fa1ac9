import { useId, useState } from 'react';
import { MAX_LOW_STOCK_LEVEL } from '../../../contracts/inventory';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { andList } from '../../../contracts/words';

/**
 * The grid of a product: one row per size × colour, each with its stock, its own price (blank: the
 * product's), what a unit cost (blank: not known), the count under which it is low (blank: the shop's)
 * and SKU (blank: generated), and whether the shop sells it at all. Sizes and colours are held by a
 * local id, so renaming one keeps its rows.
 */

export interface SizeItem {
  uid: string;
  name: string;
}
export interface ColorItem {
  uid: string;
  name: string;
  hex: string;
}
export interface GridCell {
  /** The variant it edits; none for a combination the shop does not sell yet. */
  id?: number;
  sold: boolean;
  stock: string;
  price: string;
  /** Naira a unit cost the shop; blank: not known. */
  cost: string;
  /** Low below this many; blank: the shop's default. */
  lowStockThreshold: string;
  sku: string;
}
export type GridCells = Record<string, GridCell>;
export type CellField = 'stock' | 'price' | 'cost' | 'lowStockThreshold' | 'sku' | 'row';
/** The cells a server answer names (`variants[3].cost`), as the API spells them. */
export const cellFields: readonly CellField[] = ['stock', 'price', 'cost', 'lowStockThreshold', 'sku'];
export type GridErrors = Record<string, Partial<Record<CellField, string>>>;

export const NONE = '';
export const gridKey = (sizeUid: string, colorUid: string) => `${sizeUid}|${colorUid}`;
export const emptyCell = (): GridCell => ({
  sold: true,
  stock: '0',
  price: '',
  cost: '',
  lowStockThreshold: '',
  sku: '',
});

export interface GridRow {
  key: string;
  size: SizeItem | null;
  color: ColorItem | null;
  label: string;
}

/** The rows in the order a shopper sees them: colours, then sizes within a colour. */
export function gridRows(sizes: SizeItem[], colors: ColorItem[]): GridRow[] {
  const sizeList: (SizeItem | null)[] = sizes.length > 0 ? sizes : [null];
  const colorList: (ColorItem | null)[] = colors.length > 0 ? colors : [null];
  return colorList.flatMap((color) =>
    sizeList.map((size) => ({
      key: gridKey(size?.uid ?? NONE, color?.uid ?? NONE),
      size,
      color,
      label: [size?.name.trim(), color?.name.trim()].filter(Boolean).join(' / ') || 'The product',
    })),
  );
}

export interface GridPayloadRow {
  size: string | null;
  color: string | null;
  sku: string | null;
  stock: string;
  price: string | null;
  cost: string | null;
  lowStockThreshold: string | null;
}

/** What the grid sends: the rows the shop sells, with the key of each, so answers map back to cells. */
export function gridPayload(
  sizes: SizeItem[],
  colors: ColorItem[],
  cells: GridCells,
): { rows: GridPayloadRow[]; keys: string[] } {
  const rows: GridPayloadRow[] = [];
  const keys: string[] = [];
  for (const row of gridRows(sizes, colors)) {
    const cell = cells[row.key] ?? emptyCell();
    if (!cell.sold) continue;
    keys.push(row.key);
    rows.push({
      size: row.size ? row.size.name.trim() : null,
      color: row.color ? row.color.name.trim() : null,
      sku: cell.sku.trim() === '' ? null : cell.sku.trim(),
      stock: cell.stock.trim(),
      price: cell.price.trim() === '' ? null : cell.price.trim(),
      cost: cell.cost.trim() === '' ? null : cell.cost.trim(),
      lowStockThreshold: cell.lowStockThreshold.trim() === '' ? null : cell.lowStockThreshold.trim(),
    });
  }
  return { rows, keys };
}

const SKU = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** The API's own checks, run before sending, so a mistake shows next to its cell at once. */
export function checkGrid(sizes: SizeItem[], colors: ColorItem[], cells: GridCells): GridErrors {
  const errors: GridErrors = {};
  const skus = new Map<string, string>();
  const rows = gridRows(sizes, colors);
  for (const row of rows) {
    const cell = cells[row.key] ?? emptyCell();
    if (!cell.sold) continue;
    const problems: Partial<Record<CellField, string>> = {};
    const stock = cell.stock.trim();
    if (stock === '' || !/^-?\d+$/.test(stock)) problems.stock = 'Enter the stock as a whole number.';
    else if (Number(stock) < 0) problems.stock = 'Stock cannot be below zero.';
    else if (Number(stock) > 1_000_000) problems.stock = 'That is more stock than the shop can hold.';
    const price = cell.price.trim();
    if (price !== '') {
      const value = Number(price);
      if (!Number.isFinite(value)) problems.price = 'Enter the price in naira.';
      else if (value <= 0) problems.price = 'The price must be more than ₦0.';
      else if (!/^\d+(\.\d{1,2})?$/.test(price)) problems.price = 'Use at most two decimals.';
    }
    const cost = cell.cost.trim();
    if (cost !== '') {
      if (!/^-?\d+(\.\d+)?$/.test(cost))
        problems.cost = 'Enter the cost in naira, or leave it empty if you do not know it.';
      else if (Number(cost) < 0) problems.cost = 'A cost cannot be below ₦0.';
      else if (!/^\d+(\.\d{1,2})?$/.test(cost)) problems.cost = 'Use at most two decimals.';
      else if (Number(cost) > 20_000_000) problems.cost = 'That cost is too high.';
    }
    const level = cell.lowStockThreshold.trim();
    if (level !== '' && (!/^\d+$/.test(level) || Number(level) > MAX_LOW_STOCK_LEVEL))
      problems.lowStockThreshold = 'Enter the low-stock level as a whole number from 0 to 10,000.';
    const sku = cell.sku.trim().toUpperCase();
    if (sku !== '') {
      if (!SKU.test(sku)) problems.sku = 'Use letters, digits and - _ . / only.';
      else if (skus.has(sku)) problems.sku = `${sku} is used twice in the grid.`;
      else skus.set(sku, row.key);
    }
    if (Object.keys(problems).length > 0) errors[row.key] = problems;
  }
  if (!rows.some((row) => (cells[row.key] ?? emptyCell()).sold))
    errors[rows[0]?.key ?? NONE] = { row: 'Keep at least one size and colour in the grid.' };
  return errors;
}

const cellInput = cn(inputClasses, 'h-9 min-w-0');
/** The size / colour column: held at the left edge while the grid scrolls sideways, over the cells it passes. */
const stickyLabel = 'sticky left-0 z-10 px-3 py-2 shadow-[1px_0_0_var(--color-line)]';

/** A location as the grid heads its column. */
export interface GridPlace {
  id: number;
  name: string;
  fulfilsOnline: boolean;
}

/**
 * The grid's table, in a box of its own that scrolls sideways on a phone. `waiting` is the number of
 * shoppers waiting for a variant to come back, by variant id (back-in-stock alerts), shown when given.
 * With two locations or more, `levels` (units by variant id, in `locations`' order, as saved) are shown
 * read-only beside the stock, with their sum on hand: the stock typed is still what sells online.
 */
export function VariantGrid({
  sizes,
  colors,
  cells,
  setCells,
  errors,
  productPrice,
  shopLevel,
  waiting = {},
  locations = [],
  levels = {},
}: {
  sizes: SizeItem[];
  colors: ColorItem[];
  cells: GridCells;
  setCells: React.Dispatch<React.SetStateAction<GridCells>>;
  errors: GridErrors;
  productPrice: string;
  /** The shop's low-stock level (Settings), a blank level cell's. */
  shopLevel: number;
  waiting?: Record<number, number>;
  locations?: GridPlace[];
  levels?: Record<number, number[]>;
}) {
  const base = useId();
  const [allStock, setAllStock] = useState('');
  const [allPrice, setAllPrice] = useState('');
  const [allCost, setAllCost] = useState('');
  const rows = gridRows(sizes, colors);
  const change = (key: string, patch: Partial<GridCell>) =>
    setCells((current) => ({ ...current, [key]: { ...(current[key] ?? emptyCell()), ...patch } }));
  const setEvery = (patch: Partial<GridCell>) =>
    setCells((current) => {
      const next = { ...current };
      for (const row of rows)
        if ((next[row.key] ?? emptyCell()).sold)
          next[row.key] = { ...(next[row.key] ?? emptyCell()), ...patch };
      return next;
    });
  const total = rows.reduce((sum, row) => {
    const cell = cells[row.key] ?? emptyCell();
    const stock = Number(cell.stock);
    return cell.sold && Number.isInteger(stock) && stock > 0 ? sum + stock : sum;
  }, 0);
  const showWaiting = Object.keys(waiting).length > 0;
  const places = locations.length > 1 ? locations : [];
  const levelsOf = (cell: GridCell) => (cell.id === undefined ? undefined : levels[cell.id]);
  const onHand = rows.reduce((sum, row) => {
    const cell = cells[row.key] ?? emptyCell();
    return sum + (levelsOf(cell) ?? []).reduce((units, at) => units + at, 0);
  }, 0);
  const selling = places.filter((place) => place.fulfilsOnline).map((place) => place.name);

  return (
    <div className="space-y-4" data-testid="variant-grid">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={`${base}-all-stock`} className="block text-xs text-muted">
              Set all stock to
            </label>
            <input
              id={`${base}-all-stock`}
              type="number"
              min="0"
              step="1"
              inputMode="numeric"
              value={allStock}
              onChange={(event) => setAllStock(event.currentTarget.value)}
              className={cn(cellInput, 'w-24')}
            />
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={allStock.trim() === ''}
            onClick={() => setEvery({ stock: allStock.trim() })}
          >
            Apply to all stock
          </Button>
        </div>
        <div className="flex items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={`${base}-all-price`} className="block text-xs text-muted">
              Set all prices to (₦)
            </label>
            <input
              id={`${base}-all-price`}
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              placeholder={productPrice || 'Product price'}
              value={allPrice}
              onChange={(event) => setAllPrice(event.currentTarget.value)}
              className={cn(cellInput, 'w-32')}
            />
          </div>
          <Button size="sm" variant="outline" onClick={() => setEvery({ price: allPrice.trim() })}>
            Apply to all prices
          </Button>
        </div>
        <div className="flex items-end gap-2">
          <div className="space-y-1">
            <label htmlFor={`${base}-all-cost`} className="block text-xs text-muted">
              Set all costs to (₦)
            </label>
            <input
              id={`${base}-all-cost`}
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              placeholder="Not known"
              value={allCost}
              onChange={(event) => setAllCost(event.currentTarget.value)}
              className={cn(cellInput, 'w-32')}
            />
          </div>
          <Button size="sm" variant="outline" onClick={() => setEvery({ cost: allCost.trim() })}>
            Apply to all costs
          </Button>
        </div>
        <p className="text-sm text-ink-soft" data-testid="grid-total">
          {total} in stock in all
        </p>
      </div>
      <p className="text-xs text-muted">
        {places.length > 0 ? (
          <>
            Stock is what sells online, at {andList(selling)}. Each location’s units and the sum on hand (
            {onHand} in all) are as last saved; move units between locations on the Inventory tab.{' '}
          </>
        ) : null}
        A blank price is the product’s price; a blank cost is not known (the stock value at cost leaves it
        out); a size is low below its level, or the shop’s {shopLevel} when blank. A blank SKU is made for you
        (ROS-id-size-colour). Untick a row the shop does not sell: it is removed with its units.
      </p>
      {/* relative: the cells' screen-reader labels stay inside the box that scrolls, not past the page. */}
      <div
        className="relative overflow-x-auto rounded-card border border-line"
        data-testid="variant-grid-scroll"
      >
        <table
          className="w-full min-w-[51rem] text-sm"
          style={places.length > 0 ? { minWidth: `${51 + 6 * (places.length + 1)}rem` } : undefined}
        >
          <caption className="sr-only">
            Stock, {places.length > 0 ? 'units at each location, units on hand, ' : ''}price, cost, low-stock
            level and SKU for each size and colour
          </caption>
          <thead className="bg-paper text-left text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Sells
              </th>
              {/* The size and colour stay in sight while a phone scrolls the grid sideways. */}
              <th scope="col" className={cn(stickyLabel, 'bg-paper font-medium whitespace-nowrap')}>
                Size / colour
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Stock
              </th>
              {places.map((place) => (
                <th
                  key={place.id}
                  scope="col"
                  className="max-w-28 px-3 py-2 text-right font-medium break-words"
                >
                  {place.name}
                  {place.fulfilsOnline ? <span className="block normal-case">sells online</span> : null}
                </th>
              ))}
              {places.length > 0 ? (
                <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                  On hand
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2 font-medium">
                Price (₦)
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Cost (₦)
              </th>
              <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                Low below
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                SKU
              </th>
              {showWaiting ? (
                <th scope="col" className="px-3 py-2 font-medium">
                  Waiting
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row, index) => {
              const cell = cells[row.key] ?? emptyCell();
              const problems = errors[row.key] ?? {};
              const id = `${base}-${index}`;
              const described = (field: CellField) =>
                problems[field]
                  ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${field}-error` }
                  : {};
              const stockNumber = Number(cell.stock);
              const level = /^\d+$/.test(cell.lowStockThreshold.trim())
                ? Number(cell.lowStockThreshold)
                : shopLevel;
              const counted = cell.sold && Number.isInteger(stockNumber) && stockNumber >= 0;
              return (
                <tr
                  key={row.key}
                  data-testid="variant-row"
                  data-variant={row.label}
                  className={cn('align-top', !cell.sold && 'bg-cream/60 text-muted')}
                >
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      checked={cell.sold}
                      onChange={(event) => change(row.key, { sold: event.currentTarget.checked })}
                      aria-label={`Sell ${row.label}`}
                      className="mt-2.5 size-4 accent-ink"
                    />
                    {problems.row ? (
                      <p role="alert" className="mt-1 text-xs text-sale">
                        {problems.row}
                      </p>
                    ) : null}
                  </td>
                  <th
                    scope="row"
                    className={cn(
                      stickyLabel,
                      'text-left font-medium whitespace-nowrap text-ink',
                      cell.sold ? 'bg-white' : 'bg-[color-mix(in_srgb,var(--color-cream)_60%,white)]',
                    )}
                  >
                    <span className="inline-flex items-center gap-2 pt-2">
                      {row.color ? (
                        <span
                          aria-hidden="true"
                          className="size-3.5 shrink-0 rounded-full border border-ink/20"
                          style={{ backgroundColor: row.color.hex }}
                        />
                      ) : null}
                      {row.label}
                    </span>
                    {counted && (stockNumber === 0 || stockNumber < level) ? (
                      <span
                        className={cn(
                          'mt-0.5 block text-xs font-normal',
                          stockNumber === 0 ? 'text-sale' : 'text-warning',
                        )}
                      >
                        {stockNumber === 0 ? 'Sold out' : 'Low'}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-2">
                    <label htmlFor={`${id}-stock`} className="sr-only">
                      Stock of {row.label}
                    </label>
                    <input
                      id={`${id}-stock`}
                      type="number"
                      min="0"
                      step="1"
                      inputMode="numeric"
                      disabled={!cell.sold}
                      value={cell.stock}
                      onChange={(event) => change(row.key, { stock: event.currentTarget.value })}
                      className={cn(cellInput, 'w-24')}
                      {...described('stock')}
                    />
                    {problems.stock ? (
                      <p id={`${id}-stock-error`} role="alert" className="mt-1 max-w-40 text-xs text-sale">
                        {problems.stock}
                      </p>
                    ) : null}
                  </td>
                  {places.length > 0 ? <LevelCells places={places} units={levelsOf(cell)} /> : null}
                  <td className="px-3 py-2">
                    <label htmlFor={`${id}-price`} className="sr-only">
                      Price of {row.label} (₦)
                    </label>
                    <input
                      id={`${id}-price`}
                      type="number"
                      min="0"
                      step="0.01"
                      inputMode="decimal"
                      disabled={!cell.sold}
                      placeholder={productPrice || 'Product price'}
                      value={cell.price}
                      onChange={(event) => change(row.key, { price: event.currentTarget.value })}
                      className={cn(cellInput, 'w-32')}
                      {...described('price')}
                    />
                    {problems.price ? (
                      <p id={`${id}-price-error`} role="alert" className="mt-1 max-w-40 text-xs text-sale">
                        {problems.price}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <label htmlFor={`${id}-cost`} className="sr-only">
                      Cost of {row.label} (₦)
                    </label>
                    <input
                      id={`${id}-cost`}
                      type="number"
                      min="0"
                      step="0.01"
                      inputMode="decimal"
                      disabled={!cell.sold}
                      placeholder="Not known"
                      value={cell.cost}
                      onChange={(event) => change(row.key, { cost: event.currentTarget.value })}
                      className={cn(cellInput, 'w-32')}
                      {...described('cost')}
                    />
                    {problems.cost ? (
                      <p id={`${id}-cost-error`} role="alert" className="mt-1 max-w-40 text-xs text-sale">
                        {problems.cost}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <label htmlFor={`${id}-low`} className="sr-only">
                      Low-stock level of {row.label}
                    </label>
                    <input
                      id={`${id}-low`}
                      type="number"
                      min="0"
                      max={MAX_LOW_STOCK_LEVEL}
                      step="1"
                      inputMode="numeric"
                      disabled={!cell.sold}
                      placeholder={String(shopLevel)}
                      value={cell.lowStockThreshold}
                      onChange={(event) => change(row.key, { lowStockThreshold: event.currentTarget.value })}
                      className={cn(cellInput, 'w-20')}
                      {...described('lowStockThreshold')}
                    />
                    {problems.lowStockThreshold ? (
                      <p
                        id={`${id}-lowStockThreshold-error`}
                        role="alert"
                        className="mt-1 max-w-40 text-xs text-sale"
                      >
                        {problems.lowStockThreshold}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <label htmlFor={`${id}-sku`} className="sr-only">
                      SKU of {row.label}
                    </label>
                    <input
                      id={`${id}-sku`}
                      disabled={!cell.sold}
                      placeholder="Made for you"
                      maxLength={64}
                      autoComplete="off"
                      spellCheck={false}
                      value={cell.sku}
                      onChange={(event) => change(row.key, { sku: event.currentTarget.value })}
                      className={cn(cellInput, 'w-52 uppercase placeholder:normal-case')}
                      {...described('sku')}
                    />
                    {problems.sku ? (
                      <p id={`${id}-sku-error`} role="alert" className="mt-1 max-w-56 text-xs text-sale">
                        {problems.sku}
                      </p>
                    ) : null}
                  </td>
                  {showWaiting ? (
                    <td className="px-3 py-2 pt-4 text-ink-soft tabular-nums" data-testid="variant-waiting">
                      {cell.id !== undefined && waiting[cell.id] ? `${waiting[cell.id]} waiting` : '—'}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A row's units at each location and their sum, read-only; a dash for a row not saved yet. */
function LevelCells({ places, units }: { places: GridPlace[]; units: number[] | undefined }) {
  // pt-5: the figure's line sits level with the typed stock in the row's input.
  const figure = 'px-3 py-2 pt-5 text-right tabular-nums';
  return (
    <>
      {places.map((place, index) => (
        <td
          key={place.id}
          className={cn(figure, 'text-ink-soft')}
          data-testid="variant-level"
          data-location={place.name}
        >
          {units ? (units[index] ?? 0) : '—'}
        </td>
      ))}
      <td className={cn(figure, 'font-medium')} data-testid="variant-on-hand">
        {units ? units.reduce((sum, at) => sum + at, 0) : '—'}
      </td>
    </>
  );
}
