import { describe, expect, test } from 'vitest';
import { orderDeliveryPromise } from './order-delivery';

const placed = { deliveryEarliest: '2026-11-27', deliveryLatest: '2026-11-28', status: 'processing' };

describe("an order's delivery promise", () => {
  test('repeats the stored dates in the words checkout used', () => {
    expect(orderDeliveryPromise(placed)).toBe('Arrives Fri 27 – Sat 28 Nov');
    expect(orderDeliveryPromise({ ...placed, deliveryLatest: '2026-11-27' })).toBe('Arrives Fri 27 Nov');
  });

  test('says nothing for an order placed before dates were promised', () => {
    expect(orderDeliveryPromise({ ...placed, deliveryEarliest: null, deliveryLatest: null })).toBeNull();
  });

  test('says nothing once the order arrived, was collected or was cancelled', () => {
    for (const status of ['delivered', 'picked_up', 'cancelled'])
      expect(orderDeliveryPromise({ ...placed, status })).toBeNull();
  });

  test('a pickup is ready to collect rather than arriving', () => {
    expect(orderDeliveryPromise({ ...placed, shippingMethodId: 'pickup' })).toBe(
      'Ready to collect Fri 27 – Sat 28 Nov',
    );
  });
});
