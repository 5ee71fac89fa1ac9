import { parseProductListQuery } from '../../contracts/catalog';
import { listCategories } from '../../core/catalog/list-categories';
import { listFacets } from '../../core/catalog/list-facets';
import { listProducts } from '../../core/catalog/list-products';
import { suggestSearches } from '../../core/catalog/suggest-searches';
import { categoryChoices } from '../lib/category-facets';
import { ProductListing, searchSortLabels } from '../features/catalog/product-listing';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseProductListQuery(params, params.has('sort') ? {} : { sort: 'relevance' });
  const [page, facets, categories] = await Promise.all([
    listProducts(context.services.db, query),
    listFacets(context.services.db, query),
    listCategories(context.services.db),
  ]);
  // Nothing found: closer words (a typo's product, a category's name), then the departments and the sale.
  const words =
    page.total === 0 && query.q
      ? (await suggestSearches(context.services.db, query.q)).filter(
          (word) => word.toLowerCase() !== query.q!.toLowerCase(),
        )
      : [];
  const suggestions =
    page.total === 0 && query.q
      ? [
          ...words
            .slice(0, 6)
            .map((word) => ({ label: word, href: `/search?q=${encodeURIComponent(word)}` })),
          ...categories
            .filter((category) => category.parentId === null)
            .map((department) => ({ label: department.name, href: `/category/${department.id}` })),
          { label: 'Sale', href: '/sale' },
        ]
      : [];
  return { page, facets, query, categories: categoryChoices(categories), suggestions };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta({
    title: data?.query.q ? `Search: ${data.query.q}` : 'Search',
    description: 'Search the Rossy catalogue of men’s wear and designer bags.',
    ...rootMeta(matches),
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { page, facets, query, categories, suggestions } = loaderData;
  return (
    <ProductListing
      eyebrow="Search"
      title={query.q ? `Results for “${query.q}”` : 'All products'}
      page={page}
      query={query}
      sortLabels={searchSortLabels}
      clearHref={query.q ? `/search?q=${encodeURIComponent(query.q)}` : '/search'}
      facets={{ categories, ...facets }}
      suggestions={suggestions}
    />
  );
}
