import { describe, expect, test } from 'vitest';
import { enabledPaymentMethods, isPaymentMethodEnabled } from './payment-methods';

const settings = (flutterwave: boolean, creditCard: boolean, bankTransfer: boolean) => ({
  paymentMethods: { flutterwave, creditCard, bankTransfer },
});

describe('the payment methods the checkout offers', () => {
  test('with Flutterwave and Credit card both on, one card option: Flutterwave (its window takes cards too)', () => {
    expect(enabledPaymentMethods(settings(true, true, true))).toEqual(['flutterwave', 'bank-transfer']);
    expect(enabledPaymentMethods(settings(true, true, false))).toEqual(['flutterwave']);
  });

  test("'Credit card' shows when it is the shop's only card option", () => {
    expect(enabledPaymentMethods(settings(false, true, true))).toEqual(['credit-card', 'bank-transfer']);
    expect(enabledPaymentMethods(settings(true, false, false))).toEqual(['flutterwave']);
    expect(enabledPaymentMethods(settings(false, false, false))).toEqual([]);
  });

  test('an order sent for Credit card while it is on is still taken (the same window, cards only)', () => {
    expect(isPaymentMethodEnabled(settings(true, true, true), 'credit-card')).toBe(true);
    expect(isPaymentMethodEnabled(settings(true, false, true), 'credit-card')).toBe(false);
  });
});
