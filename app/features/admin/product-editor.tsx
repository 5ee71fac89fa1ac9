import type { ProductStockMove } from '../../../core/inventory/movements';
import { StockHistory } from './stock-history';
import { ArrowLeft, ExternalLink, Plus, Ruler, Save, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useBlocker, useFetcher } from 'react-router';
import { mediaUrl } from '../../../contracts/media';
import { nairaInput } from '../../../contracts/money';
import type { AdminProductEditor, ProductDepartment } from '../../../core/catalog/manage-products';
import type { FieldErrors } from '../../../core/errors';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Field, inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/use-hydrated';
import { ActionNotice, FieldError, labelClasses, selectClasses, textareaClasses } from './admin-nav';
import { ProductImagesField, type PhotoItem } from './product-images-field';
import {
  cellFields,
  checkGrid,
  emptyCell,
  gridKey,
  gridPayload,
  gridRows,
  NONE,
  VariantGrid,
  type ColorItem,
  type GridCells,
  type GridErrors,
  type SizeItem,
} from './variant-grid';

export type EditProductResult =
  { ok: true; message: string } | { ok: false; error: string; fields: FieldErrors };

/** Shared by every mount of the editor: its answer survives the remount that fresh data causes. */
export const PRODUCT_EDITOR_FETCHER = 'admin-product-editor';

const smallInput = cn(inputClasses, 'h-9');

let uidCounter = 0;
const uid = (prefix: string) => `${prefix}${++uidCounter}`;

