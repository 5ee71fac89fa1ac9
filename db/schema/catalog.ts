import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  customType,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

export interface ColorOption {
  name: string;
  hex: string;
}

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const categories = pgTable(
  'categories',
  {
    /** The URL id: '/category/tote-bags'. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: text('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    featured: boolean('featured').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    position: integer('position').notNull().default(0),
    imageKey: text('image_key'),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    colors: jsonb('colors').$type<ColorOption[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('categories_parent_idx').on(table.parentId)],
);

export const brands = pgTable('brands', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  departmentId: text('department_id')
    .notNull()
    .references(() => categories.id, { onDelete: 'restrict' }),
});

/**
 * What a list of products filters (rating, price before the sale) and orders by (hot, rating,
 * reviews, newest), after the id: the end of the list indexes that count and sort a list's matches
 * from the index alone. Not the stock nor the sold count, which every sale writes: a sale then
 * writes none of the products' indexes when its row's new version fits on its page, and a list by
 * availability or in best-selling order reads its matches' rows.
 */
function listColumns(table: {
  id: AnyPgColumn;
  isHot: AnyPgColumn;
  ratingAverage: AnyPgColumn;
  reviewCount: AnyPgColumn;
  createdAt: AnyPgColumn;
  originalPriceKobo: AnyPgColumn;
}) {
  return [
    table.id,
    table.isHot,
    table.ratingAverage,
    table.reviewCount,
    table.createdAt,
    table.originalPriceKobo,
  ] as const;
}

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 1001 }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    brandId: text('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    priceKobo: integer('price_kobo').notNull(),
    originalPriceKobo: integer('original_price_kobo'),
    colors: jsonb('colors').$type<ColorOption[]>().notNull().default([]),
    sizes: text('sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    stock: integer('stock').notNull().default(0),
    /**
     * The sizes and the colours (lower case) a shopper can buy now: those of the variants with stock,
     * kept with `stock` by the database (db/migrations/0031_in_stock_options.sql). A list filtered by
     * size or colour reads them from their GIN indexes instead of asking the variants row by row.
     */
    inStockSizes: text('in_stock_sizes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    inStockColours: text('in_stock_colours')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isNew: boolean('is_new').notNull().default(false),
    isHot: boolean('is_hot').notNull().default(false),
    freeShipping: boolean('free_shipping').notNull().default(false),
    tag: text('tag'),
    specs: jsonb('specs').$type<Record<string, string>>().notNull().default({}),
    ratingAverage: numeric('rating_average', { precision: 3, scale: 2, mode: 'number' }).notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    /** Category, department and brand names and colours, kept by core so search finds a product by them. */
    keywords: text('keywords').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', keywords), 'B') || setweight(to_tsvector('english', description), 'D')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('products_stock_non_negative', sql`${table.stock} >= 0`),
    check('products_price_non_negative', sql`${table.priceKobo} >= 0`),
    check(
      'products_original_price_non_negative',
      sql`${table.originalPriceKobo} IS NULL OR ${table.originalPriceKobo} >= 0`,
    ),
    check('products_status_valid', sql`${table.status} IN ('active', 'archived')`),
    index('products_category_idx').on(table.categoryId),
    /**
     * A category's products on sale by price, and each category's count read from the index alone
     * (core/catalog/list-products.ts, list-categories.ts). The columns after the price are what a
     * list filters (rating, sale) and orders by: a category's matches are counted and sorted
     * from the index alone, without reading a product's row each (migration 0032).
     */
    index('products_active_category_price_idx')
      .on(table.categoryId, table.priceKobo, ...listColumns(table))
      .where(sql`${table.status} = 'active'`),
    /** The pieces on sale now (core/catalog/get-sale-summary.ts): the sale's figures read from the index alone. */
    index('products_on_sale_idx')
      .on(table.categoryId, table.originalPriceKobo, table.priceKobo)
      .where(
        sql`${table.status} = 'active' AND ${table.originalPriceKobo} IS NOT NULL AND ${table.originalPriceKobo} > ${table.priceKobo}`,
      ),
    /** The products on sale by price, with what a list filters and orders by (as the category's). */
    index('products_price_idx')
      .on(table.priceKobo, ...listColumns(table))
      .where(sql`${table.status} = 'active'`),
    /**
     * The newest first, ties by id (created_at DESC, id DESC: the shop's list, the admin's list and
     * its export): read in order from the index, however many products were added at the same moment.
     */
    index('products_newest_idx').on(table.createdAt, table.id),
    index('products_search_idx').using('gin', table.searchVector),
    /** The "top rated" order of a list, read in order instead of sorting the catalogue. */
    index('products_rating_idx')
      .on(table.ratingAverage.desc().nullsFirst(), table.reviewCount.desc().nullsFirst(), table.id)
      .where(sql`${table.status} = 'active'`),
    /** A list by size or colour: the products with that option in stock. */
    index('products_in_stock_sizes_idx').using('gin', table.inStockSizes),
    index('products_in_stock_colours_idx').using('gin', table.inStockColours),
    /** The default "featured" order of a list, read in order instead of sorting the catalogue. */
    index('products_featured_idx')
      .on(
        table.isHot.desc().nullsFirst(),
        table.ratingAverage.desc().nullsFirst(),
        table.reviewCount.desc().nullsFirst(),
        table.id,
      )
      .where(sql`${table.status} = 'active'`),
  ],
);

/**
 * What the shop sells: one variant per size × colour a product offers ('' where it offers no size or
 * no colour; one default variant when it has neither). Stock is counted here; `products.stock` is
 * the sum of a product's variants, kept by the database (db/migrations/0017_product_variants.sql),
 * which refuses a direct write to it. Decision 0032.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The size's name ('M', '42'), '' when the product offers no size. */
    size: text('size').notNull().default(''),
    /** The colour's name, as in products.colors ('Olive'), '' when the product offers no colour. */
    color: text('color').notNull().default(''),
    /** Unique in the shop, upper case; generated (ROS-1061-M-OLV) when the owner leaves it blank. */
    sku: text('sku').notNull(),
    stock: integer('stock').notNull().default(0),
    /** This variant's own price (an XXL may cost more); null: the product's price. */
    priceKobo: integer('price_kobo'),
    /** What a unit cost the shop, for the stock's value and the margin; null when not known. */
    costKobo: integer('cost_kobo'),
    /** Low below this many units (owner's digest); null: the shop's default (settings). */
    lowStockThreshold: integer('low_stock_threshold'),
    /** The order a shopper sees them in: colours, then sizes within a colour. */
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('product_variants_stock_non_negative', sql`${table.stock} >= 0`),
    check('product_variants_cost_non_negative', sql`${table.costKobo} IS NULL OR ${table.costKobo} >= 0`),
    check(
      'product_variants_low_stock_threshold_range',
      sql`${table.lowStockThreshold} IS NULL OR ${table.lowStockThreshold} BETWEEN 0 AND 10000`,
    ),
    check('product_variants_price_non_negative', sql`${table.priceKobo} IS NULL OR ${table.priceKobo} >= 0`),
    check('product_variants_sku_upper', sql`${table.sku} = upper(${table.sku}) AND ${table.sku} <> ''`),
    uniqueIndex('product_variants_option_idx').on(table.productId, table.size, table.color),
    uniqueIndex('product_variants_sku_idx').on(table.sku),
  ],
);

/**
 * Every word of the catalogue's names and keywords (a trigger on products keeps it), so a search
 * with a typo ('handbg') finds the word meant ('handbag') among a few thousand words instead of
 * comparing it with every product (core/catalog/list-products.ts).
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (table) => [
  index('search_words_trigram_idx').using('gin', sql`${table.word} gin_trgm_ops`),
]);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /** Files live at `/media/{key}-{width}.webp`; the key carries a content hash, so a file never changes. */
    key: text('key').notNull(),
    widths: integer('widths').array().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    colorName: text('color_name'),
  },
  (table) => [uniqueIndex('product_images_position_idx').on(table.productId, table.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The shopper who wrote it; seeded reviews have none. */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title').notNull(),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} BETWEEN 1 AND 5`),
    index('reviews_product_idx').on(table.productId, table.createdAt),
    uniqueIndex('reviews_one_per_user_idx').on(table.productId, table.userId),
  ],
);
