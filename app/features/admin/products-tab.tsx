import { ChevronLeft, ChevronRight, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Form, Link, useFetcher } from 'react-router';
import { Button, ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { inputClasses } from '../../components/ui/field';
import { ActionNotice, labelClasses, selectClasses } from './admin-nav';
import type { AdminActionResult } from './admin-texts';
import { ExportLink } from './export-link';
import { PRODUCT_FETCHER, ProductRow, type DepartmentOption } from './product-row';
import type { loadProductsTab } from './products-tab.server';

type ProductsData = Awaited<ReturnType<typeof loadProductsTab>>;
type ProductsFilter = ProductsData['filter'];

const NO_PRODUCTS = 'No products found.';
const DELETE_QUESTION = 'Are you sure you want to delete this product?';

/** The tab's address with its filters; the default status (active) and page 1 stay out of it. */
function productsHref(filter: Partial<ProductsFilter>, page = 1): string {
  const params = new URLSearchParams({ tab: 'products' });
  if (filter.q) params.set('q', filter.q);
  if (filter.category) params.set('category', filter.category);
  if (filter.stock) params.set('stock', filter.stock);
  if (filter.status && filter.status !== 'active') params.set('status', filter.status);
  if (page > 1) params.set('page', String(page));
  return `/admin?${params.toString()}`;
}

function ProductFilters({
  filter,
  departments,
}: {
  filter: ProductsFilter;
  departments: DepartmentOption[];
}) {
  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label="Product search"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_10rem_9rem_auto] lg:items-end"
    >
      <input type="hidden" name="tab" value="products" />
      <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
        <label htmlFor="products-q" className={labelClasses}>
          Search products
        </label>
        <input
          id="products-q"
          name="q"
          type="search"
          defaultValue={filter.q}
          placeholder="Name, brand, category or #id"
          className={inputClasses}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor="products-category" className={labelClasses}>
          Category
        </label>
        <select
          id="products-category"
          name="category"
          defaultValue={filter.category}
          className={selectClasses}
        >
          <option value="">All categories</option>
          {departments.map((department) => (
            <optgroup key={department.id} label={department.name}>
              <option value={department.id}>All {department.name}</option>
              {department.categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="products-stock" className={labelClasses}>
          Stock
        </label>
        <select id="products-stock" name="stock" defaultValue={filter.stock} className={selectClasses}>
          <option value="">Any stock</option>
          <option value="in_stock">In stock</option>
          <option value="low_stock">Low stock</option>
          <option value="out_of_stock">Out of stock</option>
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="products-status" className={labelClasses}>
          Status
        </label>
        <select id="products-status" name="status" defaultValue={filter.status} className={selectClasses}>
          <option value="active">Active</option>
          <option value="archived">Archived</option>
          <option value="all">All</option>
        </select>
      </div>
      <Button type="submit" className="h-11">
        <Search width={16} height={16} aria-hidden="true" /> Search
      </Button>
    </Form>
  );
}

function Pager({
  list,
  filter,
  withNav = false,
}: {
  list: ProductsData['list'];
  filter: ProductsFilter;
  withNav?: boolean;
}) {
  const first = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const last = Math.min(list.page * list.pageSize, list.total);
  const pageLink =
    'inline-flex h-9 items-center gap-1 rounded-sm border border-line px-3 text-ink hover:bg-cream';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-ink-soft">
      <p data-testid="products-count">
        {list.total === 0
          ? 'No products'
          : `Showing ${first}–${last} of ${list.total} ${list.total === 1 ? 'product' : 'products'}`}
        {list.pageCount > 1 ? ` · Page ${list.page} of ${list.pageCount}` : ''}
      </p>
      {withNav && list.pageCount > 1 ? (
        <nav aria-label="Product pages" className="flex gap-2">
          {list.page > 1 ? (
            <Link to={productsHref(filter, list.page - 1)} className={pageLink}>
              <ChevronLeft width={16} height={16} aria-hidden="true" /> Previous
            </Link>
          ) : null}
          {list.page < list.pageCount ? (
            <Link to={productsHref(filter, list.page + 1)} className={pageLink}>
              Next <ChevronRight width={16} height={16} aria-hidden="true" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * All Products: search and filters in the address, a page of 20, each row edited in place; Delete
 * asks first, and archives a product that is in past orders instead of deleting it.
 */
export function ProductsTab({ data }: { data: ProductsData }) {
  const { filter, list, departments } = data;
  const fetcher = useFetcher<AdminActionResult>({ key: PRODUCT_FETCHER });
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string; orderCount: number } | null>(null);
  // The result an edit started from: errors shown in a row are only those of its own Save.
  const [editBaseline, setEditBaseline] = useState<AdminActionResult | undefined>(undefined);
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.ok && fetcher.data.intent === 'product-save') setEditingId(null);
  }
  const result = fetcher.data;
  const rowErrors = result && !result.ok && result !== editBaseline ? result.fields : {};
  const filtered = Boolean(filter.q || filter.category || filter.stock || filter.status !== 'active');

  const startEdit = (id: number) => {
    setEditBaseline(fetcher.data);
    setEditingId(id);
  };
  const confirmDelete = () => {
    if (!deleting) return;
    void fetcher.submit({ intent: 'product-delete', id: deleting.id }, { method: 'post' });
    setDeleting(null);
  };

  return (
    <section aria-labelledby="products-heading" className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="products-heading" className="text-2xl">
          All Products
        </h2>
        <div className="flex flex-wrap gap-2">
          <ExportLink
            kind="products"
            filter={{ q: filter.q, category: filter.category, stock: filter.stock, status: filter.status }}
          />
          <ButtonLink to="/admin/products/new" size="sm" variant="gold">
            <Plus width={16} height={16} aria-hidden="true" /> Add Product
          </ButtonLink>
        </div>
      </div>
      <ProductFilters filter={filter} departments={departments} />
      {result && fetcher.state === 'idle' ? (
        <ActionNotice tone={result.ok ? 'success' : 'error'}>
          {result.ok ? result.message : result.error}
        </ActionNotice>
      ) : null}
      <Pager list={list} filter={filter} />
      {list.items.length === 0 ? (
        <div className="rounded-card border border-dashed border-line bg-white px-6 py-12 text-center">
          <p className="font-display text-xl text-ink">{NO_PRODUCTS}</p>
          <p className="mt-1 text-sm text-muted">
            {filtered
              ? 'Try adjusting your filters or search with different keywords.'
              : 'Products appear here as soon as they are added.'}
          </p>
          {filtered ? (
            <Link to={productsHref({})} className="mt-4 inline-block text-sm text-gold-deep underline">
              Clear the filters
            </Link>
          ) : null}
        </div>
      ) : (
        <>
          <div className="md:overflow-x-auto md:rounded-card md:border md:border-line md:bg-white">
            <table className="w-full text-left text-sm max-md:block" data-testid="admin-products-table">
              <caption className="sr-only">Products, newest first</caption>
              <thead className="bg-cream text-xs tracking-wide text-ink-soft uppercase max-md:hidden">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Product
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Category
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Price
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Stock
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line max-md:block max-md:space-y-3 max-md:divide-y-0">
                {list.items.map((product) => (
                  <ProductRow
                    key={product.id}
                    product={product}
                    departments={departments}
                    editing={editingId === product.id}
                    errors={editingId === product.id ? rowErrors : {}}
                    onEdit={() => startEdit(product.id)}
                    onCancel={() => setEditingId(null)}
                    onDelete={() =>
                      setDeleting({ id: product.id, name: product.name, orderCount: product.orderCount })
                    }
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager list={list} filter={filter} withNav />
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete product?'}
        message={
          deleting && deleting.orderCount > 0
            ? `${DELETE_QUESTION} It is in past orders, so it will be archived: hidden from the shop and kept for the order history.`
            : `${DELETE_QUESTION} It has never been ordered, so it will be removed for good.`
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
