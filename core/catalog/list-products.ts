import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  productListQuerySchema,
  RESULT_CAP,
  type ProductListQuery,
  type ProductPage,
  type ProductSort,
  type ProductSummary,
} from '../../contracts/catalog';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { categories, products, searchWords } from '../../db/schema/catalog';
import { parseInput } from '../validation';
import { summariesByIds } from './product-rows';
import { nairaToKobo } from '../../contracts/money';

export { productListQuerySchema as listProductsInput };

/**
 * Each list order as its columns, each ascending or descending; the id last, so that the order is
 * total. A list gathers these columns of its matches (gatheredSorted), which the list indexes hold.
 */
const orderKeys: Record<Exclude<ProductSort, 'relevance'>, [AnyPgColumn, 'asc' | 'desc'][]> = {
  featured: [
    [products.isHot, 'desc'],
    [products.ratingAverage, 'desc'],
    [products.reviewCount, 'desc'],
    [products.id, 'asc'],
  ],
  'price-asc': [
    [products.priceKobo, 'asc'],
    [products.id, 'asc'],
  ],
  'price-desc': [
    [products.priceKobo, 'desc'],
    [products.id, 'asc'],
  ],
  newest: [
    [products.createdAt, 'desc'],
    [products.id, 'desc'],
  ],
  'best-selling': [
    [products.soldCount, 'desc'],
    [products.reviewCount, 'desc'],
    [products.id, 'asc'],
  ],
  rating: [
    [products.ratingAverage, 'desc'],
    [products.reviewCount, 'desc'],
    [products.id, 'asc'],
  ],
};

/** A list's order's columns; a search in relevance order is ranked by searchProducts below. */
function keysOf(query: ProductListQuery) {
  return orderKeys[query.sort === 'relevance' ? 'featured' : query.sort];
}

/** The order of a list. */
function ordering(query: ProductListQuery): SQL[] {
  return keysOf(query).map(([column, direction]) => (direction === 'asc' ? asc(column) : desc(column)));
}

/**
 * A category and its subcategories (a department lists its subcategories' products), as the ids
 * themselves: with literal ids PostgreSQL knows how many products each holds and reads a small
 * category from the (category, price) index instead of walking the price index of the catalogue.
 */
export async function categoryIds(db: DbOrTx, query: ProductListQuery): Promise<string[] | undefined> {
  if (!query.category) return undefined;
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.id, query.category), eq(categories.parentId, query.category)));
  return rows.map((row) => row.id);
}

/** The list's price filter (naira, both ends inclusive), or none. */
export function priceCondition(query: Pick<ProductListQuery, 'minPrice' | 'maxPrice'>): SQL | undefined {
  return and(
    query.minPrice === undefined ? undefined : gte(products.priceKobo, nairaToKobo(query.minPrice)),
    query.maxPrice === undefined ? undefined : lte(products.priceKobo, nairaToKobo(query.maxPrice)),
  );
}

// A size or colour filter finds what a shopper can buy in it: a variant of that size (any colour),
// or of that colour (any size), with stock. The product's row carries its options in stock (kept
// from its variants by the database, migration 0031), read from their GIN indexes.

/** The list's size filter, or none. */
export function sizeCondition(size: string | undefined): SQL | undefined {
  return size ? sql`${products.inStockSizes} @> ARRAY[${size}::text]` : undefined;
}

/** The list's colour filter (any case), or none. */
export function colourCondition(color: string | undefined): SQL | undefined {
  return color ? sql`${products.inStockColours} @> ARRAY[lower(${color})]` : undefined;
}

/**
 * Every filter of a list but the search words, which searchProducts applies; `omit` leaves out the
 * size, colour and price filters, for the facets that count the list without them.
 */
