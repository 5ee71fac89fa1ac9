import { z } from 'zod';
import { command } from '../command';
import { saveShopSettings, type ShopSettingsChanges } from './shop-settings';

/** What staff change of the shop's settings (core/commands gathers every domain's). */
export const settingsCommands = {
  'settings.save': command({
    permission: 'settings.manage',
    summary:
      'Change the shop’s settings: payments, delivery and its zones, tax, pickup, contact details, policies, measuring.',
    // Judged whole by the domain (shopSettingsSchema), which names each field and keeps every rule across them.
    input: z.custom<ShopSettingsChanges | Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'Send the settings to change',
    ),
    run: ({ db, actor }, changes) => saveShopSettings(db, changes, actor),
  }),
};
