import { describe, expect, it } from 'vitest';
import type { PublicVariant } from '../../../contracts/catalog';
import { chosenVariant, colourInStock, initialChoice, sizeInStock } from './variant-choice';

const variant = (
  size: string | null,
  color: string | null,
  stock: number,
  price = 20_000,
): PublicVariant => ({
  sku: `ROS-1-${size ?? ''}-${color ?? ''}`,
  size,
  color,
  price,
  inStock: stock > 0,
  stockStatus: stock === 0 ? 'out_of_stock' : stock < 5 ? 'low_stock' : 'in_stock',
  stockCount: Math.min(stock, 5),
});

// Sand is sold out in every size; Olive has no XL; White has everything.
const shirt = {
  sizes: ['M', 'L', 'XL'],
  colors: [{ name: 'Sand' }, { name: 'Olive' }, { name: 'White' }],
  variants: [
    variant('M', 'Sand', 0),
    variant('L', 'Sand', 0),
    variant('XL', 'Sand', 0),
    variant('M', 'Olive', 2),
    variant('L', 'Olive', 7),
    variant('XL', 'Olive', 0),
    variant('M', 'White', 3),
    variant('L', 'White', 3),
    variant('XL', 'White', 1, 23_500),
  ],
};

describe('what a shopper may choose', () => {
  it('crosses out a size sold out in the chosen colour, and a colour sold out in the chosen size', () => {
    expect(sizeInStock(shirt.variants, 'XL', 'Olive')).toBe(false);
    expect(sizeInStock(shirt.variants, 'XL', 'White')).toBe(true);
    expect(sizeInStock(shirt.variants, 'M', 'Sand')).toBe(false);
    expect(colourInStock(shirt.variants, 'Olive', 'XL')).toBe(false);
    expect(colourInStock(shirt.variants, 'Olive', 'M')).toBe(true);
    // No size chosen yet: a colour is out only when every size of it is.
    expect(colourInStock(shirt.variants, 'Sand', null)).toBe(false);
    expect(colourInStock(shirt.variants, 'Olive', null)).toBe(true);
  });

  it('opens on the first colour with stock and chooses no size among several', () => {
    expect(initialChoice(shirt)).toEqual({ color: 'Olive', size: null });
    // A back-in-stock e-mail's link chooses its colour, and its size while that is in stock.
    expect(initialChoice(shirt, { color: 'White', size: 'XL' })).toEqual({ color: 'White', size: 'XL' });
    expect(initialChoice(shirt, { color: 'Olive', size: 'XL' })).toEqual({ color: 'Olive', size: null });
    expect(initialChoice(shirt, { color: 'Purple', size: 'XXS' })).toEqual({ color: 'Olive', size: null });
    // One size: chosen.
    expect(
      initialChoice({ sizes: ['One Size'], colors: [], variants: [variant('One Size', null, 4)] }),
    ).toEqual({
      color: null,
      size: 'One Size',
    });
  });

  it('names a variant only once every option is chosen, with its own price', () => {
    expect(chosenVariant(shirt, { color: 'White', size: null })).toBeNull();
    expect(chosenVariant(shirt, { color: 'White', size: 'XL' })).toMatchObject({
      price: 23_500,
      stockCount: 1,
    });
  });
});
