import { asc, inArray, sql } from 'drizzle-orm';
import { variantLabel, type PublicVariant, type VariantOption } from '../../contracts/catalog';
import { koboToNaira } from '../../contracts/money';
import type { DbOrTx } from '../../db/client';
import { productVariants } from '../../db/schema/catalog';
import { shownStock, stockStatus } from './stock-status';

/**
 * A product sells one variant per size × colour it offers; each has its own stock, SKU and
 * optionally its own price (decision 0032). In the database a missing size or colour is '' (one
 * unique index covers every product); everywhere else it is null.
 */
export type VariantRow = typeof productVariants.$inferSelect;

/** The database's spelling of an option: '' for none. */
export const optionKey = (value: string | null | undefined): string => value ?? '';
/** The shop's spelling of an option: null for none. */
export const optionOf = (value: string): string | null => (value === '' ? null : value);

/** A product's variants in the order a shopper sees them, by product id. */
export async function variantsOf(db: DbOrTx, productIds: number[]): Promise<Map<number, VariantRow[]>> {
  const byProduct = new Map<number, VariantRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  for (const row of rows) byProduct.get(row.productId)?.push(row);
  return byProduct;
}

/** A variant as the storefront shows it: its own price, whether it is in stock, the count only when low. */
export function toPublicVariant(row: VariantRow, productPriceKobo: number): PublicVariant {
  return {
    sku: row.sku,
    size: optionOf(row.size),
    color: optionOf(row.color),
    price: koboToNaira(row.priceKobo ?? productPriceKobo),
    inStock: row.stock > 0,
    stockStatus: stockStatus(row.stock),
    stockCount: shownStock(row.stock),
  };
}

export type VariantChoice =
  { variant: VariantRow; problem: null } | { variant: null; problem: string; kind: 'option' };

/**
 * The variant a cart line means. A line without a size is the product's only size, if it has one;
 * otherwise it must name one. A line without a colour is the product's first colour, the one the
 * product page shows chosen. A size or colour the product does not sell (any more) is a problem
 * that names it.
 */
export function chooseVariant(
  product: { sizes: string[]; colors: { name: string }[] },
  variants: VariantRow[],
  line: { selectedSize?: string | null | undefined; selectedColor?: string | null | undefined },
): VariantChoice {
  const sizes = product.sizes.filter((size) => size !== '');
  const colors = product.colors.map((color) => color.name).filter((name) => name !== '');
  let size = line.selectedSize || null;
  let color = line.selectedColor || null;
  if (sizes.length === 0) size = null;
  else if (!size) {
    if (sizes.length > 1) return { variant: null, problem: 'Please choose a size.', kind: 'option' };
    size = sizes[0]!;
  } else if (!sizes.includes(size))
    return { variant: null, problem: `Size ${size} is not available for this item.`, kind: 'option' };
  if (colors.length === 0) color = null;
  else if (!color) color = colors[0]!;
  else if (!colors.includes(color))
    return { variant: null, problem: `${color} is not available for this item.`, kind: 'option' };

  const variant = variants.find((row) => row.size === optionKey(size) && row.color === optionKey(color));
  if (!variant) {
    const label = variantLabel({ size, color });
    return {
      variant: null,
      problem: label ? `${label} is not available for this item.` : 'This item is not available.',
      kind: 'option',
    };
  }
  return { variant, problem: null };
}

/** A SKU nobody has yet, made by the database's one rule (ROS-1061-M-OLV, then -2, -3…). */
export async function freeVariantSku(db: DbOrTx, productId: number, option: VariantOption): Promise<string> {
  const result = await db.execute(
    sql`SELECT free_variant_sku(${productId}::int, ${optionKey(option.size)}, ${optionKey(option.color)}) AS sku`,
  );
  const [row] = (result as { rows: { sku: string }[] }).rows;
  if (!row) throw new Error('No SKU');
  return row.sku;
}

/**
 * "from ₦X" (docs/decisions/0037-storefront-variants.md): the lowest price among the variants a
 * shopper can buy now (every variant when none is in stock), or null when each of those costs the
 * product's own price, so the card and the page show that price alone.
 */
export function priceFromKobo(
  productPriceKobo: number,
  variants: readonly Pick<VariantRow, 'priceKobo' | 'stock'>[],
): number | null {
  const inStock = variants.filter((variant) => variant.stock > 0);
  const prices = (inStock.length > 0 ? inStock : variants).map(
    (variant) => variant.priceKobo ?? productPriceKobo,
  );
  if (prices.every((price) => price === productPriceKobo)) return null;
  return Math.min(...prices);
}

/** The price of each product's variants and whether they are in stock, for "from ₦X" on many products at once. */
export async function variantPricesOf(
  db: DbOrTx,
  productIds: number[],
): Promise<Map<number, Pick<VariantRow, 'priceKobo' | 'stock'>[]>> {
  const byProduct = new Map<number, Pick<VariantRow, 'priceKobo' | 'stock'>[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({
      productId: productVariants.productId,
      priceKobo: productVariants.priceKobo,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds));
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push(row);
    byProduct.set(row.productId, list);
  }
  return byProduct;
}
