import { describe, expect, it } from 'vitest';
import { placeOrderInputSchema } from './checkout';
import { nigerianPhoneOf, nigerianStateOf, nigerianStates } from './nigeria';

describe('Nigerian addresses', () => {
  it('knows the 36 states and the FCT', () => {
    expect(nigerianStates).toHaveLength(37);
    expect(new Set(nigerianStates).size).toBe(37);
  });

  it('reads a state however it was typed, and refuses what is not one', () => {
    expect(nigerianStateOf('lagos')).toBe('Lagos');
    expect(nigerianStateOf(' Lagos State ')).toBe('Lagos');
    expect(nigerianStateOf('akwa-ibom')).toBe('Akwa Ibom');
    expect(nigerianStateOf('Abuja')).toBe('FCT');
    expect(nigerianStateOf('Federal Capital Territory')).toBe('FCT');
    expect(nigerianStateOf('California')).toBeNull();
    expect(nigerianStateOf('')).toBeNull();
  });

  it('keeps every way of writing a Nigerian phone in one form', () => {
    for (const typed of [
      '08031234567',
      '0803 123 4567',
      '0803-123-4567',
      '+2348031234567',
      '+234 803 123 4567',
      '234 803 123 4567',
      '+234 (0) 803 123 4567',
      '8031234567',
    ]) {
      expect(nigerianPhoneOf(typed), typed).toBe('+2348031234567');
    }
    expect(nigerianPhoneOf('01 271 0000')).toBe('+23412710000');
  });

  it('refuses what is not a Nigerian phone', () => {
    for (const typed of [
      '0603 123 4567',
      '080312345',
      '+1 212 555 1234',
      '2125551234',
      'call me',
      '080312345678',
    ]) {
      expect(nigerianPhoneOf(typed), typed).toBeNull();
    }
  });
});

describe('placing an order: the rules of the destination', () => {
  const order = (phone: string, address: Record<string, string>) => ({
    items: [{ id: 1, quantity: 1 }],
    shippingMethod: 'standard',
    paymentMethod: 'bank-transfer',
    email: 'ada@example.com',
    phone,
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Obi',
      address: '4 Opebi Road',
      city: 'Ikeja',
      ...address,
    },
  });

  it('takes a Nigerian address without a postal code, with its state and phone in one form', () => {
    const parsed = placeOrderInputSchema.parse(
      order('0803 123 4567', { state: 'lagos', country: 'Nigeria' }),
    );
    expect(parsed.phone).toBe('+2348031234567');
    expect(parsed.shippingAddress).toMatchObject({ state: 'Lagos', zipCode: '' });
  });

  it('names the field of a state that is not Nigerian, and of a phone that is not', () => {
    const result = placeOrderInputSchema.safeParse(order('555 1234', { state: 'Texas', country: 'Nigeria' }));
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['shippingAddress.state', 'phone']));
  });

  it('keeps the postal code required elsewhere, with the state as typed', () => {
    const missing = placeOrderInputSchema.safeParse(
      order('+1 212 555 1234', { state: 'NY', country: 'USA' }),
    );
    expect(missing.error?.issues[0]?.path).toEqual(['shippingAddress', 'zipCode']);
    const parsed = placeOrderInputSchema.parse(
      order('+1  212 555 1234', { state: 'NY', zipCode: '10001', country: 'USA' }),
    );
    expect(parsed).toMatchObject({ phone: '+1 212 555 1234', shippingAddress: { state: 'NY' } });
  });
});
