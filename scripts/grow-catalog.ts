/**
 * Grows a seeded catalogue to `products` products, as `npm run bench -- --large` and
 * scripts/explain-queries.ts do: copies of the seeded pieces, their prices spread, each given its
 * variants by the database's trigger as a product added without them is.
 */
export async function growCatalog(
  query: (text: string, values?: unknown[]) => Promise<unknown[]>,
  products: number,
  log: (line: string) => void,
): Promise<void> {
  const rows = (await query('SELECT count(*)::int AS count FROM products')) as { count: number }[];
  const seeded = rows[0]?.count ?? 0;
  if (products - seeded <= 0) return;
  if (seeded === 0) throw new Error('The catalogue is grown from the seeded products: seed it first.');
  log(`growing the catalogue from ${seeded} to ${products} products…`);
  // In steps of 1,000 products or of the catalogue's size, whichever is more (so the catalogue at
  // most doubles once past 1,000), each followed by VACUUM ANALYZE: the triggers that give each new
  // product its variants plan their statements once per connection, and a plan made for the seeded
  // catalogue's few hundred variants read the whole growing table for every product (one insert of
  // 100,000 did not end within 20 minutes; in these steps the growth took 42 s). ANALYZE also gives
  // the planner the grown catalogue's statistics before anything is read: without those of the
  // variants it believed a colour held a few hundred variants in stock, not 120,000, and read a
  // filtered list backwards. VACUUM leaves no work (visibility map, dirty pages) to run in the
  // middle of the first measurement.
  for (let count = seeded; count < products;) {
    const step = Math.min(products - count, Math.max(1_000, count));
    await query(
      `INSERT INTO products (name, description, category_id, brand_id, price_kobo, original_price_kobo, colors, sizes,
                             stock, is_new, is_hot, free_shipping, tag, specs, rating_average, review_count, sold_count, keywords)
       SELECT p.name || ' ' || (g + 1), p.description, p.category_id, p.brand_id,
              p.price_kobo + (g % 97) * 10000, p.original_price_kobo, p.colors, p.sizes,
              50 + g % 200, g % 11 = 0, g % 13 = 0, p.free_shipping, p.tag, p.specs,
              p.rating_average, p.review_count, p.sold_count, p.keywords
         FROM generate_series($1::int, $2::int - 1) AS g
         JOIN LATERAL (SELECT * FROM products ORDER BY id OFFSET (g % $3) LIMIT 1) p ON true`,
      [count - seeded, count - seeded + step, seeded],
    );
    count += step;
    await query('VACUUM ANALYZE products');
    await query('VACUUM ANALYZE product_variants');
  }
  // CHECKPOINT needs a superuser; without one it waits.
  await query('CHECKPOINT').catch(() => undefined);
}
