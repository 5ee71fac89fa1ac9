import { stockCause } from '../core/inventory/cause';
import { nairaToKobo } from '../contracts/money';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../db/project-root';
import { sql } from 'drizzle-orm';
import { refreshProductKeywords } from '../core/catalog/refresh-product-keywords';
import { IMAGE_VARIANT_WIDTHS } from '../core/media/save-image-variants';
import { imagePlan } from './images/product-looks';
import { saveShopSettings } from '../core/settings/shop-settings';
import { ensureSeedCoupons } from '../core/orders/coupons';
import type { Db } from '../db/client';
import { brands, categories, productImages, reviews } from '../db/schema/catalog';
import { reviewFits } from '../db/schema/returns';
import * as data from './catalog-data';
import { variantStockShape } from './variant-stock';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from './images/render-product-image';
import { drawPicture, pictureHash, recordPictureJob } from './product-pictures';

export type SeedProgress = (message: string) => void;

export interface SeedCatalogOptions {
  uploadDir: string;
  /** Tests that do not look at pictures skip generating them. */
  images?: boolean;
  /**
   * Draw every picture before returning (npm run seed). The shop's first start draws only the lead
   * pictures, and the others once it is open (drawPendingPictures).
   */
  drawAllPictures?: boolean;
  onProgress?: SeedProgress;
  now?: Date;
}

const DAY_MS = 86_400_000;

