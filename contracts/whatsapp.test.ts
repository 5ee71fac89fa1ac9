import { describe, expect, it } from 'vitest';
import { whatsappCartLink, whatsappProductLink } from './whatsapp';

const textOf = (href: string) => new URL(href).searchParams.get('text') ?? '';

describe('the WhatsApp order from a product page', () => {
  it('names the colour and size the shopper chose, with that size and colour’s price, as the bag’s message does', () => {
    const href = whatsappProductLink(
      '2348012345678',
      { name: 'Linen Shirt', priceKobo: 2_350_000 },
      'https://rossy.ng/product/1061',
      { color: 'Olive', size: 'XL' },
    );
    expect(href.startsWith('https://wa.me/2348012345678?text=')).toBe(true);
    const text = textOf(href);
    expect(text).toContain('Hello! I would like to order: Linen Shirt');
    expect(text).toContain('Price: ₦23,500');
    expect(text).toContain('Colour: Olive');
    expect(text).toContain('Size: XL');
    expect(text).toContain('Link: https://rossy.ng/product/1061');

    // The bag's message for the same piece says the same colour and size.
    const bag = textOf(
      whatsappCartLink(
        '2348012345678',
        [
          {
            name: 'Linen Shirt',
            unitPriceKobo: 2_350_000,
            quantity: 1,
            color: 'Olive',
            size: 'XL',
            url: 'https://rossy.ng/product/1061',
          },
        ],
        2_350_000,
      ),
    );
    expect(bag).toContain('Colour: Olive');
    expect(bag).toContain('Size: XL');
  });

  it('leaves out what was not chosen (a piece with no sizes, or no size chosen yet)', () => {
    const text = textOf(
      whatsappProductLink(
        '2348012345678',
        { name: 'Silk Scarf', priceKobo: 1_500_000 },
        'https://rossy.ng/product/9',
        {
          color: 'Ivory',
          size: null,
        },
      ),
    );
    expect(text).toContain('Colour: Ivory');
    expect(text).not.toContain('Size:');
  });
});
