import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ColorOption, StockStatus } from '../../contracts/catalog';
import { MAX_PRICE_NAIRA } from '../../contracts/limits';
import { formatNaira, hasWholeKobo, nairaToKobo } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { productVariants, products } from '../../db/schema/catalog';
import { isLowStock, MAX_LOW_STOCK_LEVEL } from '../../contracts/inventory';
import { variantLabel } from '../../contracts/catalog';
import { freeVariantSku, optionKey, optionOf, type VariantRow } from './variants';
import type { FieldErrors } from '../errors';
import type { StockCause } from '../inventory/cause';
import { setCounts, type CountTo } from '../inventory/set-counts';

/**
 * The owner's grid of a product: one row per size × colour it sells, each with its own stock, SKU
 * and optional price (decision 0032); how the editor and PATCH /api/admin/products/{id} change it
 * (decision 0035).
 */

export const MAX_STOCK = 1_000_000;
export const MAX_OPTIONS = 30;
export const MAX_SIZE_LENGTH = 40;
export const MAX_COLOR_LENGTH = 40;
export const MAX_SKU_LENGTH = 64;
export const MAX_VARIANTS = MAX_OPTIONS * MAX_OPTIONS;
/** The highest low-stock level a size × colour may have (the database's check, migration 0038). */
export const MAX_LOW_STOCK_THRESHOLD = MAX_LOW_STOCK_LEVEL;
/** A SKU's characters: letters, digits and - _ . / (stored upper case). */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const HEX_PATTERN = /^#[0-9A-Fa-f]{6}$/;
// eslint-disable-next-line no-control-regex -- an option's name holds no control characters
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

export const gridMessages = {
  perVariant: 'Set stock per size and colour.',
  emptyGrid: 'Keep at least one size and colour in the grid.',
  stock: 'Enter the stock as a whole number.',
  negativeStock: 'Stock cannot be below zero.',
  tooMuchStock: 'That is more stock than the shop can hold.',
  price: 'Enter the price in naira, or leave it empty for the product’s price.',
  sku: 'Use letters, digits and - _ . / only.',
  cost: 'Enter the cost in naira, or leave it empty if you do not know it.',
  negativeCost: 'A cost cannot be below ₦0.',
  lowStockThreshold: `Enter the low-stock level as a whole number from 0 to ${MAX_LOW_STOCK_THRESHOLD.toLocaleString('en')}.`,
} as const;

/** A variant as the admin sees it: exact stock, its own price in kobo (null: the product's). */
export interface AdminVariant {
  id: number;
  size: string | null;
  color: string | null;
  sku: string;
  stock: number;
  priceKobo: number | null;
  /** What a unit cost the shop, in kobo; null: not known. */
  costKobo: number | null;
  /** Low below this many units; null: the shop's default. */
  lowStockThreshold: number | null;
}

export function toAdminVariant(row: VariantRow): AdminVariant {
  return {
    id: row.id,
    size: optionOf(row.size),
    color: optionOf(row.color),
    sku: row.sku,
    stock: row.stock,
    priceKobo: row.priceKobo,
    costKobo: row.costKobo,
    lowStockThreshold: row.lowStockThreshold,
  };
}

/** A variant as the low-stock rule reads it: its units and its own level, when it has one. */
type Stocked = { stock: number; lowStockThreshold?: number | null };

/**
 * The admin's stock state of a product, by its variants: out when every one is out; low when any is
 * below its level (contracts/inventory.ts `isLowStock`: its own, or else the shop's `shopLevel`), a
 * sold-out size among others too; in stock when every variant holds at least its level.
 */
export function gridStockStatus(variants: readonly Stocked[], total: number, shopLevel: number): StockStatus {
  if (total <= 0) return 'out_of_stock';
  return variants.some((variant) => isLowStock(variant, shopLevel)) ? 'low_stock' : 'in_stock';
}

/** How many of the grid's variants need stock: below their level, sold out while others sell too. */
export function lowVariantCount(variants: readonly Stocked[], shopLevel: number): number {
  return variants.filter((variant) => isLowStock(variant, shopLevel)).length;
}

