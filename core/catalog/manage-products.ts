import { stockCause } from '../inventory/cause';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ColorOption, ImageRef, StockStatus } from '../../contracts/catalog';
import { MAX_PRICE_NAIRA } from '../../contracts/limits';
import { formatNaira, hasWholeKobo, nairaToKobo } from '../../contracts/money';
import type { Db, DbOrTx } from '../../db/client';
import { brands, categories, productImages, productVariants, products } from '../../db/schema/catalog';
import { orderLines } from '../../db/schema/orders';
import { getCategoryFacets } from './category-facets';
import { leadImages } from './product-rows';
import { refreshProductKeywords } from './refresh-product-keywords';
import { containsPattern } from '../search-pattern';
import { variantsOf } from './variants';
import { shopLowStockLevel, variantIsLowSql } from '../inventory/low-stock';
import { productLevels, type ProductLevels } from '../inventory/product-levels';
import { AppError, type FieldErrors } from '../errors';
import { isUniqueViolation } from '../unique-violation';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import {
  cellName,
  colorOptionSchema,
  duplicateOption,
  gridStockStatus,
  lockVariants,
  lowVariantCount,
  MAX_OPTIONS,
  MAX_STOCK,
  MAX_VARIANTS,
  planGrid,
  sizeNameSchema,
  skuConflicts,
  toAdminVariant,
  variantInputSchema,
  writeGrid,
  type AdminVariant,
  type GridChange,
} from './product-grid';
import {
  findProductUpload,
  productImageInputSchema,
  productImagesOf,
  resolveProductImages,
  saveProductImageFromUrl,
  writeProductImages,
  type ProductUpload,
} from './product-images';

export { MAX_STOCK };

/** SPEC.md section 5's messages for the Add Product form and a product row's inline edit. */
export const productMessages = {
  createRequired: 'Please fill in all required fields and ensure stock is greater than zero.',
  editRequired: 'Please fill in required fields: name, price, stock.',
  invalidImageUrl: 'Please provide a valid image URL.',
  deleteConfirm: 'Are you sure you want to delete this product?',
  noProducts: 'No products found.',
} as const;

export const MAX_PRODUCT_IMAGES = 8;
export const ADMIN_PRODUCTS_PAGE_SIZE = 20;

export const productStatuses = ['active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];
export const productStockFilters = ['in_stock', 'low_stock', 'out_of_stock'] as const;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const adminProductQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(100).default('')),
  category: z.preprocess(blankToUndefined, z.string().trim().max(80).default('')),
  stock: z.preprocess(blankToUndefined, z.enum(productStockFilters).optional()),
  /** Active (the shop's), archived (kept for past orders), or all. */
  status: z.preprocess(blankToUndefined, z.enum([...productStatuses, 'all']).default('active')),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
  pageSize: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(100).default(ADMIN_PRODUCTS_PAGE_SIZE),
  ),
});
export type AdminProductQuery = z.output<typeof adminProductQuerySchema>;

/**
 * Reads the list's filters from an address: a value that makes no sense is dropped (its default
 * applies) instead of failing the page; the REST API answers 400 instead.
 */
export function parseAdminProductQuery(params: URLSearchParams): AdminProductQuery {
  const raw = Object.fromEntries(params);
  const parsed = adminProductQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const valid: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw))
    if (adminProductQuerySchema.safeParse({ [key]: value }).success) valid[key] = value;
  return adminProductQuerySchema.parse(valid);
}

