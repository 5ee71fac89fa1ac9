import { describe, expect, test } from 'vitest';
import { placeOrderInputSchema } from '../../../contracts/checkout';
import { readCheckoutDetails } from './checkout-details';

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
};

// The street, city and postal code fields are not on the form while pickup is chosen.
const forPickup = {
  email: 'tobi@example.ng',
  phone: '0803 123 4567',
  firstName: 'Tobi',
  lastName: 'Adeyemi',
  state: 'Lagos',
  country: 'Nigeria',
};

describe('checkout details for pickup at the shop', () => {
  test('need no street, city or postal code, but still the name and the state', () => {
    expect(readCheckoutDetails(formOf(forPickup), 'Nigeria', { pickup: true }).ok).toBe(true);
    const noState = readCheckoutDetails(formOf({ ...forPickup, state: '' }), 'Nigeria', { pickup: true });
    expect(noState).toMatchObject({ ok: false, focus: 'state' });
    // Delivered, the same details are short of the street and the city.
    const delivered = readCheckoutDetails(formOf(forPickup), 'Nigeria');
    expect(delivered).toMatchObject({ ok: false, focus: 'address' });
  });

  test('the order accepts a pickup without a street, and refuses a delivery without one', () => {
    const order = {
      items: [{ id: 1, quantity: 1 }],
      paymentMethod: 'credit-card',
      email: 'tobi@example.ng',
      phone: '0803 123 4567',
      shippingAddress: { firstName: 'Tobi', lastName: 'Adeyemi', state: 'lagos', country: 'Nigeria' },
    };
    const pickup = placeOrderInputSchema.safeParse({ ...order, shippingMethod: 'pickup' });
    expect(pickup.success && pickup.data.shippingAddress).toMatchObject({
      address: '',
      city: '',
      state: 'Lagos',
    });
    const standard = placeOrderInputSchema.safeParse({ ...order, shippingMethod: 'standard' });
    expect(standard.success).toBe(false);
    expect(standard.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'shippingAddress.address',
      'shippingAddress.city',
    ]);
  });
});