// ---------------------------------------------------------------------------------------------
// Input. Form values arrive as strings and API values as JSON; both go through these.

const blankToNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const optionName = (max: number) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(max, `Use at most ${max} characters.`)
      .regex(NO_CONTROL, 'Remove the control characters.')
      .transform((value) => (value === '' ? null : value))
      .nullable(),
  );

export const sizeNameSchema = z
  .string({ error: 'Enter the size.' })
  .trim()
  .min(1, 'Enter the size.')
  .max(MAX_SIZE_LENGTH, `Use at most ${MAX_SIZE_LENGTH} characters.`)
  .regex(NO_CONTROL, 'Remove the control characters.');

export const colorOptionSchema = z.object({
  name: z
    .string({ error: 'Enter the colour’s name.' })
    .trim()
    .min(1, 'Enter the colour’s name.')
    .max(MAX_COLOR_LENGTH, `Use at most ${MAX_COLOR_LENGTH} characters.`)
    .regex(NO_CONTROL, 'Remove the control characters.'),
  hex: z.string({ error: 'Pick the colour.' }).trim().regex(HEX_PATTERN, 'Pick the colour (#RRGGBB).'),
});

const numberOrNaN = (value: unknown) => (value === '' || value === null ? Number.NaN : value);
/** '' or null: cleared; left out (undefined): kept as it is. */
const blankToNullKeepMissing = (value: unknown) => (value === '' ? null : value);
/** A cost or level as the form types it (' 8000 ') or the API sends it (8000); nonsense is NaN. */
const looseNumber = (value: unknown) =>
  typeof value === 'string' ? (/^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN) : value;

/** What a unit cost the shop, in naira (as its price): 0 or more; blank or null: not known. */
export const variantCostSchema = z.preprocess(
  (value) => {
    const kept = blankToNullKeepMissing(value);
    return kept === null || kept === undefined ? kept : looseNumber(kept);
  },
  z
    .number({ error: gridMessages.cost })
    .refine(Number.isFinite, gridMessages.cost)
    .pipe(
      z
        .number()
        .min(0, gridMessages.negativeCost)
        .max(MAX_PRICE_NAIRA, 'That cost is too high.')
        .refine(hasWholeKobo, 'Use at most two decimals.'),
    )
    .nullable()
    .optional(),
);

/** The count under which a size × colour is low; blank or null: the shop's default. */
export const lowStockThresholdSchema = z.preprocess(
  (value) => {
    const kept = blankToNullKeepMissing(value);
    return kept === null || kept === undefined ? kept : looseNumber(kept);
  },
  z
    .number({ error: gridMessages.lowStockThreshold })
    .int(gridMessages.lowStockThreshold)
    .min(0, gridMessages.lowStockThreshold)
    .max(MAX_LOW_STOCK_THRESHOLD, gridMessages.lowStockThreshold)
    .nullable()
    .optional(),
);

export const variantInputSchema = z.object({
  size: optionName(MAX_SIZE_LENGTH).optional(),
  color: optionName(MAX_COLOR_LENGTH).optional(),
  sku: z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(MAX_SKU_LENGTH, `Use at most ${MAX_SKU_LENGTH} characters.`)
      .regex(SKU_PATTERN, gridMessages.sku)
      .nullable()
      .optional(),
  ),
  stock: z.preprocess(
    numberOrNaN,
    z.coerce
      .number({ error: gridMessages.stock })
      .refine(Number.isFinite, gridMessages.stock)
      .pipe(
        z
          .number()
          .int(gridMessages.stock)
          .min(0, gridMessages.negativeStock)
          .max(MAX_STOCK, gridMessages.tooMuchStock),
      ),
  ),
  price: z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: gridMessages.price })
      .refine(Number.isFinite, gridMessages.price)
      .pipe(
        z
          .number()
          .positive('The price must be more than ₦0.')
          .max(MAX_PRICE_NAIRA, 'That price is too high.')
          .refine(hasWholeKobo, 'Use at most two decimals.'),
      )
      .nullable()
      .optional(),
  ),
  /** Naira; left out: kept as it is (a grid that says nothing of costs changes none). */
  cost: variantCostSchema,
  /** Units; left out: kept as it is. */
  lowStockThreshold: lowStockThresholdSchema,
});
export type VariantInput = z.output<typeof variantInputSchema>;

