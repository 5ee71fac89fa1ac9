import { parseProductListQuery } from '../../contracts/catalog';
import { listCategories } from '../../core/catalog/list-categories';
import { listProducts } from '../../core/catalog/list-products';
import { categoryChoices } from '../lib/category-facets';
import { FlashSaleBanner } from '../features/catalog/flash-sale-banner';
import { loadFlashSale } from '../lib/flash-sale.server';
import { ProductListing } from '../features/catalog/product-listing';
import { pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/sale';

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseProductListQuery(new URL(request.url).searchParams, { onSale: 'true' });
  const [page, categories, flashSale] = await Promise.all([
    listProducts(context.services.db, query),
    listCategories(context.services.db),
    loadFlashSale(context.services.db),
  ]);
  return { page, query, categories: categoryChoices(categories), flashSale };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    title: 'Sale',
    description: "Designer bags and men's wear at reduced prices, for a limited time.",
    path: '/sale',
    ...rootMeta(matches),
  });
}

export default function SalePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {loaderData.flashSale ? <FlashSaleBanner sale={loaderData.flashSale} /> : null}
      <ProductListing
        eyebrow="Limited time"
        title="The Sale"
        description="Pieces from this season and the last, reduced while stocks last."
        page={loaderData.page}
        query={loaderData.query}
        fixed={['onSale']}
        clearHref="/sale"
        facets={{ categories: loaderData.categories, priceBands: true }}
      />
    </>
  );
}
