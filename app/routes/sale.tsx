import { parseProductListQuery } from '../../contracts/catalog';
import { getSaleCategories } from '../../core/catalog/get-sale-categories';
import { listCategories } from '../../core/catalog/list-categories';
import { listFacets } from '../../core/catalog/list-facets';
import { listProducts } from '../../core/catalog/list-products';
import { ProductListing } from '../features/catalog/product-listing';
import { SALE_LIST_ID, SaleCategoryTiles, SaleHero, SaleOffers } from '../features/catalog/sale-sections';
import { categoryChoices } from '../lib/category-facets';
import { loadFlashSale } from '../features/catalog/flash-sale.server';
import { listShareImage, pageMeta, rootMeta } from '../lib/meta';
import type { Route } from './+types/sale';

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.services.db;
  const query = parseProductListQuery(new URL(request.url).searchParams, { onSale: 'true' });
  const [page, facets, categories, flashSale, sale] = await Promise.all([
    listProducts(db, query),
    listFacets(db, query),
    listCategories(db),
    loadFlashSale(context.services),
    getSaleCategories(db),
  ]);
  return {
    page,
    facets,
    query,
    categories: categoryChoices(categories),
    flashSale: flashSale ? { endsAt: flashSale.endsAt, renderedAt: flashSale.renderedAt } : null,
    summary: {
      count: sale.departments.reduce((sum, department) => sum + department.count, 0),
      maxDiscountPercent: Math.max(0, ...sale.departments.map((department) => department.maxDiscountPercent)),
    },
    departments: sale.departments,
    saleCategories: sale.categories,
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  const summary = data?.summary;
  return pageMeta({
    title: 'Sale',
    description:
      summary && summary.count > 0
        ? `Up to ${summary.maxDiscountPercent}% off ${summary.count} designer bags and men's wear pieces, for a limited time.`
        : "Designer bags and men's wear at reduced prices, for a limited time.",
    path: '/sale',
    image: listShareImage(data?.page.items[0]),
    ...rootMeta(matches),
  });
}

export default function SalePage({ loaderData }: Route.ComponentProps) {
  const { summary, flashSale, departments, saleCategories } = loaderData;
  return (
    <>
      <SaleHero count={summary.count} maxDiscountPercent={summary.maxDiscountPercent} flashSale={flashSale} />
      <SaleOffers departments={departments} />
      <SaleCategoryTiles categories={saleCategories} />
      <div id={SALE_LIST_ID} className="scroll-mt-20">
        <ProductListing
          eyebrow="Reduced now"
          title="Every sale piece"
          headingLevel="h2"
          page={loaderData.page}
          query={loaderData.query}
          fixed={['onSale']}
          clearHref="/sale"
          facets={{ categories: loaderData.categories, ...loaderData.facets }}
        />
      </div>
    </>
  );
}
