import { asc, eq, sql } from 'drizzle-orm';
import type { StockStatus } from '../../contracts/catalog';
import type { DbOrTx } from '../../db/client';
import { products, productVariants } from '../../db/schema/catalog';
import { isLowStock } from '../../contracts/inventory';
import { shopLowStockLevel, variantIsLowSql } from '../inventory/low-stock';
import { optionOf } from '../catalog/variants';

/** One size and colour of a product on sale with its own stock and status. */
export interface VariantStockRow {
  productId: number;
  name: string;
  variantId: number;
  sku: string;
  /** null: the product offers no size (or no colour). */
  size: string | null;
  color: string | null;
  stock: number;
  status: StockStatus;
}

/** A variant as the inventory reads it: its stock and status, its price and its product's total. */
export interface InventoryVariantRow extends VariantStockRow {
  /** The price this variant sells at: its own, or its product's. */
  priceKobo: number;
  /** The product's units over all its sizes and colours. */
  productStock: number;
}

/** Variants the emptiest first, then by product, in the order the product shows them. */
export const emptiestVariantsFirst = [
  asc(productVariants.stock),
  asc(products.name),
  asc(products.id),
  asc(productVariants.position),
];

/** A variant row as read ('' = no such option) with its options as the admin shows them and its status. */
/** A variant row as the admin lists it, with its state by the one low-stock rule (its level, else the shop's). */
export function withStockStatus<
  T extends { size: string; color: string; stock: number; lowStockThreshold: number | null },
>(row: T, shopLevel: number) {
  const status: StockStatus =
    row.stock <= 0 ? 'out_of_stock' : isLowStock(row, shopLevel) ? 'low_stock' : 'in_stock';
  return { ...row, size: optionOf(row.size), color: optionOf(row.color), status };
}

/** The Inventory card: stock as it stands now, counted per size and colour (decision 0036). */
export interface InventoryReport {
  /** Products on sale (not archived). */
  products: number;
  /** Their sizes and colours: every variant of a product on sale. */
  variants: number;
  units: number;
  /** Products with nothing left in any size or colour. */
  outOfStock: number;
  /** Products still selling, of which some size or colour is below the threshold (or sold out). */
  lowStock: number;
  /** Sizes and colours with nothing left. */
  outOfStockVariants: number;
  /** Sizes and colours in stock but below the low-stock threshold. */
  lowStockVariants: number;
  lowStockThreshold: number;
  /** These units at the price each variant sells at; the value at cost is the stock value report's (./stock-value.ts). */
  stockValueKobo: number;
  stockValueBasis: 'retail';
  /** The variants with the fewest left: sold out first, then low, then the rest, emptiest first. */
  lowest: InventoryVariantRow[];
}

/** Per product on sale: its total, its variants, and how many of them are out or low. */
const perProduct = (db: DbOrTx, shopLevel: number) =>
  db
    .select({
      id: products.id,
      total: sql<number>`coalesce(sum(${productVariants.stock}), 0)`.as('total'),
      variants: sql<number>`count(${productVariants.id})`.as('variants'),
      outVariants: sql<number>`count(${productVariants.id}) filter (where ${productVariants.stock} <= 0)`.as(
        'out_variants',
      ),
      lowVariants:
        sql<number>`count(${productVariants.id}) filter (where ${productVariants.stock} > 0 and ${variantIsLowSql(shopLevel)})`.as(
          'low_variants',
        ),
      value:
        sql<number>`coalesce(sum(${productVariants.stock}::bigint * coalesce(${productVariants.priceKobo}, ${products.priceKobo})), 0)`.as(
          'value',
        ),
    })
    .from(products)
    .leftJoin(productVariants, eq(productVariants.productId, products.id))
    .where(eq(products.status, 'active'))
    .groupBy(products.id)
    .as('per_product');

export async function inventoryReport(db: DbOrTx, options: { top?: number } = {}): Promise<InventoryReport> {
  const shopLevel = await shopLowStockLevel(db);
  const counted = perProduct(db, shopLevel);
  const [[totals], lowest] = await Promise.all([
    db
      .select({
        products: sql<number>`count(*)`.mapWith(Number),
        variants: sql<number>`coalesce(sum(${counted.variants}), 0)`.mapWith(Number),
        units: sql<number>`coalesce(sum(${counted.total}), 0)`.mapWith(Number),
        outOfStock: sql<number>`count(*) filter (where ${counted.total} <= 0)`.mapWith(Number),
        lowStock:
          sql<number>`count(*) filter (where ${counted.total} > 0 and ${counted.outVariants} + ${counted.lowVariants} > 0)`.mapWith(
            Number,
          ),
        outOfStockVariants: sql<number>`coalesce(sum(${counted.outVariants}), 0)`.mapWith(Number),
        lowStockVariants: sql<number>`coalesce(sum(${counted.lowVariants}), 0)`.mapWith(Number),
        stockValueKobo: sql<number>`coalesce(sum(${counted.value}), 0)`.mapWith(Number),
      })
      .from(counted),
    db
      .select({
        productId: products.id,
        name: products.name,
        variantId: productVariants.id,
        sku: productVariants.sku,
        size: productVariants.size,
        color: productVariants.color,
        stock: productVariants.stock,
        lowStockThreshold: productVariants.lowStockThreshold,
        priceKobo: sql<number>`coalesce(${productVariants.priceKobo}, ${products.priceKobo})`.mapWith(Number),
        productStock: products.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(eq(products.status, 'active'))
      .orderBy(...emptiestVariantsFirst)
      .limit(options.top ?? 12),
  ]);
  return {
    products: totals?.products ?? 0,
    variants: totals?.variants ?? 0,
    units: totals?.units ?? 0,
    outOfStock: totals?.outOfStock ?? 0,
    lowStock: totals?.lowStock ?? 0,
    outOfStockVariants: totals?.outOfStockVariants ?? 0,
    lowStockVariants: totals?.lowStockVariants ?? 0,
    lowStockThreshold: shopLevel,
    stockValueKobo: totals?.stockValueKobo ?? 0,
    stockValueBasis: 'retail',
    lowest: lowest.map((row) => withStockStatus(row, shopLevel)),
  };
}
