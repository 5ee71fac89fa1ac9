import { ArchiveRestore, ExternalLink, Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link, useFetcher } from 'react-router';
import type { StockStatus } from '../../../contracts/catalog';
import { mediaUrl } from '../../../contracts/media';
import { formatNaira, nairaInput } from '../../../contracts/money';
import type { AdminProductRow } from '../../../core/catalog/manage-products';
import { OrderThumb } from '../../components/orders/order-thumb';
import { Button } from '../../components/ui/button';
import { inputClasses } from '../../components/ui/field';
import { cn } from '../../lib/cn';
import { selectClasses } from './admin-nav';
import type { AdminActionResult } from './admin-texts';

/** One fetcher for every product action, so the tab can show what the last one did. */
export const PRODUCT_FETCHER = 'admin-products';

export interface DepartmentOption {
  id: string;
  name: string;
  categories: { id: string; name: string }[];
}

/** Stock with the shop's own low-stock rule: red when out, amber with 'Low!' when low. */
export function StockLevel({ stock, status }: { stock: number; status: StockStatus }) {
  if (status === 'out_of_stock')
    return (
      <span className="inline-flex items-center gap-2 font-semibold text-sale" data-testid="product-stock">
        0 <span className="text-xs font-medium">Out of stock</span>
      </span>
    );
  if (status === 'low_stock')
    return (
      <span className="inline-flex items-center gap-2 font-semibold text-warning" data-testid="product-stock">
        {stock}
        <span className="rounded-sm border border-warning/40 bg-warning/10 px-1.5 py-0.5 text-[0.6875rem] font-semibold tracking-wide uppercase">
          Low!
        </span>
      </span>
    );
  return (
    <span className="tabular-nums" data-testid="product-stock">
      {stock}
    </span>
  );
}

function StatusPill({ status }: { status: AdminProductRow['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        status === 'active'
          ? 'border-success/30 bg-success/10 text-success'
          : 'border-line bg-cream text-ink-soft',
      )}
    >
      {status === 'active' ? 'Active' : 'Archived'}
    </span>
  );
}

function MobileLabel({ children }: { children: React.ReactNode }) {
  return (
    <span className="mb-1 block text-xs font-medium tracking-wide text-muted uppercase md:hidden">
      {children}
    </span>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-xs text-sale">
      {message}
    </p>
  );
}

const cell = 'px-4 py-3 align-top max-md:p-0';
const smallInput = cn(inputClasses, 'h-9');

/**
 * A product in the list: shown, or edited in place (Edit, Save, Cancel). The inputs sit in the
 * table's cells and belong to the row's form through their `form` attribute.
 */
