import type { ProductDetail } from '../../../contracts/catalog';
import { mediaUrl } from '../../../contracts/media';
import { nairaDigits } from '../../../contracts/money';

export { whatsappProductLink as whatsappOrderLink } from '../../../contracts/whatsapp';

/** JSON-LD a search engine reads for a product: price in NGN, availability and the rating from stored reviews. */
export function productJsonLd(product: ProductDetail, url: string, origin: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Product',
        name: product.name,
        description: product.description,
        sku: String(product.id),
        url,
        image: product.images.map((image) => `${origin}${mediaUrl(image.key, image.width)}`),
        ...(product.brandName ? { brand: { '@type': 'Brand', name: product.brandName } } : {}),
        category: product.categoryName,
        offers: offersOf(product, url),
        ...(product.reviewCount > 0
          ? {
              aggregateRating: {
                '@type': 'AggregateRating',
                ratingValue: product.ratingAverage.toFixed(1),
                reviewCount: product.reviewCount,
              },
            }
          : {}),
      },
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` },
          ...(product.department
            ? [
                {
                  '@type': 'ListItem',
                  position: 2,
                  name: product.department.name,
                  item: `${origin}/category/${product.department.id}`,
                },
              ]
            : []),
          {
            '@type': 'ListItem',
            position: product.department ? 3 : 2,
            name: product.categoryName,
            item: `${origin}/category/${product.categoryId}`,
          },
          { '@type': 'ListItem', position: product.department ? 4 : 3, name: product.name, item: url },
        ],
      },
    ],
  };
  // '<' is escaped so no text in the data can close the script element.
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/**
 * One offer at the product's price, or, when its sizes and colours cost different amounts, the
 * range of them (AggregateOffer, as search engines read a product sold in variants).
 */
function offersOf(product: ProductDetail, url: string) {
  const availability = product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const prices = product.variants.map((variant) => variant.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  if (prices.length > 1 && low !== high)
    return {
      '@type': 'AggregateOffer',
      url,
      priceCurrency: 'NGN',
      lowPrice: low.toFixed(2),
      highPrice: high.toFixed(2),
      offerCount: prices.length,
      availability,
      itemCondition: 'https://schema.org/NewCondition',
    };
  return {
    '@type': 'Offer',
    url,
    priceCurrency: 'NGN',
    // Every variant at one price: that price (a variant's own, when it differs from the product's).
    price: prices.length > 0 ? low.toFixed(2) : nairaDigits(product.priceKobo),
    availability,
    itemCondition: 'https://schema.org/NewCondition',
  };
}
