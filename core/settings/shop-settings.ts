import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { instantSchema, MAX_PRICE_NAIRA } from '../../contracts/limits';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/settings';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { parseInput } from '../validation';

const text = (max: number, what = 'This') =>
  z.string('Enter some text').trim().max(max, `${what} can be at most ${max} characters`);
const whole = (min: number, max: number, unit: string) =>
  z
    .number('Enter a number')
    .int('Enter a whole number')
    .min(min, `Enter ${min} to ${max} ${unit}`)
    .max(max, `Enter ${min} to ${max} ${unit}`);
const percent = z
  .number('Enter a number')
  .min(0, 'Enter a rate from 0 to 100')
  .max(100, 'Enter a rate from 0 to 100');
const amountKobo = z
  .number('Enter an amount')
  .int('Enter an amount in naira and kobo')
  .min(0, 'Enter an amount of ₦0 or more')
  .max(100_000_000_00, 'Enter an amount below ₦100,000,000');
/** A charge an order carries, kept to what an item may cost: an order's kobo must fit its int4 columns. */
const chargeKobo = z
  .number('Enter an amount')
  .int('Enter an amount in naira and kobo')
  .min(0, 'Enter an amount of ₦0 or more')
  .max(MAX_PRICE_NAIRA * 100, 'Enter an amount up to ₦20,000,000');
const rate = z
  .number('Enter a number')
  .positive('Enter a rate above 0')
  .max(1_000_000, 'Enter a rate up to 1,000,000');
const onOff = z.boolean('Choose on or off');

export const shopSettingsSchema = z.object({
  name: text(60, 'The name').min(1, 'Enter the shop name'),
  tagline: text(160, 'The tagline'),
  supportEmail: z.email('Enter a valid e-mail address'),
  supportPhone: text(30, 'The phone number').min(5, 'Enter a phone number'),
  /** International format without '+', as wa.me links want it. */
  whatsappNumber: z
    .string('Enter a number')
    .regex(/^\d{8,15}$/, 'Enter 8 to 15 digits, country code first, without + or spaces (2348035550142)'),
  address: text(200, 'The address'),
  businessHours: text(80, 'Business hours'),
  freeShippingThresholdKobo: amountKobo,
  returnsDays: whole(0, 365, 'days'),
  warrantyMonths: whole(0, 120, 'months'),
  social: z.object({ instagram: text(200), facebook: text(200), x: text(200) }),
  /** When the current flash sale ends (ISO time); null when there is none. */
  flashSaleEndsAt: instantSchema('Enter a date and time').nullable(),
  shippingMethods: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'Use 2 to 31 lowercase letters, digits or dashes'),
        name: text(40, 'The name').min(1, 'Enter a name'),
        /** 'Delivery in 3-5 business days' */
        description: text(80, 'The description'),
        priceKobo: chargeKobo,
        /** Free when the goods reach the free-shipping threshold. */
        freeOverThreshold: onOff,
        enabled: onOff,
      }),
    )
    .min(1, 'Keep at least one shipping method')
    .max(10, 'At most 10 shipping methods'),
  /** Tax in percent by region; every country belongs to one (contracts/checkout.ts). */
  taxRates: z.object({ us: percent, eu: percent, asia: percent, other: percent }),
  paymentMethods: z.object({ flutterwave: onOff, creditCard: onOff, bankTransfer: onOff }),
  bankAccount: z.object({
    bankName: text(60, 'The bank name'),
    accountNumber: text(20, 'The account number'),
    accountName: text(80, 'The account name'),
  }),
  /**
   * Bank transfers into an account of their own for each order, opened by the payment provider,
   * which confirm themselves when the money arrives. Off: shoppers pay into the shop's account
   * above with the order's RC reference and the shop confirms each transfer by hand.
   */
  transferAccountPerOrder: onOff,
  /** How long an unpaid bank-transfer order keeps its stock. */
  unpaidOrderHoldHours: whole(1, 24 * 14, 'hours'),
  /**
   * How long an order whose transfer came short or late keeps its stock while the shop decides; then
   * it is released like any unpaid order and the money it received is owed back.
   */
  reviewHoldDays: whole(1, 60, 'days'),
  /**
   * Naira per unit of each display currency. Shoppers may see prices converted at these rates;
   * checkout and payment are always in naira.
   */
  currencyRates: z.object({ USD: rate, EUR: rate, GBP: rate }),
  /**
   * Who hears about new orders and messages. SMS is stored for when an SMS provider is connected;
   * none is yet, so nothing is texted. An empty alert address means the support e-mail.
   */
  notifications: z.object({
    emailAlerts: onOff,
    smsAlerts: onOff,
    alertEmail: z.union([z.literal(''), z.email()], 'Enter a valid e-mail address, or leave it empty'),
  }),
  /**
   * How long an order paid by card keeps its stock while the shopper pays. Short: closing the
   * payment window releases the order at once, and this is the backstop when the page cannot say so.
   */
  cardPaymentHoldMinutes: whole(5, 24 * 60, 'minutes'),
  /** The most units of one product a single order may hold (the cart's stepper stops there). */
  maxQuantityPerProduct: whole(1, 999, 'units'),
  /** Open unpaid orders (awaiting payment) one e-mail address may have at once. */
  maxUnpaidOrdersPerEmail: whole(1, 1_000_000, 'orders'),
  /**
   * Open unpaid orders one network address may have at once. Generous: many shoppers share one
   * mobile carrier's address.
   */
  maxUnpaidOrdersPerAddress: whole(1, 1_000_000, 'orders'),
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
  transferAccountPerOrder: true,
  unpaidOrderHoldHours: 48,
  reviewHoldDays: 7,
  currencyRates: { USD: 1550, EUR: 1700, GBP: 1950 },
  notifications: { emailAlerts: true, smsAlerts: false, alertEmail: '' },
  cardPaymentHoldMinutes: 15,
  maxQuantityPerProduct: 10,
  maxUnpaidOrdersPerEmail: 3,
  maxUnpaidOrdersPerAddress: 10,
};