export interface GridInput {
  sizes?: string[] | undefined;
  colors?: ColorOption[] | undefined;
  variants?: VariantInput[] | undefined;
  stock?: number | undefined;
}

/** `variants.3.sku` → `variants[3].sku`, as the API and the editor name a cell. */
export function cellName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const part of path) {
    if (typeof part === 'number' || /^\d+$/.test(String(part))) name += `[${String(part)}]`;
    else name += name ? `.${String(part)}` : String(part);
  }
  return name || 'body';
}

const labelOf = (size: string | null, color: string | null) => variantLabel({ size, color }) || 'The product';

/** The first name listed twice (in any case), or null: sizes and colours are each named once. */
export function duplicateOption(names: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLowerCase();
    if (seen.has(key)) return name;
    seen.add(key);
  }
  return null;
}

export interface PlannedVariant {
  /** The variant it changes, or null for a new one. */
  id: number | null;
  size: string;
  color: string;
  /** Upper case; null: keep the variant's own (or generate one for a new variant). */
  sku: string | null;
  stock: number;
  priceKobo: number | null;
  position: number;
  /** Kobo; null: not known; left out: the variant keeps its own (a new one has none). */
  costKobo?: number | null;
  /** null: the shop's default; left out: the variant keeps its own. */
  lowStockThreshold?: number | null;
}

export interface GridPlan {
  sizes: string[];
  colors: ColorOption[];
  optionsChanged: boolean;
  /** null: the grid is left as it is. */
  rows: PlannedVariant[] | null;
  removed: VariantRow[];
  errors: FieldErrors;
}

/**
 * What a change of a product's sizes, colours, grid or stock does to its variants, checked against
 * the product as it is (decision 0035), without touching the database:
 * - a grid (`variants`) is the whole grid: each row's size and colour must be one the product sells
 *   after this change, once; rows it leaves out are removed with their units;
 * - sizes or colours without a grid: the grid follows; new combinations get 0 units, and an option
 *   whose variants still hold units cannot be removed (send the grid with it);
 * - `stock` alone sets the only variant of a product that has one; a product with several is
 *   refused ("Set stock per size and colour."), unless it is the total it already has.
 */
