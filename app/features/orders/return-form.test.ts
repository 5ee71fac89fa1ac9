import { describe, expect, it } from 'vitest';
import type { Returnable, ReturnableLine } from '../../../core/returns/views';
import { formFieldsOf, readReturnForm, returnRequestOf } from './return-form.server';

/*
 * The return form as the page posts it: one set of fields per order line. What it sends core names
 * the lines' products, sizes and colours as bought; core's errors come back beside their lines.
 */
const line = (overrides: Partial<ReturnableLine>): ReturnableLine => ({
  orderLineId: 11,
  productId: 7,
  name: 'Linen Shirt',
  imageUrl: null,
  size: 'M',
  color: 'Olive',
  unitPriceKobo: 2_000_000,
  bought: 2,
  returnable: 2,
  exchangeOptions: [],
  ...overrides,
});

const returnable: Returnable = {
  orderNumber: 'ORD-10001',
  deliveredAt: '2030-03-01T10:00:00.000Z',
  windowEndsAt: '2030-03-31T10:00:00.000Z',
  windowOpen: true,
  closedReason: null,
  returnsDays: 30,
  lines: [
    line({}),
    line({
      orderLineId: 12,
      productId: 8,
      name: 'Cufflinks',
      size: null,
      color: null,
      bought: 1,
      returnable: 1,
    }),
  ],
};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe('the return form', () => {
  it('asks core for the chosen lines as bought, with the exchange’s size and colour in the same order', () => {
    const values = readReturnForm(
      form({
        'quantity.11': '1',
        'reason.11': 'too_small',
        'size.11': 'L',
        'color.11': 'Olive',
        'quantity.12': '0',
        resolution: 'exchange',
        note: ' Loved the colour ',
      }),
      returnable,
    );
    const request = returnRequestOf(values, returnable, 'secret-key');
    expect(request).toEqual({
      raw: {
        key: 'secret-key',
        resolution: 'exchange',
        note: 'Loved the colour',
        items: [
          { productId: 7, selectedSize: 'M', selectedColor: 'Olive', quantity: 1, reason: 'too_small' },
        ],
        exchangeFor: [{ productId: 7, selectedSize: 'L', selectedColor: 'Olive' }],
      },
      lineIds: [11],
    });
  });

  it('never asks for more than can be returned, nor fewer than none', () => {
    const values = readReturnForm(form({ 'quantity.11': '9', 'quantity.12': '-3' }), returnable);
    expect(values.lines['11']!.quantity).toBe(2);
    expect(values.lines['12']!.quantity).toBe(0);
  });

  it('says beside each field what is missing: a piece, a reason, the words for Other, the new size', () => {
    expect(returnRequestOf(readReturnForm(form({}), returnable), returnable, null)).toEqual({
      error: 'Please check the highlighted choices.',
      fields: {
        lines: 'Choose at least one piece to send back, and how many.',
        resolution: 'Choose your money back or another size or colour.',
      },
    });
    const missing = returnRequestOf(
      readReturnForm(
        form({
          'quantity.11': '1',
          'quantity.12': '1',
          'reason.12': 'other',
          resolution: 'exchange',
          'size.11': 'M',
          'color.11': 'Olive',
        }),
        returnable,
      ),
      returnable,
      null,
    );
    expect(missing).toMatchObject({
      fields: {
        'reason.11': 'Choose a reason.',
        'exchange.11': 'Choose a size or colour other than the one you have.',
        'reasonText.12': 'Tell us in a few words what is wrong.',
      },
    });
    const noSize = returnRequestOf(
      readReturnForm(
        form({ 'quantity.11': '1', 'reason.11': 'too_big', resolution: 'exchange' }),
        returnable,
      ),
      returnable,
      null,
    );
    expect(noSize).toMatchObject({ fields: { 'exchange.11': 'Choose the size you want instead.' } });
  });

  it('puts core’s errors beside the lines they are about', () => {
    expect(
      formFieldsOf(
        {
          'items.0.quantity': 'Only 1 can still be returned',
          'items.1.reasonText': 'Required when the reason is Other',
          'exchangeFor.0': 'Sold out',
          resolution: 'Invalid option',
          body: 'Something else',
        },
        [12, 11],
      ),
    ).toEqual({
      'quantity.12': 'Only 1 can still be returned',
      'reasonText.11': 'Required when the reason is Other',
      'exchange.12': 'Sold out',
      resolution: 'Invalid option',
    });
  });
});