/**
 * The rules a whole set of settings must keep on top of each value's own: a shopper can always pay
 * and always have their order delivered.
 */
export const validShopSettingsSchema = shopSettingsSchema.superRefine((value, context) => {
  if (!Object.values(value.paymentMethods).some(Boolean))
    context.addIssue({
      code: 'custom',
      path: ['paymentMethods'],
      message: 'Keep at least one payment method on, or shoppers cannot pay.',
    });
  if (!value.shippingMethods.some((method) => method.enabled))
    context.addIssue({
      code: 'custom',
      path: ['shippingMethods'],
      message: 'Keep at least one shipping method enabled, or orders cannot be delivered.',
    });
  const seen = new Set<string>();
  value.shippingMethods.forEach((method, index) => {
    if (seen.has(method.id))
      context.addIssue({
        code: 'custom',
        path: ['shippingMethods', index, 'id'],
        message: 'Each shipping method needs its own id.',
      });
    seen.add(method.id);
  });
});

/**
 * What a partial change may hold: any top-level setting, and for a group of values (tax rates,
 * payment methods, bank account, …) only the values that change. Lists (shipping methods) are replaced whole.
 */
export type ShopSettingsChanges = {
  [Key in keyof ShopSettings]?: ShopSettings[Key] extends unknown[]
    ? ShopSettings[Key]
    : ShopSettings[Key] extends object
      ? Partial<ShopSettings[Key]>
      : ShopSettings[Key];
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The settings with the changes laid over them: groups merged value by value, everything else replaced. */
export function mergeShopSettings(current: ShopSettings, changes: unknown): Record<string, unknown> {
  const next: Record<string, unknown> = { ...current };
  if (!isPlainObject(changes)) return next;
  for (const [key, value] of Object.entries(changes)) {
    if (!Object.hasOwn(shopSettingsSchema.shape, key) || value === undefined) continue;
    const before = next[key];
    next[key] = isPlainObject(before) && isPlainObject(value) ? { ...before, ...value } : value;
  }
  return next;
}

/** The top-level settings whose values differ, each as it was and as it is. */
export function changedShopSettings(before: ShopSettings, after: ShopSettings) {
  const keys = (Object.keys(after) as (keyof ShopSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    keys,
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/**
 * Saves changes to the shop's settings; only a valid whole is stored (a bad value is a 400 naming
 * its field, and nothing changes). With an actor (an administrator), the changed values are recorded
 * in the audit log in the same transaction. Checkout, copy and e-mails read the settings on every
 * request, so a change shows at once.
 */
export async function saveShopSettings(
  db: DbOrTx,
  changes: ShopSettingsChanges | Record<string, unknown>,
  actor?: AuditActor | null,
): Promise<ShopSettings> {
  return db.transaction(async (tx) => {
    // The row exists and is locked before it is read: two saves at once apply one after the other.
    await tx
      .insert(settings)
      .values({ key: 'shop', value: defaultShopSettings })
      .onConflictDoNothing({ target: settings.key });
    const [row] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'shop'))
      .for('update');
    const current = readStored(row?.value);
    const next = parseInput(validShopSettingsSchema, mergeShopSettings(current, changes));
    await tx.update(settings).set({ value: next, updatedAt: new Date() }).where(eq(settings.key, 'shop'));
    const changed = changedShopSettings(current, next);
    if (actor && changed.keys.length > 0)
      await recordAdminAction(tx, actor, {
        action: 'settings.update',
        entityType: 'settings',
        entityId: 'shop',
        summary: `Settings changed: ${changed.keys.join(', ')}`,
        before: changed.before,
        after: changed.after,
      });
    return next;
  });
}

/** A stored value over the defaults, so a new setting never breaks an old row. */
function readStored(value: unknown): ShopSettings {
  if (!isPlainObject(value)) return defaultShopSettings;
  const merged = shopSettingsSchema.safeParse({ ...defaultShopSettings, ...value });
  return merged.success ? merged.data : defaultShopSettings;
}

/** The shop's details and policy values: what is stored, over the defaults, so a new setting never breaks an old row. */
export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'shop'));
  return row ? readStored(row.value) : defaultShopSettings;
}
