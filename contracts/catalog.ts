import { z } from 'zod';
import { MAX_DB_INTEGER, MAX_PRICE_NAIRA } from './limits';
import { reviewFitIds } from './fit';
import { priceBandRange, type PriceBand } from './price-bands';

export const productSorts = [
  'featured',
  'price-asc',
  'price-desc',
  'newest',
  'best-selling',
  'rating',
  'relevance',
] as const;
export type ProductSort = (typeof productSorts)[number];

/** Sort names the category and search pages use, mapped to the list's own. */
const sortAliases: Record<string, ProductSort> = { 'price-low': 'price-asc', 'price-high': 'price-desc' };

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
/** A number read from an address; its bounds stay on the coerced number itself, so the OpenAPI document shows them. */
const optionalNumber = (schema: z.ZodCoercedNumber) => z.preprocess(emptyToUndefined, schema.optional());

const priceFilterTooHigh = (name: string) =>
  `${name} must be at most ${MAX_PRICE_NAIRA} (no product costs more)`;

export const productListQuerySchema = z.object({
  category: z.preprocess(emptyToUndefined, z.string().trim().max(80).optional()),
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100).optional()),
  minPrice: optionalNumber(
    z.coerce
      .number()
      .min(0, 'minPrice must be 0 or more')
      .max(MAX_PRICE_NAIRA, priceFilterTooHigh('minPrice')),
  ),
  maxPrice: optionalNumber(
    z.coerce
      .number()
      .min(0, 'maxPrice must be 0 or more')
      .max(MAX_PRICE_NAIRA, priceFilterTooHigh('maxPrice')),
  ),
  rating: optionalNumber(
    z.coerce.number().int().min(1, 'rating must be 1 to 4').max(4, 'rating must be 1 to 4'),
  ),
  availability: z.preprocess(emptyToUndefined, z.enum(['in-stock', 'out-of-stock']).optional()),
  color: z.preprocess(emptyToUndefined, z.string().trim().max(40).optional()),
  size: z.preprocess(emptyToUndefined, z.string().trim().max(20).optional()),
  onSale: z.preprocess(
    (value) =>
      value === 'true' || value === '1'
        ? true
        : value === 'false' || value === '0'
          ? false
          : emptyToUndefined(value),
    z.boolean().optional(),
  ),
  sort: z.preprocess(
    (value) => (typeof value === 'string' ? (sortAliases[value] ?? value) : emptyToUndefined(value)),
    z.enum(productSorts).default('featured'),
  ),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
  pageSize: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(48).default(24)),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/**
 * Reads a list query from a page's address: a value a shopper mistyped is dropped (its default
 * applies) instead of failing the page. The REST API, by contrast, answers 400 to bad values.
 */
export function parseProductListQuery(
  params: URLSearchParams,
  overrides: Partial<Record<keyof ProductListQuery, string>> = {},
): ProductListQuery {
  const raw: Record<string, string> = { ...Object.fromEntries(params), ...overrides };
  const band = raw.price === undefined ? null : priceBandRange(raw.price);
  if (band) {
    if (band.minPrice !== undefined) raw.minPrice = String(band.minPrice);
    if (band.maxPrice !== undefined) raw.maxPrice = String(band.maxPrice);
  }
  delete raw.price;
  // A price above any product's is the same filter as the highest one (an int4 column holds no more).
  for (const name of ['minPrice', 'maxPrice'] as const) {
    if (raw[name] !== undefined && Number(raw[name]) > MAX_PRICE_NAIRA) raw[name] = String(MAX_PRICE_NAIRA);
  }
  const parsed = productListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const valid: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (productListQuerySchema.safeParse({ [key]: value }).success) valid[key] = value;
  }
  return productListQuerySchema.parse(valid);
}

export const productIdSchema = z.coerce.number().int().positive().max(MAX_DB_INTEGER);

export type StockStatus = 'in_stock' | 'low_stock' | 'out_of_stock';

export interface ImageRef {
  key: string;
  widths: number[];
  width: number;
  height: number;
  alt: string;
  colorName: string | null;
}

export interface ColorOption {
  name: string;
  hex: string;
}

export interface ProductSummary {
  id: number;
  name: string;
  categoryId: string;
  categoryName: string;
  brandName: string | null;
  priceKobo: number;
  /**
   * "from ₦X": the lowest price of the sizes and colours a shopper can buy now (every one when none
   * is in stock), given only when they do not all cost the product's price; null otherwise
   * (docs/decisions/0037-storefront-variants.md). Sorting and price filters use `priceKobo`.
   */
  priceFromKobo: number | null;
  originalPriceKobo: number | null;
  discountPercent: number;
  image: ImageRef | null;
  colors: ColorOption[];
  sizes: string[];
  ratingAverage: number;
  reviewCount: number;
  /** Units left as a shopper sees them: exact below the low-stock threshold (5), 5 meaning "5 or more". */
  stock: number;
  stockStatus: StockStatus;
  isNew: boolean;
  isHot: boolean;
  freeShipping: boolean;
  tag: string | null;
}