export function planGrid(
  current: { sizes: string[]; colors: ColorOption[]; variants: VariantRow[] },
  input: GridInput,
): GridPlan {
  const errors: FieldErrors = {};
  const sizes = input.sizes ?? current.sizes;
  const colors = input.colors ?? current.colors;
  const duplicateSize = duplicateOption(sizes);
  if (input.sizes && duplicateSize) errors.sizes = `${duplicateSize} is listed twice.`;
  const duplicateColor = duplicateOption(colors.map((color) => color.name));
  if (input.colors && duplicateColor) errors.colors = `${duplicateColor} is listed twice.`;
  const optionsChanged =
    (input.sizes !== undefined && JSON.stringify(input.sizes) !== JSON.stringify(current.sizes)) ||
    (input.colors !== undefined && JSON.stringify(input.colors) !== JSON.stringify(current.colors));

  const sizeKeys = sizes.length > 0 ? sizes : [''];
  const colorKeys = colors.length > 0 ? colors.map((color) => color.name) : [''];
  const positionOf = (size: string, color: string) => {
    const s = sizeKeys.indexOf(size);
    const c = colorKeys.indexOf(color);
    return s < 0 || c < 0 ? -1 : c * sizeKeys.length + s;
  };
  const existing = new Map(current.variants.map((row) => [`${row.size}\u0000${row.color}`, row]));

  let rows: PlannedVariant[] | null = null;
  if (input.variants) {
    rows = [];
    const seen = new Map<string, number>();
    const skus = new Map<string, number>();
    for (const [index, row] of input.variants.entries()) {
      const size = optionKey(row.size);
      const color = optionKey(row.color);
      const where = `variants[${index}]`;
      const label = labelOf(optionOf(size), optionOf(color));
      if (size === '' && sizes.length > 0) errors[`${where}.size`] ??= `${label}: choose one of its sizes.`;
      else if (size !== '' && !sizeKeys.includes(size))
        errors[`${where}.size`] ??= `${size} is not a size of this product.`;
      if (color === '' && colors.length > 0)
        errors[`${where}.color`] ??= `${label}: choose one of its colours.`;
      else if (color !== '' && !colorKeys.includes(color))
        errors[`${where}.color`] ??= `${color} is not a colour of this product.`;
      const key = `${size}\u0000${color}`;
      const earlier = seen.get(key);
      if (earlier !== undefined)
        errors[`${where}.size`] ??= `${label} is in the grid twice (rows ${earlier + 1} and ${index + 1}).`;
      seen.set(key, index);
      const sku = row.sku ? row.sku.toUpperCase() : null;
      if (sku) {
        const twice = skus.get(sku);
        if (twice !== undefined) errors[`${where}.sku`] ??= `${sku} is used twice in the grid.`;
        skus.set(sku, index);
      }
      rows.push({
        id: existing.get(key)?.id ?? null,
        size,
        color,
        sku,
        stock: row.stock,
        priceKobo: row.price == null ? null : nairaToKobo(row.price),
        position: positionOf(size, color),
        costKobo: row.cost == null ? row.cost : nairaToKobo(row.cost),
        lowStockThreshold: row.lowStockThreshold,
      });
    }
    if (rows.length === 0) errors.variants = gridMessages.emptyGrid;
    if (input.stock !== undefined) {
      const total = rows.reduce((sum, row) => sum + row.stock, 0);
      if (input.stock !== total)
        errors.stock = `The stock is the sum of the sizes and colours (${total}); change it in the grid.`;
    }
  } else if (optionsChanged) {
    rows = [];
    for (const color of colorKeys)
      for (const size of sizeKeys) {
        const row = existing.get(`${size}\u0000${color}`);
        rows.push({
          id: row?.id ?? null,
          size,
          color,
          sku: null,
          stock: row?.stock ?? 0,
          priceKobo: row?.priceKobo ?? null,
          position: positionOf(size, color),
        });
      }
    const kept = new Set(rows.map((row) => `${row.size}\u0000${row.color}`));
    const holding = current.variants.filter(
      (row) => row.stock > 0 && !kept.has(`${row.size}\u0000${row.color}`),
    );
    if (holding.length > 0) {
      const names = holding
        .map((row) => `${labelOf(optionOf(row.size), optionOf(row.color))} (${row.stock})`)
        .join(', ');
      errors[
        input.sizes !== undefined && holding.some((row) => !sizeKeys.includes(row.size)) ? 'sizes' : 'colors'
      ] =
        `${names} still ${holding.length === 1 ? 'holds' : 'hold'} stock: set ${holding.length === 1 ? 'it' : 'them'} to 0 in the grid first.`;
    }
  }

  if (input.stock !== undefined && !input.variants) {
    const grid = rows ?? current.variants.map((row) => ({ ...row, sku: null }));
    const total = grid.reduce((sum, row) => sum + row.stock, 0);
    if (grid.length === 1) {
      const only = grid[0]!;
      rows = [
        {
          id: only.id,
          size: only.size,
          color: only.color,
          sku: null,
          stock: input.stock,
          priceKobo: only.priceKobo,
          position: Math.max(0, positionOf(only.size, only.color)),
        },
      ];
    } else if (input.stock !== total) errors.stock = gridMessages.perVariant;
  }

  const keptKeys = rows ? new Set(rows.map((row) => `${row.size}\u0000${row.color}`)) : null;
  const removed = keptKeys
    ? current.variants.filter((row) => !keptKeys.has(`${row.size}\u0000${row.color}`))
    : [];
  return { sizes, colors, optionsChanged, rows, removed, errors };
}