export interface AdminProductRow {
  id: number;
  name: string;
  categoryId: string;
  categoryName: string;
  brandName: string | null;
  priceKobo: number;
  originalPriceKobo: number | null;
  stock: number;
  /** By its variants: out when all are out, low when any is out or below 5 while others sell (decision 0035). */
  stockStatus: StockStatus;
  /** Its sizes × colours with exact stock, in the order a shopper sees them. */
  variants: AdminVariant[];
  /** Variants sold out or below their low-stock level (the one rule) while the product still sells. */
  lowVariants: number;
  status: ProductStatus;
  image: ImageRef | null;
  /** Order lines that name it: a product with any is archived, never deleted. */
  orderCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdminProductPage {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** The All Products tab's filter (the list and its export). */
export function adminProductConditions(query: AdminProductQuery, shopLevel: number): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status !== 'all') conditions.push(eq(products.status, query.status));
  if (query.category)
    conditions.push(
      or(
        eq(products.categoryId, query.category),
        inArray(
          products.categoryId,
          sql`(SELECT ${categories.id} FROM ${categories} WHERE ${categories.parentId} = ${query.category})`,
        ),
      ),
    );
  if (query.q) {
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    const like = containsPattern(query.q);
    conditions.push(
      or(ilike(products.name, like), ilike(products.keywords, like), id ? eq(products.id, id) : undefined),
    );
  }
  if (query.stock) conditions.push(productStockIs(query.stock, shopLevel));
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * A product's stock status as the Products tab's filter and the overview count it, per variant
 * (decision 0035), by the one low-stock rule (core/inventory/low-stock.ts): out when every variant is
 * out; low when any is below its level (its own, or else the shop's) while the product still sells;
 * in stock when every variant holds at least its level. gridStockStatus is the same rule on rows.
 */
export function productStockIs(status: (typeof productStockFilters)[number], shopLevel: number): SQL {
  const someVariantLow = sql`EXISTS (SELECT 1 FROM ${productVariants} WHERE ${productVariants.productId} = ${products.id} AND ${variantIsLowSql(shopLevel)})`;
  if (status === 'out_of_stock') return sql`${products.stock} <= 0`;
  if (status === 'low_stock') return sql`(${products.stock} >= 1 AND ${someVariantLow})`;
  return sql`(${products.stock} >= 1 AND NOT ${someVariantLow})`;
}

const orderCountSql = sql<number>`(SELECT count(*)::int FROM ${orderLines} WHERE ${orderLines.productId} = ${products.id})`;

const rowColumns = {
  id: products.id,
  name: products.name,
  categoryId: products.categoryId,
  categoryName: categories.name,
  brandName: brands.name,
  priceKobo: products.priceKobo,
  originalPriceKobo: products.originalPriceKobo,
  stock: products.stock,
  status: products.status,
  orderCount: orderCountSql,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
};

function rowsFrom(db: DbOrTx) {
  return db
    .select(rowColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId));
}

type RawRow = Awaited<ReturnType<ReturnType<typeof rowsFrom>['where']>>[number];

async function toRows(db: DbOrTx, rows: RawRow[]): Promise<AdminProductRow[]> {
  const ids = rows.map((row) => row.id);
  const [images, variants, shopLevel] = await Promise.all([
    leadImages(db, ids),
    variantsOf(db, ids),
    shopLowStockLevel(db),
  ]);
  return rows.map((row) => ({
    ...row,
    orderCount: Number(row.orderCount),
    stockStatus: gridStockStatus(variants.get(row.id) ?? [], row.stock, shopLevel),
    variants: (variants.get(row.id) ?? []).map(toAdminVariant),
    lowVariants: row.stock > 0 ? lowVariantCount(variants.get(row.id) ?? [], shopLevel) : 0,
    image: images.get(row.id) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Every product the admin may manage, newest first: searched by name, category, brand or id, and filtered. */
export async function listAdminProducts(db: DbOrTx, raw: unknown): Promise<AdminProductPage> {
  const parsed = adminProductQuerySchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues)
      fields[issue.path.map(String).join('.') || 'query'] ??= issue.message;
    throw new AppError('BAD_REQUEST', 'The filters are not valid.', fields);
  }
  const query = parsed.data;
  const where = adminProductConditions(query, await shopLowStockLevel(db));
  const [rows, totals] = await Promise.all([
    rowsFrom(db)
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const total = totals[0]?.total ?? 0;
  return {
    items: await toRows(db, rows),
    total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

export async function getAdminProduct(db: DbOrTx, id: number): Promise<AdminProductRow> {
  const [row] = await toRows(db, await rowsFrom(db).where(eq(products.id, id)));
  if (!row) throw new AppError('NOT_FOUND', 'Product not found');
  return row;
}

/** Everything the product editor shows and changes. */
export interface AdminProductEditor {
  product: AdminProductRow;
  description: string;
  brandId: string | null;
  isNew: boolean;
  isHot: boolean;
  freeShipping: boolean;
  specs: { name: string; value: string }[];
  sizes: string[];
  colors: ColorOption[];
  images: (Omit<ImageRef, 'alt'> & { alt: string })[];
  /** The shop's low-stock level: a size's own is blank when it is this. */
  shopLowStockLevel: number;
  /** Each size's units at each location (decision 0068); the grid shows them when there are two or more. */
  levels: ProductLevels;
}

export async function getAdminProductEditor(db: DbOrTx, rawId: unknown): Promise<AdminProductEditor> {
  const id = productIdOf(rawId);
  const [row] = await db.select().from(products).where(eq(products.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'Product not found');
  const [product, images, shopLevel, levels] = await Promise.all([
    getAdminProduct(db, id),
    productImagesOf(db, id),
    shopLowStockLevel(db),
    productLevels(db, id),
  ]);
  return {
    product,
    shopLowStockLevel: shopLevel,
    levels,
    description: row.description,
    brandId: row.brandId,
    isNew: row.isNew,
    isHot: row.isHot,
    freeShipping: row.freeShipping,
    specs: Object.entries(row.specs).map(([name, value]) => ({ name, value })),
    sizes: row.sizes,
    colors: row.colors,
    images: images.map((image) => ({
      key: image.key,
      widths: image.widths,
      width: image.width,
      height: image.height,
      alt: image.alt,
      colorName: image.colorName,
    })),
  };
}

export interface ProductCategoryOption {
  id: string;
  name: string;
  sizes: string[];
  colors: ColorOption[];
}

export interface ProductDepartment {
  id: string;
  name: string;
  categories: ProductCategoryOption[];
  brands: { id: string; name: string }[];
}

/** The shop's category tree for the product forms: departments, their categories with the sizes and colours that fit, and brands. */
export async function listProductDepartments(db: DbOrTx): Promise<ProductDepartment[]> {
  const [categoryRows, brandRows] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
    db.select().from(brands).orderBy(asc(brands.name)),
  ]);
  return categoryRows
    .filter((row) => row.parentId === null)
    .map((department) => ({
      id: department.id,
      name: department.name,
      categories: categoryRows
        .filter((row) => row.parentId === department.id)
        .map((row) => ({ id: row.id, name: row.name, sizes: row.sizes, colors: row.colors })),
      brands: brandRows
        .filter((brand) => brand.departmentId === department.id)
        .map((brand) => ({ id: brand.id, name: brand.name })),
    }));
}

// ---------------------------------------------------------------------------------------------
// Input schemas. Form values arrive as strings and API values as JSON; both go through these.

const text = (required: string, max: number) =>
  z.string({ error: required }).trim().min(1, required).max(max, `Use at most ${max} characters.`);

/** A number field: '' or null is missing (never 0, which is what Number('') would make it). */
const numberField = (required: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? Number.NaN : value),
    z.coerce.number({ error: required }).refine(Number.isFinite, required),
  );

const naira = (required: string) =>
  numberField(required)
    .pipe(z.number().max(MAX_PRICE_NAIRA, 'That price is too high.'))
    .refine(hasWholeKobo, 'Use at most two decimals.');

const stockField = (min: number, message: string) =>
  numberField('Enter the stock as a whole number.')
    .pipe(
      z
        .number()
        .int('Enter the stock as a whole number.')
        .max(MAX_STOCK, 'That is more stock than the shop can hold.'),
    )
    .refine((value) => value >= min, message);

const flag = z.preprocess(
  (value) =>
    value === 'on' || value === 'true' || value === '1'
      ? true
      : value === 'false' || value === ''
        ? false
        : value,
  z.boolean().optional(),
);

/** A form's one value or many as a list; nothing as the empty list. */
const listOf = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? []
    : Array.isArray(value)
      ? (value as unknown[])
      : [value];

const list = (max: number, message: string) =>
  z.preprocess(listOf, z.array(z.string().trim().min(1).max(200)).max(max, message));

const optionalOriginalPrice = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  naira('Enter the original price in naira, or leave it empty.')
    .pipe(z.number().positive('The original price must be more than ₦0.'))
    .nullable(),
);

/** Specifications as the editor lists them: name and value rows, each name once. */
const specsField = z
  .array(
    z.object({
      name: z.string({ error: 'Name the specification.' }).trim().min(1, 'Name the specification.').max(60),
      value: z.string({ error: 'Give its value.' }).trim().min(1, 'Give its value.').max(500),
    }),
  )
  .max(MAX_OPTIONS, `Keep at most ${MAX_OPTIONS} specifications.`);

const variantsField = z
  .array(variantInputSchema)
  .min(1, 'Keep at least one size and colour in the grid.')
  .max(MAX_VARIANTS, `Keep at most ${MAX_VARIANTS} sizes and colours.`);

export const productCreateSchema = z.object({
  name: text('Enter the product name.', 120),
  description: text('Enter a description.', 5000),
  price: naira('Enter the price in naira.').pipe(z.number().positive('The price must be more than ₦0.')),
  originalPrice: optionalOriginalPrice.optional(),
  /** The total, spread over the sizes and colours; or leave it out and give the grid (`variants`). */
  stock: z.preprocess(
    (value) => (value === '' ? undefined : value),
    stockField(1, 'Stock must be greater than zero.').optional(),
  ),
  category: z.string({ error: 'Choose a category.' }).trim().min(1, 'Choose a category.').max(80),
  brand: z.preprocess(blankToUndefined, z.string().trim().max(80).nullable().optional()),
  /** The category's sizes or the shop's own (free text), in order, as the editor takes them. */
  sizes: z.preprocess(listOf, z.array(sizeNameSchema).max(MAX_OPTIONS, 'Choose at most 30 sizes.')),
  /** Colour names of the category, or the shop's own colours ({ name, hex }), in order. */
  colors: z.preprocess(
    listOf,
    z
      .array(z.union([z.string().trim().min(1).max(200), colorOptionSchema]))
      .max(MAX_OPTIONS, 'Choose at most 30 colours.'),
  ),
  specs: specsField.optional(),
  variants: variantsField.optional(),
  images: list(MAX_PRODUCT_IMAGES, `Add at most ${MAX_PRODUCT_IMAGES} images.`),
  imageUrl: z.preprocess(
    blankToUndefined,
    z.string().trim().max(2000, productMessages.invalidImageUrl).optional(),
  ),
  isNew: flag,
  isHot: flag,
  freeShipping: flag,
});
export type ProductCreateInput = z.input<typeof productCreateSchema>;

export const productUpdateSchema = z.object({
  name: text('Enter the product name.', 120).optional(),
  description: text('Enter a description.', 5000).optional(),
  price: naira('Enter the price in naira.')
    .pipe(z.number().positive('The price must be more than ₦0.'))
    .optional(),
  originalPrice: optionalOriginalPrice.optional(),
  stock: stockField(0, 'Stock cannot be below zero.').optional(),
  category: z.string().trim().min(1, 'Choose a category.').max(80).optional(),
  /** '' or null: no brand. */
  brand: z.preprocess(
    (value) => (value === '' ? null : value),
    z.string().trim().max(80).nullable().optional(),
  ),
  status: z.enum(productStatuses, { error: 'Status is active or archived.' }).optional(),
  isNew: flag,
  isHot: flag,
  freeShipping: flag,
  specs: specsField.optional(),
  /** The shop's own sizes, in order (free text). */
  sizes: z.array(sizeNameSchema).max(MAX_OPTIONS, 'Keep at most 30 sizes.').optional(),
  /** The shop's own colours, in order. */
  colors: z.array(colorOptionSchema).max(MAX_OPTIONS, 'Keep at most 30 colours.').optional(),
  /** The whole grid: rows left out are removed. */
  variants: variantsField.optional(),
  /** The whole photo list, in order: upload ids or the product's own photos, with their colours. */
  images: z
    .array(productImageInputSchema)
    .min(1, 'Keep at least one photo.')
    .max(MAX_PRODUCT_IMAGES, `Add at most ${MAX_PRODUCT_IMAGES} images.`)
    .optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

const CREATE_REQUIRED = new Set(['name', 'description', 'price', 'stock']);
const EDIT_REQUIRED = new Set(['name', 'price', 'stock']);

/** Lists whose items are named one by one: `variants[3].sku`, `images[0].color`. */
const ITEM_LISTS = new Set(['variants', 'images', 'colors', 'sizes', 'specs']);

function fieldErrors(issues: z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const first = String(issue.path[0] ?? 'body');
    const name = ITEM_LISTS.has(first) && issue.path.length > 1 ? cellName(issue.path) : first;
    fields[name] ??= issue.message;
  }
  return fields;
}

/** A list item's message as a headline: 'Row 4 of the grid: Stock cannot be below zero.' */
function headline(name: string, message: string): string {
  const row = /^(variants|images|colors|sizes|specs)\[(\d+)\]/.exec(name);
  if (!row) return message;
  const where = {
    variants: 'of the grid',
    images: 'of the photos',
    colors: 'of the colours',
    sizes: 'of the sizes',
    specs: 'of the specifications',
  }[row[1] as 'variants'];
  return `${row[1] === 'variants' || row[1] === 'specs' ? 'Row' : 'Item'} ${Number(row[2]) + 1} ${where}: ${message}`;
}

/** The form's headline: SPEC's message when a required field is wrong, else the first field's own. */
function invalid(
  fields: FieldErrors,
  required: Set<string>,
  requiredMessage: string,
  code: 'BAD_REQUEST' | 'UNPROCESSABLE' = 'BAD_REQUEST',
): AppError {
  const names = Object.keys(fields);
  if (names.some((name) => required.has(name))) return new AppError(code, requiredMessage, fields);
  if (fields.imageUrl === productMessages.invalidImageUrl)
    return new AppError(code, productMessages.invalidImageUrl, fields);
  const first = names[0];
  return new AppError(
    code,
    first ? headline(first, fields[first] ?? 'The product is not valid.') : 'The product is not valid.',
    fields,
  );
}

/**
 * A product body that breaks the API's schema (server/api/admin/products.ts), told as the form tells
 * it: SPEC's headline when a required field is at fault, else the first field's own message.
 */
export function productInputError(fields: FieldErrors, kind: 'create' | 'edit'): AppError {
  return kind === 'create'
    ? invalid(fields, CREATE_REQUIRED, productMessages.createRequired)
    : invalid(fields, EDIT_REQUIRED, productMessages.editRequired);
}

function parse<Schema extends z.ZodType>(
  schema: Schema,
  raw: unknown,
  required: Set<string>,
  message: string,
) {
  const parsed = schema.safeParse(raw ?? {});
  if (!parsed.success) throw invalid(fieldErrors(parsed.error.issues), required, message);
  return parsed.data;
}

const toKobo = nairaToKobo;

async function findCategory(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

async function findBrand(db: DbOrTx, id: string, departmentId: string | null) {
  const [row] = await db
    .select({ id: brands.id, departmentId: brands.departmentId })
    .from(brands)
    .where(eq(brands.id, id));
  return row && (departmentId === null || row.departmentId === departmentId) ? row : null;
}

export interface ProductServices {
  db: Db;
  uploadDir: string;
}

export interface CreatedProduct {
  product: AdminProductRow;
  /** Where the shop shows it. */
  url: string;
}

/**
 * Adds a product to the shop: checked, its photos resolved (uploads by id, or a URL fetched and
 * stored), inserted with its images and search keywords, and recorded in the audit log, all at once.
 */
export async function createProduct(
  services: ProductServices,
  raw: unknown,
  actor: AuditActor,
  options: { imageUrlTimeoutMs?: number } = {},
): Promise<CreatedProduct> {
  const { db, uploadDir } = services;
  const parsed = productCreateSchema.safeParse(raw ?? {});
  const fields: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (!parsed.success) throw invalid(fields, CREATE_REQUIRED, productMessages.createRequired);
  const input = parsed.data;

  const category = await findCategory(db, input.category);
  if (!category) fields.category = 'Choose a category from the list.';
  const facets: { sizes: string[]; colors: ColorOption[] } = category
    ? await getCategoryFacets(db, category.id)
    : { sizes: [], colors: [] };
  // Sizes and colours are the category's or the shop's own, as in the editor (core/catalog/product-grid.ts):
  // a colour named without its hex must be one of the category's, and each is listed once.
  const duplicateSize = duplicateOption(input.sizes);
  if (duplicateSize) fields.sizes = `${duplicateSize} is listed twice.`;
  const colors = input.colors.map((entry) =>
    typeof entry === 'string'
      ? facets.colors.find((color) => color.name.toLowerCase() === entry.toLowerCase())
      : entry,
  );
  const badColor = input.colors.find((_, index) => !colors[index]);
  if (category && typeof badColor === 'string')
    fields.colors = `${badColor} is not a colour of ${category.name}: give its hex (#RRGGBB) to add it.`;
  const duplicateColor = duplicateOption(colors.flatMap((color) => (color ? [color.name] : [])));
  if (duplicateColor) fields.colors ??= `${duplicateColor} is listed twice.`;
  const specs = input.specs ? specsObject(input.specs, fields) : {};
  if (input.stock === undefined && !input.variants) fields.stock = 'Enter the stock as a whole number.';
  const gridTotal = input.variants?.reduce((sum, row) => sum + row.stock, 0);
  if (gridTotal !== undefined) {
    if (gridTotal < 1) fields.variants = 'Put stock on at least one size and colour.';
    else if (input.stock !== undefined && input.stock !== gridTotal)
      fields.stock = `The stock is the sum of the sizes and colours (${gridTotal}).`;
  }
  const departmentId = category?.parentId ?? category?.id ?? null;
  const brand = input.brand ? await findBrand(db, input.brand, departmentId) : null;
  if (input.brand && !brand) fields.brand = 'Choose a brand of this department.';
  if (input.originalPrice != null && input.originalPrice <= input.price)
    fields.originalPrice = 'The original price must be higher than the price.';

  const uploads: ProductUpload[] = [];
  for (const id of [...new Set(input.images)]) {
    const upload = await findProductUpload(uploadDir, id);
    if (!upload) {
      fields.images = 'An image was not found. Please upload it again.';
      break;
    }
    uploads.push(upload);
  }
  if (!input.imageUrl && input.images.length === 0)
    fields.images = 'Add at least one image: upload a photo or give its URL.';
  // What is left is the shop's rules (its categories, sizes, colours, brands, uploads): 422, not the shape.
  if (Object.keys(fields).length > 0)
    throw invalid(fields, CREATE_REQUIRED, productMessages.createRequired, 'UNPROCESSABLE');

  if (input.imageUrl) {
    if (uploads.length >= MAX_PRODUCT_IMAGES)
      throw invalid(
        { images: `Add at most ${MAX_PRODUCT_IMAGES} images.` },
        CREATE_REQUIRED,
        '',
        'UNPROCESSABLE',
      );
    uploads.push(
      await saveProductImageFromUrl(uploadDir, input.imageUrl, { timeoutMs: options.imageUrlTimeoutMs }),
    );
  }

  const stock = input.stock ?? gridTotal ?? 0;
  const id = await db
    .transaction(async (tx) => {
      // Its first units are the ledger's first rows for it (decision 0067).
      await stockCause(tx, { reason: 'edit', actorId: actor.id, note: 'New product' });
      const [row] = await tx
        .insert(products)
        .values({
          name: input.name,
          description: input.description,
          categoryId: input.category,
          brandId: brand?.id ?? null,
          priceKobo: toKobo(input.price),
          originalPriceKobo: input.originalPrice == null ? null : toKobo(input.originalPrice),
          colors: colors.filter((color): color is ColorOption => color !== undefined),
          sizes: [...new Set(input.sizes)],
          specs,
          // With a grid the database makes it empty, then the grid is written; without, it spreads the stock.
          stock: input.variants ? 0 : stock,
          isNew: input.isNew ?? true,
          isHot: input.isHot ?? false,
          freeShipping: input.freeShipping ?? false,
        })
        .returning({ id: products.id, sizes: products.sizes, colors: products.colors });
      const productId = row!.id;
      if (input.variants) {
        const current = await lockVariants(tx, productId);
        const plan = planGrid(
          { sizes: row!.sizes, colors: row!.colors, variants: current },
          { variants: input.variants },
        );
        const errors = { ...plan.errors, ...(plan.rows ? await skuConflicts(tx, productId, plan.rows) : {}) };
        if (Object.keys(errors).length > 0)
          throw invalid(errors, new Set(), productMessages.createRequired, 'UNPROCESSABLE');
        await writeGrid(
          tx,
          productId,
          current,
          { rows: plan.rows ?? [], removed: plan.removed },
          { reason: 'edit', actorId: actor.id, note: 'New product' },
        );
      }
      await tx.insert(productImages).values(
        uploads.map((upload, position) => ({
          productId,
          position,
          key: upload.key,
          widths: upload.widths,
          width: upload.width,
          height: upload.height,
          alt: position === 0 ? input.name : `${input.name}, view ${position + 1}`,
        })),
      );
      await refreshProductKeywords(tx, [productId]);
      await recordAdminAction(tx, actor, {
        action: 'product.create',
        entityType: 'product',
        entityId: productId,
        summary: `Added ${input.name} at ${formatNaira(toKobo(input.price))}, ${stock} in stock`,
        before: null,
        after: {
          name: input.name,
          priceKobo: toKobo(input.price),
          originalPriceKobo: input.originalPrice == null ? null : toKobo(input.originalPrice),
          stock,
          categoryId: input.category,
          brandId: brand?.id ?? null,
          sizes: [...new Set(input.sizes)],
          colors: colors.flatMap((color) => (color ? [color.name] : [])),
          images: uploads.map((upload) => upload.key),
        },
      });
      return productId;
    })
    .catch(skuTaken);
  return { product: await getAdminProduct(db, id), url: `/product/${id}` };
}

const auditedFields = [
  'name',
  'description',
  'priceKobo',
  'originalPriceKobo',
  'categoryId',
  'brandId',
  'status',
  'isNew',
  'isHot',
  'freeShipping',
] as const;
type AuditedField = (typeof auditedFields)[number];

const fieldLabels: Record<AuditedField, string> = {
  name: 'name',
  description: 'description',
  priceKobo: 'price',
  originalPriceKobo: 'original price',
  categoryId: 'category',
  brandId: 'brand',
  status: 'status',
  isNew: 'new',
  isHot: 'hot',
  freeShipping: 'free shipping',
};

function describeValue(field: AuditedField, value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (field === 'priceKobo' || field === 'originalPriceKobo') return formatNaira(Number(value));
  // An audited field holds a string, a number or a boolean; JSON writes the last two as String would.
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (field === 'description') return `${text.slice(0, 30)}…`;
  return text;
}

/** Specification rows as the product stores them (name → value); a name given twice is refused. */
function specsObject(rows: { name: string; value: string }[], fields: FieldErrors): Record<string, string> {
  const specs: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    if (seen.has(row.name.toLowerCase())) fields[`specs[${index}].name`] ??= `${row.name} is listed twice.`;
    seen.add(row.name.toLowerCase());
    specs[row.name] = row.value;
  }
  return specs;
}

/** Another save took a SKU between this one's check and its write: told as a conflict, never a 500. */
function skuTaken(error: unknown): never {
  if (isUniqueViolation(error, 'product_variants_sku'))
    throw new AppError(
      'CONFLICT',
      'A SKU in the grid was just taken by another product. Please check the grid and save again.',
    );
  throw error;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What an update changed: the product's own fields, and 'stock', 'variants', 'sizes', 'colors', 'specs', 'images'. */
export type ChangedPart = AuditedField | 'stock' | 'variants' | 'sizes' | 'colors' | 'specs' | 'images';

export interface UpdatedProduct {
  product: AdminProductRow;
  changed: ChangedPart[];
}

/**
 * Changes a product (the inline edit, the editor, or PATCH): only the parts given, each checked,
 * all written in one transaction or none; the parts that changed are recorded before and after in
 * one activity-log entry (a grid's as 'M / Olive stock 3 → 0'). The shop reads products live, so it
 * follows at once. New photos are looked up in `uploadDir`.
 */
export async function updateProduct(
  db: Db,
  rawId: unknown,
  raw: unknown,
  actor: AuditActor,
  options: { uploadDir?: string } = {},
): Promise<UpdatedProduct> {
  const id = productIdOf(rawId);
  const input = parse(productUpdateSchema, raw, EDIT_REQUIRED, productMessages.editRequired);
  const changed = await db
    .transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', 'Product not found');
      const variants = await lockVariants(tx, id);
      await stockCause(tx, { reason: 'edit', actorId: actor.id });
      const fields: FieldErrors = {};
      const next: Partial<Record<AuditedField, unknown>> = {};
      if (input.name !== undefined) next.name = input.name;
      if (input.description !== undefined) next.description = input.description;
      if (input.price !== undefined) next.priceKobo = toKobo(input.price);
      if (input.originalPrice !== undefined)
        next.originalPriceKobo = input.originalPrice === null ? null : toKobo(input.originalPrice);
      if (input.status !== undefined) next.status = input.status;
      if (input.isNew !== undefined) next.isNew = input.isNew;
      if (input.isHot !== undefined) next.isHot = input.isHot;
      if (input.freeShipping !== undefined) next.freeShipping = input.freeShipping;
      let departmentId: string | null = null;
      if (input.category !== undefined) {
        const category = await findCategory(tx, input.category);
        if (!category) fields.category = 'Choose a category from the list.';
        else {
          next.categoryId = category.id;
          departmentId = category.parentId ?? category.id;
        }
      }
      if (input.brand !== undefined) {
        if (input.brand === null) next.brandId = null;
        else {
          if (!departmentId) {
            const category = await findCategory(tx, current.categoryId);
            departmentId = category?.parentId ?? category?.id ?? null;
          }
          const brand = await findBrand(tx, input.brand, departmentId);
          if (!brand) fields.brand = 'Choose a brand of this department.';
          else next.brandId = brand.id;
        }
      }
      const price = (next.priceKobo as number | undefined) ?? current.priceKobo;
      const original =
        next.originalPriceKobo !== undefined
          ? (next.originalPriceKobo as number | null)
          : current.originalPriceKobo;
      if (
        original !== null &&
        original <= price &&
        (next.priceKobo !== undefined || next.originalPriceKobo !== undefined)
      )
        fields.originalPrice = 'The original price must be higher than the price.';

      const specs = input.specs ? specsObject(input.specs, fields) : undefined;

      // The grid: sizes, colours, variants and the old single stock figure (decision 0035).
      const gridTouched =
        input.sizes !== undefined ||
        input.colors !== undefined ||
        input.variants !== undefined ||
        input.stock !== undefined;
      const plan = gridTouched
        ? planGrid(
            { sizes: current.sizes, colors: current.colors, variants },
            { sizes: input.sizes, colors: input.colors, variants: input.variants, stock: input.stock },
          )
        : null;
      if (plan) {
        Object.assign(fields, plan.errors);
        if (plan.rows) {
          Object.assign(fields, await skuConflicts(tx, id, plan.rows));
          // A SKU kept by one variant and given to another in the same grid.
          const byId = new Map(variants.map((row) => [row.id, row]));
          const finals = new Map<string, number>();
          for (const [index, row] of plan.rows.entries()) {
            const sku = row.sku ?? (row.id === null ? null : (byId.get(row.id)?.sku ?? null));
            if (!sku) continue;
            const other = finals.get(sku);
            if (other !== undefined && input.variants)
              fields[`variants[${row.sku ? index : other}].sku`] ??= `${sku} is used twice in the grid.`;
            finals.set(sku, index);
          }
        }
      }
      const colorNames = (plan?.colors ?? current.colors).map((color) => color.name);
      const images = input.images
        ? await resolveProductImages(
            tx,
            options.uploadDir,
            id,
            input.images,
            colorNames,
            (next.name as string | undefined) ?? current.name,
          )
        : null;
      if (images) Object.assign(fields, images.errors);
      if (Object.keys(fields).length > 0)
        throw invalid(fields, new Set(), productMessages.editRequired, 'UNPROCESSABLE');

      const changes = auditedFields.filter((field) => field in next && next[field] !== current[field]);
      const parts: ChangedPart[] = [...changes];
      const summary = changes.map((field) =>
        field === 'description'
          ? 'description changed'
          : `${fieldLabels[field]} ${describeValue(field, current[field])} → ${describeValue(field, next[field])}`,
      );
      const before: Record<string, unknown> = Object.fromEntries(
        changes.map((field) => [field, current[field]]),
      );
      const after: Record<string, unknown> = Object.fromEntries(changes.map((field) => [field, next[field]]));
      const set: Partial<typeof products.$inferInsert> = Object.fromEntries(
        changes.map((field) => [field, next[field]]),
      );
      if (specs && !sameJson(specs, current.specs)) {
        set.specs = specs;
        parts.push('specs');
        summary.push('specifications changed');
        before.specs = current.specs;
        after.specs = specs;
      }
      if (plan && input.sizes && !sameJson(plan.sizes, current.sizes)) {
        set.sizes = plan.sizes;
        parts.push('sizes');
        summary.push(`sizes ${current.sizes.join(', ') || 'none'} → ${plan.sizes.join(', ') || 'none'}`);
        before.sizes = current.sizes;
        after.sizes = plan.sizes;
      }
      if (plan && input.colors && !sameJson(plan.colors, current.colors)) {
        set.colors = plan.colors;
        parts.push('colors');
        const names = (list: ColorOption[]) => list.map((color) => color.name).join(', ') || 'none';
        summary.push(`colours ${names(current.colors)} → ${names(plan.colors)}`);
        before.colors = current.colors;
        after.colors = plan.colors;
      }
      if (Object.keys(set).length > 0)
        await tx
          .update(products)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(products.id, id));

      let grid: GridChange | null = null;
      if (plan?.rows) {
        const total = plan.rows.reduce((sum, row) => sum + row.stock, 0);
        grid = await writeGrid(
          tx,
          id,
          variants,
          { rows: plan.rows, removed: plan.removed },
          { reason: 'edit', actorId: actor.id },
        );
        const oneStock = input.stock !== undefined && !input.variants && !plan.optionsChanged;
        if (total !== current.stock) {
          parts.push('stock');
          before.stock = current.stock;
          after.stock = total;
        }
        if (oneStock) {
          if (total !== current.stock) summary.push(`stock ${current.stock} → ${total}`);
        } else if (grid.summary.length > 0) {
          parts.push('variants');
          summary.push(...grid.summary);
          Object.assign(before, grid.before);
          Object.assign(after, grid.after);
        }
      }

      const imageKeys = await tx
        .select({ key: productImages.key, color: productImages.colorName })
        .from(productImages)
        .where(eq(productImages.productId, id))
        .orderBy(asc(productImages.position));
      if (images) {
        const nextKeys = images.images.map((image) => ({ key: image.key, color: image.colorName ?? null }));
        if (!sameJson(nextKeys, imageKeys)) {
          await writeProductImages(tx, id, images.images);
          parts.push('images');
          summary.push(`photos changed (${imageKeys.length} → ${nextKeys.length})`);
          before.images = imageKeys.map((image) =>
            image.color ? `${image.key} (${image.color})` : image.key,
          );
          after.images = nextKeys.map((image) => (image.color ? `${image.key} (${image.color})` : image.key));
        }
      } else if (set.colors) {
        // Photos of a colour the product no longer sells show for every colour.
        const kept = new Set(colorNames);
        const orphaned = imageKeys.filter((image) => image.color && !kept.has(image.color));
        if (orphaned.length > 0)
          await tx
            .update(productImages)
            .set({ colorName: null })
            .where(
              and(
                eq(productImages.productId, id),
                inArray(
                  productImages.key,
                  orphaned.map((image) => image.key),
                ),
              ),
            );
      }

      if (parts.length === 0) return [];
      if (Object.keys(set).length === 0)
        await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, id));
      if (changes.includes('categoryId') || changes.includes('brandId') || set.colors)
        await refreshProductKeywords(tx, [id]);
      const archiving = changes.includes('status') && next.status === 'archived';
      await recordAdminAction(tx, actor, {
        action: archiving && parts.length === 1 ? 'product.archive' : 'product.update',
        entityType: 'product',
        entityId: id,
        summary: `${(next.name as string | undefined) ?? current.name}: ${summary.join(', ')}`,
        before,
        after,
      });
      return parts;
    })
    .catch(skuTaken);
  return { product: await getAdminProduct(db, id), changed };
}

export interface RemovedProduct {
  id: number;
  name: string;
  /** archived: it is in past orders, so it stays for their history but leaves the shop; deleted: gone. */
  outcome: 'archived' | 'deleted';
  orderCount: number;
}

function productIdOf(raw: unknown): number {
  const parsed = z.coerce.number().int().positive().max(2_147_483_647).safeParse(raw);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'Product not found');
  return parsed.data;
}

