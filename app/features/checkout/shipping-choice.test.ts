import { describe, expect, test } from 'vitest';
import { formatDeliveryWindow } from '../../../contracts/delivery-dates';
import type { ShippingOption } from '../../../core/orders/pricing';
import { methodPrice } from './checkout-choices';
import { methodFallbackMessage } from './method-fallback';

const standard: ShippingOption = {
  id: 'standard',
  name: 'Standard Shipping',
  description: '1–2 business days',
  priceKobo: 200_000,
  basePriceKobo: 200_000,
  free: false,
  minDays: 1,
  maxDays: 2,
  deliveryDates: { earliest: '2026-11-27', latest: '2026-11-28' },
  priceRangeKobo: null,
};

describe('a delivery method at checkout', () => {
  test('shows its price in the zone, Free delivery when the zone lets it go free, "from" before a state is chosen', () => {
    expect(methodPrice(standard)).toBe('₦2,000');
    expect(methodPrice({ ...standard, priceKobo: 0, free: true })).toBe('Free delivery');
    expect(methodPrice({ ...standard, priceRangeKobo: { min: 200_000, max: 500_000 } })).toBe('from ₦2,000');
    // One price in every zone is no "from" price.
    expect(methodPrice({ ...standard, priceRangeKobo: { min: 200_000, max: 200_000 } })).toBe('₦2,000');
    expect(methodPrice({ ...standard, id: 'pickup', priceKobo: 0, free: true })).toBe('Free');
  });

  test('its dates read as a window', () => {
    expect(formatDeliveryWindow(standard.deliveryDates.earliest, standard.deliveryDates.latest)).toBe(
      'Arrives Fri 27 – Sat 28 Nov',
    );
  });

  test('a method the new state does not offer is named, with what is chosen instead', () => {
    expect(methodFallbackMessage('Express Shipping', 'Kano', 'Standard Shipping')).toBe(
      'Express Shipping is not offered in Kano, so Standard Shipping is chosen instead.',
    );
  });
});
