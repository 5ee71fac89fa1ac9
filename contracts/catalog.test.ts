import { describe, expect, it } from 'vitest';
import { parseProductListQuery } from './catalog';

describe('parseProductListQuery', () => {
  it('turns a price band into its bounds in naira: from its lower edge to below its upper one', () => {
    // The fixed bands' ids of old links still read, by the rules of the bands chosen from a list's prices.
    const under = parseProductListQuery(new URLSearchParams('price=under-25000'));
    expect(under.maxPrice).toBe(24_999.99);
    expect(under.minPrice).toBeUndefined();
    expect(parseProductListQuery(new URLSearchParams('price=30000-35000'))).toMatchObject({
      minPrice: 30_000,
      maxPrice: 34_999.99,
    });
    const over = parseProductListQuery(new URLSearchParams('price=over-40000'));
    expect(over.minPrice).toBe(40_000);
    expect(over.maxPrice).toBeUndefined();
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
