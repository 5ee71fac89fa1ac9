import { stockCause } from '../inventory/cause';
import { lockStock } from '../inventory/lock-stock';
import { makeCounted } from '../inventory/make-counted';
import { setCounts } from '../inventory/set-counts';
import { sql } from 'drizzle-orm';
import type { ColorOption } from '../../contracts/catalog';
import { MAX_PRICE_NAIRA } from '../../contracts/limits';
import { exactKobo } from '../../contracts/money';
import {
  DEFAULT_IMPORT_VARIANTS,
  IMPORT_MAX_ROWS,
  IMPORT_REPORT_LIMIT,
  importColumns,
  type ImportColumn,
  type ImportCombination,
  type ImportProductSummary,
  type ImportReport,
  type ImportRowError,
  type ImportVariantChoice,
} from '../../contracts/product-import';
import type { Db, DbOrTx } from '../../db/client';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { refreshProductKeywords } from './refresh-product-keywords';
import { variantLabel } from '../../contracts/catalog';
import { optionOf } from './variants';
import { AppError } from '../errors';
import { isUniqueViolation } from '../unique-violation';
import { CsvSyntaxError, isBlankRecord, parseCsv, type CsvRecord } from '../csv/read-csv';
import { productExportColumns } from './product-csv-columns';
import { findProductUpload, UPLOAD_ID_PATTERN } from './product-images';
import { MAX_PRODUCT_IMAGES, MAX_STOCK } from './manage-products';

/**
 * The products CSV import (decision 0033). One row per variant; the rows of one product are grouped
 * by its `product id`, else its `handle`, else its name, and a row naming only a SKU the shop has
 * belongs to that SKU's product. Every row is checked against the same rules as the admin's grid
 * before anything is written; then the whole file is applied in one transaction of a few set-based
 * statements, or nothing is.
 */

export interface ImportServices {
  db: Db;
  uploadDir: string;
}

export interface ImportOptions {
  dryRun: boolean;
  actor: AuditActor;
  /**
   * 'rows' (the default): each row of the file becomes a variant, and no other size × colour is made.
   * 'grid': a product's sizes × colours are filled, the cells no row names at 0 units.
   */
  variants?: ImportVariantChoice | undefined;
}

/**
 * What the route answers: `file` when the file as a whole can't be read (400), `rows` when some rows
 * break the shop's rules (a check's 200, an import's 422), null when it is clean.
 */
export interface ImportOutcome {
  report: ImportReport;
  problem: 'file' | 'rows' | null;
}

const MAX_NAME = 120;
const MAX_DESCRIPTION = 5000;
const MAX_OPTION = 40;
const MAX_COLOUR = 60;
const MAX_SKU = 64;
const SKU_PATTERN = /^[A-Z0-9][A-Z0-9._/-]*$/;
const HEX_PATTERN = /^#?([0-9a-fA-F]{6})$/;
/** Cells an export wrote with a leading ' so a spreadsheet shows them as typed (core/csv/write-csv.ts). */
const FORMULA_GUARDED = /^'[=+\-@\t\r]/;
// eslint-disable-next-line no-control-regex -- a cell holds no control character but tab and line breaks
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const normalizeHeader = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
/** The products export's read-only columns, by their normalized names. */
const exportedFigures = new Set<string>(productExportColumns.readOnly.map((name) => normalizeHeader(name)));

/** A header's spellings: the template's, and those of other shops' exports a Nigerian owner may hold. */
const HEADER_ALIASES: Record<string, ImportColumn> = {
  ...Object.fromEntries(importColumns.map((column) => [normalizeHeader(column), column])),
  id: 'product id',
  productid: 'product id',
  title: 'name',
  productname: 'name',
  body: 'description',
  categoryid: 'category',
  color: 'colour',
  colorhex: 'colour hex',
  colourcode: 'colour hex',
  colorcode: 'colour hex',
  variantsku: 'sku',
  quantity: 'stock',
  inventory: 'stock',
  compareatprice: 'original price',
  image: 'image url',
  imageurl: 'image url',
  isnew: 'new',
  ishot: 'hot',
};

// ---------------------------------------------------------------------------------------------
// Reading the file

interface RowInput {
  row: number;
  handle: string;
  productId: number | null;
  name: string;
  description: string;
  category: string;
  brand: string;
  /** Kobo; null: not given. */
  price: number | null;
  originalPrice: number | null;
  size: string;
  colour: string;
  colourHex: string | null;
  sku: string;
  stock: number | null;
  variantPrice: number | null;
  imageUrl: string;
  isNew: boolean | null;
  isHot: boolean | null;
  freeShipping: boolean | null;
}

class RowErrors {
  readonly list: ImportRowError[] = [];
  private readonly rows = new Set<number>();
  private readonly cells = new Set<string>();
  // An ImportColumn or another name of the row's cell: any string.
  add(row: number, column: string | undefined, message: string) {
    this.list.push(column ? { row, column, message } : { row, message });
    this.rows.add(row);
    if (column) this.cells.add(`${row}:${column}`);
  }
  hasCell(row: number, column: string) {
    return this.cells.has(`${row}:${column}`);
  }
  has(row: number) {
    return this.rows.has(row);
  }
  get count() {
    return this.list.length;
  }
}

function nairaCell(raw: string, errors: RowErrors, row: number, column: ImportColumn): number | null {
  if (raw === '') return null;
  const cleaned = raw.replace(/^₦|^NGN\s*/i, '').replaceAll(',', '');
  const value = /^\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  if (!Number.isFinite(value)) {
    errors.add(row, column, `Enter the ${column} in naira, e.g. 25500 or 25500.50 (found “${raw}”).`);
    return null;
  }
  const kobo = exactKobo(value);
  if (kobo === null) {
    errors.add(row, column, `Use at most two decimals in the ${column}.`);
    return null;
  }
  if (value <= 0) {
    errors.add(row, column, `The ${column} must be more than ₦0.`);
    return null;
  }
  if (value > MAX_PRICE_NAIRA) {
    errors.add(row, column, `That ${column} is too high: at most ₦${MAX_PRICE_NAIRA.toLocaleString('en')}.`);
    return null;
  }
  return kobo;
}

function flagCell(raw: string, errors: RowErrors, row: number, column: ImportColumn): boolean | null {
  const value = raw.toLowerCase();
  if (value === '') return null;
  if (['yes', 'y', 'true', '1'].includes(value)) return true;
  if (['no', 'n', 'false', '0'].includes(value)) return false;
  errors.add(row, column, `Write yes or no in ${column} (found “${raw}”).`);
  return null;
}