/**
 * One size × colour a product is sold in, as a shopper sees it: `size` or `color` null where the
 * product offers none; `price` in naira (the variant's own, else the product's); `stockCount` exact
 * below the low-stock threshold (5), 5 meaning "5 or more".
 */
export interface PublicVariant {
  sku: string;
  size: string | null;
  color: string | null;
  price: number;
  inStock: boolean;
  stockStatus: StockStatus;
  stockCount: number;
}

export { hasSizeChoice, reviewFitIds, reviewFitNames, type ReviewFit } from './fit';

/**
 * What the returns and reviews of a piece agree on about its fit, shown beside the size picker; only
 * above the evidence threshold (core/catalog/fit-advice.ts, docs/decisions/0043-fit-advice.md).
 * `basis` counts the returns (Too small or Too big) and reviews that point `direction`'s way.
 */
export interface FitAdvice {
  direction: 'small' | 'large';
  message: string;
  basis: { returns: number; reviews: number };
}

export interface ProductDetail extends ProductSummary {
  description: string;
  /** Null for a piece without a choice of sizes, or while its returns and reviews do not say enough. */
  fitAdvice: FitAdvice | null;
  variants: PublicVariant[];
  images: ImageRef[];
  specs: Record<string, string>;
  department: { id: string; name: string } | null;
  createdAt: string;
}

/**
 * A list counts its results exactly up to this many, and a search ranks at most this many of its
 * matches: past it, "1,000+ products found" tells a shopper as much, and counting or ranking a third
 * of a large catalogue would cost every first visitor of a search (docs/decisions/0019-search-at-scale.md).
 */
export const RESULT_CAP = 1000;

export interface ProductPage {
  items: ProductSummary[];
  /** Exact up to RESULT_CAP; RESULT_CAP with `totalIsCapped` when more match. */
  total: number;
  totalIsCapped: boolean;
  page: number;
  pageSize: number;
  pageCount: number;
}

/** A size or a colour a list could be narrowed to, and how many of its products that leaves. */
export interface FacetOption {
  /** The size, or the colour's name as the shop writes it ('Navy'). */
  value: string;
  count: number;
}

/**
 * What a list can be narrowed to, counted over its matching products with every other filter
 * applied but the facet's own (a size's count keeps the colour and price filters, not the size):
 * its sizes (XS…XXL, then the bags' Mini…Large, then numeric sizes ascending), its colours
 * (alphabetical, each with its swatch when the shop has one), and its price bands with the range of
 * its prices. Only what the list holds; a chosen size or colour stays, counted 0 when nothing holds it.
 */
export interface ListFacets {
  /**
   * False for a list of more products than the facets count (core/catalog/list-facets.ts): its
   * options and bands are those of its first matches, and their counts are left unsaid.
   */
  counted: boolean;
  sizes: FacetOption[];
  colors: (FacetOption & { hex: string | null })[];
  price: { bands: PriceBand[]; minKobo: number | null; maxKobo: number | null };
}

export interface CategorySummary {
  id: string;
  name: string;
  description: string;
  parentId: string | null;
  featured: boolean;
  isNew: boolean;
  image: ImageRef | null;
  productCount: number;
  subcategories: { id: string; name: string }[];
  brands: { id: string; name: string }[];
}

export const reviewInputSchema = z.object({
  rating: z.coerce.number().int().min(0).max(5).default(0),
  title: z.string().max(120, 'The title must be at most 120 characters').default(''),
  comment: z.string().max(2000, 'The review must be at most 2000 characters').default(''),
  /** Optional: how the piece fitted (a piece sold in sizes); an empty answer is no answer. */
  fit: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(reviewFitIds, 'Choose Runs small, True to size or Runs large').optional(),
  ),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;

export interface Review {
  id: number;
  rating: number;
  title: string;
  comment: string;
  author: string;
  date: string;
}

export interface ReviewPage {
  reviews: Review[];
  total: number;
  page: number;
  pageSize: number;
  /** How many reviews gave each star count, 5 down to 1. */
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
}

/** A size × colour as the shop names it: null (or '') for no size or no colour. */
export interface VariantOption {
  size?: string | null;
  color?: string | null;
}

/** The words a person reads for a size × colour: 'M / Olive', 'M', 'Olive', or '' for a product's only one. */
export function variantLabel(option: VariantOption): string {
  return [option.size, option.color].filter((part): part is string => Boolean(part)).join(' / ');
}
