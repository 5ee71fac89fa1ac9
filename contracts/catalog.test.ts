import { describe, expect, it } from 'vitest';
import { parseProductListQuery } from './catalog';
import { priceBands } from './price-bands';

describe('parseProductListQuery', () => {
  it('turns a price band into its bounds in naira', () => {
    const under = parseProductListQuery(new URLSearchParams('price=under-25000'));
    expect(under.maxPrice).toBe(24_999.99);
    expect(under.minPrice).toBeUndefined();
    expect(parseProductListQuery(new URLSearchParams('price=30000-35000'))).toMatchObject({
      minPrice: 30_000,
      maxPrice: 35_000,
    });
    const over = parseProductListQuery(new URLSearchParams('price=over-40000'));
    expect(over.minPrice).toBe(40_000.01);
    expect(over.maxPrice).toBeUndefined();
    expect(priceBands.map((band) => band.id)).toEqual([
      'under-25000',
      '25000-30000',
      '30000-35000',
      '35000-40000',
      'over-40000',
    ]);
  });

  it('drops values a shopper mistyped instead of failing, keeping the good ones', () => {
    const query = parseProductListQuery(
      new URLSearchParams('sort=cheapest&rating=9&category=tote-bags&page=2'),
    );
    expect(query).toMatchObject({ sort: 'featured', category: 'tote-bags', page: 2 });
    expect(query.rating).toBeUndefined();
  });

  it('reads the sort names the category and search pages use', () => {
    expect(parseProductListQuery(new URLSearchParams('sort=price-low')).sort).toBe('price-asc');
    expect(parseProductListQuery(new URLSearchParams('sort=price-high')).sort).toBe('price-desc');
  });

  it('lets the page fix a value the address cannot change', () => {
    expect(parseProductListQuery(new URLSearchParams('onSale=false'), { onSale: 'true' }).onSale).toBe(true);
  });
});
