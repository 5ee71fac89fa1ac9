import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULT_CAP } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { createTestDatabase, type TestDatabase } from '../../tests/fixtures/test-database';
import * as seed from '../../seed/catalog-data';
import { correctedQuery, listProducts, type ListTuning } from './list-products';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
});
afterAll(async () => {
  await database?.destroy();
});

const all = { pageSize: 48 };

describe('listProducts', () => {
  it('lists every seeded product with its total and pages', async () => {
    const page = await listProducts(database.db, { pageSize: 24 });
    expect(page.total).toBe(seed.products.length);
    expect(page.items).toHaveLength(24);
    expect(page.pageCount).toBe(Math.ceil(seed.products.length / 24));
    const last = await listProducts(database.db, { pageSize: 24, page: page.pageCount });
    expect(last.items.length).toBe(seed.products.length - 24 * (page.pageCount - 1));
  });

  it('a department includes the products of its subcategories', async () => {
    const bags = await listProducts(database.db, { category: 'womens-bags', ...all });
    const bagSlugs = new Set(
      seed.categories
        .filter((category) => category.parentSlug === 'womens-bags')
        .map((category) => category.slug),
    );
    expect(bags.total).toBe(seed.products.filter((product) => bagSlugs.has(product.categorySlug)).length);
    expect(bags.items.every((item) => bagSlugs.has(item.categoryId))).toBe(true);

    const totes = await listProducts(database.db, { category: 'tote-bags', ...all });
    expect(totes.total).toBe(seed.products.filter((product) => product.categorySlug === 'tote-bags').length);
  });

  it('filters by a price band in naira', async () => {
    const page = await listProducts(database.db, { minPrice: 25000, maxPrice: 30000, ...all });
    const expected = seed.products.filter(
      (product) => product.priceNaira >= 25000 && product.priceNaira <= 30000,
    );
    expect(page.total).toBe(expected.length);
    expect(page.items.every((item) => item.priceKobo >= 2_500_000 && item.priceKobo <= 3_000_000)).toBe(true);
  });

  it('sorts by price both ways and by newest', async () => {
    const ascending = await listProducts(database.db, { sort: 'price-asc', ...all });
    const prices = ascending.items.map((item) => item.priceKobo);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = await listProducts(database.db, { sort: 'price-high', ...all });
    expect(descending.items[0]!.priceKobo).toBe(
      Math.max(...seed.products.map((product) => product.priceNaira * 100)),
    );
    const newest = await listProducts(database.db, { sort: 'newest', pageSize: 1 });
    const freshest = Math.min(...seed.products.map((product) => product.daysSinceAdded));
    expect(seed.products.find((product) => product.name === newest.items[0]!.name)!.daysSinceAdded).toBe(
      freshest,
    );
  });

  it('filters by availability, sale and rating', async () => {
    const out = await listProducts(database.db, { availability: 'out-of-stock', ...all });
    expect(out.total).toBe(seed.products.filter((product) => product.stock === 0).length);
    expect(out.items.every((item) => item.stockStatus === 'out_of_stock')).toBe(true);

    const sale = await listProducts(database.db, { onSale: 'true', ...all });
    expect(sale.total).toBe(seed.products.filter((product) => product.originalPriceNaira !== null).length);
    expect(sale.items.every((item) => item.discountPercent > 0)).toBe(true);

    const rated = await listProducts(database.db, { rating: 4, ...all });
    expect(rated.items.every((item) => item.ratingAverage >= 4)).toBe(true);
  });

  it('filters by a colour and a size a shopper can buy: one in stock in any size, or in any colour', async () => {
    const inStock = async (column: 'size' | 'color', value: string) => {
      const result = await database.db.execute(sql`
        SELECT count(DISTINCT product_id)::int AS n FROM product_variants
         WHERE stock > 0 AND lower(${sql.raw(column)}) = lower(${value})`);
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    };
    const withColor = seed.products.find((product) => product.colors.length > 0)!;
    const colorName = withColor.colors[0]!.name;
    const page = await listProducts(database.db, { color: colorName.toUpperCase(), ...all });
    expect(page.total).toBe(await inStock('color', colorName));
    expect(page.total).toBeGreaterThan(0);

    const size = withColor.sizes[0]!;
    const sized = await listProducts(database.db, { size, ...all });
    expect(sized.total).toBe(await inStock('size', size));
    expect(sized.total).toBeGreaterThan(0);
  });

  it('finds a product by a size only while that size is in stock in some colour, and lists it out of stock only when every size is', async () => {
    const product = seed.products.find((item) => item.sizes.length > 2 && item.colors.length > 1)!;
    const id = 1001 + seed.products.indexOf(product);
    const size = product.sizes.at(-1)!;
    const undo = new Error('undo');
    await database.db
      .transaction(async (tx) => {
        const bySize = async () =>
          (await listProducts(tx, { size, q: product.name, ...all })).items.some((item) => item.id === id);
        const listed = async () =>
          (await listProducts(tx, { q: product.name, ...all })).items.find((item) => item.id === id)!;

        await tx.execute(sql`UPDATE product_variants SET stock = 4 WHERE product_id = ${id}`);
        expect(await bySize()).toBe(true);
        // Sold out in its largest size in every colour but the last: still found by that size.
        await tx.execute(sql`
          UPDATE product_variants SET stock = CASE WHEN color = ${product.colors.at(-1)!.name} THEN 1 ELSE 0 END
           WHERE product_id = ${id} AND size = ${size}`);
        expect(await bySize()).toBe(true);
        await tx.execute(
          sql`UPDATE product_variants SET stock = 0 WHERE product_id = ${id} AND size = ${size}`,
        );
        expect(await bySize(), `sold out in ${size}`).toBe(false);
        expect(await listed()).toMatchObject({ stockStatus: 'in_stock' });

        // Every variant but one sold out: still in stock (low); that one too: out of stock.
        await tx.execute(sql`
          UPDATE product_variants SET stock = 0
           WHERE product_id = ${id} AND id <> (SELECT min(id) FROM product_variants WHERE product_id = ${id})`);
        expect(await listed()).toMatchObject({ stockStatus: 'low_stock', stock: 4 });
        await tx.execute(sql`UPDATE product_variants SET stock = 0 WHERE product_id = ${id}`);
        expect(await listed()).toMatchObject({ stockStatus: 'out_of_stock', stock: 0 });
        const out = await listProducts(tx, { availability: 'out-of-stock', q: product.name, ...all });
        expect(out.items.map((item) => item.id)).toContain(id);
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
  });

  it('finds products by words in the name, without treating % as a wildcard', async () => {
    const page = await listProducts(database.db, { q: 'tote', ...all });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items.some((item) => /tote/i.test(item.name))).toBe(true);
    const literal = await listProducts(database.db, { q: '%', ...all });
    expect(literal.total).toBe(0);
  });

  it('rejects a page size above the limit', async () => {
    await expect(listProducts(database.db, { pageSize: 1000 })).rejects.toThrow();
  });
});

/** A test that adds a thousand products or more and reads pages in several orders: PGlite on a busy machine takes its time. */
const PAGED_TIMEOUT = 90_000;

describe('search', () => {
  it('finds products despite a typo, best matches first', async () => {
    const page = await listProducts(database.db, { q: 'handbg', sort: 'relevance', ...all });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items[0]!.name).toMatch(/handbag/i);
  });

  it('corrects a typo to the stems of its closest words, each stem once', async () => {
    // handbag and handbags are one stem: named twice, the planner would count its matches twice.
    expect(await correctedQuery(database.db, 'handbg')).toBe('(handbag)');
    expect(await correctedQuery(database.db, 'lether handbg')).toBe('(leather) & (handbag)');
    expect(await correctedQuery(database.db, 'xylophone')).toBeNull();
  });

  it('finds products by their category and brand names, and by stemmed words', async () => {
    const brand = seed.brands[0]!;
    const byBrand = await listProducts(database.db, { q: brand.name, ...all });
    expect(byBrand.items.some((item) => item.brandName === brand.name)).toBe(true);
    const byCategory = await listProducts(database.db, { q: 'clutches', ...all });
    expect(byCategory.items.some((item) => item.categoryId === 'clutch-bags')).toBe(true);
  });

  it('gives the same page, and an empty one past the last match, when the planner expects more matches than are gathered at once', async () => {
    const inOrder = { gatherFirstUpTo: 0 };
    for (const sort of ['price-asc', 'newest', 'best-selling'] as const) {
      const first = await listProducts(database.db, { q: 'tote', sort, pageSize: 4 }, inOrder);
      expect(first.items.length, sort).toBe(4);
      expect(first, sort).toEqual(await listProducts(database.db, { q: 'tote', sort, pageSize: 4 }));
      const past = await listProducts(database.db, { q: 'tote', sort, page: 60, pageSize: 4 }, inOrder);
      expect(past, sort).toMatchObject({ items: [], total: first.total, totalIsCapped: false });
    }
  });

  it('finds nothing for text unlike anything in the catalog', async () => {
    const page = await listProducts(database.db, { q: 'xylophone quartz', ...all });
    expect(page.total).toBe(0);
  });
});

