import { describe, expect, it } from 'vitest';
import {
  defaultShopSettings,
  mergeShopSettings,
  validShopSettingsSchema,
} from '../../../core/settings/shop-settings';
import { changesFrom } from './settings-tab.server';

function formOf(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

const saved = (changes: unknown) =>
  validShopSettingsSchema.safeParse(mergeShopSettings(defaultShopSettings, changes));

describe('Settings → Payments: the card provider', () => {
  it('saves the choice the form posts when both providers have keys', () => {
    const changes = changesFrom(formOf([['cardProvider', 'paystack']]), defaultShopSettings);
    expect(changes.cardProvider).toBe('paystack');
    const next = saved({ cardProvider: changes.cardProvider });
    expect(next.success && next.data.cardProvider).toBe('paystack');
  });

  it('keeps the saved choice when the form offers none (one provider, or TEST MODE)', () => {
    const current = { ...defaultShopSettings, cardProvider: 'paystack' as const };
    const changes = changesFrom(formOf([]), current);
    expect(changes).not.toHaveProperty('cardProvider');
  });

  it('refuses a provider the shop does not know', () => {
    const changes = changesFrom(formOf([['cardProvider', 'stripe']]), defaultShopSettings);
    expect(saved({ cardProvider: changes.cardProvider }).success).toBe(false);
  });
});