function readRow(record: CsvRecord, columns: (ImportColumn | null)[], errors: RowErrors): RowInput | null {
  const { row } = record;
  const cells = new Map<ImportColumn, string>();
  for (const [index, rawValue] of record.fields.entries()) {
    const column = columns[index];
    const value = (FORMULA_GUARDED.test(rawValue) ? rawValue.slice(1) : rawValue).trim();
    if (column === undefined) {
      if (value !== '') {
        errors.add(
          row,
          undefined,
          `This row has more cells than the header has columns (${columns.length}).`,
        );
        return null;
      }
      continue;
    }
    if (column === null) continue;
    if (CONTROL.test(value)) {
      errors.add(row, column, 'Remove the control characters from this cell.');
      continue;
    }
    cells.set(column, value);
  }
  const text = (column: ImportColumn, max: number) => {
    const value = cells.get(column) ?? '';
    if (value.length > max) {
      errors.add(row, column, `Use at most ${max} characters in ${column}.`);
      return '';
    }
    return value;
  };
  const productIdText = cells.get('product id') ?? '';
  let productId: number | null = null;
  if (productIdText !== '') {
    if (/^\d{1,9}$/.test(productIdText) && Number(productIdText) > 0) productId = Number(productIdText);
    else
      errors.add(
        row,
        'product id',
        `“${productIdText}” is not a product id: leave it empty to add a product.`,
      );
  }
  const stockText = cells.get('stock') ?? '';
  let stock: number | null = null;
  if (stockText !== '') {
    const value = /^-?\d+$/.test(stockText) ? Number(stockText) : Number.NaN;
    if (!Number.isInteger(value))
      errors.add(row, 'stock', `Enter the stock as a whole number (found “${stockText}”).`);
    else if (value < 0) errors.add(row, 'stock', 'Stock cannot be below zero.');
    else if (value > MAX_STOCK) errors.add(row, 'stock', 'That is more stock than the shop can hold.');
    else stock = value;
  }
  const skuText = (cells.get('sku') ?? '').toUpperCase();
  let sku = '';
  if (skuText !== '') {
    if (skuText.length > MAX_SKU) errors.add(row, 'sku', `Use at most ${MAX_SKU} characters in a SKU.`);
    else if (!SKU_PATTERN.test(skuText))
      errors.add(
        row,
        'sku',
        'A SKU holds letters, digits and - _ . / only, and starts with a letter or digit.',
      );
    else sku = skuText;
  }
  const hexText = cells.get('colour hex') ?? '';
  let colourHex: string | null = null;
  if (hexText !== '') {
    const match = HEX_PATTERN.exec(hexText);
    if (match) colourHex = `#${match[1]!.toUpperCase()}`;
    else errors.add(row, 'colour hex', `Write the colour as #RRGGBB, e.g. #5A5A36 (found “${hexText}”).`);
  }
  return {
    row,
    handle: text('handle', 200).toLowerCase(),
    productId,
    name: text('name', MAX_NAME),
    description: text('description', MAX_DESCRIPTION),
    category: text('category', 80),
    brand: text('brand', 80),
    price: nairaCell(cells.get('price') ?? '', errors, row, 'price'),
    originalPrice: nairaCell(cells.get('original price') ?? '', errors, row, 'original price'),
    size: text('size', MAX_OPTION),
    colour: text('colour', MAX_COLOUR),
    colourHex,
    sku,
    stock,
    variantPrice: nairaCell(cells.get('variant price') ?? '', errors, row, 'variant price'),
    imageUrl: text('image url', 2000),
    isNew: flagCell(cells.get('new') ?? '', errors, row, 'new'),
    isHot: flagCell(cells.get('hot') ?? '', errors, row, 'hot'),
    freeShipping: flagCell(cells.get('free shipping') ?? '', errors, row, 'free shipping'),
  };
}

interface ReadFile {
  rows: RowInput[];
  dataRows: number;
  fileProblem: boolean;
}

/** Decodes, parses and reads every row; file-wide problems (encoding, header, size) are row 1's. */
function readImportFile(bytes: Uint8Array | string, errors: RowErrors): ReadFile {
  const fail = (row: number, message: string, column?: string): ReadFile => {
    errors.add(row, column, message);
    return { rows: [], dataRows: 0, fileProblem: true };
  };
  let text: string;
  if (typeof bytes === 'string') text = bytes;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      return fail(1, 'The file is not UTF-8 text: save it from your spreadsheet as “CSV UTF-8”.');
    }
  }
  let records: CsvRecord[];
  try {
    records = parseCsv(text, IMPORT_MAX_ROWS + 1);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return fail(error.row, error.message);
    throw error;
  }
  const header = records[0];
  if (!header || isBlankRecord(header))
    return fail(
      1,
      'The file is empty: it needs a header row (download the template) and a row per size and colour.',
    );
  const data = records.slice(1).filter((record) => !isBlankRecord(record));
  if (records.length > IMPORT_MAX_ROWS + 1)
    return fail(
      IMPORT_MAX_ROWS + 2,
      `The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en')} rows: split it into smaller files.`,
    );
  const columns: (ImportColumn | null)[] = [];
  const seen = new Map<ImportColumn, number>();
  let headerBad = false;
  for (const [index, raw] of header.fields.entries()) {
    const name = raw.replace(/^\uFEFF/, '').trim();
    if (name === '') {
      columns.push(null);
      continue;
    }
    const column = HEADER_ALIASES[normalizeHeader(name)];
    // The products export's figures (sold, rating, stock status…) are read, never written: an
    // exported file imports again as it is.
    if (!column && exportedFigures.has(normalizeHeader(name))) {
      columns.push(null);
      continue;
    }
    if (!column) {
      errors.add(1, name, `Unknown column “${name}”. The columns are: ${importColumns.join(', ')}.`);
      headerBad = true;
      columns.push(null);
      continue;
    }
    if (seen.has(column)) {
      errors.add(
        1,
        name,
        `The column ${column} appears twice (columns ${seen.get(column)! + 1} and ${index + 1}).`,
      );
      headerBad = true;
    }
    seen.set(column, index);
    columns.push(column);
  }
  if (!seen.has('sku') && !seen.has('name')) {
    errors.add(
      1,
      undefined,
      'The header needs a name column (to add products) or a sku column (to update them).',
    );
    headerBad = true;
  }
  if (headerBad) return { rows: [], dataRows: data.length, fileProblem: true };
  if (data.length === 0) return fail(2, 'The file has a header but no rows.');
  const rows: RowInput[] = [];
  for (const record of data) {
    const row = readRow(record, columns, errors);
    if (row) rows.push(row);
  }
  return { rows, dataRows: data.length, fileProblem: false };
}

// ---------------------------------------------------------------------------------------------
// What the shop has

interface ShopCategory {
  id: string;
  name: string;
  parentId: string | null;
  sizes: string[];
  colors: ColorOption[];
}

