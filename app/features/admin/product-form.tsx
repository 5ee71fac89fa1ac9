import { ExternalLink, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { FieldErrors } from '../../../core/errors';
import type { ProductDepartment } from '../../../core/catalog/manage-products';
import { Button } from '../../components/ui/button';
import { Field, inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { ActionNotice, FieldError, labelClasses, selectClasses, textareaClasses } from './admin-nav';
import { ProductImagesField, type PhotoItem } from './product-images-field';
import {
  gridPayload,
  VariantGrid,
  type GridCells,
  type GridErrors,
  type ColorItem,
  type SizeItem,
} from './variant-grid';

export type AddProductResult =
  | { ok: true; message: string; url: string; name: string }
  | { ok: false; error: string; fields: FieldErrors };

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-white p-5">
      <h3 id={id} className="text-xl">
        {title}
      </h3>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

const smallInput = cn(inputClasses, 'h-9');

/** A size or colour of the shop's own, chosen for the new product: its name, and a button that drops it. */
function OwnChip({ label, swatch, onRemove }: { label: string; swatch?: string; onRemove: () => void }) {
  return (
    <li className="inline-flex min-h-9 max-w-full items-center gap-2 rounded-sm border border-ink bg-cream pl-3 text-sm text-ink">
      {swatch ? (
        <span
          aria-hidden="true"
          className="size-4 shrink-0 rounded-full border border-ink/20"
          style={{ backgroundColor: swatch }}
        />
      ) : null}
      <span className="min-w-0 break-words">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${label}`}
        className="inline-flex size-9 shrink-0 items-center justify-center text-ink hover:bg-white"
      >
        <X width={14} height={14} aria-hidden="true" />
      </button>
    </li>
  );
}

function Check({
  name,
  value,
  label,
  defaultChecked,
  checked,
  onChange,
  swatch,
}: {
  name: string;
  value: string;
  label: string;
  defaultChecked?: boolean;
  checked?: boolean;
  onChange?: (checked: boolean) => void;
  swatch?: string;
}) {
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-sm border border-line bg-white px-3 text-sm text-ink has-checked:border-ink has-checked:bg-cream has-focus-visible:outline-2 has-focus-visible:outline-gold-deep">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        checked={checked}
        onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
        className="size-4 accent-ink"
      />
      {swatch ? (
        <span
          aria-hidden="true"
          className="size-4 rounded-full border border-ink/20"
          style={{ backgroundColor: swatch }}
        />
      ) : null}
      {label}
    </label>
  );
}

/**
 * Add Product: the shop's own categories, with the sizes and colours that fit the chosen one, and
 * sizes and colours of the shop's own (a colour with its shade), as the product editor allows;
 * photos uploaded (with progress, reorderable) or one fetched from a URL. On success the product is
 * live, the admin gets a link to it, and the form is empty for the next.
 */
export function AddProductForm({
  departments,
  shopLevel,
}: {
  departments: ProductDepartment[];
  /** The shop's low-stock level, for the grid's blank level cells. */
  shopLevel: number;
}) {
  const fetcher = useFetcher<AddProductResult>();
  const [categoryId, setCategoryId] = useState('');
  const [photos, setPhotos] = useState<PhotoItem[]>([]);
  const [formKey, setFormKey] = useState(0);
  const [chosenSizes, setChosenSizes] = useState<string[]>([]);
  const [chosenColors, setChosenColors] = useState<string[]>([]);
  const [ownSizes, setOwnSizes] = useState<string[]>([]);
  const [ownColors, setOwnColors] = useState<{ name: string; hex: string }[]>([]);
  const [newSize, setNewSize] = useState('');
  const [newColor, setNewColor] = useState({ name: '', hex: '#888888' });
  const [cells, setCells] = useState<GridCells>({});
  const [price, setPrice] = useState('');
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.ok) {
      setPhotos([]);
      setCategoryId('');
      setChosenSizes([]);
      setChosenColors([]);
      setOwnSizes([]);
      setOwnColors([]);
      setNewSize('');
      setNewColor({ name: '', hex: '#888888' });
      setCells({});
      setPrice('');
      setFormKey((key) => key + 1);
    }
  }
  const result = fetcher.data;
  const fields: FieldErrors = result && !result.ok ? result.fields : {};
  const busy = fetcher.state !== 'idle';
  const uploading = photos.some((photo) => photo.state === 'uploading');

  const department = departments.find((candidate) =>
    candidate.categories.some((category) => category.id === categoryId),
  );
  const category = department?.categories.find((candidate) => candidate.id === categoryId);
  // The grid, once the product comes in more than one size × colour: stock, price and SKU per row.
  // The category's chosen sizes and colours first, then the shop's own, in the order they were added.
  const gridSizes: SizeItem[] = [
    ...(category?.sizes ?? []).filter((size) => chosenSizes.includes(size)),
    ...ownSizes,
  ].map((size) => ({ uid: size, name: size }));
  const gridColors: ColorItem[] = [
    ...(category?.colors ?? []).filter((color) => chosenColors.includes(color.name)),
    ...ownColors,
  ].map((color) => ({ uid: color.name, name: color.name, hex: color.hex }));
  const withGrid = Math.max(gridSizes.length, 1) * Math.max(gridColors.length, 1) > 1;
  const grid = withGrid ? gridPayload(gridSizes, gridColors, cells) : null;
  const gridErrors: GridErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const cell = /^variants\[(\d+)\]\.(stock|price|cost|lowStockThreshold|sku)$/.exec(name);
    const key = cell ? grid?.keys[Number(cell[1])] : undefined;
    if (cell && key) gridErrors[key] = { ...gridErrors[key], [cell[2] as 'stock']: message };
  }
  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((item) => item !== value);
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  /** A size typed in: the category's own is ticked, another joins the product's own sizes (once). */
  const addSize = () => {
    const name = newSize.trim();
    if (!name) return;
    const known = category?.sizes.find((size) => same(size, name));
    if (known) setChosenSizes((current) => (current.includes(known) ? current : [...current, known]));
    else if (!ownSizes.some((size) => same(size, name))) setOwnSizes((current) => [...current, name]);
    setNewSize('');
  };
  /** A colour named with its shade: the category's of that name is ticked, another joins the own colours. */
  const addColor = () => {
    const name = newColor.name.trim();
    if (!name) return;
    const known = category?.colors.find((color) => same(color.name, name));
    if (known)
      setChosenColors((current) => (current.includes(known.name) ? current : [...current, known.name]));
    else if (!ownColors.some((color) => same(color.name, name)))
      setOwnColors((current) => [...current, { name, hex: newColor.hex.toUpperCase() }]);
    setNewColor((current) => ({ ...current, name: '' }));
  };
  const onEnter = (add: () => void) => (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  const chooseCategory = (id: string) => {
    setCategoryId(id);
    const chosen = departments.flatMap((group) => group.categories).find((candidate) => candidate.id === id);
    setChosenSizes(chosen?.sizes.length === 1 ? [...chosen.sizes] : []);
    setChosenColors([]);
    setCells({});
  };

  return (
    <fetcher.Form
      key={formKey}
      method="post"
      noValidate
      aria-labelledby="add-product-heading"
      className="space-y-5"
      data-testid="add-product-form"
    >
      <h2 id="add-product-heading" className="text-2xl">
        Add Product
      </h2>
      {result && !busy ? (
        result.ok ? (
          <ActionNotice tone="success">
            {result.message}{' '}
            <Link
              to={result.url}
              className="inline-flex items-center gap-1 font-semibold underline underline-offset-4"
            >
              View {result.name} in the shop <ExternalLink width={14} height={14} aria-hidden="true" />
            </Link>
          </ActionNotice>
        ) : (
          <ActionNotice tone="error">{result.error}</ActionNotice>
        )
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="min-w-0 space-y-5">
          <Card title="Details">
            <Field label="Name" name="name" required maxLength={120} error={fields.name} autoComplete="off" />
            <div className="space-y-1.5">
              <label htmlFor="product-description" className={labelClasses}>
                Description
              </label>
              <textarea
                id="product-description"
                name="description"
                required
                rows={5}
                maxLength={5000}
                aria-invalid={fields.description ? true : undefined}
                aria-describedby={fields.description ? 'product-description-error' : undefined}
                className={textareaClasses}
              />
              <FieldError id="product-description-error" message={fields.description} />
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                label="Price (₦)"
                name="price"
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
                name="originalPrice"
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                hint="Only for a sale: the price before."
                error={fields.originalPrice}
              />
              {withGrid ? null : (
                <Field
                  label="Stock"
                  name="stock"
                  type="number"
                  min="0"
                  step="1"
                  inputMode="numeric"
                  required
                  error={fields.stock}
                />
              )}
            </div>
          </Card>

          {withGrid && grid ? (
            <Card title="Stock by size and colour">
              <input type="hidden" name="variants" value={JSON.stringify(grid.rows)} />
              <VariantGrid
                sizes={gridSizes}
                colors={gridColors}
                cells={cells}
                setCells={setCells}
                errors={gridErrors}
                productPrice={price}
                shopLevel={shopLevel}
              />
              <FieldError id="product-variants-error" message={fields.variants ?? fields.stock} />
            </Card>
          ) : null}

          <Card title="Photos">
            <ProductImagesField items={photos} setItems={setPhotos} error={fields.images} />
            <Field
              label="Or an image URL"
              name="imageUrl"
              type="url"
              inputMode="url"
              placeholder="https://…/photo.jpg"
              hint="The shop fetches the photo, checks it and stores it like an upload."
              error={fields.imageUrl}
            />
          </Card>
        </div>

        <Card title="Category and options">
          <div className="space-y-1.5">
            <label htmlFor="product-category" className={labelClasses}>
              Category
            </label>
            <select
              id="product-category"
              name="category"
              required
              value={categoryId}
              onChange={(event) => chooseCategory(event.currentTarget.value)}
              aria-invalid={fields.category ? true : undefined}
              aria-describedby={fields.category ? 'product-category-error' : undefined}
              className={selectClasses}
            >
              <option value="">Choose a category</option>
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
            <FieldError id="product-category-error" message={fields.category} />
          </div>

          {category && department ? (
            <div key={category.id} className="space-y-4">
              <div className="space-y-1.5">
                <label htmlFor="product-brand" className={labelClasses}>
                  Brand
                </label>
                <select id="product-brand" name="brand" defaultValue="" className={selectClasses}>
                  <option value="">No brand</option>
                  {department.brands.map((brand) => (
                    <option key={brand.id} value={brand.id}>
                      {brand.name}
                    </option>
                  ))}
                </select>
                <FieldError id="product-brand-error" message={fields.brand} />
              </div>
              <fieldset className="min-w-0 space-y-2">
                <legend className={labelClasses}>Sizes</legend>
                <div className="flex flex-wrap gap-2">
                  {category.sizes.map((size) => (
                    <Check
                      key={size}
                      name="sizes"
                      value={size}
                      label={size}
                      checked={chosenSizes.includes(size)}
                      onChange={(on) => setChosenSizes((current) => toggle(current, size, on))}
                    />
                  ))}
                </div>
                {ownSizes.length > 0 ? (
                  <ul aria-label="The shop's own sizes" className="flex flex-wrap gap-2">
                    {ownSizes.map((size) => (
                      <OwnChip
                        key={size}
                        label={size}
                        onRemove={() => setOwnSizes((current) => current.filter((item) => item !== size))}
                      />
                    ))}
                  </ul>
                ) : null}
                {ownSizes.map((size) => (
                  <input key={size} type="hidden" name="sizes" value={size} />
                ))}
                <div className="flex items-end gap-2">
                  <div className="min-w-0 flex-1 space-y-1">
                    <label htmlFor="product-new-size" className="block text-xs text-muted">
                      Or a size of your own
                    </label>
                    <input
                      id="product-new-size"
                      value={newSize}
                      maxLength={40}
                      placeholder="e.g. 3XL or 42"
                      autoComplete="off"
                      onChange={(event) => setNewSize(event.currentTarget.value)}
                      onKeyDown={onEnter(addSize)}
                      className={smallInput}
                    />
                  </div>
                  <Button size="sm" variant="outline" onClick={addSize} disabled={!newSize.trim()}>
                    <Plus width={14} height={14} aria-hidden="true" /> Add size
                  </Button>
                </div>
                <FieldError id="product-sizes-error" message={fields.sizes} />
              </fieldset>
              <fieldset className="min-w-0 space-y-2">
                <legend className={labelClasses}>Colours</legend>
                <div className="flex flex-wrap gap-2">
                  {category.colors.map((color) => (
                    <Check
                      key={color.name}
                      name="colors"
                      value={color.name}
                      label={color.name}
                      swatch={color.hex}
                      checked={chosenColors.includes(color.name)}
                      onChange={(on) => setChosenColors((current) => toggle(current, color.name, on))}
                    />
                  ))}
                </div>
                {ownColors.length > 0 ? (
                  <ul aria-label="The shop's own colours" className="flex flex-wrap gap-2">
                    {ownColors.map((color) => (
                      <OwnChip
                        key={color.name}
                        label={color.name}
                        swatch={color.hex}
                        onRemove={() =>
                          setOwnColors((current) => current.filter((item) => item.name !== color.name))
                        }
                      />
                    ))}
                  </ul>
                ) : null}
                <input type="hidden" name="ownColors" value={JSON.stringify(ownColors)} />
                <div className="space-y-1">
                  <label htmlFor="product-new-color" className="block text-xs text-muted">
                    Or a colour of your own
                  </label>
                  <div className="flex flex-wrap items-center gap-2">
                    <label htmlFor="product-new-color-hex" className="sr-only">
                      Shade of the new colour
                    </label>
                    <input
                      id="product-new-color-hex"
                      type="color"
                      value={newColor.hex}
                      onChange={(event) => {
                        const hex = event.currentTarget.value;
                        setNewColor((current) => ({ ...current, hex }));
                      }}
                      className="h-9 w-11 shrink-0 cursor-pointer rounded-sm border border-line bg-white p-1"
                    />
                    <input
                      id="product-new-color"
                      value={newColor.name}
                      maxLength={40}
                      placeholder="e.g. Adire Indigo"
                      autoComplete="off"
                      onChange={(event) => {
                        const name = event.currentTarget.value;
                        setNewColor((current) => ({ ...current, name }));
                      }}
                      onKeyDown={onEnter(addColor)}
                      className={cn(smallInput, 'min-w-36 flex-1')}
                    />
                    <Button size="sm" variant="outline" onClick={addColor} disabled={!newColor.name.trim()}>
                      <Plus width={14} height={14} aria-hidden="true" /> Add colour
                    </Button>
                  </div>
                </div>
                <FieldError id="product-colors-error" message={fields.colors} />
              </fieldset>
            </div>
          ) : (
            <p className="text-sm text-muted">Choose a category to see the sizes and colours that fit it.</p>
          )}

          <div className="border-t border-line pt-4">
            <fieldset className="min-w-0">
              <legend className={cn(labelClasses, 'mb-2')}>Labels</legend>
              <div className="flex flex-wrap gap-2">
                <Check name="isNew" value="on" label="New arrival" defaultChecked />
                <Check name="isHot" value="on" label="Hot" />
                <Check name="freeShipping" value="on" label="Free shipping" />
              </div>
            </fieldset>
          </div>
        </Card>
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
        <Button type="submit" variant="gold" disabled={busy || uploading}>
          <Plus width={16} height={16} aria-hidden="true" /> {busy ? 'Adding…' : 'Add Product'}
        </Button>
        {uploading ? <p className="text-sm text-muted">Waiting for the photos to finish uploading…</p> : null}
      </div>
    </fetcher.Form>
  );
}
