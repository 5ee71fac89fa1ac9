import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/settings';
import { parseInput } from '../validation';

export const shopSettingsSchema = z.object({
  name: z.string().trim().min(1).max(60),
  tagline: z.string().trim().max(160),
  supportEmail: z.email(),
  supportPhone: z.string().trim().min(5).max(30),
  /** International format without '+', as wa.me links want it. */
  whatsappNumber: z.string().regex(/^\d{8,15}$/),
  address: z.string().trim().max(200),
  businessHours: z.string().trim().max(80),
  freeShippingThresholdKobo: z.number().int().min(0),
  returnsDays: z.number().int().min(0).max(365),
  warrantyMonths: z.number().int().min(0).max(120),
  social: z.object({ instagram: z.string(), facebook: z.string(), x: z.string() }),
  /** When the current flash sale ends (ISO time); null when there is none. */
  flashSaleEndsAt: z.iso.datetime({ offset: true }).nullable(),
  shippingMethods: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
        name: z.string().trim().min(1).max(40),
        /** 'Delivery in 3-5 business days' */
        description: z.string().trim().max(80),
        priceKobo: z.number().int().min(0),
        /** Free when the goods reach the free-shipping threshold. */
        freeOverThreshold: z.boolean(),
        enabled: z.boolean(),
      }),
    )
    .min(1),
  /** Tax in percent by region; every country belongs to one (contracts/checkout.ts). */
  taxRates: z.object({
    us: z.number().min(0).max(100),
    eu: z.number().min(0).max(100),
    asia: z.number().min(0).max(100),
    other: z.number().min(0).max(100),
  }),
  paymentMethods: z.object({ flutterwave: z.boolean(), creditCard: z.boolean(), bankTransfer: z.boolean() }),
  bankAccount: z.object({
    bankName: z.string().trim().max(60),
    accountNumber: z.string().trim().max(20),
    accountName: z.string().trim().max(80),
  }),
  /** How long an unpaid bank-transfer order keeps its stock. */
  unpaidOrderHoldHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 14),
  /**
   * Naira per unit of each display currency. Shoppers may see prices converted at these rates;
   * checkout and payment are always in naira.
   */
  currencyRates: z.object({
    USD: z.number().positive().max(1_000_000),
    EUR: z.number().positive().max(1_000_000),
    GBP: z.number().positive().max(1_000_000),
  }),
  /** How long an order paid by card keeps its stock while the shopper pays. */
  cardPaymentHoldMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const defaultShopSettings: ShopSettings = {
  name: 'Rossy',
  tagline: "Premium men's wear and designer bags, made for Lagos and delivered across Nigeria.",
  supportEmail: 'hello@rossy.ng',
  supportPhone: '+234 803 555 0142',
  whatsappNumber: '2348035550142',
  address: '14 Admiralty Way, Lekki Phase 1, Lagos',
  businessHours: 'Monday to Saturday, 9am to 5pm',
  freeShippingThresholdKobo: 1_500_000,
  returnsDays: 30,
  warrantyMonths: 12,
  social: {
    instagram: 'https://instagram.com/rossy.ng',
    facebook: 'https://facebook.com/rossy.ng',
    x: 'https://x.com/rossy_ng',
  },
  flashSaleEndsAt: null,
  shippingMethods: [
    {
      id: 'standard',
      name: 'Standard',
      description: 'Delivery in 3-5 business days',
      priceKobo: 150_000,
      freeOverThreshold: true,
      enabled: true,
    },
    {
      id: 'express',
      name: 'Express',
      description: 'Delivery in 1-2 business days',
      priceKobo: 300_000,
      freeOverThreshold: false,
      enabled: true,
    },
    {
      id: 'overnight',
      name: 'Overnight',
      description: 'Next-day delivery in Lagos',
      priceKobo: 500_000,
      freeOverThreshold: false,
      enabled: false,
    },
  ],
  taxRates: { us: 7, eu: 20, asia: 15, other: 10 },
  paymentMethods: { flutterwave: true, creditCard: true, bankTransfer: true },
  bankAccount: { bankName: 'Zenith Bank', accountNumber: '1012345678', accountName: 'Rossy Fashion Ltd' },
  unpaidOrderHoldHours: 48,
  currencyRates: { USD: 1550, EUR: 1700, GBP: 1950 },
  cardPaymentHoldMinutes: 60,
};

/** Saves the shop's details; only valid values are stored. */
export async function saveShopSettings(db: DbOrTx, changes: Partial<ShopSettings>): Promise<ShopSettings> {
  const next = parseInput(shopSettingsSchema, { ...(await getShopSettings(db)), ...changes });
  await db
    .insert(settings)
    .values({ key: 'shop', value: next })
    .onConflictDoUpdate({ target: settings.key, set: { value: next, updatedAt: new Date() } });
  return next;
}

/** The shop's details and policy values: what is stored, over the defaults, so a new setting never breaks an old row. */
export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'shop'));
  if (!row) return defaultShopSettings;
  const merged = shopSettingsSchema.safeParse({ ...defaultShopSettings, ...row.value });
  return merged.success ? merged.data : defaultShopSettings;
}