interface ShopProduct {
  id: number;
  name: string;
  description: string;
  categoryId: string;
  brandId: string | null;
  priceKobo: number;
  originalPriceKobo: number | null;
  sizes: string[];
  colors: ColorOption[];
  isNew: boolean;
  isHot: boolean;
  freeShipping: boolean;
  imageKeys: string[];
}

interface ShopVariant {
  id: number;
  productId: number;
  size: string;
  color: string;
  sku: string;
  stock: number;
  priceKobo: number | null;
  position: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

async function loadShop(db: DbOrTx, rows: RowInput[]) {
  const skus = [...new Set(rows.map((row) => row.sku).filter(Boolean))];
  const ids = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  const [categoryRows, brandRows, skuRows] = await Promise.all([
    db.execute(sql`SELECT id, name, parent_id AS "parentId", sizes, colors FROM categories`),
    db.execute(sql`SELECT id, name, department_id AS "departmentId" FROM brands`),
    db.execute(sql`
      SELECT v.sku, v.product_id AS "productId"
        FROM product_variants v
       WHERE v.sku IN (SELECT jsonb_array_elements_text(${json(skus)}))`),
  ]);
  const skuOwners = new Map(
    rowsOf<{ sku: string; productId: number }>(skuRows).map((r) => [r.sku, r.productId]),
  );
  const productIds = [...new Set([...ids, ...skuOwners.values()])];
  const [productRows, variantRows] = await Promise.all([
    db.execute(sql`
      SELECT p.id, p.name, p.description, p.category_id AS "categoryId", p.brand_id AS "brandId",
             p.price_kobo AS "priceKobo", p.original_price_kobo AS "originalPriceKobo", p.sizes, p.colors,
             p.is_new AS "isNew", p.is_hot AS "isHot", p.free_shipping AS "freeShipping",
             coalesce((SELECT array_agg(i.key ORDER BY i.position) FROM product_images i WHERE i.product_id = p.id), '{}') AS "imageKeys"
        FROM products p
       WHERE p.id IN (SELECT (jsonb_array_elements_text(${json(productIds)}))::int)`),
    db.execute(sql`
      SELECT v.id, v.product_id AS "productId", v.size, v.color, v.sku, v.stock, v.price_kobo AS "priceKobo", v.position
        FROM product_variants v
       WHERE v.product_id IN (SELECT (jsonb_array_elements_text(${json(productIds)}))::int)
       ORDER BY v.product_id, v.position, v.id`),
  ]);
  const products = new Map(rowsOf<ShopProduct>(productRows).map((product) => [Number(product.id), product]));
  const variants = new Map<number, ShopVariant[]>();
  for (const variant of rowsOf<ShopVariant>(variantRows)) {
    const list = variants.get(Number(variant.productId)) ?? [];
    list.push(variant);
    variants.set(Number(variant.productId), list);
  }
  return {
    categories: rowsOf<ShopCategory>(categoryRows),
    brands: rowsOf<{ id: string; name: string; departmentId: string }>(brandRows),
    skuOwners,
    products,
    variants,
  };
}

type Shop = Awaited<ReturnType<typeof loadShop>>;

// ---------------------------------------------------------------------------------------------
// The plan: what each product becomes

interface PlannedVariant {
  /** The file's row, or null for a cell the grid gains at 0 units (a size × colour no row names). */
  row: number | null;
  existing: ShopVariant | null;
  size: string;
  color: string;
  /** The file's SKU; '' to keep the variant's or, for a new one, to have one generated. */
  sku: string;
  stock: number;
  priceKobo: number | null;
  position: number;
}

interface PlannedImage {
  key: string;
  widths: number[];
  width: number;
  height: number;
}

/** The product's fields as the shop keeps them (its id and photos aside), and the plan for it. */
interface PlannedProduct extends Omit<ShopProduct, 'id' | 'imageKeys'> {
  key: string;
  existing: ShopProduct | null;
  rows: number[];
  variants: PlannedVariant[];
  /** The sizes × colours the full grid adds that no row names (made only when the owner asks for the grid). */
  gridOnly: ImportCombination[];
  images: PlannedImage[];
  productChanged: boolean;
  keywordsChanged: boolean;
}

interface Group {
  key: string;
  existingId: number | null;
  rows: RowInput[];
}

/** The file's rows by product: its id, else its handle, else its name; a row with only a known SKU joins that SKU's product. */
function groupRows(rows: RowInput[], shop: Shop, errors: RowErrors): Group[] {
  const groups = new Map<string, Group>();
  const byKey = (key: string, existingId: number | null) => {
    let group = groups.get(key);
    if (!group) {
      group = { key, existingId, rows: [] };
      groups.set(key, group);
    }
    return group;
  };
  // First pass: the file's own keys, and which existing product each key's SKUs point at.
  const keyOf = new Map<RowInput, string>();
  const keyTargets = new Map<string, { id: number; row: number }>();
  const keyNames = new Map<string, string>();
  for (const row of rows) {
    const owner = row.sku ? shop.skuOwners.get(row.sku) : undefined;
    let key: string;
    if (row.productId) key = `id:${row.productId}`;
    else if (row.handle) key = `handle:${row.handle}`;
    else if (row.name) key = `name:${row.name.toLowerCase()}`;
    else if (owner !== undefined) key = `id:${owner}`;
    else {
      errors.add(
        row.row,
        row.sku ? 'sku' : 'name',
        row.sku
          ? `No product has the SKU ${row.sku}: give the product's name (or handle) to add it.`
          : "Give the product's name, handle, product id or a SKU the shop has.",
      );
      continue;
    }
    keyOf.set(row, key);
    if (row.name && !keyNames.has(key)) keyNames.set(key, row.name.toLowerCase());
  }
  for (const row of rows) {
    const key = keyOf.get(row);
    const owner = row.sku ? shop.skuOwners.get(row.sku) : undefined;
    // A handle's or a name's rows update the product of their SKUs, when they name it (or no product).
    const keyName = key ? keyNames.get(key) : undefined;
    const ownerName = owner === undefined ? undefined : shop.products.get(owner)?.name.toLowerCase();
    if (!key || owner === undefined || (keyName !== undefined && keyName !== ownerName)) continue;
    if (!key.startsWith('id:')) {
      // Rows naming SKUs of two products: the first wins, and the other row's SKU is refused as taken.
      if (!keyTargets.has(key)) keyTargets.set(key, { id: owner, row: row.row });
    }
  }
  for (const row of rows) {
    const key = keyOf.get(row);
    if (!key) continue;
    if (key.startsWith('id:')) {
      const id = Number(key.slice(3));
      byKey(key, id).rows.push(row);
      continue;
    }
    const target = keyTargets.get(key);
    if (target) byKey(`id:${target.id}`, target.id).rows.push(row);
    else byKey(key, null).rows.push(row);
  }
  for (const group of groups.values()) group.rows.sort((a, b) => a.row - b.row);
  return [...groups.values()].sort((a, b) => (a.rows[0]?.row ?? 0) - (b.rows[0]?.row ?? 0));
}

function findCategory(shop: Shop, value: string): ShopCategory | string {
  const byId = shop.categories.find((category) => category.id === value);
  if (byId) return byId;
  const byName = shop.categories.filter((category) => category.name.toLowerCase() === value.toLowerCase());
  if (byName.length === 1) return byName[0]!;
  if (byName.length > 1)
    return `Several categories are called ${value}: write its id (${byName.map((c) => c.id).join(', ')}).`;
  return `The shop has no category “${value}”: use a category's name or id from the admin's list.`;
}

const departmentOf = (category: ShopCategory) => category.parentId ?? category.id;

/** The same product field given differently on two rows of one product is a mistake, not a choice. */
function agreed<T>(
  group: Group,
  column: ImportColumn,
  pick: (row: RowInput) => T | null | '',
  errors: RowErrors,
  same: (a: T, b: T) => boolean = (a, b) => a === b,
): T | null {
  let value: T | null = null;
  let from = 0;
  for (const row of group.rows) {
    const candidate = pick(row);
    if (candidate === null || candidate === '') continue;
    if (value === null) {
      value = candidate;
      from = row.row;
    } else if (!same(value, candidate))
      errors.add(
        row.row,
        column,
        `The ${column} differs from row ${from}: a product's rows must agree (or leave it empty).`,
      );
  }
  return value;
}

/** Keys of stored photos a URL names: the shop's own /media/ files only, never a fetch from the web. */
function mediaKeyOf(url: string): string | null {
  const match = /^(?:https?:\/\/[^/]+)?\/media\/([a-z0-9/_-]+?)(?:-\d+)?\.(?:webp|avif|jpe?g|png)$/i.exec(
    url,
  );
  return match ? match[1]! : null;
}

async function findImages(db: DbOrTx, uploadDir: string, keys: string[]): Promise<Map<string, PlannedImage>> {
  const found = new Map<string, PlannedImage>();
  if (keys.length === 0) return found;
  const stored = await db.execute(sql`
    SELECT DISTINCT ON (key) key, widths, width, height FROM product_images
     WHERE key IN (SELECT jsonb_array_elements_text(${json(keys)}))`);
  for (const row of rowsOf<PlannedImage>(stored)) found.set(row.key, row);
  for (const key of keys) {
    if (found.has(key) || !UPLOAD_ID_PATTERN.test(key)) continue;
    const upload = await findProductUpload(uploadDir, key);
    if (upload) found.set(key, { key, widths: upload.widths, width: upload.width, height: upload.height });
  }
  return found;
}

function planGroup(
  group: Group,
  shop: Shop,
  images: Map<string, PlannedImage>,
  fileSkus: Map<string, number>,
  errors: RowErrors,
  choice: ImportVariantChoice,
): PlannedProduct | null {
  const existing = group.existingId === null ? null : (shop.products.get(group.existingId) ?? null);
  const first = group.rows[0]!;
  if (group.existingId !== null && !existing) {
    for (const row of group.rows)
      errors.add(
        row.row,
        'product id',
        `The shop has no product ${group.existingId}: leave product id empty to add it.`,
      );
    return null;
  }
  const name = agreed(group, 'name', (row) => row.name, errors);
  const description = agreed(group, 'description', (row) => row.description, errors);
  const categoryText = agreed(
    group,
    'category',
    (row) => row.category,
    errors,
    (a, b) => a.toLowerCase() === b.toLowerCase(),
  );
  const brandText = agreed(
    group,
    'brand',
    (row) => row.brand,
    errors,
    (a, b) => a.toLowerCase() === b.toLowerCase(),
  );
  const price = agreed(group, 'price', (row) => row.price, errors);
  const originalPrice = agreed(group, 'original price', (row) => row.originalPrice, errors);
  const isNew = agreed(group, 'new', (row) => row.isNew, errors);
  const isHot = agreed(group, 'hot', (row) => row.isHot, errors);
  const freeShipping = agreed(group, 'free shipping', (row) => row.freeShipping, errors);

  if (!existing) {
    const missing: [ImportColumn, unknown][] = [
      ['name', name],
      ['description', description],
      ['category', categoryText],
      ['price', price],
    ];
    for (const [column, value] of missing)
      if (value === null && !group.rows.some((row) => errors.hasCell(row.row, column)))
        errors.add(first.row, column, `Enter the ${column}: this row adds a new product.`);
  }
  let category: ShopCategory | null = existing
    ? (shop.categories.find((c) => c.id === existing.categoryId) ?? null)
    : null;
  if (categoryText !== null) {
    const found = findCategory(shop, categoryText);
    if (typeof found === 'string') {
      const row = group.rows.find((r) => r.category !== '') ?? first;
      errors.add(row.row, 'category', found);
      category = null;
    } else category = found;
  }
  let brandId = existing?.brandId ?? null;
  if (brandText !== null && category) {
    const department = departmentOf(category);
    const brand = shop.brands.find(
      (b) =>
        b.departmentId === department &&
        (b.id === brandText || b.name.toLowerCase() === brandText.toLowerCase()),
    );
    const row = group.rows.find((r) => r.brand !== '') ?? first;
    if (!brand)
      errors.add(
        row.row,
        'brand',
        `${brandText} is not a brand of ${shop.categories.find((c) => c.id === department)?.name ?? 'this department'}.`,
      );
    else brandId = brand.id;
  }
  // A new category's department may not have the old brand.
  if (existing && category && brandText === null && brandId !== null) {
    const brand = shop.brands.find((b) => b.id === brandId);
    if (brand && brand.departmentId !== departmentOf(category)) brandId = null;
  }
  const priceKobo = price ?? existing?.priceKobo ?? 0;
  const originalPriceKobo = originalPrice ?? existing?.originalPriceKobo ?? null;
  if (originalPriceKobo !== null && originalPriceKobo <= priceKobo) {
    const row = group.rows.find((r) => r.originalPrice !== null || r.price !== null) ?? first;
    errors.add(
      row.row,
      originalPrice !== null ? 'original price' : 'price',
      'The original price must be higher than the price.',
    );
  }

  // Options: the product's sizes and colours, extended by the file's.
  const existingVariants = existing ? (shop.variants.get(existing.id) ?? []) : [];
  const sizes = existing ? existing.sizes.filter((size) => size !== '') : [];
  const colors: ColorOption[] = existing ? existing.colors.filter((color) => color.name !== '') : [];
  const categorySizes = category?.sizes ?? [];
  const categoryColours = category?.colors ?? [];
  const hadSizes = sizes.length > 0;
  const hadColours = colors.length > 0;
  const bySku = new Map(existingVariants.map((variant) => [variant.sku, variant]));
  const planned: PlannedVariant[] = [];
  const optionRows = new Map<string, number>();
  const resolved: { row: RowInput; size: string; color: string; variant: ShopVariant | null }[] = [];
  for (const row of group.rows) {
    const skuOwner = row.sku ? shop.skuOwners.get(row.sku) : undefined;
    if (row.sku) {
      const earlier = fileSkus.get(row.sku);
      if (earlier !== undefined && earlier !== row.row) {
        errors.add(
          row.row,
          'sku',
          `The SKU ${row.sku} is already in row ${earlier}: each size and colour needs its own.`,
        );
        continue;
      }
      fileSkus.set(row.sku, row.row);
      if (skuOwner !== undefined && skuOwner !== existing?.id) {
        const owner = shop.products.get(skuOwner);
        const variant = shop.variants.get(skuOwner)?.find((v) => v.sku === row.sku);
        const label = variant
          ? variantLabel({ size: variant.size || null, color: variant.color || null })
          : '';
        errors.add(
          row.row,
          'sku',
          `${row.sku} is already used by ${owner?.name ?? `product ${skuOwner}`}${label ? ` (${label})` : ''}.`,
        );
        continue;
      }
    }
    const bySkuVariant = row.sku ? (bySku.get(row.sku) ?? null) : null;
    let size = row.size;
    let color = row.colour;
    if (bySkuVariant) {
      if (size === '') size = bySkuVariant.size;
      if (color === '') color = bySkuVariant.color;
    }
    // Sizes: the category's spelling when it has the size; any other is the shop's own.
    const categorySize = categorySizes.find((s) => s.toLowerCase() === size.toLowerCase());
    const knownSize = sizes.find((s) => s.toLowerCase() === size.toLowerCase());
    if (size !== '') size = knownSize ?? categorySize ?? size;
    if (color !== '') {
      const known =
        colors.find((c) => c.name.toLowerCase() === color.toLowerCase()) ??
        categoryColours.find((c) => c.name.toLowerCase() === color.toLowerCase());
      if (known) color = known.name;
      else if (!row.colourHex && category) {
        errors.add(
          row.row,
          'colour',
          `${color} is not a colour of ${category?.name ?? 'this category'}: give its hex in colour hex to add it, or use one of ${categoryColours.map((c) => c.name).join(', ') || 'its colours'}.`,
        );
        continue;
      }
    }
    if (bySkuVariant && (bySkuVariant.size !== size || bySkuVariant.color !== color)) {
      const was =
        variantLabel({ size: bySkuVariant.size || null, color: bySkuVariant.color || null }) ||
        'its only variant';
      const now = variantLabel({ size: size || null, color: color || null }) || 'no size or colour';
      errors.add(
        row.row,
        row.size !== '' && bySkuVariant.size !== size ? 'size' : 'colour',
        `${row.sku} is ${was} of ${existing?.name ?? 'this product'}, not ${now}: leave the SKU empty to add ${now}.`,
      );
      continue;
    }
    const optionKey = `${size}\u0000${color}`;
    const earlier = optionRows.get(optionKey);
    if (earlier !== undefined) {
      const label = variantLabel({ size: size || null, color: color || null }) || 'This variant';
      errors.add(row.row, size ? 'size' : 'colour', `${label} is already in row ${earlier}.`);
      continue;
    }
    optionRows.set(optionKey, row.row);
    const variant =
      bySkuVariant ?? existingVariants.find((v) => v.size === size && v.color === color) ?? null;
    resolved.push({ row, size, color, variant });
  }

  // Every row of a product names a size, or none does (and the same for colours).
  const withSize = resolved.filter((r) => r.size !== '');
  const withColour = resolved.filter((r) => r.color !== '');
  const mustSize = existing
    ? hadSizes || (existingVariants.length === 0 && withSize.length > 0)
    : withSize.length > 0;
  const mustColour = existing
    ? hadColours || (existingVariants.length === 0 && withColour.length > 0)
    : withColour.length > 0;
  const valid = resolved.filter(({ row, size, color }) => {
    if (mustSize && size === '') {
      errors.add(
        row.row,
        'size',
        `Choose a size: ${name ?? existing?.name ?? 'this product'} comes in ${[...sizes, ...withSize.map((r) => r.size)].filter((s, i, all) => all.indexOf(s) === i).join(', ')}.`,
      );
      return false;
    }
    if (!mustSize && size !== '') {
      errors.add(
        row.row,
        'size',
        `${existing?.name ?? 'This product'} has no sizes: add them in its editor first, or leave size empty.`,
      );
      return false;
    }
    if (mustColour && color === '') {
      errors.add(
        row.row,
        'colour',
        `Choose a colour: ${name ?? existing?.name ?? 'this product'} comes in ${[...colors.map((c) => c.name), ...withColour.map((r) => r.color)].filter((s, i, all) => all.indexOf(s) === i).join(', ')}.`,
      );
      return false;
    }
    if (!mustColour && color !== '') {
      errors.add(
        row.row,
        'colour',
        `${existing?.name ?? 'This product'} has no colours: add them in its editor first, or leave colour empty.`,
      );
      return false;
    }
    return true;
  });

  for (const { row, size, color } of valid) {
    if (size !== '' && !sizes.includes(size)) sizes.push(size);
    if (color !== '' && !colors.some((c) => c.name === color)) {
      const known = categoryColours.find((c) => c.name === color);
      colors.push(known ?? { name: color, hex: row.colourHex ?? '#000000' });
    }
  }
  // New products list sizes as their category does (S, M, L…), then the shop's own in the file's order.
  if (!existing) {
    const rank = (size: string) => {
      const index = categorySizes.indexOf(size);
      return index === -1 ? categorySizes.length : index;
    };
    sizes.sort((a, b) => rank(a) - rank(b));
  }
  if (sizes.length > 30) errors.add(first.row, 'size', 'A product has at most 30 sizes.');
  if (colors.length > 30) errors.add(first.row, 'colour', 'A product has at most 30 colours.');

  const sizeNames = sizes.length > 0 ? sizes : [''];
  const colourNames = colors.length > 0 ? colors.map((c) => c.name) : [''];
  const newSizes = new Set(sizes.filter((size) => !existing?.sizes.includes(size)));
  const newColours = new Set(
    colourNames.filter((color) => color !== '' && !existing?.colors.some((c) => c.name === color)),
  );
  const optionsChanged = !existing || newSizes.size > 0 || newColours.size > 0;
  const positionOf = (size: string, color: string) =>
    Math.max(0, colourNames.indexOf(color)) * sizeNames.length + Math.max(0, sizeNames.indexOf(size));
  const fromRows = new Map(valid.map((entry) => [`${entry.size}\u0000${entry.color}`, entry]));
  const existingByOption = new Map(existingVariants.map((v) => [`${v.size}\u0000${v.color}`, v]));
  const gridOnly: ImportCombination[] = [];
  for (const color of colourNames)
    for (const size of sizeNames) {
      const key = `${size}\u0000${color}`;
      const entry = fromRows.get(key);
      const variant = entry?.variant ?? existingByOption.get(key) ?? null;
      if (!entry && !variant) {
        // A cell the owner removed stays removed. A new product's cells, and a new size's or colour's, that
        // no row names are the full grid's: listed for the owner, and made (at 0 units) only when she asks
        // for the grid, so a size × colour the shop never stocks is not sold as one at 0 by default.
        if (existing && !newSizes.has(size) && !newColours.has(color)) continue;
        gridOnly.push({ size: optionOf(size), color: optionOf(color) });
        if (choice === 'rows') continue;
      }
      planned.push({
        row: entry?.row.row ?? null,
        existing: variant,
        size,
        color,
        sku: entry?.row.sku ?? '',
        stock: entry?.row.stock ?? variant?.stock ?? 0,
        priceKobo: entry?.row.variantPrice ?? variant?.priceKobo ?? null,
        position: optionsChanged || !variant ? positionOf(size, color) : variant.position,
      });
    }
  // Variants the product has outside its grid (none, normally) are left as they are.

  const imageKeys: string[] = [];
  for (const row of group.rows) {
    if (!row.imageUrl) continue;
    const key = mediaKeyOf(row.imageUrl);
    const image = key ? images.get(key) : undefined;
    if (!key || !image) {
      errors.add(
        row.row,
        'image url',
        "Use the address of a photo the shop already has (/media/…, as the admin shows it), or leave it empty: the import doesn't fetch photos from the web.",
      );
      continue;
    }
    if (!imageKeys.includes(key) && !existing?.imageKeys.includes(key)) imageKeys.push(key);
  }
  if ((existing?.imageKeys.length ?? 0) + imageKeys.length > MAX_PRODUCT_IMAGES)
    errors.add(first.row, 'image url', `A product has at most ${MAX_PRODUCT_IMAGES} photos.`);

  const next = {
    name: name ?? existing?.name ?? '',
    description: description ?? existing?.description ?? '',
    categoryId: category?.id ?? existing?.categoryId ?? '',
    brandId,
    priceKobo,
    originalPriceKobo,
    isNew: isNew ?? existing?.isNew ?? true,
    isHot: isHot ?? existing?.isHot ?? false,
    freeShipping: freeShipping ?? existing?.freeShipping ?? false,
  };
  const productChanged =
    !existing ||
    (Object.keys(next) as (keyof typeof next)[]).some((field) => next[field] !== existing[field]) ||
    sizes.length !== existing.sizes.length ||
    colors.length !== existing.colors.length;
  const keywordsChanged =
    !existing ||
    next.categoryId !== existing.categoryId ||
    next.brandId !== existing.brandId ||
    colors.length !== existing.colors.length;
  return {
    key: group.key,
    existing,
    rows: group.rows.map((row) => row.row),
    ...next,
    sizes,
    colors,
    variants: planned,
    gridOnly,
    images: imageKeys.map((key) => images.get(key)!),
    productChanged,
    keywordsChanged,
  };
}

const variantChanged = (variant: PlannedVariant) =>
  !variant.existing ||
  variant.stock !== variant.existing.stock ||
  variant.priceKobo !== variant.existing.priceKobo ||
  (variant.sku !== '' && variant.sku !== variant.existing.sku) ||
  variant.position !== variant.existing.position;

function summarize(product: PlannedProduct, createdId: number | null): ImportProductSummary {
  const created = product.variants.filter((v) => !v.existing).length;
  const updated = product.variants.filter((v) => v.existing && variantChanged(v)).length;
  const id = product.existing?.id ?? createdId;
  return {
    action: !product.existing
      ? 'create'
      : product.productChanged || created > 0 || updated > 0 || product.images.length > 0
        ? 'update'
        : 'unchanged',
    id,
    name: product.name,
    rows: product.rows,
    variantsCreated: created,
    variantsUpdated: updated,
    stock: product.variants.reduce((sum, v) => sum + v.stock, 0),
    addedCombinations: product.gridOnly,
    addedCombinationCount: product.gridOnly.length,
    url: id === null ? null : `/product/${id}`,
  };
}

function report(
  dryRun: boolean,
  applied: boolean,
  dataRows: number,
  summaries: ImportProductSummary[],
  errors: RowErrors,
  variants: ImportVariantChoice,
): ImportReport {
  const sorted = [...errors.list].sort((a, b) => a.row - b.row);
  // At most IMPORT_REPORT_LIMIT combinations listed in all; each product's count stays whole.
  let room = IMPORT_REPORT_LIMIT;
  const listed = summaries.slice(0, IMPORT_REPORT_LIMIT).map((summary) => {
    const addedCombinations = summary.addedCombinations.slice(0, room);
    room -= addedCombinations.length;
    return { ...summary, addedCombinations };
  });
  return {
    dryRun,
    variants,
    applied,
    rows: dataRows,
    created: summaries.filter((s) => s.action === 'create').length,
    updated: summaries.filter((s) => s.action === 'update').length,
    unchanged: summaries.filter((s) => s.action === 'unchanged').length,
    variantsCreated: summaries.reduce((sum, s) => sum + s.variantsCreated, 0),
    variantsUpdated: summaries.reduce((sum, s) => sum + s.variantsUpdated, 0),
    addedCombinationCount: summaries.reduce((sum, s) => sum + s.addedCombinationCount, 0),
    products: listed,
    productCount: summaries.length,
    errors: sorted.slice(0, IMPORT_REPORT_LIMIT),
    errorCount: sorted.length,
  };
}

/** Lets the process answer other requests between the steps of a big file. */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A big file is written a few thousand rows per statement, the process free to answer others between
 * them: the embedded database runs in this process, and a statement there holds it until it ends.
 */
const PRODUCTS_PER_STATEMENT = 400;
const ROWS_PER_STATEMENT = 2000;

async function* chunked<T>(items: T[], size: number): AsyncGenerator<T[]> {
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await yieldToOthers();
    yield items.slice(start, start + size);
  }
}

