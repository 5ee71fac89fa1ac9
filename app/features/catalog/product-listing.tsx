import { Form, Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import type { ProductListQuery, ProductPage } from '../../../contracts/catalog';
import { formatCount } from '../../../contracts/figures';
import { ButtonLink } from '../../components/ui/button';
import { ProductFilters, type FilterFacets } from './product-filters';
import { ProductGrid, ProductGridSkeleton } from './product-grid';

export const listSortLabels = {
  featured: 'Featured',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  newest: 'Newest',
  'best-selling': 'Best Selling',
  rating: 'Top Rated',
} as const;

export const searchSortLabels = {
  relevance: 'Relevance',
  'price-asc': 'Price: Low to High',
  'price-desc': 'Price: High to Low',
  rating: 'Top Rated',
  newest: 'Newest',
} as const;

interface ProductListingProps {
  eyebrow: string;
  title: string;
  description?: string | undefined;
  page: ProductPage;
  query: ProductListQuery;
  /** Query parameters the page fixes (category on /category/{id}); kept out of the sort form. */
  fixed?: string[];
  sortLabels?: Record<string, string>;
  clearHref: string;
  facets?: FilterFacets;
  /** h2 when the page has its own h1 above the listing (the sale's banner). */
  headingLevel?: 'h1' | 'h2';
  /** What an empty list offers instead (a search's closer words, the departments). */
  suggestions?: { label: string; href: string }[];
}

/** The address's filters a shopper can clear (the search words and the sort are not filters). */
const FILTER_KEYS = [
  'category',
  'price',
  'minPrice',
  'maxPrice',
  'rating',
  'availability',
  'color',
  'size',
  'onSale',
];

/** A titled, sortable, paged product grid with its count, loading skeletons and empty state. */
export function ProductListing({
  eyebrow,
  title,
  description,
  page,
  query,
  fixed = [],
  sortLabels = listSortLabels,
  clearHref,
  facets,
  headingLevel = 'h1',
  suggestions = [],
}: ProductListingProps) {
  const Heading = headingLevel;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const pageHref = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    return `?${next.toString()}`;
  };
  // Sorting keeps every filter in the address; it only restarts the pages.
  const kept = [...params].filter(
    ([key, value]) => key !== 'sort' && key !== 'page' && value !== '' && !fixed.includes(key),
  );
  const filtered = kept.some(([key]) => FILTER_KEYS.includes(key));

  return (
    <div className="container-shop py-10 lg:py-14">
      <header className="mb-8 flex flex-col gap-6 border-b border-line pb-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <Heading className="mt-2 text-display-lg">{title}</Heading>
          {description ? <p className="mt-2 max-w-xl text-sm text-ink-soft">{description}</p> : null}
          <p className="mt-2 text-sm text-muted" aria-live="polite">
            {formatCount(page.total)}
            {page.totalIsCapped ? '+' : ''} {page.total === 1 ? 'product' : 'products'} found
          </p>
        </div>
        <Form
          method="get"
          className="flex items-center gap-3"
          onChange={(event) => event.currentTarget.requestSubmit()}
        >
          {kept.map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <label htmlFor="sort" className="text-xs font-medium tracking-wide text-ink-soft uppercase">
            Sort by
          </label>
          <select
            key={query.sort}
            id="sort"
            name="sort"
            defaultValue={query.sort}
            className="h-10 rounded-sm border border-line bg-white px-3 text-sm"
          >
            {Object.entries(sortLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="h-10 rounded-sm bg-ink px-4 text-xs text-paper uppercase">
              Apply
            </button>
          </noscript>
        </Form>
      </header>

      <div className={facets ? 'lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10' : undefined}>
        {facets ? <ProductFilters facets={facets} clearHref={clearHref} fixed={fixed} /> : null}
        <div>
          {loading ? (
            <ProductGridSkeleton count={8} columns={facets ? 3 : 4} />
          ) : page.items.length === 0 ? (
            <div className="flex flex-col items-center py-20 text-center">
              <h2 className="text-display-md">No products found</h2>
              <p className="mt-2 max-w-sm text-muted">
                {filtered
                  ? 'Try adjusting your filters or search with different keywords.'
                  : suggestions.length > 0
                    ? 'Check the spelling, or try one of these:'
                    : 'Try searching with different keywords.'}
              </p>
              {suggestions.length > 0 ? (
                <ul aria-label="Suggestions" className="mt-6 flex max-w-xl flex-wrap justify-center gap-2">
                  {suggestions.map((suggestion) => (
                    <li key={suggestion.href}>
                      <Link
                        to={suggestion.href}
                        className="inline-flex min-h-10 items-center rounded-full border border-line bg-white px-4 text-sm hover:border-ink"
                      >
                        {suggestion.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
              {filtered ? (
                <ButtonLink to={clearHref} className="mt-6">
                  Clear Filters
                </ButtonLink>
              ) : null}
            </div>
          ) : (
            <>
              {/* The cards' names are h3: this heading keeps the outline in order for screen readers. */}
              <h2 className="sr-only">Products</h2>
              <ProductGrid products={page.items} priorityCount={2} columns={facets ? 3 : 4} />
            </>
          )}

          {page.pageCount > 1 ? (
            <nav aria-label="Pages" className="mt-12 flex flex-wrap items-center justify-center gap-2">
              {Array.from({ length: page.pageCount }, (_, index) => index + 1).map((number) => (
                <Link
                  key={number}
                  to={pageHref(number)}
                  aria-current={number === page.page ? 'page' : undefined}
                  aria-label={`Page ${number}`}
                  className={
                    'inline-flex h-10 min-w-10 items-center justify-center rounded-sm border px-3 text-sm ' +
                    (number === page.page ? 'border-ink bg-ink text-paper' : 'border-line hover:border-ink')
                  }
                >
                  {number}
                </Link>
              ))}
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  );
}
