import { describe, expect, it } from 'vitest';
import { defaultShopSettings } from '../../../core/settings/shop-settings';
import { carrierFieldName, changesFrom, readCarriers } from './settings-tab.server';

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

describe('the carriers as the settings form posts them', () => {
  const form = formOf([
    ['carriers.shown', '1'],
    ['carriers.0.id', 'gig'],
    ['carriers.0.name', 'GIG Logistics'],
    ['carriers.0.trackingUrl', ' https://giglogistics.com/track?waybill={tracking} '],
    // Cleared: taken out of the list.
    ['carriers.1.id', 'dhl'],
    ['carriers.1.name', ' '],
    ['carriers.1.trackingUrl', 'https://www.dhl.com/{tracking}'],
    // The empty row, filled in: a new carrier, its id from its name.
    ['carriers.2.id', ''],
    ['carriers.2.name', 'Red Star Express'],
    ['carriers.2.trackingUrl', 'http://redstar.example/{tracking}'],
  ]);

  it('keep each named row, take out a cleared one, and name a new one from its name', () => {
    expect(readCarriers(form)).toEqual({
      carriers: [
        {
          id: 'gig',
          name: 'GIG Logistics',
          trackingUrl: 'https://giglogistics.com/track?waybill={tracking}',
        },
        {
          id: 'red-star-express',
          name: 'Red Star Express',
          trackingUrl: 'http://redstar.example/{tracking}',
        },
      ],
      rows: [0, 2],
    });
  });

  it('put a refusal beside the row the form showed the carrier in', () => {
    const { rows } = readCarriers(form);
    expect(carrierFieldName('carriers.1.trackingUrl', rows)).toBe('carriers.2.trackingUrl');
    expect(carrierFieldName('pickup.address', rows)).toBe('pickup.address');
  });
});

describe('the tax on the tags as the settings form posts it', () => {
  const current = defaultShopSettings;
  const base: [string, string][] = [
    ['taxRates.us', '7'],
    ['taxRates.eu', '20'],
    ['taxRates.asia', '15'],
    ['taxRates.other', '10'],
  ];

  it('reads "added" as VAT on top and "included" as inside the price, with Nigeria’s rate', () => {
    const added = changesFrom(
      formOf([...base, ['taxRates.ng', '7.5'], ['pricesIncludeTax', 'added']]),
      current,
    );
    expect(added).toMatchObject({ pricesIncludeTax: false, taxRates: { ng: 7.5, us: 7 } });
    const included = changesFrom(formOf([...base, ['pricesIncludeTax', 'included']]), current);
    expect(included.pricesIncludeTax).toBe(true);
  });

  it('leaves both as they are when an older form does not show them', () => {
    const older = changesFrom(formOf(base), current);
    expect(older).not.toHaveProperty('pricesIncludeTax');
    expect(older.taxRates).not.toHaveProperty('ng');
  });
});

describe('the low-stock line as the settings form posts it', () => {
  it('reads the units typed, and leaves the line as it is when an older form does not show it', () => {
    expect(changesFrom(formOf([['lowStockThreshold', ' 8 ']]), defaultShopSettings)).toMatchObject({
      lowStockThreshold: 8,
    });
    // Blank is not a number: the rules refuse it beside the field.
    expect(changesFrom(formOf([['lowStockThreshold', '']]), defaultShopSettings).lowStockThreshold).toBeNaN();
    expect(changesFrom(formOf([]), defaultShopSettings)).not.toHaveProperty('lowStockThreshold');
  });
});
