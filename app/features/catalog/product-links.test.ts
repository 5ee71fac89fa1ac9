import { describe, expect, it } from 'vitest';
import type { ProductDetail, PublicVariant } from '../../../contracts/catalog';
import { productJsonLd } from './product-links';

const variant = (size: string, price: number): PublicVariant => ({
  sku: `ROS-1-${size}`,
  size,
  color: null,
  price,
  inStock: true,
  stockStatus: 'in_stock',
  stockCount: 5,
});

const product = (variants: PublicVariant[]) =>
  ({
    id: 1,
    name: 'Linen shirt',
    description: 'A shirt.',
    images: [],
    brandName: null,
    categoryId: 2,
    categoryName: 'Shirts',
    department: null,
    priceKobo: 1_800_000,
    stock: 10,
    reviewCount: 0,
    ratingAverage: 0,
    variants,
  }) as unknown as ProductDetail;

const offers = (variants: PublicVariant[]) =>
  (
    JSON.parse(productJsonLd(product(variants), 'https://shop/p/1', 'https://shop')) as {
      '@graph': { offers?: Record<string, unknown> }[];
    }
  )['@graph'][0]?.offers;

describe('productJsonLd offers', () => {
  it('gives the price range when sizes cost differently', () => {
    expect(offers([variant('M', 15_000), variant('L', 18_000)])).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '15000.00',
      highPrice: '18000.00',
      offerCount: 2,
    });
  });

  it('gives the variants’ own price when they all cost the same, not the product’s', () => {
    expect(offers([variant('M', 15_000), variant('L', 15_000)])).toMatchObject({
      '@type': 'Offer',
      price: '15000.00',
    });
    expect(offers([variant('M', 16_500)])).toMatchObject({ '@type': 'Offer', price: '16500.00' });
  });

  it('gives the product’s price when the page carries no variants', () => {
    expect(offers([])).toMatchObject({ '@type': 'Offer', price: '18000.00' });
  });
});
