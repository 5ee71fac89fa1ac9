import { parseProductListQuery } from '../../contracts/catalog';
import { listProducts } from '../../core/catalog/list-products';
import { ProductListing, searchSortLabels } from '../features/catalog/product-listing';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseProductListQuery(params, params.has('sort') ? {} : { sort: 'relevance' });
  return { page: await listProducts(context.services.db, query), query };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return pageMeta({
    title: data?.query.q ? `Search: ${data.query.q}` : 'Search',
    description: 'Search the Rossy catalogue of men’s wear and designer bags.',
    ...rootMeta(matches),
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { page, query } = loaderData;
  return (
    <ProductListing
      eyebrow="Search"
      title={query.q ? `Results for “${query.q}”` : 'All products'}
      page={page}
      query={query}
      sortLabels={searchSortLabels}
      clearHref={query.q ? `/search?q=${encodeURIComponent(query.q)}` : '/search'}
    />
  );
}
