import { FileUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import { ButtonLink } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ActionNotice } from './admin-nav';
import { AdminTable, EmptyState } from './admin-list';
import { AdminPager } from './admin-pager';
import type { AdminActionResult } from './admin-texts';
import { ExportLink } from './export-link';
import { FilterBar, SearchField, SelectField } from './filter-bar';
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
    <FilterBar
      tab="products"
      label="Product search"
      className="sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_10rem_9rem_auto] lg:items-end"
    >
      <SearchField
        id="products-q"
        label="Search products"
        defaultValue={filter.q}
        placeholder="Name, brand, category or #id"
        className="sm:col-span-2 lg:col-span-1"
      />
      <SelectField id="products-category" name="category" label="Category" defaultValue={filter.category}>
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
      </SelectField>
      <SelectField id="products-stock" name="stock" label="Stock" defaultValue={filter.stock}>
        <option value="">Any stock</option>
        <option value="in_stock">In stock</option>
        <option value="low_stock">Low stock</option>
        <option value="out_of_stock">Out of stock</option>
      </SelectField>
      <SelectField id="products-status" name="status" label="Status" defaultValue={filter.status}>
        <option value="active">Active</option>
        <option value="archived">Archived</option>
        <option value="all">All</option>
      </SelectField>
    </FilterBar>
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
  return (
    <AdminPager
      page={list.page}
      pageSize={list.pageSize}
      total={list.total}
      noun={['product', 'products']}
      label="Product pages"
      href={(page) => productsHref(filter, page)}
      withNav={withNav}
      countTestId="products-count"
    />
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
          <ButtonLink to="/admin/products/import" size="sm" variant="outline">
            <FileUp width={16} height={16} aria-hidden="true" /> Import CSV
          </ButtonLink>
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
        <EmptyState
          title={NO_PRODUCTS}
          hint={
            filtered
              ? 'Try adjusting your filters or search with different keywords.'
              : 'Products appear here as soon as they are added.'
          }
          link={filtered ? { to: productsHref({}), label: 'Clear the filters' } : null}
        />
      ) : (
        <>
          <AdminTable
            layout="stack"
            testId="admin-products-table"
            caption="Products, newest first"
            columns={[
              { label: 'Product' },
              { label: 'Category' },
              { label: 'Price', align: 'right' },
              { label: 'Stock' },
              { label: 'Status' },
              { label: 'Actions', align: 'right', srOnly: true },
            ]}
          >
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
          </AdminTable>
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
