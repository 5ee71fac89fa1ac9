import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  productListQuerySchema,
  type ProductListQuery,
  type ProductPage,
  type ProductSort,
} from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { categories, products } from '../../db/schema/catalog';
import { parseInput } from '../validation';
import { summaryFrom, withLeadImages } from './product-rows';

export { productListQuerySchema as listProductsInput };

function searchTerms(q: string) {
  const tsquery = sql`websearch_to_tsquery('english', ${q})`;
  const text = sql`lower(${products.name} || ' ' || ${products.keywords})`;
  const similarity = sql`word_similarity(${q.toLowerCase()}, ${text})`;
  /**
   * A typo still finds ('handbg' → handbag): word_similarity at least TYPO_SIMILARITY, which every
   * connection sets as pg_trgm's threshold (db/client.ts), so `<%` is answered from the trigram index.
   */
  const similar = sql`${q.toLowerCase()} <% ${text}`;
  return { tsquery, similarity, similar };
}

const orderings: Record<Exclude<ProductSort, 'relevance'>, SQL[]> = {
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
};

/** The order of a list; a search in relevance order is ranked by searchProducts below. */
function ordering(query: ProductListQuery): SQL[] {
  return query.sort === 'relevance' ? orderings.featured : orderings[query.sort];
}

/** Every filter of a list but the search words, which searchProducts applies. */
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

/**
 * A search shows what full text finds (in relevance order: ranked by its own rank), and falls back to the typo-tolerant
 * trigram match ('handbg' → handbags) only when full text finds nothing: ranking every row by both
 * (word similarity costs a trigram comparison per row) grew with the catalogue and made a common
 * word cost hundreds of milliseconds at 100,000 products.
 */
async function searchProducts(db: DbOrTx, query: ProductListQuery & { q: string }): Promise<ProductPage> {
  const { tsquery, similarity, similar } = searchTerms(query.q);
  const others = productFilters(query);
  const offset = (query.page - 1) * query.pageSize;
  const fullText = and(others, sql`${products.searchVector} @@ ${tsquery}`);
  const [ftRows, ftTotals] = await Promise.all([
    summaryFrom(db)
      .where(fullText)
      .orderBy(
        sql`ts_rank_cd(${products.searchVector}, ${tsquery}) DESC`,
        desc(products.ratingAverage),
        asc(products.id),
      )
      .limit(query.pageSize)
      .offset(offset),
    db.select({ total: count() }).from(products).where(fullText),
  ]);
  let rows = ftRows;
  let total = ftTotals[0]?.total ?? 0;
  if (total === 0) {
    const typos = and(others, similar);
    const [typoRows, typoTotals] = await Promise.all([
      summaryFrom(db)
        .where(typos)
        .orderBy(
          ...(query.sort === 'relevance'
            ? [sql`${similarity} DESC`, desc(products.ratingAverage), asc(products.id)]
            : orderings[query.sort]),
        )
        .limit(query.pageSize)
        .offset(offset),
      db.select({ total: count() }).from(products).where(typos),
    ]);
    rows = typoRows;
    total = typoTotals[0]?.total ?? 0;
  }
  return {
    items: await withLeadImages(db, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

export async function listProducts(
  db: DbOrTx,
  input: Partial<Record<keyof ProductListQuery, unknown>>,
): Promise<ProductPage> {
  const query = parseInput(productListQuerySchema, input);
  if (query.q) return searchProducts(db, { ...query, q: query.q });
  const where = productFilters(query);
  const offset = (query.page - 1) * query.pageSize;

  const [rows, totals] = await Promise.all([
    summaryFrom(db)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.pageSize)
      .offset(offset),
    db.select({ total: count() }).from(products).where(where),
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