/**
 * Checks a CSV file of products and, unless `dryRun`, applies it: products created with their grids,
 * variants found by SKU (or by size and colour) updated, product fields changed, all in one
 * transaction with its entry in the activity log. A file with any bad row changes nothing.
 */
export async function importProducts(
  services: ImportServices,
  file: Uint8Array | string,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const { db } = services;
  const choice = options.variants ?? DEFAULT_IMPORT_VARIANTS;
  const errors = new RowErrors();
  const read = readImportFile(file, errors);
  if (read.fileProblem)
    return { report: report(options.dryRun, false, read.dataRows, [], errors, choice), problem: 'file' };
  await yieldToOthers();
  const shop = await loadShop(db, read.rows);
  // Rows with a bad cell still say which product they belong to: the rest of their cells are checked too.
  const groups = groupRows(read.rows, shop, errors);
  const keys = [
    ...new Set(
      read.rows
        .flatMap((row) => (row.imageUrl ? [mediaKeyOf(row.imageUrl)] : []))
        .filter((k): k is string => k !== null),
    ),
  ];
  const images = await findImages(db, services.uploadDir, keys);
  await yieldToOthers();
  const fileSkus = new Map<string, number>();
  const plans: PlannedProduct[] = [];
  for (const [index, group] of groups.entries()) {
    if (index > 0 && index % 250 === 0) await yieldToOthers();
    const plan = planGroup(group, shop, images, fileSkus, errors, choice);
    if (plan) plans.push(plan);
  }
  // A new product named as one the shop already has is more likely the same file twice than a twin.
  const newNames = plans.filter((p) => !p.existing).map((p) => p.name.toLowerCase());
  if (newNames.length > 0) {
    const taken = await db.execute(sql`
      SELECT DISTINCT ON (lower(name)) lower(name) AS name, id FROM products
       WHERE lower(name) IN (SELECT jsonb_array_elements_text(${json([...new Set(newNames)])})) ORDER BY lower(name), id`);
    const byName = new Map(rowsOf<{ name: string; id: number }>(taken).map((r) => [r.name, r.id]));
    for (const plan of plans) {
      const id = !plan.existing ? byName.get(plan.name.toLowerCase()) : undefined;
      if (id !== undefined)
        errors.add(
          plan.rows[0]!,
          'name',
          `The shop already has ${plan.name} (product ${id}): give its product id or its SKUs to update it, or another name to add a new one.`,
        );
    }
  }
  const summaries = plans.map((plan) => summarize(plan, null));
  if (errors.count > 0 || options.dryRun)
    return {
      report: report(options.dryRun, false, read.dataRows, summaries, errors, choice),
      problem: errors.count > 0 ? 'rows' : null,
    };

  const createdIds = await applyPlans(db, plans, read.dataRows, options.actor, choice);
  const applied = plans.map((plan, index) => summarize(plan, createdIds[index] ?? null));
  return { report: report(false, true, read.dataRows, applied, errors, choice), problem: null };
}