/** Runs `check` against the database with `count` extra totes named '<word> Tote N', then takes them away again. */
async function withExtraTotes(word: string, count: number, check: (tx: DbOrTx) => Promise<void>) {
  const undo = new Error('undo');
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`
        INSERT INTO products (name, description, category_id, price_kobo, stock, keywords)
        SELECT ${word}::text || ' Tote ' || g, 'A roomy tote.', 'tote-bags', 1000000 + g * 100, 10, 'Tote Bags'
        FROM generate_series(1, ${count}::int) AS g`);
      await check(tx);
      throw undo;
    })
    .catch((error: unknown) => {
      if (error !== undo) throw error;
    });
}

describe('search at scale', () => {
  it('finds a product added after the shop opened despite a typo in its name', async () => {
    await withExtraTotes('Zebrawood', 1, async (tx) => {
      const page = await listProducts(tx, { q: 'zebrawod', ...all });
      expect(page.items.map((item) => item.name)).toEqual(['Zebrawood Tote 1']);
    });
  });

  it('corrects each word of a two-word search with typos', async () => {
    const page = await listProducts(database.db, { q: 'lether handbg', sort: 'relevance', ...all });
    expect(page.total).toBeGreaterThan(0);
    expect(page.items[0]!.name).toMatch(/handbag/i);
  });

  it(
    `counts up to ${RESULT_CAP} matches and says when there are more; other orders still see every match`,
    async () => {
      await withExtraTotes('Quokka', RESULT_CAP + 100, async (tx) => {
        const search = await listProducts(tx, { q: 'quokka', sort: 'relevance', pageSize: 24 });
        expect(search).toMatchObject({
          total: RESULT_CAP,
          totalIsCapped: true,
          pageCount: Math.ceil(RESULT_CAP / 24),
        });
        expect(search.items).toHaveLength(24);
        expect(search.items.every((item) => item.name.startsWith('Quokka Tote'))).toBe(true);

        // The dearest of all 1,100 is found though it lies beyond the counted thousand.
        const dearest = await listProducts(tx, { q: 'quokka', sort: 'price-desc', pageSize: 1 });
        expect(dearest.items[0]!.name).toBe(`Quokka Tote ${RESULT_CAP + 100}`);

        const everything = await listProducts(tx, { pageSize: 24 });
        expect(everything).toMatchObject({ total: RESULT_CAP, totalIsCapped: true });
        // Prices run from ₦10,001 to ₦11,100: fifty of them cost ₦10,050 or less.
        const few = await listProducts(tx, { q: 'quokka', maxPrice: 10_050, pageSize: 24 });
        expect(few).toMatchObject({ total: 50, totalIsCapped: false, pageCount: 3 });
        // A page past the last of them (an old link) is empty and still says how many there are.
        const past = await listProducts(tx, { q: 'quokka', maxPrice: 10_050, page: 5, pageSize: 24 });
        expect(past).toMatchObject({ items: [], total: 50, totalIsCapped: false, pageCount: 3 });
      });
      const after = await listProducts(database.db, { pageSize: 24 });
      expect(after).toMatchObject({ total: seed.products.length, totalIsCapped: false });
    },
    PAGED_TIMEOUT,
  );

  /** Sorts the list offers, as SQL over the products. */
  const orders = {
    'price-asc': 'price_kobo, id',
    'price-desc': 'price_kobo DESC, id',
    featured: 'is_hot DESC, rating_average DESC, review_count DESC, id',
    rating: 'rating_average DESC, review_count DESC, id',
    newest: 'created_at DESC, id DESC',
    'best-selling': 'sold_count DESC, review_count DESC, id',
  } as const;

  /** What a list asks for, and the same question in plain SQL over the products and their variants. */
  const questions = {
    search: {
      name: 'Wombat',
      colors: '[]',
      query: { q: 'wombat' },
      where: `search_vector @@ websearch_to_tsquery('english', 'wombat')`,
    },
    colour: {
      name: 'Umber',
      colors: '[{"name": "Umber", "hex": "#635147"}]',
      query: { color: 'UMBER' },
      where: `EXISTS (SELECT 1 FROM product_variants v
                       WHERE v.product_id = products.id AND lower(v.color) = 'umber' AND v.stock > 0)`,
    },
  } as const;

  /**
   * 1,100 totes matching `question` above ₦20,000, `cheapMatches` matching ones under ₦1 and 1,050
   * plain totes for less than ₦12 (none kept): each page of the list in `sorts` is the page plain SQL
   * gives.
   */
  async function pagesMatchSql(
    question: (typeof questions)[keyof typeof questions],
    cheapMatches: number,
    sorts: (keyof typeof orders)[],
    pages: number[],
    tuning: ListTuning = {},
  ) {
    const undo = new Error('undo');
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO products (name, description, category_id, price_kobo, stock, keywords, rating_average, review_count, is_hot, colors, sold_count)
          SELECT ${question.name}::text || ' Tote ' || g, 'A roomy tote.', 'tote-bags', 2000000 + (g % 37) * 100, 10, 'Tote Bags',
                 (g % 5)::numeric, g % 7, g % 3 = 0, ${question.colors}::jsonb, g % 11
            FROM generate_series(1, ${RESULT_CAP + 100}::int) AS g`);
        await tx.execute(sql`
          INSERT INTO products (name, description, category_id, price_kobo, stock, keywords, colors)
          SELECT ${question.name}::text || ' Mini Tote ' || g, 'A small tote.', 'tote-bags', 50 + g, 10, 'Tote Bags',
                 ${question.colors}::jsonb
            FROM generate_series(1, ${cheapMatches}::int) AS g`);
        await tx.execute(sql`
          INSERT INTO products (name, description, category_id, price_kobo, stock, keywords)
          SELECT 'Plain Tote ' || g, 'A tote.', 'tote-bags', 100 + g, 10, 'Tote Bags'
            FROM generate_series(1, 1050) AS g`);
        const expected = async (order: string, offset: number) =>
          (
            (await tx.execute(
              sql.raw(`SELECT id FROM products WHERE status = 'active' AND ${question.where}
                       ORDER BY ${order} LIMIT 24 OFFSET ${offset}`),
            )) as { rows: { id: number }[] }
          ).rows.map((row) => Number(row.id));
        for (const sort of sorts)
          for (const page of pages) {
            const found = await listProducts(tx, { ...question.query, sort, page, pageSize: 24 }, tuning);
            expect(found).toMatchObject({ total: RESULT_CAP, totalIsCapped: true });
            expect(
              found.items.map((item) => item.id),
              `${sort}, page ${page}`,
            ).toEqual(await expected(orders[sort], (page - 1) * 24));
          }
        throw undo;
      })
      .catch((error: unknown) => {
        if (error !== undo) throw error;
      });
  }

  it(
    'pages a search of more than a thousand matches in every order, when the cheapest thousand products carry none of them',
    async () => {
      // In price order the first thousand products hold no wombat: its page comes from every match sorted.
      await pagesMatchSql(
        questions.search,
        0,
        ['price-asc', 'price-desc', 'featured', 'rating', 'newest'],
        [1, 3, 42],
      );
    },
    PAGED_TIMEOUT,
  );

  it(
    'pages a search whose first thousand in price order hold a few matches: from them, from every match sorted, or read in order far down',
    async () => {
      // 40 of the cheapest thousand are wombats: page 1 is among them, page 3 is gathered and sorted,
      // and page 42 (1,008 matches in) is as far down as the matches are sparse: read in price order.
      await pagesMatchSql(questions.search, 40, ['price-asc'], [1, 2, 3, 42, 46]);
    },
    PAGED_TIMEOUT,
  );

  it(
    'pages a colour of more than a thousand pieces in stock in every order, whether its cheapest pieces come in it or not',
    async () => {
      // Umber is a colour only the dearer totes come in (as charcoal is in the grown catalogue): its
      // page in price order comes from every umber piece sorted; with 40 cheap ones, from the first rows.
      await pagesMatchSql(questions.colour, 0, ['price-asc', 'rating', 'best-selling'], [1, 3, 42]);
      await pagesMatchSql(questions.colour, 40, ['price-asc'], [1, 2, 3, 42, 46]);
    },
    PAGED_TIMEOUT,
  );

  // At 100,000 products a common word or colour is found this way: its matches counted (no further
  // than the cap), its first thousand in order looked at, then every match gathered and sorted, or
  // the order read far down.
  const inOrder = { gatherFirstUpTo: 0 };

  it(
    'pages a search the planner expects many matches of alike, in every order (counted, then found in order)',
    async () => {
      await pagesMatchSql(
        questions.search,
        0,
        ['price-asc', 'featured', 'best-selling'],
        [1, 3, 42],
        inOrder,
      );
    },
    PAGED_TIMEOUT,
  );

  it(
    'pages it alike from the first thousand in order, from every match sorted, or read in order far down',
    async () => {
      await pagesMatchSql(questions.search, 40, ['price-asc'], [1, 2, 3, 42, 46], inOrder);
    },
    PAGED_TIMEOUT,
  );

  it(
    'pages a colour the planner expects many pieces of alike',
    async () => {
      await pagesMatchSql(questions.colour, 0, ['price-asc', 'newest'], [1, 42], inOrder);
    },
    PAGED_TIMEOUT,
  );
});
