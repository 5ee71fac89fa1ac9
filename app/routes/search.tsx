import { parseProductListQuery } from '../../contracts/catalog';
import { listCategories } from '../../core/catalog/list-categories';
import { listProducts } from '../../core/catalog/list-products';
import { categoryChoices } from '../lib/category-facets';
import { ProductListing, searchSortLabels } from '../features/catalog/product-listing';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseProductListQuery(params, params.has('sort') ? {} : { sort: 'relevance' });
  const [page, categories] = await Promise.all([
    listProducts(context.services.db, query),
    listCategories(context.services.db),
  ]);
  return { page, query, categories: categoryChoices(categories) };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta({
    title: data?.query.q ? `Search: ${data.query.q}` : 'Search',
    description: 'Search the Rossy catalogue of men’s wear and designer bags.',
    ...rootMeta(matches),
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { page, query, categories } = loaderData;
  return (
    <ProductListing
      eyebrow="Search"
      title={query.q ? `Results for “${query.q}”` : 'All products'}
      page={page}
      query={query}
      sortLabels={searchSortLabels}
      clearHref={query.q ? `/search?q=${encodeURIComponent(query.q)}` : '/search'}
      facets={{ categories, priceBands: true }}
    />
  );
}