export function productFilters(
  query: ProductListQuery,
  inCategories: string[] | undefined,
  omit: 'options and price' | null = null,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(products.status, 'active')];
  if (inCategories) {
    conditions.push(inCategories.length > 0 ? inArray(products.categoryId, inCategories) : sql`false`);
  }
  if (!omit) conditions.push(priceCondition(query));
  if (query.rating !== undefined) conditions.push(gte(products.ratingAverage, query.rating));
  if (query.availability === 'in-stock') conditions.push(gt(products.stock, 0));
  if (query.availability === 'out-of-stock') conditions.push(eq(products.stock, 0));
  if (!omit) conditions.push(colourCondition(query.color), sizeCondition(query.size));
  if (query.onSale) {
    conditions.push(
      and(isNotNull(products.originalPriceKobo), gt(products.originalPriceKobo, products.priceKobo)),
    );
  }
  return and(...conditions);
}

/** At most this many corrections of a mistyped word are searched for ('handbg' → handbag, handbags). */
const CORRECTIONS_PER_WORD = 3;
/** A correction as far behind the closest word as this is another word, not what was meant. */
const CORRECTION_MARGIN = 0.08;

/**
 * The words of a search with a typo, each replaced by the catalogue's words closest to it
 * (search_words, kept by a trigger on products), as a full-text query of their stems: 'lether handbg'
 * → `(leather) & (handbag)`, handbag and handbags being one stem. A stem named twice would have the
 * planner count its matches twice (12,600 for 6,600 at 100,000 products) and choose the wrong plan.
 * Null when a word has nothing close.
 */
export async function correctedQuery(db: DbOrTx, q: string): Promise<string | null> {
  const typed = [...new Set(q.toLowerCase().split(/[^a-z0-9]+/))].filter(
    (word) => word.length >= 3 && /[a-z]/.test(word),
  );
  if (typed.length === 0 || typed.length > 8) return null;
  const groups = await Promise.all(
    typed.map(async (word) => {
      const close = await db
        .select({
          similarity: sql<number>`similarity(${searchWords.word}, ${word})`,
          stems: sql<string[]>`tsvector_to_array(to_tsvector('english', ${searchWords.word}))`,
        })
        .from(searchWords)
        .where(sql`${searchWords.word} % ${word}`)
        .orderBy(sql`${searchWords.word} <-> ${word}`, asc(searchWords.word))
        .limit(CORRECTIONS_PER_WORD);
      // Only the closest: 'handbg' means handbag or handbags (0.5, 0.45), not handle (0.4).
      const best = close[0]?.similarity ?? 0;
      const closest = close.filter((row) => row.similarity >= best - CORRECTION_MARGIN);
      return { found: closest.length > 0, stems: [...new Set(closest.flatMap((row) => row.stems))] };
    }),
  );
  if (groups.some((group) => !group.found)) return null;
  // A word the search leaves out ('the', 'and') has no stem: its group goes, as to_tsquery drops it.
  const kept = groups.filter((group) => group.stems.length > 0);
  if (kept.length === 0) return null;
  // The stems are the catalogue's own words stemmed, letters and digits only: nothing in them is
  // tsquery syntax, and the 'simple' configuration takes them as they are.
  return kept.map((group) => `(${group.stems.join(' | ')})`).join(' & ');
}

/** How many rows a condition matches, counting no further than RESULT_CAP + 1. */
async function cappedCount(
  db: DbOrTx,
  where: SQL | undefined,
): Promise<{ total: number; totalIsCapped: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(RESULT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ total: count() }).from(capped);
  const matched = row?.total ?? 0;
  return { total: Math.min(matched, RESULT_CAP), totalIsCapped: matched > RESULT_CAP };
}

function pageOf(
  query: ProductListQuery,
  items: ProductSummary[],
  counted: { total: number; totalIsCapped: boolean },
): ProductPage {
  return {
    items,
    ...counted,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(counted.total / query.pageSize)),
  };
}

/**
 * The page's ids when a search is in relevance order: only the first RESULT_CAP matches the
 * full-text index yields are ranked (ranking every match of a word found in a third of a large
 * catalogue means reading a third of it: docs/benchmarks-queries.md), then the page is read by id.
 */