/**
 * 'Delete' as the admin means it: a product that appears in any order is archived (hidden from
 * the shop, kept for the order history); one that never sold is deleted with its images and
 * reviews. The row is locked first, so an order placed at the same moment is either counted or
 * refused, never left pointing at nothing.
 */
export async function removeProduct(db: Db, rawId: unknown, actor: AuditActor): Promise<RemovedProduct> {
  const id = productIdOf(rawId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Product not found');
    const [lines] = await tx.select({ total: count() }).from(orderLines).where(eq(orderLines.productId, id));
    const orderCount = lines?.total ?? 0;
    const snapshot = {
      name: current.name,
      status: current.status,
      priceKobo: current.priceKobo,
      stock: current.stock,
      categoryId: current.categoryId,
    };
    if (orderCount > 0) {
      if (current.status !== 'archived') {
        await tx
          .update(products)
          .set({ status: 'archived', updatedAt: new Date() })
          .where(eq(products.id, id));
        await recordAdminAction(tx, actor, {
          action: 'product.archive',
          entityType: 'product',
          entityId: id,
          summary: `Archived ${current.name}: in ${orderCount} order ${orderCount === 1 ? 'line' : 'lines'}, kept for their history`,
          before: { status: current.status },
          after: { status: 'archived' },
        });
      }
      return { id, name: current.name, outcome: 'archived', orderCount };
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAdminAction(tx, actor, {
      action: 'product.delete',
      entityType: 'product',
      entityId: id,
      summary: `Deleted ${current.name} (never ordered)`,
      before: snapshot,
      after: null,
    });
    return { id, name: current.name, outcome: 'deleted', orderCount: 0 };
  });
}
