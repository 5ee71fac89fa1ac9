import { describe, expect, test } from 'vitest';
import { shippingAddressSchema } from '../../../contracts/checkout';
import { readCheckoutDetails } from './checkout-details';

const filled = {
  email: 'ada@example.ng',
  phone: '0803 123 4567',
  firstName: 'Ada',
  lastName: 'Obi',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  state: 'Lagos',
  zipCode: '',
  country: 'Nigeria',
};

const formOf = (values: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  return form;
};

describe('the checkout names a missing field', () => {
  test('a Nigerian address without its state asks for the state, beside the field and above the form', () => {
    const read = readCheckoutDetails(formOf({ ...filled, state: '' }), 'Nigeria');
    expect(read).toEqual({
      ok: false,
      fields: { state: 'Please choose your state' },
      message: 'Please choose your state',
      focus: 'state',
    });
  });

  test('an address abroad without its state asks for the state or region', () => {
    const read = readCheckoutDetails(
      formOf({ ...filled, country: 'UK', zipCode: 'SW1A 1AA', state: ' ' }),
      'UK',
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fields).toEqual({ state: 'Please enter your state or region' });
    expect(read.message).toBe('Please enter your state or region');
  });

  test('several missing fields are listed by their labels', () => {
    const read = readCheckoutDetails(formOf({ ...filled, city: '', state: '' }), 'Nigeria');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.message).toBe('Please fill in all required fields: City, State.');
    expect(read.fields).toEqual({ city: 'Please fill in your city', state: 'Please choose your state' });
    expect(read.focus).toBe('city');
  });

  test('the API names the state too when an address is sent without one', () => {
    const parsed = shippingAddressSchema.safeParse({ ...filled, state: '' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([
      expect.objectContaining({ path: ['state'], message: 'Please enter your state or region' }),
    ]);
  });

  test('filled in, the details are read as typed', () => {
    expect(readCheckoutDetails(formOf(filled), 'Nigeria')).toEqual({ ok: true, details: filled });
  });
});