/** A change of the grid as the activity log tells it: 'M / Olive stock 3 → 0'. */
export interface GridChange {
  summary: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

function describeRow(row: { sku: string; stock: number; priceKobo: number | null }): string {
  return `${row.stock} in stock, ${row.sku}${row.priceKobo === null ? '' : `, ${formatNaira(row.priceKobo)}`}`;
}

/**
 * SKUs the grid gives that another product's variant already has (compared case-insensitively),
 * as messages on their cells: 'ROS-1001-M-BLC is already used by Linen Shirt (M / Black).'
 */
export async function skuConflicts(
  db: DbOrTx,
  productId: number,
  rows: PlannedVariant[],
): Promise<FieldErrors> {
  const given = rows.flatMap((row, index) => (row.sku ? [{ sku: row.sku, index }] : []));
  if (given.length === 0) return {};
  const taken = await db
    .select({
      sku: productVariants.sku,
      size: productVariants.size,
      color: productVariants.color,
      name: products.name,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        ne(productVariants.productId, productId),
        inArray(
          sql`upper(${productVariants.sku})`,
          given.map((item) => item.sku),
        ),
      ),
    );
  const errors: FieldErrors = {};
  for (const item of given) {
    const owner = taken.find((row) => row.sku.toUpperCase() === item.sku);
    if (!owner) continue;
    const label = variantLabel({ size: optionOf(owner.size), color: optionOf(owner.color) });
    errors[`variants[${item.index}].sku`] =
      `${item.sku} is already used by ${owner.name}${label ? ` (${label})` : ''}.`;
  }
  return errors;
}

/**
 * Writes a planned grid: variants left out are removed, the others updated in place, new ones
 * inserted (a blank SKU generated by the database's rule). SKUs change in two steps, so two
 * variants may swap theirs. The counts are set by core/inventory (setCounts, the one lock order), its
 * ledger rows named by `cause`. The database keeps products.stock as the sum. Returns what changed.
 */
export async function writeGrid(
  db: DbOrTx,
  productId: number,
  current: VariantRow[],
  plan: { rows: PlannedVariant[]; removed: VariantRow[] },
  cause: StockCause = { reason: 'edit' },
): Promise<GridChange> {
  const change: GridChange = { summary: [], before: {}, after: {} };
  const counts: CountTo[] = [];
  const byId = new Map(current.map((row) => [row.id, row]));
  const now = new Date();
  if (plan.removed.length > 0) {
    await db.delete(productVariants).where(
      inArray(
        productVariants.id,
        plan.removed.map((row) => row.id),
      ),
    );
    for (const row of plan.removed) {
      const label = labelOf(optionOf(row.size), optionOf(row.color));
      change.summary.push(`${label} removed${row.stock > 0 ? ` (${row.stock} units gone)` : ''}`);
      change.before[label] = describeRow(row);
    }
  }

  const renamed = plan.rows.filter((row) => {
    const before = row.id === null ? undefined : byId.get(row.id);
    return before && row.sku && row.sku !== before.sku;
  });
  // A variant keeping its SKU must not collide with one another variant gives up in this change.
  for (const row of renamed)
    await db
      .update(productVariants)
      .set({ sku: `~${row.id}~${row.sku}`.slice(0, 200).toUpperCase() })
      .where(eq(productVariants.id, row.id!));

  for (const row of plan.rows) {
    if (row.id === null) continue;
    const before = byId.get(row.id)!;
    const sku = row.sku ?? before.sku;
    const label = labelOf(optionOf(row.size), optionOf(row.color));
    const parts: string[] = [];
    if (before.stock !== row.stock) {
      parts.push(`stock ${before.stock} → ${row.stock}`);
      change.before[`${label} stock`] = before.stock;
      change.after[`${label} stock`] = row.stock;
    }
    if (before.priceKobo !== row.priceKobo) {
      const shown = (kobo: number | null) => (kobo === null ? 'product price' : formatNaira(kobo));
      parts.push(`price ${shown(before.priceKobo)} → ${shown(row.priceKobo)}`);
      change.before[`${label} price`] = before.priceKobo;
      change.after[`${label} price`] = row.priceKobo;
    }
    if (before.sku !== sku) {
      parts.push(`SKU ${before.sku} → ${sku}`);
      change.before[`${label} SKU`] = before.sku;
      change.after[`${label} SKU`] = sku;
    }
    if (parts.length > 0) change.summary.push(`${label} ${parts.join(', ')}`);
    if (before.stock !== row.stock) counts.push({ productId, variantId: row.id, stock: row.stock });
    if (
      before.priceKobo !== row.priceKobo ||
      before.sku !== sku ||
      before.position !== row.position ||
      renamed.includes(row)
    )
      await db
        .update(productVariants)
        .set({ sku, priceKobo: row.priceKobo, position: row.position, updatedAt: now })
        .where(eq(productVariants.id, row.id));
  }

  const added = plan.rows.filter((row) => row.id === null);
  // Given SKUs first, so a generated one never takes a SKU the owner chose for another row.
  added.sort((a, b) => Number(b.sku !== null) - Number(a.sku !== null));
  for (const row of added) {
    const sku =
      row.sku ??
      (await freeVariantSku(db, productId, { size: optionOf(row.size), color: optionOf(row.color) }));
    // Made with none; its units are counted below, by core/inventory, as every other count.
    const [made] = await db
      .insert(productVariants)
      .values({
        productId,
        size: row.size,
        color: row.color,
        sku,
        priceKobo: row.priceKobo,
        position: row.position,
      })
      .returning({ id: productVariants.id });
    if (row.stock > 0) counts.push({ productId, variantId: made!.id, stock: row.stock });
    const label = labelOf(optionOf(row.size), optionOf(row.color));
    change.summary.push(`${label} added (${row.stock} in stock, ${sku})`);
    change.after[label] = describeRow({ sku, stock: row.stock, priceKobo: row.priceKobo });
  }
  await setCounts(db, cause, counts);
  await writeCostsAndThresholds(db, productId, current, plan.rows, change);
  return change;
}

const shownCost = (kobo: number | null) => (kobo === null ? 'not known' : formatNaira(kobo));
const shownThreshold = (units: number | null) => (units === null ? 'shop default' : String(units));

/**
 * Each row's cost and low-stock level, where the plan gives them (left out: kept), in statements of
 * their own: a cost is no change of stock, so the ledger's trigger never sees it. Rows are found by
 * their size and colour, so a variant the grid has just made gets its figures too.
 */
async function writeCostsAndThresholds(
  db: DbOrTx,
  productId: number,
  current: VariantRow[],
  rows: PlannedVariant[],
  change: GridChange,
): Promise<void> {
  const byId = new Map(current.map((row) => [row.id, row]));
  for (const row of rows) {
    const before = row.id === null ? undefined : byId.get(row.id);
    const set: { costKobo?: number | null; lowStockThreshold?: number | null } = {};
    const label = labelOf(optionOf(row.size), optionOf(row.color));
    if (row.costKobo !== undefined && row.costKobo !== (before?.costKobo ?? null)) {
      set.costKobo = row.costKobo;
      change.summary.push(
        `${label} cost ${shownCost(before?.costKobo ?? null)} → ${shownCost(row.costKobo)}`,
      );
      change.before[`${label} cost`] = before?.costKobo ?? null;
      change.after[`${label} cost`] = row.costKobo;
    }
    if (
      row.lowStockThreshold !== undefined &&
      row.lowStockThreshold !== (before?.lowStockThreshold ?? null)
    ) {
      set.lowStockThreshold = row.lowStockThreshold;
      change.summary.push(
        `${label} low-stock level ${shownThreshold(before?.lowStockThreshold ?? null)} → ${shownThreshold(row.lowStockThreshold)}`,
      );
      change.before[`${label} low-stock level`] = before?.lowStockThreshold ?? null;
      change.after[`${label} low-stock level`] = row.lowStockThreshold;
    }
    if (Object.keys(set).length > 0)
      await db
        .update(productVariants)
        .set(set)
        .where(
          and(
            eq(productVariants.productId, productId),
            eq(productVariants.size, row.size),
            eq(productVariants.color, row.color),
          ),
        );
  }
}

/**
 * The variants of one product in the grid's order, locked for the change in id order (the one lock
 * order, core/inventory/lock-stock.ts: the caller holds the product's row lock first).
 */
export async function lockVariants(db: DbOrTx, productId: number): Promise<VariantRow[]> {
  const rows = await db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.id)
    .for('update');
  return rows.sort((a, b) => a.position - b.position || a.id - b.id);
}