/** Whether the database has a table yet: the migration tests seed shops migrated only to an earlier schema. */
async function hasTable(db: Pick<Db, 'execute'>, name: string): Promise<boolean> {
  const result = await db.execute(sql`SELECT to_regclass(${name}) IS NOT NULL AS present`);
  return Boolean((result as { rows: { present: boolean }[] }).rows[0]?.present);
}
/** A fingerprint of the renderer's source: when the drawing code changes, cached pictures are drawn again. */
async function rendererFingerprint(): Promise<string> {
  const directory = path.join(projectRoot, 'seed', 'images');
  const files = (await fs.readdir(directory))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(await fs.readFile(path.join(directory, file)));
  return hash.digest('hex').slice(0, 12);
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const result = await db.execute<{ present: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM categories) AS present`,
  );
  const row = (result as { rows: { present: boolean }[] }).rows[0];
  return !row?.present;
}

export async function seedCatalog(
  db: Db,
  options: SeedCatalogOptions,
): Promise<{ products: number; images: number }> {
  const progress = options.onProgress ?? (() => {});
  const now = options.now ?? new Date();

  progress(`Seeding ${data.categories.length} categories and ${data.brands.length} brands`);
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(
      data.categories.map((category, position) => ({
        id: category.slug,
        name: category.name,
        description: category.description,
        parentId: category.parentSlug,
        featured: category.featured,
        isNew: category.isNew,
        position,
        sizes: category.sizes,
        colors: category.colors,
      })),
    );
    await tx.insert(brands).values(
      data.brands.map((brand) => ({
        id: brand.slug,
        name: brand.name,
        departmentId: brand.departmentSlug,
      })),
    );
  });

  // The demo opens with a flash sale running for three more days.
  await saveShopSettings(db, { flashSaleEndsAt: new Date(now.getTime() + 3 * DAY_MS).toISOString() });
  await ensureSeedCoupons(db);

  progress(`Seeding ${data.products.length} products with their reviews`);
  const inserted = await db.transaction(async (tx) => {
    // The demo's units are the ledger's opening balances (decision 0067).
    await stockCause(tx, { reason: 'opening', note: 'Demo catalogue' });
    // Written by name, column by column: the same seed fills a shop's older schema too (the migration
    // tests), which lacks the columns the database has since derived for itself (0031's options in
    // stock), as a row of today's `products` would name them all.
    const seeded = data.products.map((product) => ({
      name: product.name,
      description: product.description,
      category_id: product.categorySlug,
      brand_id: product.brandSlug,
      price_kobo: nairaToKobo(product.priceNaira),
      original_price_kobo:
        product.originalPriceNaira === null ? null : nairaToKobo(product.originalPriceNaira),
      colors: product.colors,
      sizes: product.sizes,
      stock: product.stock,
      is_new: product.isNew,
      is_hot: product.isHot,
      free_shipping: product.freeShipping,
      tag: product.tag,
      specs: product.specs,
      created_at: new Date(now.getTime() - product.daysSinceAdded * DAY_MS).toISOString(),
    }));
    const columns = sql.raw(Object.keys(seeded[0]!).join(', '));
    const result = await tx.execute(sql`
      INSERT INTO products (${columns})
      SELECT ${columns} FROM json_populate_recordset(NULL::products, ${JSON.stringify(seeded)}::json)
      RETURNING id, name`);
    const idByName = new Map(
      (result as { rows: { id: number; name: string }[] }).rows.map((row) => [row.name, Number(row.id)]),
    );
    const rows = data.products.map((product) => ({ id: idByName.get(product.name)! }));

    const reviewRows = data.products.flatMap((product, index) =>
      product.reviews.map((review) => ({
        productId: rows[index]!.id,
        authorName: review.author,
        rating: review.rating,
        title: review.title,
        comment: review.comment,
        createdAt: new Date(now.getTime() - review.daysAgo * DAY_MS),
      })),
    );
    const written =
      reviewRows.length > 0 ? await tx.insert(reviews).values(reviewRows).returning({ id: reviews.id }) : [];
    // The reviewers' "How did it fit?" answers, in the order the reviews were written.
    const fits = data.products
      .flatMap((product, index) =>
        product.reviews.map((review) => ({ productId: rows[index]!.id, fit: review.fit })),
      )
      .flatMap((review, position) =>
        review.fit ? [{ reviewId: written[position]!.id, productId: review.productId, fit: review.fit }] : [],
      );
    if (fits.length > 0 && (await hasTable(tx, 'review_fits'))) await tx.insert(reviewFits).values(fits);
    await tx.execute(sql`
      UPDATE products p SET rating_average = r.average, review_count = r.total
      FROM (SELECT product_id, ROUND(AVG(rating)::numeric, 2) AS average, COUNT(*)::int AS total
            FROM reviews GROUP BY product_id) r
      WHERE r.product_id = p.id`);
    await refreshProductKeywords(
      tx,
      rows.map((row) => row.id),
    );
    // Each product was given its grid with the stock spread evenly; the demo's sits as a shop's does.
    // (A shop migrated only to an earlier schema, as the migration tests make, has no grid yet.)
    const grid = await tx.execute(sql`SELECT to_regclass('product_variants') IS NOT NULL AS present`);
    if (!(grid as { rows: { present: boolean }[] }).rows[0]?.present) return rows;
    const stock = data.products.flatMap((product, index) =>
      variantStockShape(
        product.stock,
        product.sizes,
        product.colors.map((color) => color.name),
        index,
      ).map((units, position) => ({ product_id: rows[index]!.id, position, stock: units })),
    );
    await tx.execute(sql`
      UPDATE product_variants v SET stock = s.stock
        FROM jsonb_to_recordset(${JSON.stringify(stock)}::jsonb) AS s(product_id integer, position integer, stock integer)
       WHERE v.product_id = s.product_id AND v.position = s.position`);
    return rows;
  });

  let imageCount = 0;
  if (options.images !== false) {
    imageCount = await seedProductImages(
      db,
      options.uploadDir,
      inserted,
      progress,
      options.drawAllPictures ?? false,
    );
  }
  progress(`Catalog ready: ${inserted.length} products, ${imageCount} product images`);
  return { products: inserted.length, images: imageCount };
}

async function seedProductImages(
  db: Db,
  uploadDir: string,
  inserted: { id: number }[],
  progress: SeedProgress,
  drawAll: boolean,
): Promise<number> {
  const fingerprint = await rendererFingerprint();
  const jobs = data.products.flatMap((product, index) =>
    imagePlan(product, index).map((input, position) => ({
      product,
      productId: inserted[index]!.id,
      input,
      position,
      hash: pictureHash(input, fingerprint),
    })),
  );
  const rows: (typeof productImages.$inferInsert)[] = [];
  for (const job of jobs) {
    await recordPictureJob(uploadDir, job.hash, job.input);
    const colorName =
      job.product.colors.find((color) => color.hex === job.input.colorHex)?.name ??
      job.product.colors[0]?.name ??
      null;
    const view = ['front view', 'angled view', 'detail'][job.position] ?? 'view';
    rows.push({
      productId: job.productId,
      position: job.position,
      key: `products/${job.hash}`,
      widths: [...IMAGE_VARIANT_WIDTHS],
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      alt: `${job.product.name}${colorName ? ` in ${colorName}` : ''}, ${view}`,
      colorName,
    });
  }
  await db.insert(productImages).values(rows);

  // The lead pictures (lists, the home page, link previews) are drawn now; the rest when the shop is
  // open (server/index.ts), or on the first request for one.
  const now = drawAll ? jobs : jobs.filter((job) => job.position === 0);
  progress(
    drawAll
      ? `Drawing ${jobs.length} product pictures (WebP, ${jobs.length * 5} files)`
      : `Drawing ${now.length} lead pictures; the other ${jobs.length - now.length} follow once the shop is open`,
  );
  const concurrency = Math.max(1, Math.min(4, os.availableParallelism()));
  let next = 0;
  let done = 0;
  let lastReported = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < now.length) {
        const job = now[next++]!;
        await drawPicture(uploadDir, job.hash);
        done++;
        if (done - lastReported >= 25 || done === now.length) {
          lastReported = done;
          progress(`  pictures ${done}/${now.length}`);
        }
      }
    }),
  );
  return rows.length;
}