async function rankedIds(db: DbOrTx, query: ProductListQuery, where: SQL | undefined, rank: SQL) {
  const candidates = db
    .select({ id: products.id, rank: sql<number>`${rank}`.as('rank'), ratingAverage: products.ratingAverage })
    .from(products)
    .where(where)
    .limit(RESULT_CAP)
    .as('candidates');
  const ranked = await db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(desc(candidates.rank), desc(candidates.ratingAverage), asc(candidates.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return ranked.map((row) => row.id);
}

/** How far down a list's order a search or an option filter looks for its page before it sorts every match instead. */
const GATHER_WINDOW = 1000;
/** At most this many matches are gathered and sorted (see pageIdsInOrder). */
const GATHER_MOST = 8000;

/**
 * The ids on a page of a search, or of a list by size or colour, in a list order, when more products
 * match than can be gathered and sorted whole, or than the planner expects (`estimate`; null when a
 * gathering already found too many). The first GATHER_WINDOW products in that order are looked at
 * first: a common word or colour fills the page from them. One the cheapest (or best rated…)
 * products lack would have the walk read row after row in search of it ('leather' in price order:
 * 3,700 rows at 100,000 products; charcoal, which only dearer pieces come in, 43,000), so then every
 * match may be taken from its GIN index (full text, options in stock) and sorted. Either way the page
 * is the one the order gives.
 */
async function pageIdsInOrder(
  db: DbOrTx,
  query: ProductListQuery,
  where: SQL | undefined,
  estimate: number | null,
): Promise<number[]> {
  const offset = (query.page - 1) * query.pageSize;
  const wanted = offset + query.pageSize;
  const gatheredOrWalked = async () => {
    const gathered = estimate !== null ? await gatheredSorted(db, query, where) : null;
    return gathered && gathered.matched <= GATHER_MOST ? gathered.ids : walkTo(db, query, where, offset);
  };
  // The best-selling order has no index (the sold count moves with every sale): its first rows are
  // the whole catalogue sorted, so the matches are gathered at once when they may be few enough.
  if (query.sort === 'best-selling')
    return estimate !== null && estimate <= GATHER_MOST
      ? gatheredOrWalked()
      : walkTo(db, query, where, offset);
  const window = await db
    .select({ id: products.id, matches: sql<boolean | null>`(${where})` })
    .from(products)
    .where(eq(products.status, 'active'))
    .orderBy(...ordering(query))
    .limit(GATHER_WINDOW);
  const found = window.filter((row) => row.matches === true).map((row) => row.id);
  if (found.length >= wanted || window.length < GATHER_WINDOW) return found.slice(offset, wanted);
  // As often in the rest of the order as in its first rows, the page is this far down: walking there
  // reads fewer rows than gathering every match would. Not one in the first rows: the planner's
  // estimate of the matches says whether gathering them could pay.
  if (estimate === null) return walkTo(db, query, where, offset);
  const walkAhead = found.length > 0 ? (wanted * GATHER_WINDOW) / found.length : estimate / 2;
  if (walkAhead > GATHER_MOST) return walkTo(db, query, where, offset);
  return gatheredOrWalked();
}

/**
 * The page's ids from every match gathered from its index (MATERIALIZED keeps the planner from
 * walking the order again), with the columns an order needs, under the products' name so that the
 * list's own ORDER BY applies, and how many matched (GATHER_MOST + 1 when more did: a word or colour
 * that common fills its page soon enough in order, and reading all its matches would cost more than
 * the walk). A page past the last match has no ids and still the count.
 */
async function gatheredSorted(
  db: DbOrTx,
  query: ProductListQuery,
  where: SQL | undefined,
  most = GATHER_MOST,
): Promise<{ ids: number[]; matched: number }> {
  const order = sql.join(ordering(query), sql`, `);
  const columns = sql.join(
    keysOf(query).map(([column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const sorted = await db.execute(sql`
    WITH matches AS MATERIALIZED (
      SELECT ${columns} FROM products WHERE ${where} LIMIT ${most + 1}
    ), page AS (
      SELECT * FROM matches AS products ORDER BY ${order}
       LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
    )
    SELECT products.id, (SELECT count(*) FROM matches)::int AS gathered
      FROM (SELECT 1) AS one LEFT JOIN page AS products ON true
     ORDER BY ${order}`);
  const rows = (sorted as { rows: { id: number | null; gathered: number }[] }).rows;
  return {
    ids: rows.flatMap((row) => (row.id === null ? [] : [Number(row.id)])),
    matched: Number(rows[0]?.gathered ?? 0),
  };
}

/** How many products the planner expects `where` to match (EXPLAIN plans the query, runs nothing). */
async function estimatedRows(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const explained = await db.execute(sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM products WHERE ${where}`);
  const [row] = (explained as { rows: Record<string, unknown>[] }).rows;
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Number(plan?.[0]?.Plan?.['Plan Rows'] ?? Infinity);
}

/** The page's ids read in the list's order from its indexes. */
async function walkTo(db: DbOrTx, query: ProductListQuery, where: SQL | undefined, offset: number) {
  const walked = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...ordering(query))
    .limit(query.pageSize)
    .offset(offset);
  return walked.map((row) => row.id);
}

/**
 * How many matches the planner may expect for them to be gathered before the first rows of the
 * order are looked at. A word or a colour names a kind of piece, and kinds have their prices: the
 * cheapest thousand products at 100,000 hold no dress nor tote, so in price order the first rows are
 * read in vain. In the other orders the pieces of every kind are mixed (the newest thousand hold 81
 * of the 7,900 dresses), and those rows cost less than gathering thousands of matches.
 */
function gatherFirstUpTo(query: ProductListQuery, tuning: ListTuning): number {
  if (tuning.gatherFirstUpTo !== undefined) return tuning.gatherFirstUpTo;
  return query.sort === 'price-asc' || query.sort === 'price-desc' ? GATHER_MOST : GATHER_MOST / 2;
}

/**
 * How a list finds its page, for a test that must reach at a hundred products a path the planner
 * takes at a hundred thousand: `gatherFirstUpTo: 0` has every search and option list looked for in
 * order, as one the planner expects many matches of.
 */
export interface ListTuning {
  gatherFirstUpTo?: number;
}

/**
 * One page of a search, or of a list by size or colour, in the list's order. The matches are
 * gathered from their GIN index (full text, options in stock) when the planner expects few enough of
 * them (its full-text and array statistics; gatherFirstUpTo): that one read gives the count and the
 * sorted page at once, instead of reading the same matches twice, to count them and then to sort
 * them. When it expects more, no more than RESULT_CAP + 1 are gathered: that gives the count and, if
 * the planner was wrong, the page, without walking the order in search of matches that are not
 * there (a page past the last one, a colour the cheap pieces lack). Only a list of more than
 * RESULT_CAP matches is found in order.
 */
async function gatherablePage(
  db: DbOrTx,
  query: ProductListQuery,
  where: SQL | undefined,
  tuning: ListTuning,
): Promise<ProductPage> {
  const estimate = await estimatedRows(db, where);
  if (estimate <= gatherFirstUpTo(query, tuning)) {
    const gathered = await gatheredSorted(db, query, where);
    if (gathered.matched <= GATHER_MOST)
      return pageOf(query, await summariesByIds(db, gathered.ids), {
        total: Math.min(gathered.matched, RESULT_CAP),
        totalIsCapped: gathered.matched > RESULT_CAP,
      });
    // The planner was wrong: more than GATHER_MOST match, so the list is capped and its page is
    // found in order, without gathering again.
    const capped = { total: RESULT_CAP, totalIsCapped: true };
    return pageOf(query, await summariesByIds(db, await pageIdsInOrder(db, query, where, null)), capped);
  }
  return countedPage(db, query, where, () => pageIdsInOrder(db, query, where, estimate));
}

/**
 * A page of a list counted from its matches gathered no further than RESULT_CAP + 1, with the
 * columns its order needs: for no more than RESULT_CAP, the same read gives the sorted page (none
 * past the last match); `inOrder` finds the page of a longer list.
 */
async function countedPage(
  db: DbOrTx,
  query: ProductListQuery,
  where: SQL | undefined,
  inOrder: () => Promise<number[]>,
): Promise<ProductPage> {
  const counted = await gatheredSorted(db, query, where, RESULT_CAP);
  const totalIsCapped = counted.matched > RESULT_CAP;
  const ids = totalIsCapped ? await inOrder() : counted.ids;
  return pageOf(query, await summariesByIds(db, ids), {
    total: Math.min(counted.matched, RESULT_CAP),
    totalIsCapped,
  });
}

/**
 * One page of the products matching `where` in the list's order. A search or an option filter goes
 * to gatherablePage. A list of a category or a price range gathers its matches, no further than
 * RESULT_CAP + 1, with the columns its order needs, from a list index alone (the category's or the
 * price's hold them: migration 0032): when no more than RESULT_CAP match, that one read gives the
 * count and the sorted page, sorted from those very products (none at all past the last of them),
 * instead of walking an ordered index of the whole catalogue in search of a few matches that may not
 * be there (a price range a category does not carry: the planner cannot know that the filters go
 * together). Only a list of more than RESULT_CAP matches is read in order from the indexes, where
 * matches are many enough to come soon.
 */
async function orderedPage(
  db: DbOrTx,
  query: ProductListQuery,
  where: SQL | undefined,
  tuning: ListTuning,
): Promise<ProductPage> {
  if (query.q || query.color || query.size) return gatherablePage(db, query, where, tuning);
  return countedPage(db, query, where, () => walkTo(db, query, where, (query.page - 1) * query.pageSize));
}

/** One page of the products matching `where`, ranked by `rank` when one is given. */
async function pageMatching(
  db: DbOrTx,
  query: ProductListQuery,
  where: SQL | undefined,
  rank: SQL | null,
  tuning: ListTuning,
): Promise<ProductPage> {
  if (!rank) return orderedPage(db, query, where, tuning);
  const [ids, counted] = await Promise.all([rankedIds(db, query, where, rank), cappedCount(db, where)]);
  return pageOf(query, await summariesByIds(db, ids), counted);
}

/** A search's words as typed, as a full-text query. */
export const typedWords = (q: string): SQL => sql`websearch_to_tsquery('english', ${q})`;
/** A search's words corrected (correctedQuery), as a full-text query. */
export const correctedWords = (corrected: string): SQL => sql`to_tsquery('simple', ${corrected})`;
/** The products whose text holds a full-text query's words. */
export const holdsWords = (tsquery: SQL): SQL => sql`${products.searchVector} @@ ${tsquery}`;

/**
 * A search matches by full text (stemmed: 'clutches' finds clutch bags); when that finds nothing,
 * each word is corrected to the catalogue's closest words and searched again ('handbg' → handbags).
 * Relevance ranks the first RESULT_CAP matches; the other orders read every match from the indexes.
 * The list's facets decide alike (list-facets.ts).
 */
async function searchProducts(
  db: DbOrTx,
  query: ProductListQuery & { q: string },
  tuning: ListTuning,
): Promise<ProductPage> {
  const others = productFilters(query, await categoryIds(db, query));
  const search = (tsquery: SQL) =>
    pageMatching(
      db,
      query,
      and(others, holdsWords(tsquery)),
      query.sort === 'relevance' ? sql`ts_rank_cd(${products.searchVector}, ${tsquery})` : null,
      tuning,
    );
  const found = await search(typedWords(query.q));
  if (found.total > 0) return found;
  const corrected = await correctedQuery(db, query.q);
  return corrected ? search(correctedWords(corrected)) : found;
}

export async function listProducts(
  db: DbOrTx,
  input: Partial<Record<keyof ProductListQuery, unknown>>,
  tuning: ListTuning = {},
): Promise<ProductPage> {
  const query = parseInput(productListQuerySchema, input);
  if (query.q) return searchProducts(db, { ...query, q: query.q }, tuning);
  return pageMatching(db, query, productFilters(query, await categoryIds(db, query)), null, tuning);
}
