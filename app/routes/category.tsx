import { data } from 'react-router';
import { parseProductListQuery } from '../../contracts/catalog';
import { koboToNaira } from '../../contracts/money';
import { getCategory } from '../../core/catalog/list-categories';
import { listFacets } from '../../core/catalog/list-facets';
import { listProducts } from '../../core/catalog/list-products';
import { isAppError } from '../../core/errors';
import { ErrorPage } from '../components/error-page';
import { ProductListing } from '../features/catalog/product-listing';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/category';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = context.services.db;
  try {
    const category = await getCategory(db, params.categoryId);
    const query = parseProductListQuery(new URL(request.url).searchParams, { category: category.id });
    const [page, facets] = await Promise.all([listProducts(db, query), listFacets(db, query)]);
    return {
      facets: {
        counted: facets.counted,
        colors: facets.colors,
        sizes: facets.sizes,
        // The slider's top: the list's dearest piece (its other filters applied), up to the next ₦1,000.
        priceCeiling: Math.ceil(koboToNaira(facets.price.maxKobo ?? 0) / 1000) * 1000,
      },
      category: {
        id: category.id,
        name: category.name,
        description: category.description,
        image: category.image,
      },
      page,
      query,
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') throw data('Category not found', { status: 404 });
    throw error;
  }
}

export function meta({ data: loaded, matches }: Route.MetaArgs) {
  const root = rootMeta(matches);
  if (!loaded)
    return pageMeta({ title: 'Category Not Found', description: 'This category does not exist.', ...root });
  const image = loaded.category.image;
  return pageMeta({
    title: loaded.category.name,
    description: loaded.category.description,
    path: `/category/${loaded.category.id}`,
    image: image ? { key: image.key, alt: image.alt || loaded.category.name } : null,
    ...root,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, page, query, facets } = loaderData;
  return (
    <ProductListing
      eyebrow="Category"
      title={category.name}
      description={category.description}
      page={page}
      query={query}
      fixed={['category']}
      sortLabels={{
        featured: 'Featured',
        'price-asc': 'Price: Low to High',
        'price-desc': 'Price: High to Low',
        rating: 'Top Rated',
        newest: 'Newest',
      }}
      clearHref={`/category/${category.id}`}
      facets={facets}
    />
  );
}

export function ErrorBoundary() {
  return <ErrorPage status={404} />;
}
