import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client';
import type { PaymentProvider } from './provider';
import {
  cardProviderOf,
  configuredCardProviders,
  flutterwaveOrSandbox,
  isTestMode,
  paymentSetupOf,
  providerForOrder,
  providerNamed,
  transferProviderOf,
} from './providers';

/** Only the names matter here: which provider each rule picks. */
const fake = (name: PaymentProvider['name'], transfers = false) =>
  ({
    name,
    mode: name === 'sandbox' ? 'sandbox' : 'live',
    ...(transfers ? { createTransferCharge: async () => ({}) } : {}),
  }) as unknown as PaymentProvider;
const db = {} as DbOrTx;
const flutterwave = fake('flutterwave', true);
const paystack = fake('paystack');
const sandbox = fake('sandbox', true);

describe('which provider the shop speaks to', () => {
  it('TEST MODE is no keys at all: the sandbox takes cards and opens transfer accounts', () => {
    const providers = { sandbox };
    expect(isTestMode(providers)).toBe(true);
    expect(cardProviderOf(providers, db, 'paystack')).toBe(sandbox);
    expect(providerForOrder(providers, db, 'flutterwave', 'flutterwave')).toBe(sandbox);
    expect(transferProviderOf(providers, db)).toBe(sandbox);
    expect(flutterwaveOrSandbox(providers, db)).toBe(sandbox);
    expect(paymentSetupOf(providers)).toEqual({ cardProviders: [], transferAccounts: true });
  });

  it('with both keys, the owner’s choice takes the next card payment', () => {
    const providers = { flutterwave, paystack };
    expect(configuredCardProviders(providers)).toEqual(['flutterwave', 'paystack']);
    expect(cardProviderOf(providers, db, 'paystack')).toBe(paystack);
    expect(cardProviderOf(providers, db, 'flutterwave')).toBe(flutterwave);
    // A card-only order goes to the choice; an order placed for one provider's checkout keeps it.
    expect(providerForOrder(providers, db, 'credit-card', 'paystack')).toBe(paystack);
    expect(providerForOrder(providers, db, 'flutterwave', 'paystack')).toBe(flutterwave);
    expect(providerForOrder(providers, db, 'paystack', 'flutterwave')).toBe(paystack);
  });

  it('an order placed for a provider whose keys are gone goes to the provider that has them', () => {
    expect(providerForOrder({ paystack }, db, 'flutterwave', 'flutterwave')).toBe(paystack);
    expect(providerForOrder({ flutterwave }, db, 'paystack', 'paystack')).toBe(flutterwave);
  });

  it('an attempt is checked only by the provider it names; one without keys cannot be asked', () => {
    expect(providerNamed({ flutterwave, paystack }, db, 'paystack')).toBe(paystack);
    expect(() => providerNamed({ flutterwave }, db, 'paystack')).toThrow(/no Paystack keys/);
    expect(() => providerNamed({ paystack }, db, 'flutterwave')).toThrow(/no Flutterwave keys/);
    // The sandbox refunds its own test charges after keys are set: it is made for the asking.
    expect(providerNamed({ paystack }, db, 'sandbox').name).toBe('sandbox');
  });

  it('with Paystack alone, no provider opens transfer accounts: the shop’s own account takes them', () => {
    expect(transferProviderOf({ paystack }, db)).toBeNull();
    expect(paymentSetupOf({ paystack })).toEqual({ cardProviders: ['paystack'], transferAccounts: false });
    expect(transferProviderOf({ flutterwave, paystack }, db)).toBe(flutterwave);
  });
});
