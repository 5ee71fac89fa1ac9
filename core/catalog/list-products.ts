import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  productListQuerySchema,
  type ProductListQuery,
  type ProductPage,
  type ProductSort,
} from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { brands, categories, products } from '../../db/schema/catalog';
import { parseInput } from '../validation';
import { summaryFrom, withLeadImages } from './product-rows';

export { productListQuerySchema as listProductsInput };

const orderings: Record<ProductSort, SQL[]> = {
  featured: [
    desc(products.isHot),
    desc(products.ratingAverage),
    desc(products.reviewCount),
    asc(products.id),
  ],
  'price-asc': [asc(products.priceKobo), asc(products.id)],
  'price-desc': [desc(products.priceKobo), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  'best-selling': [desc(products.soldCount), desc(products.reviewCount), asc(products.id)],
  rating: [desc(products.ratingAverage), desc(products.reviewCount), asc(products.id)],
  relevance: [desc(products.isHot), desc(products.ratingAverage), asc(products.id)],
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function productFilters(query: ProductListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.status, 'active')];
  if (query.category) {
    const category = query.category;
    conditions.push(
      or(
        eq(products.categoryId, category),
        inArray(
          products.categoryId,
          sql`(SELECT ${categories.id} FROM ${categories} WHERE ${categories.parentId} = ${category})`,
        ),
      ),
    );
  }
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(products.name, pattern),
        ilike(products.description, pattern),
        ilike(categories.name, pattern),
        ilike(brands.name, pattern),
      ),
    );
  }
  if (query.minPrice !== undefined)
    conditions.push(gte(products.priceKobo, Math.round(query.minPrice * 100)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(products.priceKobo, Math.round(query.maxPrice * 100)));
  if (query.rating !== undefined) conditions.push(gte(products.ratingAverage, query.rating));
  if (query.availability === 'in-stock') conditions.push(gt(products.stock, 0));
  if (query.availability === 'out-of-stock') conditions.push(eq(products.stock, 0));
  if (query.color) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM jsonb_array_elements(${products.colors}) AS c WHERE lower(c->>'name') = lower(${query.color}))`,
    );
  }
  if (query.size) conditions.push(sql`${query.size} = ANY(${products.sizes})`);
  if (query.onSale) {
    conditions.push(
      and(isNotNull(products.originalPriceKobo), gt(products.originalPriceKobo, products.priceKobo)),
    );
  }
  return and(...conditions);
}

export async function listProducts(
  db: DbOrTx,
  input: Partial<Record<keyof ProductListQuery, unknown>>,
): Promise<ProductPage> {
  const query = parseInput(productListQuerySchema, input);
  const where = productFilters(query);
  const offset = (query.page - 1) * query.pageSize;

  const [rows, totals] = await Promise.all([
    summaryFrom(db)
      .where(where)
      .orderBy(...orderings[query.sort])
      .limit(query.pageSize)
      .offset(offset),
    db
      .select({ total: count() })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: await withLeadImages(db, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}
