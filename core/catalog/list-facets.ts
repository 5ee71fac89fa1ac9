import { and, sql, type SQL } from 'drizzle-orm';
import {
  productListQuerySchema,
  type FacetOption,
  type ListFacets,
  type ProductListQuery,
} from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { parseInput } from '../validation';
import {
  categoryIds,
  colourCondition,
  correctedQuery,
  correctedWords,
  holdsWords,
  priceCondition,
  productFilters,
  sizeCondition,
  typedWords,
} from './list-products';
import { choosePriceBands, PRICE_EDGES_KOBO } from './price-bands';

/**
 * A list's facets are counted over its matches up to this many (a read of each one's row: about 10
 * ms for 10,000 on an idle machine). A list with more (a catalogue grown past that, listed whole or
 * by department) offers the options and bands of its first matches this many, uncounted
 * (`counted: false`): counting 100,000 rows' options took 250 to 900 ms a first read
 * (docs/decisions/0063-facets-and-price-bands.md).
 */
export const FACETS_COUNTED_UP_TO = 10_000;

const LETTER_SIZES = ['xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl'];
const WORD_SIZES = ['mini', 'small', 'medium', 'large', 'extra large'];
const NUMERIC_SIZE = /^\d+(\.\d+)?$/;

/** XXS…XXXL, then the bags' Mini…Extra Large, then numeric sizes ascending, then any other, One Size last. */
export function compareSizes(a: string, b: string): number {
  const rank = (size: string): [number, number, string] => {
    const lower = size.trim().toLowerCase();
    if (LETTER_SIZES.includes(lower)) return [0, LETTER_SIZES.indexOf(lower), ''];
    if (WORD_SIZES.includes(lower)) return [1, WORD_SIZES.indexOf(lower), ''];
    if (NUMERIC_SIZE.test(lower)) return [2, Number(lower), ''];
    if (lower === 'one size') return [4, 0, ''];
    return [3, 0, lower];
  };
  const [groupA, orderA, nameA] = rank(a);
  const [groupB, orderB, nameB] = rank(b);
  return groupA - groupB || orderA - orderB || nameA.localeCompare(nameB);
}

interface FacetRow {
  facet: 'size' | 'colour' | 'price' | 'matched';
  value: string;
  hex: string | null;
  count: number;
  low: number | null;
  high: number | null;
}

/**
 * A list's facets (ListFacets), counted in one statement over the products its other filters match
 * (up to FACETS_COUNTED_UP_TO of them): those are gathered once with their sizes and colours in
 * stock, their price, and whether each meets the list's size, colour and price filters; each facet
 * counts the ones that meet the other two (unnest … GROUP BY for the options, a histogram of the
 * price over PRICE_EDGES_KOBO from which the bands are chosen). A colour's name and swatch are the
 * shop's, from its categories' colours, else from a product of that colour.
 */
