import { z } from 'zod';
import type {
  CategorySummary,
  ImageRef,
  ListFacets,
  ProductDetail,
  ProductSummary,
} from '../../../contracts/catalog';
import { mediaUrl, srcSet } from '../../../contracts/media';
import { koboToNaira } from '../../../contracts/money';
import { priceBandLabel } from '../../../contracts/price-bands';

/** REST speaks naira with at most two decimals and absolute-path image URLs; the core speaks kobo and keys. */
export const imageDto = z.object({
  url: z.string(),
  srcSet: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  color: z.string().nullable(),
});

const colorDto = z.object({ name: z.string(), hex: z.string() });
const stockStatusDto = z.enum(['in_stock', 'low_stock', 'out_of_stock']);

export const productSummaryDto = z.object({
  id: z.number(),
  name: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  brand: z.string().nullable(),
  price: z.number(),
  priceFrom: z
    .number()
    .nullable()
    .describe(
      '"from ₦X": the lowest price of the sizes and colours in stock (every one when none is), when they do not all cost `price`; null otherwise.',
    ),
  originalPrice: z.number().nullable(),
  discountPercent: z.number(),
  image: imageDto.nullable(),
  colors: z.array(colorDto),
  rating: z.number(),
  reviews: z.number(),
  inStock: z.boolean(),
  stockCount: z.number().describe('Units left: exact below 5 ("only 3 left"); 5 means five or more.'),
  stockStatus: stockStatusDto,
  isNew: z.boolean(),
  isHot: z.boolean(),
  freeShipping: z.boolean(),
  tag: z.string().nullable(),
});

/** One size × colour the product is sold in; size or color null where it offers none. */
export const variantDto = z.object({
  sku: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable(),
  price: z.number().describe("In naira: the variant's own price, else the product's."),
  inStock: z.boolean(),
  stockStatus: stockStatusDto,
  stockCount: z.number().describe('Units left: exact below 5 ("only 2 left"); 5 means five or more.'),
});

/** What returns and reviews agree on about a piece's fit (docs/decisions/0043-fit-advice.md). */
export const fitAdviceDto = z
  .object({
    direction: z.enum(['small', 'large']),
    message: z.string(),
    basis: z.object({
      returns: z.number().describe('Returns (Too small or Too big) pointing this way.'),
      reviews: z.number().describe('Reviews whose fit answer points this way.'),
    }),
  })
  .nullable()
  .describe('Null for a piece without sizes, or until enough returns and reviews agree.');

export const productDetailDto = productSummaryDto.extend({
  description: z.string(),
  fitAdvice: fitAdviceDto,
  variants: z.array(variantDto),
  images: z.array(imageDto),
  sizes: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  department: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});

export const productPageDto = z.object({
  items: z.array(productSummaryDto),
  total: z.number().describe('Exact up to 1,000; 1,000 with totalIsCapped when more match.'),
  totalIsCapped: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  pageCount: z.number(),
});

const facetCount = z
  .number()
  .describe('How many products of the list it leaves (its other filters applied).');

export const listFacetsDto = z.object({
  counted: z
    .boolean()
    .describe(
      "False for a list of more than 10,000 products: its options and bands are those of its first 10,000 matches, and their counts are not the list's.",
    ),
  sizes: z
    .array(z.object({ value: z.string(), count: facetCount }))
    .describe(
      'XS to XXL, then Mini to Large, then numeric sizes ascending; only those the list holds in stock.',
    ),
  colors: z
    .array(z.object({ name: z.string(), hex: z.string().nullable(), count: facetCount }))
    .describe(
      'Alphabetical; only those the list holds in stock. `hex` is the swatch, null when the shop has none.',
    ),
  price: z.object({
    bands: z
      .array(
        z.object({
          id: z.string().describe('The value of `price` in a page address (under-N, A-B, over-N).'),
          label: z.string(),
          min: z.number().nullable().describe('Naira, inclusive; null: no lower bound.'),
          below: z.number().nullable().describe('Naira, exclusive; null: no upper bound.'),
          count: facetCount,
        }),
      )
      .describe("About five bands that share the list's products fairly, edges in round naira."),
    min: z.number().nullable().describe("The list's lowest price (naira), without its price filter."),
    max: z.number().nullable().describe("The list's highest price (naira), without its price filter."),
  }),
});

export function toListFacetsDto(facets: ListFacets): z.infer<typeof listFacetsDto> {
  const naira = (kobo: number | null) => (kobo === null ? null : koboToNaira(kobo));
  return {
    counted: facets.counted,
    sizes: facets.sizes,
    colors: facets.colors.map((color) => ({ name: color.value, hex: color.hex, count: color.count })),
    price: {
      bands: facets.price.bands.map((band) => ({
        id: band.id,
        label: priceBandLabel(band),
        min: naira(band.fromKobo),
        below: naira(band.belowKobo),
        count: band.count,
      })),
      min: naira(facets.price.minKobo),
      max: naira(facets.price.maxKobo),
    },
  };
}

export const categoryDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  parentId: z.string().nullable(),
  featured: z.boolean(),
  isNew: z.boolean(),
  image: imageDto.nullable(),
  itemCount: z.number(),
  subcategories: z.array(z.object({ id: z.string(), name: z.string() })),
  brands: z.array(z.object({ id: z.string(), name: z.string() })),
});

export function toImageDto(image: ImageRef): z.infer<typeof imageDto> {
  return {
    url: mediaUrl(image.key, image.width),
    srcSet: srcSet(image),
    width: image.width,
    height: image.height,
    alt: image.alt,
    color: image.colorName,
  };
}

export function toProductSummaryDto(product: ProductSummary): z.infer<typeof productSummaryDto> {
  return {
    id: product.id,
    name: product.name,
    category: { id: product.categoryId, name: product.categoryName },
    brand: product.brandName,
    price: koboToNaira(product.priceKobo),
    priceFrom: product.priceFromKobo === null ? null : koboToNaira(product.priceFromKobo),
    originalPrice: product.originalPriceKobo === null ? null : koboToNaira(product.originalPriceKobo),
    discountPercent: product.discountPercent,
    image: product.image ? toImageDto(product.image) : null,
    colors: product.colors,
    rating: product.ratingAverage,
    reviews: product.reviewCount,
    inStock: product.stock > 0,
    stockCount: product.stock,
    stockStatus: product.stockStatus,
    isNew: product.isNew,
    isHot: product.isHot,
    freeShipping: product.freeShipping,
    tag: product.tag,
  };
}

export function toProductDetailDto(product: ProductDetail): z.infer<typeof productDetailDto> {
  return {
    ...toProductSummaryDto(product),
    description: product.description,
    fitAdvice: product.fitAdvice,
    variants: product.variants,
    images: product.images.map(toImageDto),
    sizes: product.sizes,
    specifications: product.specs,
    department: product.department,
    createdAt: product.createdAt,
  };
}

export function toCategoryDto(category: CategorySummary): z.infer<typeof categoryDto> {
  const { productCount, image, ...rest } = category;
  return { ...rest, image: image ? toImageDto(image) : null, itemCount: productCount };
}