/** The plans written in one transaction of set-based statements; returns each plan's product id. */
async function applyPlans(
  db: Db,
  plans: PlannedProduct[],
  dataRows: number,
  actor: AuditActor,
  choice: ImportVariantChoice,
): Promise<(number | null)[]> {
  const creating = plans.filter((plan) => !plan.existing);
  try {
    return await db.transaction(async (tx) => {
      const cause = { reason: 'import', actorId: actor.id, note: 'CSV import' } as const;
      await stockCause(tx, cause);
      // The shop's products this file changes, in id order, before any is written (the one lock order,
      // core/inventory/lock-stock.ts, as a sale takes them); their sizes are locked in id order as their
      // counts are set, below.
      await lockStock(
        tx,
        plans
          .filter(
            (plan) => plan.existing && (plan.productChanged || plan.variants.some((v) => variantChanged(v))),
          )
          .map((plan) => plan.existing!.id)
          .sort((a, b) => a - b),
      );
      const ids = new Map<PlannedProduct, number>();
      if (creating.length > 0) {
        const reserved = rowsOf<{ id: number }>(
          await tx.execute(
            sql`SELECT nextval(pg_get_serial_sequence('products', 'id'))::int AS id FROM generate_series(1, ${creating.length}::int)`,
          ),
        );
        creating.forEach((plan, index) => ids.set(plan, Number(reserved[index]!.id)));
      }
      for (const plan of plans) if (plan.existing) ids.set(plan, plan.existing.id);

      for await (const part of chunked(creating, PRODUCTS_PER_STATEMENT)) {
        const productRecords = part.map((plan) => ({
          id: ids.get(plan),
          name: plan.name,
          description: plan.description,
          category_id: plan.categoryId,
          brand_id: plan.brandId,
          price_kobo: plan.priceKobo,
          original_price_kobo: plan.originalPriceKobo,
          colors: plan.colors,
          sizes: plan.sizes,
          is_new: plan.isNew,
          is_hot: plan.isHot,
          free_shipping: plan.freeShipping,
        }));
        const variantRecords = part
          .flatMap((plan) =>
            plan.variants.map((variant) => ({
              product_id: ids.get(plan),
              size: variant.size,
              color: variant.color,
              sku: variant.sku || null,
              stock: variant.stock,
              price_kobo: variant.priceKobo,
              position: variant.position,
            })),
          )
          .map((record, n) => ({ ...record, n }));
        // One statement: the products and their grids together, so the database's "grid for a product
        // inserted without one" (migration 0017) finds theirs; the grids' first units are core/inventory's
        // (makeCounted). The file's SKUs go first, so a generated one never takes a SKU a later row names.
        await makeCounted(
          tx,
          cause,
          sql`
          SELECT v.product_id, v.size, v.color, coalesce(v.sku, free_variant_sku(v.product_id, v.size, v.color)),
                 v.stock, v.price_kobo, v.position
            FROM jsonb_to_recordset(${json(variantRecords)}) AS v(
                   product_id int, size text, color text, sku text, stock int, price_kobo int, position int, n int)
            JOIN new_products p ON p.id = v.product_id
           ORDER BY v.sku IS NULL, v.n`,
          sql`
          WITH new_products AS (
            INSERT INTO products (id, name, description, category_id, brand_id, price_kobo, original_price_kobo,
                                  colors, sizes, is_new, is_hot, free_shipping)
            OVERRIDING SYSTEM VALUE
            SELECT r.id, r.name, r.description, r.category_id, r.brand_id, r.price_kobo, r.original_price_kobo,
                   r.colors, ARRAY(SELECT jsonb_array_elements_text(r.sizes)), r.is_new, r.is_hot, r.free_shipping
              FROM jsonb_to_recordset(${json(productRecords)}) AS r(
                     id int, name text, description text, category_id text, brand_id text, price_kobo int,
                     original_price_kobo int, colors jsonb, sizes jsonb, is_new boolean, is_hot boolean,
                     free_shipping boolean)
            RETURNING id
          )`,
        );
      }

      const changedProducts = plans.filter((plan) => plan.existing && plan.productChanged);
      for await (const part of chunked(changedProducts, ROWS_PER_STATEMENT))
        await tx.execute(sql`
          UPDATE products p
             SET name = r.name, description = r.description, category_id = r.category_id, brand_id = r.brand_id,
                 price_kobo = r.price_kobo, original_price_kobo = r.original_price_kobo, colors = r.colors,
                 sizes = ARRAY(SELECT jsonb_array_elements_text(r.sizes)), is_new = r.is_new, is_hot = r.is_hot,
                 free_shipping = r.free_shipping, updated_at = now()
            FROM jsonb_to_recordset(${json(
              part.map((plan) => ({
                id: plan.existing!.id,
                name: plan.name,
                description: plan.description,
                category_id: plan.categoryId,
                brand_id: plan.brandId,
                price_kobo: plan.priceKobo,
                original_price_kobo: plan.originalPriceKobo,
                colors: plan.colors,
                sizes: plan.sizes,
                is_new: plan.isNew,
                is_hot: plan.isHot,
                free_shipping: plan.freeShipping,
              })),
            )}) AS r(id int, name text, description text, category_id text, brand_id text, price_kobo int,
                     original_price_kobo int, colors jsonb, sizes jsonb, is_new boolean, is_hot boolean,
                     free_shipping boolean)
           WHERE p.id = r.id`);

      const updates = plans.flatMap((plan) =>
        plan.existing ? plan.variants.filter((v) => v.existing && variantChanged(v)) : [],
      );
      // A count moves by the file's less what the check read: a sale or a unit given back while the
      // file was checked is kept (core/inventory's setCounts, the sizes locked in id order).
      for await (const part of chunked(
        updates.filter((v) => v.stock !== v.existing!.stock).sort((a, b) => a.existing!.id - b.existing!.id),
        ROWS_PER_STATEMENT,
      ))
        await setCounts(
          tx,
          cause,
          part.map((v) => ({
            productId: v.existing!.productId,
            variantId: v.existing!.id,
            stock: v.stock,
            read: v.existing!.stock,
          })),
        );
      const described = updates.filter(
        (v) =>
          v.priceKobo !== v.existing!.priceKobo ||
          (v.sku !== '' && v.sku !== v.existing!.sku) ||
          v.position !== v.existing!.position,
      );
      for await (const part of chunked(described, ROWS_PER_STATEMENT))
        await tx.execute(sql`
          UPDATE product_variants v
             SET price_kobo = r.price_kobo, sku = coalesce(r.sku, v.sku), position = r.position,
                 updated_at = now()
            FROM jsonb_to_recordset(${json(
              part.map((v) => ({
                id: v.existing!.id,
                price_kobo: v.priceKobo,
                sku: v.sku || null,
                position: v.position,
              })),
            )}) AS r(id int, price_kobo int, sku text, position int)
           WHERE v.id = r.id`);

      const additions = plans
        .flatMap((plan) =>
          plan.existing
            ? plan.variants
                .filter((v) => !v.existing)
                .map((v) => ({
                  product_id: plan.existing!.id,
                  size: v.size,
                  color: v.color,
                  sku: v.sku || null,
                  stock: v.stock,
                  price_kobo: v.priceKobo,
                  position: v.position,
                }))
            : [],
        )
        .map((record, n) => ({ ...record, n }));
      // The shop's products gaining sizes are locked above; their first units are core/inventory's.
      for await (const part of chunked(additions, ROWS_PER_STATEMENT))
        await makeCounted(
          tx,
          cause,
          sql`
          SELECT v.product_id, v.size, v.color, coalesce(v.sku, free_variant_sku(v.product_id, v.size, v.color)),
                 v.stock, v.price_kobo, v.position
            FROM jsonb_to_recordset(${json(part)}) AS v(
                   product_id int, size text, color text, sku text, stock int, price_kobo int, position int, n int)
           ORDER BY v.sku IS NULL, v.n`,
        );

      const imageRecords = plans.flatMap((plan) =>
        plan.images.map((image, index) => {
          const position = (plan.existing?.imageKeys.length ?? 0) + index;
          return {
            product_id: ids.get(plan),
            position,
            key: image.key,
            widths: image.widths,
            width: image.width,
            height: image.height,
            alt: position === 0 ? plan.name : `${plan.name}, view ${position + 1}`,
          };
        }),
      );
      for await (const part of chunked(imageRecords, ROWS_PER_STATEMENT))
        await tx.execute(sql`
          INSERT INTO product_images (product_id, position, key, widths, width, height, alt)
          SELECT r.product_id, r.position, r.key, ARRAY(SELECT (jsonb_array_elements_text(r.widths))::int),
                 r.width, r.height, r.alt
            FROM jsonb_to_recordset(${json(part)}) AS r(
                   product_id int, position int, key text, widths jsonb, width int, height int, alt text)`);

      const keywordIds = plans.filter((plan) => plan.keywordsChanged).map((plan) => ids.get(plan)!);
      for (let start = 0; start < keywordIds.length; start += 2000)
        await refreshProductKeywords(tx, keywordIds.slice(start, start + 2000));

      const summaries = plans.map((plan) => summarize(plan, ids.get(plan) ?? null));
      const created = summaries.filter((s) => s.action === 'create');
      const updated = summaries.filter((s) => s.action === 'update');
      const variantsCreated = summaries.reduce((sum, s) => sum + s.variantsCreated, 0);
      const variantsUpdated = summaries.reduce((sum, s) => sum + s.variantsUpdated, 0);
      const gridOnly = summaries.reduce((sum, s) => sum + s.addedCombinationCount, 0);
      const gridNote =
        gridOnly === 0
          ? ''
          : choice === 'grid'
            ? ` (the full grid: ${gridOnly} no row named, at 0 units)`
            : ` (the file's rows only: ${gridOnly} of the full grid left out)`;
      await recordAdminAction(tx, actor, {
        action: 'product.import',
        entityType: 'product',
        entityId: 'import',
        summary: `Imported a CSV of ${dataRows} ${dataRows === 1 ? 'row' : 'rows'}: ${created.length} ${created.length === 1 ? 'product' : 'products'} added, ${updated.length} updated, ${variantsCreated} sizes/colours added${gridNote}, ${variantsUpdated} changed`,
        before: null,
        after: {
          rows: dataRows,
          created: created.length,
          updated: updated.length,
          unchanged: summaries.length - created.length - updated.length,
          variantsCreated,
          variantsUpdated,
          variants: choice,
          gridOnly,
          createdIds: created.slice(0, 200).map((s) => s.id),
          updatedIds: updated.slice(0, 200).map((s) => s.id),
        },
      });
      return plans.map((plan) => ids.get(plan) ?? null);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        'CONFLICT',
        'A SKU in the file was taken by another change while the file was imported. Nothing was changed: check the file again.',
      );
    throw error;
  }
}
