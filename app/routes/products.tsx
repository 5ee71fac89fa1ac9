import { parseProductListQuery } from '../../contracts/catalog';
import { listFacets } from '../../core/catalog/list-facets';
import { listProducts } from '../../core/catalog/list-products';
import { listCategories } from '../../core/catalog/list-categories';
import { ProductListing } from '../features/catalog/product-listing';
import { categoryChoices } from '../lib/category-facets';
import { listShareImage, pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseProductListQuery(new URL(request.url).searchParams);
  const [page, facets, categories] = await Promise.all([
    listProducts(context.services.db, query),
    listFacets(context.services.db, query),
    listCategories(context.services.db),
  ]);
  const category = query.category ? categories.find((item) => item.id === query.category) : undefined;
  return {
    page,
    facets,
    query,
    category: category ? { id: category.id, name: category.name, description: category.description } : null,
    categories: categoryChoices(categories),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  const name = data?.category?.name ?? 'All Products';
  return pageMeta({
    title: name,
    description:
      data?.category?.description ??
      "Shop premium men's wear and designer women's bags from Rossy, priced in naira and delivered across Nigeria.",
    ...root,
    path: data?.category ? `/products?category=${data.category.id}` : '/products',
    image: listShareImage(data?.page.items[0]),
  });
}

export default function ProductsPage({ loaderData }: Route.ComponentProps) {
  const { page, facets, query, category, categories } = loaderData;
  return (
    <ProductListing
      eyebrow={category ? 'Collection' : 'The Rossy Edit'}
      title={category?.name ?? 'All Products'}
      description={category?.description}
      page={page}
      query={query}
      clearHref="/products"
      facets={{ categories, ...facets }}
    />
  );
}