export function ProductRow({
  product,
  departments,
  editing,
  errors,
  onEdit,
  onCancel,
  onDelete,
}: {
  product: AdminProductRow;
  departments: DepartmentOption[];
  editing: boolean;
  errors: Record<string, string>;
  onEdit: () => void;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>({ key: PRODUCT_FETCHER });
  const busy = fetcher.state !== 'idle';
  const base = useId();
  const formId = `${base}-form`;
  const ids = {
    name: `${base}-name`,
    price: `${base}-price`,
    originalPrice: `${base}-original`,
    stock: `${base}-stock`,
    category: `${base}-category`,
  };
  const invalid = (name: keyof typeof ids) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${ids[name]}-error` } : {};
  const thumb = product.image
    ? mediaUrl(product.image.key, product.image.widths[0] ?? product.image.width)
    : null;

  return (
    <tr
      data-testid="admin-product-row"
      data-product-id={product.id}
      className={cn(
        'hover:bg-paper max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-3 max-md:rounded-card max-md:border max-md:border-line max-md:bg-white max-md:p-4',
        editing && 'bg-paper',
      )}
    >
      <td className={cn(cell, 'max-md:col-span-2')}>
        <div className="flex items-start gap-3">
          <OrderThumb src={thumb} className="h-15 w-12 shrink-0 rounded-sm object-cover" />
          <div className="min-w-0 flex-1">
            {editing ? (
              <>
                <label htmlFor={ids.name} className="sr-only">
                  Name
                </label>
                <input
                  id={ids.name}
                  name="name"
                  form={formId}
                  defaultValue={product.name}
                  required
                  maxLength={120}
                  className={cn(smallInput, 'min-w-48')}
                  {...invalid('name')}
                />
                <FieldError id={`${ids.name}-error`} message={errors.name} />
              </>
            ) : (
              <span className="block font-medium text-ink" data-testid="product-name">
                {product.name}
              </span>
            )}
            <span className="mt-0.5 block text-xs text-muted">
              #{product.id}
              {product.brandName ? ` · ${product.brandName}` : ''}
              {product.orderCount > 0
                ? ` · in ${product.orderCount} ${product.orderCount === 1 ? 'order' : 'orders'}`
                : ''}
            </span>
          </div>
        </div>
      </td>
      <td className={cell}>
        <MobileLabel>Category</MobileLabel>
        {editing ? (
          <>
            <label htmlFor={ids.category} className="sr-only">
              Category
            </label>
            <select
              id={ids.category}
              name="category"
              form={formId}
              defaultValue={product.categoryId}
              className={cn(selectClasses, 'h-9 min-w-36')}
              {...invalid('category')}
            >
              {departments.map((department) => (
                <optgroup key={department.id} label={department.name}>
                  {department.categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <FieldError id={`${ids.category}-error`} message={errors.category} />
          </>
        ) : (
          <span className="text-ink-soft">{product.categoryName}</span>
        )}
      </td>
      <td className={cn(cell, 'md:text-right')}>
        <MobileLabel>Price</MobileLabel>
        {editing ? (
          <div className="space-y-2 md:ml-auto md:w-36">
            <div>
              <label htmlFor={ids.price} className="mb-0.5 block text-xs text-muted md:text-left">
                Price (₦)
              </label>
              <input
                id={ids.price}
                name="price"
                form={formId}
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                required
                defaultValue={nairaInput(product.priceKobo)}
                className={smallInput}
                {...invalid('price')}
              />
              <FieldError id={`${ids.price}-error`} message={errors.price} />
            </div>
            <div>
              <label htmlFor={ids.originalPrice} className="mb-0.5 block text-xs text-muted md:text-left">
                Original price (₦)
              </label>
              <input
                id={ids.originalPrice}
                name="originalPrice"
                form={formId}
                type="number"
                min="0"
                step="0.01"
                inputMode="decimal"
                placeholder="Not on sale"
                defaultValue={nairaInput(product.originalPriceKobo)}
                className={smallInput}
                {...invalid('originalPrice')}
              />
              <FieldError id={`${ids.originalPrice}-error`} message={errors.originalPrice} />
            </div>
          </div>
        ) : (
          <span className="block tabular-nums">
            <span className="font-medium text-ink" data-testid="product-price">
              {formatNaira(product.priceKobo)}
            </span>
            {product.originalPriceKobo && product.originalPriceKobo > product.priceKobo ? (
              <span className="block text-xs text-muted line-through">
                <span className="sr-only">Was </span>
                {formatNaira(product.originalPriceKobo)}
              </span>
            ) : null}
          </span>
        )}
      </td>
      <td className={cell}>
        <MobileLabel>Stock</MobileLabel>
        {editing && product.variants.length > 1 ? (
          <span className="block text-sm text-ink-soft">
            <StockLevel stock={product.stock} status={product.stockStatus} />
            <Link
              to={`/admin/products/${product.id}`}
              className="mt-1 block text-xs font-medium text-ink underline underline-offset-4"
            >
              Set stock per size and colour
            </Link>
          </span>
        ) : editing ? (
          <>
            <label htmlFor={ids.stock} className="sr-only">
              Stock
            </label>
            <input
              id={ids.stock}
              name="stock"
              form={formId}
              type="number"
              min="0"
              step="1"
              inputMode="numeric"
              required
              defaultValue={product.stock}
              className={cn(smallInput, 'max-w-28')}
              {...invalid('stock')}
            />
            <FieldError id={`${ids.stock}-error`} message={errors.stock} />
          </>
        ) : (
          <>
            <StockLevel stock={product.stock} status={product.stockStatus} />
            {product.variants.length > 1 && product.lowVariants > 0 ? (
              <span className="mt-0.5 block text-xs text-muted" data-testid="product-low-variants">
                {product.lowVariants} of {product.variants.length} sizes and colours low or sold out
              </span>
            ) : null}
          </>
        )}
      </td>
      <td className={cell}>
        <MobileLabel>Status</MobileLabel>
        <StatusPill status={product.status} />
      </td>
      <td className={cn(cell, 'max-md:col-span-2 md:w-px md:text-right md:whitespace-nowrap')}>
        {editing ? (
          <fetcher.Form
            id={formId}
            method="post"
            noValidate
            aria-label={`Edit ${product.name}`}
            className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end"
          >
            <input type="hidden" name="intent" value="product-save" />
            <input type="hidden" name="id" value={product.id} />
            <Button type="submit" size="sm" disabled={busy}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </fetcher.Form>
        ) : (
          <div className="flex flex-wrap items-center gap-1 md:flex-nowrap md:justify-end">
            <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${product.name}`}>
              <Pencil width={14} height={14} aria-hidden="true" /> Edit
            </Button>
            <Link
              to={`/admin/products/${product.id}`}
              className="inline-flex h-9 items-center gap-1.5 rounded-sm px-3 text-xs font-medium tracking-wide text-ink uppercase hover:bg-cream"
              aria-label={`Open ${product.name} in the editor: photos, sizes, colours and stock`}
            >
              <SlidersHorizontal width={14} height={14} aria-hidden="true" /> Editor
            </Link>
            {product.status === 'active' ? (
              <>
                <Link
                  to={`/product/${product.id}`}
                  className="inline-flex h-9 items-center gap-1.5 rounded-sm px-3 text-xs font-medium tracking-wide text-ink uppercase hover:bg-cream"
                  aria-label={`View ${product.name} in the shop`}
                >
                  <ExternalLink width={14} height={14} aria-hidden="true" /> View
                </Link>
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-sale hover:bg-sale/5"
                  disabled={busy}
                  onClick={onDelete}
                  aria-label={`Delete ${product.name}`}
                >
                  <Trash2 width={14} height={14} aria-hidden="true" /> Delete
                </Button>
              </>
            ) : (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Restore ${product.name} to the shop`}
                onClick={() =>
                  void fetcher.submit({ intent: 'product-restore', id: product.id }, { method: 'post' })
                }
              >
                <ArchiveRestore width={14} height={14} aria-hidden="true" /> Restore
              </Button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