async function countFacets(
  db: DbOrTx,
  query: ProductListQuery,
  inCategories: string[] | undefined,
  search: SQL | undefined,
  countedUpTo: number,
): Promise<{ facets: ListFacets; matched: number }> {
  const others = and(productFilters(query, inCategories, 'options and price'), search);
  const meets = (condition: SQL | undefined) => condition ?? sql`true`;
  const edges = sql.raw(`ARRAY[${PRICE_EDGES_KOBO.join(',')}]::integer[]`);
  const result = await db.execute(sql`
    WITH matches AS MATERIALIZED (
      SELECT price_kobo, in_stock_sizes, in_stock_colours,
             ${meets(sizeCondition(query.size))} AS size_ok,
             ${meets(colourCondition(query.color))} AS colour_ok,
             ${meets(priceCondition(query))} AS price_ok
        FROM products WHERE ${others}
       LIMIT ${countedUpTo + 1}
    ), swatches AS (
      SELECT DISTINCT ON (lower(shop.colour->>'name')) lower(shop.colour->>'name') AS key,
             shop.colour->>'name' AS name, shop.colour->>'hex' AS hex
        FROM categories, jsonb_array_elements(categories.colors) AS shop(colour)
       ORDER BY lower(shop.colour->>'name'), categories.id
    ), colours AS (
      SELECT colour, sum(kinds.count)::int AS count
        FROM (SELECT in_stock_colours, count(*) AS count FROM matches
               WHERE size_ok AND price_ok GROUP BY in_stock_colours) AS kinds,
             unnest(kinds.in_stock_colours) AS colour
       GROUP BY colour
    )
    SELECT 'matched' AS facet, NULL AS value, NULL AS hex,
           (count(*) FILTER (WHERE size_ok AND colour_ok AND price_ok))::int AS count,
           count(*)::int AS low, NULL::int AS high
      FROM matches
    UNION ALL
    SELECT 'size', size, NULL, sum(kinds.count)::int, NULL, NULL
      FROM (SELECT in_stock_sizes, count(*) AS count FROM matches
             WHERE colour_ok AND price_ok GROUP BY in_stock_sizes) AS kinds,
           unnest(kinds.in_stock_sizes) AS size
     GROUP BY size
    UNION ALL
    SELECT 'colour', coalesce(swatches.name, own.name, initcap(colours.colour)),
           coalesce(swatches.hex, own.hex), colours.count, NULL, NULL
      FROM colours
      LEFT JOIN swatches ON swatches.key = colours.colour
      LEFT JOIN LATERAL (
        SELECT its.colour->>'name' AS name, its.colour->>'hex' AS hex
          FROM products AS product, jsonb_array_elements(product.colors) AS its(colour)
         WHERE swatches.key IS NULL AND product.in_stock_colours @> ARRAY[colours.colour]
           AND lower(its.colour->>'name') = colours.colour
         LIMIT 1
      ) AS own ON true
    UNION ALL
    SELECT 'price', width_bucket(price_kobo, ${edges})::text, NULL, count(*)::int,
           min(price_kobo), max(price_kobo)
      FROM matches
     WHERE size_ok AND colour_ok GROUP BY 2`);
  const rows = (result as { rows: FacetRow[] }).rows.map((row) => ({
    ...row,
    count: Number(row.count),
    low: row.low === null ? null : Number(row.low),
    high: row.high === null ? null : Number(row.high),
  }));

  const sizes = withChosen(
    rows.filter((row) => row.facet === 'size').map((row) => ({ value: row.value, count: row.count })),
    query.size,
    (value) => ({ value, count: 0 }),
  ).sort((a, b) => compareSizes(a.value, b.value));
  const colors = withChosen(
    rows
      .filter((row) => row.facet === 'colour')
      .map((row) => ({ value: row.value, hex: row.hex, count: row.count })),
    query.color,
    (value) => ({ value, hex: null, count: 0 }),
  ).sort((a, b) => a.value.localeCompare(b.value, 'en'));
  const prices = rows.filter((row) => row.facet === 'price');
  const matched = rows.find((row) => row.facet === 'matched');
  const facets = {
    counted: (matched?.low ?? 0) <= countedUpTo,
    sizes,
    colors,
    price: {
      bands: choosePriceBands(prices.map((row) => ({ bucket: Number(row.value), count: row.count }))),
      minKobo: prices.length > 0 ? Math.min(...prices.map((row) => row.low!)) : null,
      maxKobo: prices.length > 0 ? Math.max(...prices.map((row) => row.high!)) : null,
    },
  };
  return { facets, matched: matched?.count ?? 0 };
}

/** The options, with the list's chosen one among them (counted 0 when nothing holds it), so it can be seen and undone. */
function withChosen<Option extends FacetOption>(
  options: Option[],
  chosen: string | undefined,
  none: (value: string) => Option,
): Option[] {
  if (!chosen || options.some((option) => option.value.toLowerCase() === chosen.toLowerCase()))
    return options;
  return [...options, none(chosen)];
}

/**
 * What a list can be narrowed to (ListFacets), for the same matches as its page: a search whose
 * words as typed match nothing with the list's filters is counted for its corrected words, as
 * listProducts finds its page.
 */
export async function listFacets(
  db: DbOrTx,
  input: Partial<Record<keyof ProductListQuery, unknown>>,
  /** For a test: counts no further than this many matches instead of FACETS_COUNTED_UP_TO. */
  countedUpTo = FACETS_COUNTED_UP_TO,
): Promise<ListFacets> {
  const query = parseInput(productListQuerySchema, input);
  const inCategories = await categoryIds(db, query);
  const count = (search: SQL | undefined) => countFacets(db, query, inCategories, search, countedUpTo);
  if (!query.q) return (await count(undefined)).facets;
  const typed = await count(holdsWords(typedWords(query.q)));
  // Words that match more products than are counted are no typo.
  if (typed.matched > 0 || !typed.facets.counted) return typed.facets;
  const corrected = await correctedQuery(db, query.q);
  if (!corrected) return typed.facets;
  return (await count(holdsWords(correctedWords(corrected)))).facets;
}
