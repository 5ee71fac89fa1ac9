import { Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { StocktakePreview, StocktakeResult } from '../../../core/inventory/stocktake';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { ActionNotice, FieldError, labelClasses, selectClasses, textareaClasses } from './admin-nav';
import type { loadInventoryTab } from './inventory-tab.server';
import { MoveStock } from './move-stock';

type Data = Awaited<ReturnType<typeof loadInventoryTab>>;
type Row = { key: number; sku: string; counted: string };
type Answer =
  | { ok: true; intent: 'stocktake-preview'; preview: StocktakePreview }
  | { ok: true; intent: 'stocktake-apply'; message: string; stocktake: StocktakeResult }
  | { ok: false; error: string; fields: Record<string, string> };

const signed = (value: number) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');

let nextKey = 1;
const emptyRow = (): Row => ({ key: nextKey++, sku: '', counted: '' });

/** The Inventory tab: a stocktake, and moving units between locations when the shop has two or more. */
export function InventoryTab({ data }: { data: Data }) {
  return (
    <div className="space-y-10">
      <Stocktake data={data} />
      {data.locations.length > 1 ? (
        <MoveStock locations={data.locations} />
      ) : (
        <p className="max-w-4xl text-sm text-muted">
          Stock is kept at one location. Locations are added under Settings → Locations; with two or more,
          units can be moved between them here.
        </p>
      )}
    </div>
  );
}

/** The owner's stocktake: count a location's shelves, review each difference, then apply it. */
function Stocktake({ data }: { data: Data }) {
  const fetcher = useFetcher<Answer>();
  const [locationId, setLocationId] = useState(
    String(data.locations.find((place) => place.isDefault)?.id ?? data.locations[0]?.id ?? ''),
  );
  const [rows, setRows] = useState<Row[]>(() => [emptyRow()]);
  const [csv, setCsv] = useState('');
  const [preview, setPreview] = useState<StocktakePreview | null>(null);
  const [applied, setApplied] = useState<{
    message: string;
    result: StocktakeResult;
    seen: StocktakePreview;
  } | null>(null);
  const countedRefs = useRef(new Map<number, HTMLInputElement>());
  const skuRefs = useRef(new Map<number, HTMLInputElement>());
  const focusNext = useRef<number | null>(null);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;

  // Each new answer is taken in once, while rendering (React's way to follow a changing value).
  const [handled, setHandled] = useState<Answer | undefined>(undefined);
  if (answer && answer !== handled) {
    setHandled(answer);
    if (answer.ok && answer.intent === 'stocktake-preview') {
      setPreview(answer.preview);
      setApplied(null);
    } else if (answer.ok && preview) {
      setApplied({ message: answer.message, result: answer.stocktake, seen: preview });
      setPreview(null);
      setRows([emptyRow()]);
      setCsv('');
    }
  }

  useEffect(() => {
    if (focusNext.current === null) return;
    skuRefs.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  }, [rows]);

  const errors = answer && !answer.ok ? answer.fields : {};
  // Core numbers the typed rows that name a SKU: row N is the Nth of them.
  const typedNumber = new Map<number, number>();
  rows.filter((row) => row.sku.trim() !== '').forEach((row, index) => typedNumber.set(row.key, index + 1));
  const rowError = (row: Row) => {
    const number = typedNumber.get(row.key);
    return number ? errors[`row ${number}`] : undefined;
  };
  const edit = (key: number, change: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
    setPreview(null);
  };
  const addRow = () => {
    const row = emptyRow();
    focusNext.current = row.key;
    setRows((current) => [...current, row]);
  };
  const busy = fetcher.state !== 'idle';

  return (
    <section aria-labelledby="stocktake-heading" className="max-w-4xl space-y-6">
      <div>
        <h2 id="stocktake-heading" className="text-2xl">
          Stocktake
        </h2>
        <p className="mt-1 text-sm text-muted">
          Count what is on the shelves, review each difference against the books, then apply it.
        </p>
      </div>

      {applied ? (
        <div className="space-y-2">
          <ActionNotice tone="success">{applied.message}</ActionNotice>
          <ul className="space-y-1 text-sm" aria-label="Products changed">
            {[
              ...new Map(
                applied.result.lines
                  .filter((line) => line.difference !== 0)
                  .flatMap((line) => {
                    const seen = applied.seen.lines.find(
                      (candidate) => candidate.variantId === line.variantId,
                    );
                    return seen ? [[seen.productId, seen.product] as const] : [];
                  }),
              ),
            ].map(([productId, product]) => (
              <li key={productId}>
                <Link to={`/admin/products/${productId}`} className="text-gold-deep underline">
                  {product}: stock history
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      <fetcher.Form method="post" className="space-y-5 rounded-card border border-line bg-white p-4 sm:p-6">
        {data.locations.length > 1 ? (
          <div className="max-w-xs space-y-1.5">
            <label htmlFor="stocktake-location" className={labelClasses}>
              Location
            </label>
            <select
              id="stocktake-location"
              name="locationId"
              value={locationId}
              onChange={(event) => {
                setLocationId(event.target.value);
                setPreview(null);
              }}
              className={selectClasses}
            >
              {data.locations.map((place) => (
                <option key={place.id} value={place.id}>
                  {place.name}
                </option>
              ))}
            </select>
            <FieldError message={errors.locationId} />
          </div>
        ) : (
          <input type="hidden" name="locationId" value={locationId} />
        )}

        <fieldset className="space-y-3">
          <legend className={labelClasses}>Counted sizes</legend>
          <p className="text-xs text-muted">Type or scan a SKU, press Enter, then type the units counted.</p>
          {rows.map((row, index) => {
            const error = rowError(row);
            return (
              <div key={row.key} className="space-y-1" data-testid="stocktake-row">
                <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,1fr)] gap-3">
                  <div className="min-w-0 space-y-1">
                    <label htmlFor={`sku-${row.key}`} className={labelClasses}>
                      SKU{index > 0 ? <span className="sr-only"> {index + 1}</span> : null}
                    </label>
                    <input
                      id={`sku-${row.key}`}
                      ref={(node) => {
                        if (node) skuRefs.current.set(row.key, node);
                        else skuRefs.current.delete(row.key);
                      }}
                      name="sku"
                      value={row.sku}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `row-error-${row.key}` : undefined}
                      onChange={(event) => edit(row.key, { sku: event.target.value })}
                      onKeyDown={(event) => {
                        // A barcode scanner types the SKU and Enter: go to the count, never submit.
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          countedRefs.current.get(row.key)?.focus();
                        }
                      }}
                      className={inputClasses}
                    />
                  </div>
                  <div className="min-w-0 space-y-1">
                    <label htmlFor={`counted-${row.key}`} className={labelClasses}>
                      Counted{index > 0 ? <span className="sr-only"> {index + 1}</span> : null}
                    </label>
                    <input
                      id={`counted-${row.key}`}
                      ref={(node) => {
                        if (node) countedRefs.current.set(row.key, node);
                        else countedRefs.current.delete(row.key);
                      }}
                      name="counted"
                      value={row.counted}
                      inputMode="numeric"
                      pattern="[0-9]*"
                      autoComplete="off"
                      aria-invalid={error ? true : undefined}
                      onChange={(event) => edit(row.key, { counted: event.target.value })}
                      onKeyDown={(event) => {
                        // Enter after a count starts the next row, as a scanner's next item would.
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          const following = rows[index + 1];
                          if (following) skuRefs.current.get(following.key)?.focus();
                          else addRow();
                        }
                      }}
                      className={`${inputClasses} tabular-nums`}
                    />
                  </div>
                </div>
                <FieldError id={`row-error-${row.key}`} message={error} />
              </div>
            );
          })}
          <Button variant="outline" size="sm" onClick={addRow}>
            <Plus width={16} height={16} aria-hidden="true" /> Add row
          </Button>
        </fieldset>

        <div className="space-y-1.5">
          <label htmlFor="stocktake-csv" className={labelClasses}>
            Or paste a CSV (sku,counted)
          </label>
          <textarea
            id="stocktake-csv"
            name="csv"
            rows={4}
            value={csv}
            spellCheck={false}
            placeholder={'sku,counted\nROS-12-M-OLV,6'}
            onChange={(event) => {
              setCsv(event.target.value);
              setPreview(null);
            }}
            className={`${textareaClasses} font-mono`}
          />
          <FieldError message={errors.csv} />
        </div>

        {answer && !answer.ok ? (
          <div
            role="alert"
            className="rounded-card border border-sale/30 bg-sale/5 px-4 py-3 text-sm text-sale"
          >
            <p>{answer.error}</p>
            {Object.keys(errors).length > 0 ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-5">
                {Object.entries(errors).map(([key, message]) => (
                  <li key={key}>{message}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}

        {preview ? (
          <div className="space-y-3">
            <input type="hidden" name="asOf" value={preview.asOf} />
            <h3 className="text-lg">Differences at {preview.location}</h3>
            <div
              className="-mx-1 overflow-x-auto px-1"
              tabIndex={0}
              role="region"
              aria-label="Stocktake differences"
            >
              <table className="w-full min-w-[19rem] text-left text-sm" data-testid="stocktake-preview">
                <caption className="sr-only">Stocktake differences</caption>
                <thead className="border-b border-line text-xs tracking-wide text-ink-soft uppercase">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Product
                    </th>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      Size
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Books
                    </th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">
                      Counted
                    </th>
                    <th scope="col" className="py-2 text-right font-medium whitespace-nowrap">
                      <span aria-hidden="true">+/−</span>
                      <span className="sr-only">Difference</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {preview.lines.map((line) => (
                    <tr key={line.variantId}>
                      <td className="py-2 pr-3">
                        {line.product}
                        <span className="block font-mono text-xs text-muted">{line.sku}</span>
                      </td>
                      <td className="py-2 pr-3">
                        {line.size} / {line.color}
                      </td>
                      <td className="py-2 pr-3 text-right tabular-nums">{line.book}</td>
                      <td className="py-2 pr-3 text-right tabular-nums">{line.counted}</td>
                      <td
                        className={`py-2 text-right font-medium tabular-nums ${
                          line.difference < 0 ? 'text-sale' : line.difference > 0 ? 'text-success' : ''
                        }`}
                      >
                        {signed(line.difference)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        ) : null}

        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="stocktake-preview" variant="outline" disabled={busy}>
            Review differences
          </Button>
          {preview ? (
            <Button type="submit" name="intent" value="stocktake-apply" disabled={busy}>
              Apply stocktake
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}