function Card({ title, children, hint }: { title: string; children: React.ReactNode; hint?: string }) {
  const id = `editor-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-card border border-line bg-white p-4 sm:p-5">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-sm border border-line bg-white px-3 text-sm text-ink has-checked:border-ink has-checked:bg-cream has-focus-visible:outline-2 has-focus-visible:outline-gold-deep">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className="size-4 accent-ink"
      />
      {label}
    </label>
  );
}

interface SpecRow {
  uid: string;
  name: string;
  value: string;
}

/** The editor's state from the product as it is. */
function initialState(data: AdminProductEditor) {
  const sizes: SizeItem[] = data.sizes.map((name) => ({ uid: uid('s'), name }));
  const colors: ColorItem[] = data.colors.map((color) => ({
    uid: uid('c'),
    name: color.name,
    hex: color.hex,
  }));
  const cells: GridCells = {};
  for (const row of gridRows(sizes, colors)) cells[row.key] = { ...emptyCell(), sold: false };
  for (const variant of data.product.variants) {
    const size = sizes.find((item) => item.name === variant.size)?.uid ?? NONE;
    const color = colors.find((item) => item.name === variant.color)?.uid ?? NONE;
    cells[gridKey(size, color)] = {
      id: variant.id,
      sold: true,
      stock: String(variant.stock),
      price: nairaInput(variant.priceKobo),
      cost: nairaInput(variant.costKobo),
      lowStockThreshold: variant.lowStockThreshold === null ? '' : String(variant.lowStockThreshold),
      sku: variant.sku,
    };
  }
  const photos: PhotoItem[] = data.images.map((image, index) => ({
    key: uid('p'),
    name: `Photo ${index + 1}`,
    progress: 100,
    state: 'done',
    upload: { id: image.key, url: mediaUrl(image.key, image.widths[0] ?? image.width) },
    color: image.colorName,
  }));
  const specs: SpecRow[] = data.specs.map((spec) => ({ uid: uid('f'), ...spec }));
  return { sizes, colors, cells, photos, specs };
}

/** Server answers for list items (`variants[3].sku`) mapped back to what the editor shows. */
function splitErrors(fields: FieldErrors, submittedKeys: string[], photos: PhotoItem[]) {
  const grid: GridErrors = {};
  const photoErrors: Record<string, string> = {};
  const other: FieldErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const variant = /^variants\[(\d+)\]\.(\w+)$/.exec(name);
    if (variant) {
      const key = submittedKeys[Number(variant[1])];
      const field = cellFields.find((name) => name === variant[2]) ?? 'row';
      if (key) grid[key] = { ...grid[key], [field]: message };
      continue;
    }
    const photo = /^images\[(\d+)\]/.exec(name);
    const item = photo ? photos.filter((entry) => entry.upload)[Number(photo[1])] : undefined;
    if (item) {
      photoErrors[item.key] = message;
      continue;
    }
    other[name.replace(/\[\d+\].*$/, '')] ??= message;
  }
  return { grid, photoErrors, other };
}

/**
 * The whole product on one page: details, specifications, photos (added, replaced, reordered, each
 * tied to a colour), the shop's own sizes and colours, and the grid of stock, price, cost, low-stock
 * level and SKU per size × colour. Saving sends everything as one change; mistakes show next to their field or cell.
 */
export function ProductEditor({
  data,
  departments,
  waiting,
  fit = null,
  history = [],
}: {
  data: AdminProductEditor;
  /** The newest changes to its stock, from the ledger. */
  history?: ProductStockMove[];
  departments: ProductDepartment[];
  /** Shoppers waiting for each variant to come back, by variant id (back-in-stock alerts). */
  waiting?: Record<number, number>;
  /**
   * What returns and reviews say of the fit ("Fit: runs small (7 returns Too small, 2 reviews)"),
   * read-only; null for a piece sold in one size.
   */
  fit?: string | null;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<EditProductResult>({ key: PRODUCT_EDITOR_FETCHER });
  const base = useId();
  const { product } = data;
  const [initial] = useState(() => initialState(data));
  const [name, setName] = useState(product.name);
  const [description, setDescription] = useState(data.description);
  const [price, setPrice] = useState(nairaInput(product.priceKobo));
  const [originalPrice, setOriginalPrice] = useState(nairaInput(product.originalPriceKobo));
  const [categoryId, setCategoryId] = useState(product.categoryId);
  const [brandId, setBrandId] = useState(data.brandId ?? '');
  const [flags, setFlags] = useState({
    isNew: data.isNew,
    isHot: data.isHot,
    freeShipping: data.freeShipping,
  });
  const [specs, setSpecs] = useState<SpecRow[]>(initial.specs);
  const [photos, setPhotos] = useState<PhotoItem[]>(initial.photos);
  const [sizes, setSizes] = useState<SizeItem[]>(initial.sizes);
  const [colors, setColors] = useState<ColorItem[]>(initial.colors);
  const [cells, setCells] = useState<GridCells>(initial.cells);
  const [newSize, setNewSize] = useState('');
  const [checked, setChecked] = useState<{ grid: GridErrors; message: string } | null>(null);
  const [submittedKeys, setSubmittedKeys] = useState<string[]>([]);

  const busy = fetcher.state !== 'idle';
  const uploading = photos.some((photo) => photo.state === 'uploading');
  const result = fetcher.data;
  const serverErrors =
    result && !result.ok && !busy
      ? splitErrors(result.fields, submittedKeys, photos)
      : { grid: {}, photoErrors: {}, other: {} };
  const gridErrors = checked?.grid ?? serverErrors.grid;
  const fields = serverErrors.other;

  const department = departments.find((candidate) =>
    candidate.categories.some((category) => category.id === categoryId),
  );
  const category = department?.categories.find((candidate) => candidate.id === categoryId);
  const suggestedSizes = (category?.sizes ?? []).filter(
    (size) => !sizes.some((item) => item.name.trim().toLowerCase() === size.toLowerCase()),
  );
  const suggestedColors = (category?.colors ?? []).filter(
    (color) => !colors.some((item) => item.name.trim().toLowerCase() === color.name.toLowerCase()),
  );

  /** New options join the grid as rows the shop sells, with 0 units. */
  const addOptions = (nextSizes: SizeItem[], nextColors: ColorItem[]) => {
    setCells((current) => {
      const next = { ...current };
      for (const row of gridRows(nextSizes, nextColors)) next[row.key] ??= emptyCell();
      return next;
    });
    setSizes(nextSizes);
    setColors(nextColors);
  };
  const addSize = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed || sizes.some((item) => item.name.trim().toLowerCase() === trimmed.toLowerCase())) return;
    addOptions([...sizes, { uid: uid('s'), name: trimmed }], colors);
    setNewSize('');
  };
  const addColor = (color: { name: string; hex: string }) =>
    addOptions(sizes, [...colors, { uid: uid('c'), name: color.name, hex: color.hex }]);

  /** The whole product as a save sends it (the grid's own keys aside). */
  const currentProduct = () => {
    const payload = gridPayload(sizes, colors, cells);
    const body = {
      name,
      description,
      price,
      originalPrice: originalPrice.trim() === '' ? null : originalPrice,
      category: categoryId,
      brand: brandId === '' ? null : brandId,
      ...flags,
      specs: specs
        .filter((spec) => spec.name.trim() !== '' || spec.value.trim() !== '')
        .map((spec) => ({ name: spec.name, value: spec.value })),
      sizes: sizes.map((size) => size.name.trim()),
      colors: colors.map((color) => ({ name: color.name.trim(), hex: color.hex })),
      variants: payload.rows,
      images: photos
        .filter((photo) => photo.state === 'done' && photo.upload)
        .map((photo) => ({ key: photo.upload!.id, color: photo.color ?? null })),
    };
    return { body, keys: payload.keys };
  };

  // Unsaved changes: what the page shows differs from what was loaded or last saved. Leaving the
  // page then (a link in the shop, or closing or reloading the tab) asks first.
  const shown = JSON.stringify(currentProduct().body);
  const [savedSnapshot, setSavedSnapshot] = useState(shown);
  // The save on its way: its product, and the answer there was before it (a new answer ends it).
  const [sent, setSent] = useState<{ snapshot: string; before: unknown } | null>(null);
  if (sent && fetcher.state === 'idle' && fetcher.data !== sent.before) {
    if (fetcher.data?.ok) setSavedSnapshot(sent.snapshot);
    setSent(null);
  }
  const unsaved = shown !== savedSnapshot || uploading;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsaved &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    if (!unsaved) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  const save = () => {
    const grid = checkGrid(sizes, colors, cells);
    if (Object.keys(grid).length > 0) {
      setChecked({ grid, message: 'Check the grid: some cells need a change.' });
      return;
    }
    setChecked(null);
    const { body, keys } = currentProduct();
    setSubmittedKeys(keys);
    setSent({ snapshot: JSON.stringify(body), before: fetcher.data });
    // Pages take forms, not JSON: the whole product travels as one field.
    void fetcher.submit({ product: JSON.stringify(body) }, { method: 'post' });
  };

  const saveButton = (where: 'top' | 'bottom') => (
    <Button
      type="submit"
      size={where === 'top' ? 'sm' : 'md'}
      variant="gold"
      disabled={!hydrated || busy || uploading}
      data-testid={`save-product-${where}`}
    >
      <Save width={16} height={16} aria-hidden="true" /> {busy ? 'Saving…' : 'Save changes'}
    </Button>
  );

  const notice = checked ? (
    <ActionNotice tone="error">{checked.message}</ActionNotice>
  ) : result && !busy ? (
    <ActionNotice tone={result.ok ? 'success' : 'error'}>
      {result.ok ? result.message : result.error}
    </ActionNotice>
  ) : null;

  return (
    <>
      <form
        noValidate
        aria-labelledby="product-editor-heading"
        className="space-y-5"
        data-testid="product-editor"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <Link
              to={`/admin?tab=products&q=${product.id}`}
              className="inline-flex items-center gap-1 text-sm text-ink-soft underline-offset-4 hover:underline"
            >
              <ArrowLeft width={14} height={14} aria-hidden="true" /> All Products
            </Link>
            <h2 id="product-editor-heading" className="mt-1 text-2xl break-words">
              Edit {product.name}
            </h2>
            <p className="text-xs text-muted">
              #{product.id} · {product.stock} in stock
              {product.lowVariants > 0 ? ` · ${product.lowVariants} low or sold out` : ''}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {product.status === 'active' ? (
              <Link
                to={`/product/${product.id}`}
                className="inline-flex h-9 items-center gap-1.5 rounded-sm px-3 text-xs font-medium tracking-wide text-ink uppercase hover:bg-cream"
              >
                <ExternalLink width={14} height={14} aria-hidden="true" /> View in the shop
              </Link>
            ) : null}
            {saveButton('top')}
          </div>
        </div>
        {notice}

        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
          <div className="min-w-0 space-y-5">
            <Card title="Details">
              <Field
                label="Name"
                required
                maxLength={120}
                value={name}
                onChange={(event) => setName(event.currentTarget.value)}
                error={fields.name}
                autoComplete="off"
              />
              <div className="space-y-1.5">
                <label htmlFor={`${base}-description`} className={labelClasses}>
                  Description
                </label>
                <textarea
                  id={`${base}-description`}
                  rows={6}
                  maxLength={5000}
                  value={description}
                  onChange={(event) => setDescription(event.currentTarget.value)}
                  aria-invalid={fields.description ? true : undefined}
                  aria-describedby={fields.description ? `${base}-description-error` : undefined}
                  className={textareaClasses}
                />
                <FieldError id={`${base}-description-error`} message={fields.description} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label="Price (₦)"
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  required
                  value={price}
                  onChange={(event) => setPrice(event.currentTarget.value)}
                  error={fields.price}
                />
                <Field
                  label="Original price (₦)"
                  type="number"
                  min="0"
                  step="0.01"
                  inputMode="decimal"
                  hint="Only for a sale: the price before."
                  value={originalPrice}
                  onChange={(event) => setOriginalPrice(event.currentTarget.value)}
                  error={fields.originalPrice}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-1.5">
                  <label htmlFor={`${base}-category`} className={labelClasses}>
                    Category
                  </label>
                  <select
                    id={`${base}-category`}
                    value={categoryId}
                    onChange={(event) => {
                      setCategoryId(event.currentTarget.value);
                      setBrandId('');
                    }}
                    aria-invalid={fields.category ? true : undefined}
                    className={selectClasses}
                  >
                    {departments.map((group) => (
                      <optgroup key={group.id} label={group.name}>
                        {group.categories.map((option) => (
                          <option key={option.id} value={option.id}>
                            {option.name}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  <FieldError message={fields.category} />
                </div>
                <div className="space-y-1.5">
                  <label htmlFor={`${base}-brand`} className={labelClasses}>
                    Brand
                  </label>
                  <select
                    id={`${base}-brand`}
                    value={brandId}
                    onChange={(event) => setBrandId(event.currentTarget.value)}
                    className={selectClasses}
                  >
                    <option value="">No brand</option>
                    {(department?.brands ?? []).map((brand) => (
                      <option key={brand.id} value={brand.id}>
                        {brand.name}
                      </option>
                    ))}
                  </select>
                  <FieldError message={fields.brand} />
                </div>
              </div>
              <fieldset className="min-w-0">
                <legend className={cn(labelClasses, 'mb-2')}>Labels</legend>
                <div className="flex flex-wrap gap-2">
                  <Check
                    label="New arrival"
                    checked={flags.isNew}
                    onChange={(isNew) => setFlags({ ...flags, isNew })}
                  />
                  <Check
                    label="Hot"
                    checked={flags.isHot}
                    onChange={(isHot) => setFlags({ ...flags, isHot })}
                  />
                  <Check
                    label="Free shipping"
                    checked={flags.freeShipping}
                    onChange={(freeShipping) => setFlags({ ...flags, freeShipping })}
                  />
                </div>
              </fieldset>
            </Card>

            <Card
              title="Sizes, colours and stock"
              hint="Stock, price, cost, low-stock level and SKU for each size and colour; the product's stock is the sum of the rows."
            >
              <div className="grid gap-5 border-b border-line pb-5 sm:grid-cols-2">
                <section aria-labelledby={`${base}-sizes-heading`} className="min-w-0 space-y-3">
                  <h3 id={`${base}-sizes-heading`} className={labelClasses}>
                    Sizes
                  </h3>
                  <p className="text-xs text-muted">
                    The shop&apos;s own sizes, in the order shoppers see them.
                  </p>
                  {fit ? (
                    <p className="flex items-start gap-1.5 text-xs text-ink-soft" data-testid="editor-fit">
                      <Ruler width={14} height={14} className="mt-px shrink-0" aria-hidden="true" />
                      <span className="min-w-0">{fit}</span>
                    </p>
                  ) : null}
                  <ul className="space-y-2" aria-label="Sizes">
                    {sizes.map((size, index) => (
                      <li key={size.uid} className="flex items-center gap-2">
                        <label htmlFor={`${base}-${size.uid}`} className="sr-only">
                          Size {index + 1}
                        </label>
                        <input
                          id={`${base}-${size.uid}`}
                          value={size.name}
                          maxLength={40}
                          onChange={(event) => {
                            const value = event.currentTarget.value;
                            setSizes((current) =>
                              current.map((item) =>
                                item.uid === size.uid ? { ...item, name: value } : item,
                              ),
                            );
                          }}
                          className={smallInput}
                        />
                        <button
                          type="button"
                          onClick={() =>
                            setSizes((current) => current.filter((item) => item.uid !== size.uid))
                          }
                          aria-label={`Remove size ${size.name}`}
                          className="inline-flex size-9 shrink-0 items-center justify-center rounded-sm border border-line text-ink hover:bg-cream"
                        >
                          <X width={14} height={14} aria-hidden="true" />
                        </button>
                      </li>
                    ))}
                  </ul>
                  {sizes.length === 0 ? (
                    <p className="text-sm text-muted">No sizes: one size fits all.</p>
                  ) : null}
                  <div className="flex items-end gap-2">
                    <div className="min-w-0 flex-1 space-y-1">
                      <label htmlFor={`${base}-new-size`} className="block text-xs text-muted">
                        Add a size
                      </label>
                      <input
                        id={`${base}-new-size`}
                        value={newSize}
                        maxLength={40}
                        placeholder="e.g. 3XL or 42"
                        onChange={(event) => setNewSize(event.currentTarget.value)}
                        onKeyDown={(event) => {
                          if (event.key === 'Enter') {
                            event.preventDefault();
                            addSize(newSize);
                          }
                        }}
                        className={smallInput}
                      />
                    </div>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => addSize(newSize)}
                      disabled={!newSize.trim()}
                    >
                      <Plus width={14} height={14} aria-hidden="true" /> Add size
                    </Button>
                  </div>
                  {suggestedSizes.length > 0 ? (
                    <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
                      <span>From {category?.name}:</span>
                      {suggestedSizes.map((size) => (
                        <button
                          key={size}
                          type="button"
                          onClick={() => addSize(size)}
                          aria-label={`Add size ${size}`}
                          className="rounded-full border border-line px-2.5 py-1 text-ink hover:bg-cream"
                        >
                          + {size}
                        </button>
                      ))}
                    </div>
                  ) : null}
                  <FieldError message={fields.sizes} />
                </section>
                <section aria-labelledby={`${base}-colours-heading`} className="min-w-0 space-y-3">
                  <h3 id={`${base}-colours-heading`} className={labelClasses}>
                    Colours
                  </h3>
                  <p className="text-xs text-muted">The shop&apos;s own colours: a name and its shade.</p>
                  <ul className="space-y-2" aria-label="Colours">
                    {colors.map((color, index) => (
                      <li key={color.uid} className="flex items-center gap-2">
                        <label htmlFor={`${base}-${color.uid}-hex`} className="sr-only">
                          Shade of colour {index + 1}
                        </label>
                        <input
                          id={`${base}-${color.uid}-hex`}
                          type="color"
                          value={color.hex}
                          onChange={(event) => {
                            const hex = event.currentTarget.value.toUpperCase();
                            setColors((current) =>
                              current.map((item) => (item.uid === color.uid ? { ...item, hex } : item)),
                            );
                          }}
                          className="h-9 w-11 shrink-0 cursor-pointer rounded-sm border border-line bg-white p-1"
                        />
                        <label htmlFor={`${base}-${color.uid}`} className="sr-only">
                          Colour {index + 1}
                        </label>
                        <input
                          id={`${base}-${color.uid}`}
                          value={color.name}
                          maxLength={40}
                          onChange={(event) => {
                            const value = event.currentTarget.value;
                            setColors((current) =>
                              current.map((item) =>
                                item.uid === color.uid ? { ...item, name: value } : item,
                              ),
                            );
                          }}
                          className={smallInput}
                        />
                        <button
                          type="button"
                          onClick={() =>
                            setColors((current) => current.filter((item) => item.uid !== color.uid))
                          }
                          aria-label={`Remove colour ${color.name}`}
                          className="inline-flex size-9 shrink-0 items-center justify-center rounded-sm border border-line text-ink hover:bg-cream"
                        >
                          <X width={14} height={14} aria-hidden="true" />
                        </button>
                      </li>
                    ))}
                  </ul>
                  {colors.length === 0 ? <p className="text-sm text-muted">No colours.</p> : null}
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => addColor({ name: 'New colour', hex: '#888888' })}
                  >
                    <Plus width={14} height={14} aria-hidden="true" /> Add colour
                  </Button>
                  {suggestedColors.length > 0 ? (
                    <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted">
                      <span>From {category?.name}:</span>
                      {suggestedColors.map((color) => (
                        <button
                          key={color.name}
                          type="button"
                          onClick={() => addColor(color)}
                          aria-label={`Add colour ${color.name}`}
                          className="inline-flex items-center gap-1 rounded-full border border-line px-2.5 py-1 text-ink hover:bg-cream"
                        >
                          <span
                            aria-hidden="true"
                            className="size-3 rounded-full border border-ink/20"
                            style={{ backgroundColor: color.hex }}
                          />
                          + {color.name}
                        </button>
                      ))}
                    </div>
                  ) : null}
                  <FieldError message={fields.colors} />
                </section>
              </div>
              <VariantGrid
                sizes={sizes}
                colors={colors}
                cells={cells}
                setCells={setCells}
                errors={gridErrors}
                productPrice={price}
                shopLevel={data.shopLowStockLevel}
                waiting={waiting}
                locations={data.levels.locations}
                levels={data.levels.byVariant}
              />
              <FieldError message={fields.variants ?? fields.stock} />
            </Card>

            <Card title="Stock history" hint="Every change to the stock, newest first, with what caused it.">
              <StockHistory moves={history} />
            </Card>

            <Card
              title="Photos"
              hint="The first photo is the cover. Tie a photo to a colour: choosing that colour in the shop shows it."
            >
              <ProductImagesField
                items={photos}
                setItems={setPhotos}
                error={fields.images}
                colors={colors
                  .filter((color) => color.name.trim() !== '')
                  .map((color) => ({ name: color.name.trim() }))}
              />
              {Object.entries(serverErrors.photoErrors).map(([key, message]) => (
                <FieldError
                  key={key}
                  message={`${photos.find((photo) => photo.key === key)?.name ?? 'A photo'}: ${message}`}
                />
              ))}
            </Card>
          </div>

          <div className="min-w-0 space-y-5">
            <Card title="Specifications">
              <ul className="space-y-3" aria-label="Specifications">
                {specs.map((spec, index) => (
                  <li key={spec.uid} className="flex items-start gap-2">
                    <div className="grid min-w-0 flex-1 grid-cols-2 gap-2">
                      <label htmlFor={`${base}-${spec.uid}-name`} className="sr-only">
                        Specification {index + 1} name
                      </label>
                      <input
                        id={`${base}-${spec.uid}-name`}
                        value={spec.name}
                        placeholder="Name, e.g. Fabric"
                        maxLength={60}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setSpecs((current) =>
                            current.map((item) => (item.uid === spec.uid ? { ...item, name: value } : item)),
                          );
                        }}
                        className={smallInput}
                      />
                      <label htmlFor={`${base}-${spec.uid}-value`} className="sr-only">
                        Specification {index + 1} value
                      </label>
                      <input
                        id={`${base}-${spec.uid}-value`}
                        value={spec.value}
                        placeholder="Value, e.g. 100% linen"
                        maxLength={500}
                        onChange={(event) => {
                          const value = event.currentTarget.value;
                          setSpecs((current) =>
                            current.map((item) => (item.uid === spec.uid ? { ...item, value } : item)),
                          );
                        }}
                        className={smallInput}
                      />
                    </div>
                    <button
                      type="button"
                      onClick={() => setSpecs((current) => current.filter((item) => item.uid !== spec.uid))}
                      aria-label={`Remove specification ${spec.name || index + 1}`}
                      className="inline-flex size-9 shrink-0 items-center justify-center rounded-sm border border-line text-ink hover:bg-cream"
                    >
                      <X width={14} height={14} aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setSpecs((current) => [...current, { uid: uid('f'), name: '', value: '' }])}
              >
                <Plus width={14} height={14} aria-hidden="true" /> Add specification
              </Button>
              <FieldError message={fields.specs} />
            </Card>
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
          {saveButton('bottom')}
          {uploading ? (
            <p className="text-sm text-muted">Waiting for the photos to finish uploading…</p>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        message={`Your changes to ${product.name} are not saved yet. If you leave now, they are lost.`}
        confirmLabel="Leave"
        cancelLabel="Stay"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      />
    </>
  );
}
