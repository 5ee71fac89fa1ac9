import { describe, expect, test } from 'vitest';
import { deliveryLineText } from './product-delivery';

const dates = { earliest: '2026-11-27', latest: '2026-11-28' };

describe('the product page delivery line', () => {
  test('names the state, the price there and the dates', () => {
    expect(deliveryLineText('Lagos', { priceKobo: 200_000, free: false, deliveryDates: dates })).toBe(
      'Delivery to Lagos: ₦2,000 · Arrives Fri 27 – Sat 28 Nov',
    );
  });

  test('says free delivery when the piece goes free there, and names the FCT as shoppers do', () => {
    expect(deliveryLineText('FCT', { priceKobo: 0, free: true, deliveryDates: dates })).toMatch(
      /^Free delivery to .*Abuja.* · Arrives Fri 27 – Sat 28 Nov$/,
    );
  });
});
