import { describe, expect, it } from 'vitest';
import type { PublicVariant } from '../../../contracts/catalog';
import {
  chosenVariant,
  colourInStock,
  colourState,
  coloursMadeIn,
  initialChoice,
  madeChoiceWith,
  notMadeNote,
  optionLabel,
  sizeInStock,
  sizesMadeIn,
  sizesSoldOutIn,
  sizeState,
} from './variant-choice';

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

// Made in M/Navy, L/Navy (sold out), XL/Navy and L/Orange only: M/Orange and XL/Orange were never
// made (no variant row), so they will never come back. Sand was made in M alone, and is sold out.
const kaftan = {
  sizes: ['M', 'L', 'XL'],
  colors: [{ name: 'Navy' }, { name: 'Orange' }, { name: 'Sand' }],
  variants: [
    variant('M', 'Navy', 3),
    variant('L', 'Navy', 0),
    variant('XL', 'Navy', 2),
    variant('L', 'Orange', 4),
    variant('M', 'Sand', 0),
  ],
};

describe('a size or colour never made in the other choice', () => {
  it('is "not made", not "sold out", in the chosen colour; a made size with no stock stays sold out', () => {
    expect(sizeState(kaftan.variants, 'M', 'Orange')).toBe('not_made');
    expect(sizeState(kaftan.variants, 'XL', 'Orange')).toBe('not_made');
    expect(sizeState(kaftan.variants, 'L', 'Orange')).toBe('available');
    expect(sizeState(kaftan.variants, 'L', 'Navy')).toBe('sold_out');
    expect(sizeState(kaftan.variants, 'M', 'Navy')).toBe('available');
    // No colour chosen (a product without colours): any colour counts.
    expect(sizeState(kaftan.variants, 'L', null)).toBe('available');
  });

  it('likewise a colour in the chosen size (sizes first)', () => {
    expect(colourState(kaftan.variants, 'Orange', 'M')).toBe('not_made');
    expect(colourState(kaftan.variants, 'Navy', 'L')).toBe('sold_out');
    expect(colourState(kaftan.variants, 'Orange', 'L')).toBe('available');
    expect(colourState(kaftan.variants, 'Sand', 'XL')).toBe('not_made');
    // No size chosen: out only when every size made in it is.
    expect(colourState(kaftan.variants, 'Orange', null)).toBe('available');
    expect(colourState(kaftan.variants, 'Sand', null)).toBe('sold_out');
  });

  it('is read as not made in the other choice, and a sold-out one as before', () => {
    expect(optionLabel('M', 'not_made', 'Orange')).toBe('M — not made in Orange');
    expect(optionLabel('Orange', 'not_made', 'M')).toBe('Orange — not made in M');
    expect(optionLabel('L', 'sold_out', 'Navy')).toBe('L, sold out');
    expect(optionLabel('L', 'available', 'Navy')).toBe('L');
  });

  it('names where it is made, and asks back-in-stock only for sizes that were made', () => {
    expect(coloursMadeIn(kaftan, 'M')).toEqual(['Navy', 'Sand']);
    expect(sizesMadeIn(kaftan, 'Orange')).toEqual(['L']);
    // A colour sold out in every size asks which size: only those made in it.
    expect(sizesSoldOutIn(kaftan, 'Sand')).toEqual(['M']);
    expect(sizesSoldOutIn(kaftan, 'Navy')).toEqual(['L']);
    expect(sizesSoldOutIn(kaftan, 'Orange')).toEqual([]);
  });

  it('offers the nearest choice that was made, in stock where one is', () => {
    // M is made in Navy (in stock) and Sand (sold out): Navy.
    expect(madeChoiceWith(kaftan, { size: 'M' })).toEqual({ size: 'M', color: 'Navy' });
    // Orange is made in L alone.
    expect(madeChoiceWith(kaftan, { color: 'Orange' })).toEqual({ size: 'L', color: 'Orange' });
    // Sand is made in M alone, sold out: still that one (its alert is then a tap away).
    expect(madeChoiceWith(kaftan, { color: 'Sand' })).toEqual({ size: 'M', color: 'Sand' });
    expect(madeChoiceWith(kaftan, { size: 'XXL' })).toBeNull();
  });

  it('says where a tapped never-made option is made, and offers to show it there', () => {
    expect(notMadeNote(kaftan, { size: 'M' }, { color: 'Orange', size: null })).toEqual({
      message: 'M is not made in Orange. It comes in Navy and Sand.',
      offer: { size: 'M', color: 'Navy' },
      offerLabel: 'Show M in Navy',
    });
    expect(notMadeNote(kaftan, { color: 'Orange' }, { color: 'Navy', size: 'M' })).toEqual({
      message: 'Orange is not made in M. It comes in L.',
      offer: { size: 'L', color: 'Orange' },
      offerLabel: 'Show Orange in L',
    });
  });

  it('is never the choice a link opens with', () => {
    expect(initialChoice(kaftan, { color: 'Orange', size: 'M' })).toEqual({ color: 'Orange', size: null });
  });

  it('changes nothing for a product made in every combination', () => {
    for (const { name: color } of shirt.colors)
      for (const size of shirt.sizes) {
        const inStock = sizeInStock(shirt.variants, size, color);
        expect(sizeState(shirt.variants, size, color)).toBe(inStock ? 'available' : 'sold_out');
        expect(colourState(shirt.variants, color, size)).toBe(
          colourInStock(shirt.variants, color, size) ? 'available' : 'sold_out',
        );
      }
    expect(colourState(shirt.variants, 'Sand', null)).toBe('sold_out');
    expect(sizesSoldOutIn(shirt, 'Sand')).toEqual(['M', 'L', 'XL']);
    expect(sizesSoldOutIn(shirt, 'Olive')).toEqual(['XL']);
  });
});
