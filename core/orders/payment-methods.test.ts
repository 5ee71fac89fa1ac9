import { describe, expect, test } from 'vitest';
import type { CardProviderId } from '../../contracts/checkout-texts';
import {
  activeCardProvider,
  enabledPaymentMethods,
  isPaymentMethodEnabled,
  transferAccountsOn,
} from './payment-methods';

const settings = (
  flutterwave: boolean,
  creditCard: boolean,
  bankTransfer: boolean,
  cardProvider: CardProviderId = 'flutterwave',
) => ({ paymentMethods: { flutterwave, creditCard, bankTransfer }, cardProvider });

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

describe('the card provider the owner chose', () => {
  test('Paystack chosen with its keys: its checkout takes the place of Flutterwave’s', () => {
    const both = ['flutterwave', 'paystack'] as const;
    expect(enabledPaymentMethods(settings(true, true, true, 'paystack'), both)).toEqual([
      'paystack',
      'bank-transfer',
    ]);
    expect(isPaymentMethodEnabled(settings(true, true, true, 'paystack'), 'paystack', both)).toBe(true);
    expect(isPaymentMethodEnabled(settings(true, true, true, 'paystack'), 'flutterwave', both)).toBe(false);
    expect(isPaymentMethodEnabled(settings(true, true, true, 'flutterwave'), 'paystack', both)).toBe(false);
  });

  test('a choice without keys falls to the provider that has them, and TEST MODE to the sandbox', () => {
    expect(activeCardProvider(['flutterwave'], 'paystack')).toBe('flutterwave');
    expect(activeCardProvider(['paystack'], 'flutterwave')).toBe('paystack');
    expect(activeCardProvider([], 'paystack')).toBe('sandbox');
    expect(enabledPaymentMethods(settings(true, true, true, 'paystack'), [])).toEqual([
      'flutterwave',
      'bank-transfer',
    ]);
    expect(enabledPaymentMethods(settings(true, false, true), ['paystack'])).toEqual([
      'paystack',
      'bank-transfer',
    ]);
  });

  test('with Paystack alone, bank transfers go to the shop’s own account whatever the setting says', () => {
    const on = { transferAccountPerOrder: true };
    expect(transferAccountsOn(on, { cardProviders: ['paystack'], transferAccounts: false })).toBe(false);
    expect(
      transferAccountsOn(on, { cardProviders: ['flutterwave', 'paystack'], transferAccounts: true }),
    ).toBe(true);
    expect(
      transferAccountsOn({ transferAccountPerOrder: false }, { cardProviders: [], transferAccounts: true }),
    ).toBe(false);
  });
});
