import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { cardProviderIds, checkoutCountries } from '../../contracts/checkout-texts';
import { instantSchema, MAX_PRICE_NAIRA } from '../../contracts/limits';
import { nairaToKobo } from '../../contracts/money';
import { nigerianStates } from '../../contracts/nigeria';
import { vitalsSamplePercentSchema } from '../../contracts/web-vitals-schema';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/settings';
import { users } from '../../db/schema/accounts';
import { AppError } from '../errors';
import { recordAdminAction, type AuditActor } from '../audit/audit';
import { parseInput } from '../validation';
import { carriersSchema, defaultCarriers } from './carriers';
import { andList } from '../../contracts/words';

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
  .max(nairaToKobo(MAX_PRICE_NAIRA), 'Enter an amount up to ₦20,000,000');
const rate = z
  .number('Enter a number')
  .positive('Enter a rate above 0')
  .max(1_000_000, 'Enter a rate up to 1,000,000');
const onOff = z.boolean('Choose on or off');
const methodId = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,30}$/, 'Use 2 to 31 lowercase letters, digits or dashes');
/** The method a shopper collects from the shop with: no shipping method, offered zone by zone. */
export const PICKUP_METHOD_ID = 'pickup';
const isoDay = z
  .string('Enter a date')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((day) => {
    const date = new Date(`${day}T12:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, 'Enter a real date');

/**
 * Where a delivery goes and what it costs there: Nigerian states, or countries abroad. Each method
 * the zone offers carries its own price and time; the method's name, description and "free over
 * the threshold" come from shippingMethods (pickup has none there).
 */
export const deliveryZoneSchema = z.object({
  id: methodId,
  name: text(40, 'The zone name').min(1, 'Name the zone'),
  states: z.array(z.enum(nigerianStates, 'Choose a Nigerian state')).max(nigerianStates.length).default([]),
  /** Abroad: the checkout's countries; Nigeria is zoned by state. */
  countries: z
    .array(z.enum(checkoutCountries, 'Choose a country abroad'))
    .max(checkoutCountries.length)
    .default([]),
  methods: z
    .array(
      z.object({
        /** A shippingMethods id, or 'pickup'. */
        id: methodId,
        priceKobo: chargeKobo,
        /** Business days after the day it ships: 0 is the same day. */
        minDays: whole(0, 60, 'days'),
        maxDays: whole(0, 60, 'days'),
        enabled: onOff,
      }),
    )
    .min(1, 'Offer at least one method in the zone')
    .max(11, 'At most 11 methods in a zone'),
  /** The zone's own free-delivery threshold; null: the shop's. */
  freeShippingThresholdKobo: amountKobo.nullable().default(null),
});
export type DeliveryZone = z.infer<typeof deliveryZoneSchema>;

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
  /**
   * Delivery priced by where it goes: every Nigerian state in exactly one zone, each country abroad
   * in at most one (validShopSettingsSchema). Checkout charges a method's price in the address's zone.
   */
  deliveryZones: z.array(deliveryZoneSchema).min(1, 'Keep at least one delivery zone').max(40),
  /** 'HH:MM', Lagos time: orders after it ship the next business day. */
  dispatchCutoff: z
    .string('Enter a time')
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour)'),
  /** Days nothing ships or travels, besides Sundays. Eid and other moving holidays are the owner's to add. */
  publicHolidays: z.array(isoDay).max(200, 'At most 200 holidays'),
  /** Where and when shoppers collect a pickup order. */
  pickup: z.object({ address: text(200, 'The pickup address'), hours: text(80, 'Pickup hours') }),
  /** The carriers staff pick from when shipping, each with its tracking-link pattern. */
  carriers: carriersSchema,
  /** Tax in percent by region; every country belongs to one (contracts/checkout-texts.ts); Nigeria's is VAT. */
  taxRates: z.object({ ng: percent, us: percent, eu: percent, asia: percent, other: percent }),
  /**
   * The tag price holds the tax (Nigerian VAT, the way Nigerian shoppers read a price): the total is
   * the tag price plus delivery, and the tax is shown inside it. False adds the tax on top.
   */
  pricesIncludeTax: z.boolean('Choose whether prices include tax'),
  /**
   * `flutterwave` is the card provider's own checkout (card, bank, USSD), whichever provider that is:
   * the key keeps the name it had before a second provider existed, so stored settings read as they were.
   */
  paymentMethods: z.object({ flutterwave: onOff, creditCard: onOff, bankTransfer: onOff }),
  /**
   * Which provider takes card payments when both have keys (Settings → Payments). With keys for one
   * only, that one; with none, the TEST MODE sandbox. A change applies to the next checkout only.
   */
  cardProvider: z.enum(cardProviderIds, "Choose 'flutterwave' or 'paystack'"),
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
  /**
   * Low stock, for the owner's daily digest (core/inventory/low-stock-digest.ts): a size × colour with
   * fewer units on hand than this, at all locations together, is listed. A variant's own threshold (the
   * product editor's grid) wins over it. The storefront's "only N left" keeps its own fixed line.
   */
  lowStockThreshold: whole(0, 10_000, 'units'),
  /** Open unpaid orders (awaiting payment) one e-mail address may have at once. */
  maxUnpaidOrdersPerEmail: whole(1, 1_000_000, 'orders'),
  /**
   * Open unpaid orders one network address may have at once. Generous: many shoppers share one
   * mobile carrier's address.
   */
  maxUnpaidOrdersPerAddress: whole(1, 1_000_000, 'orders'),
  /** 'required': staff without a second factor on are kept out of the admin area until they turn it on. */
  staffTwoFactor: z.enum(['optional', 'required'], "Choose 'optional' or 'required'"),
  /**
   * How many page views in a hundred send their Core Web Vitals (Reports → Speed for real shoppers);
   * 0 measures none. Decided once per page view in the shopper's browser.
   */
  vitalsSamplePercent: vitalsSamplePercentSchema,
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
  deliveryZones: [
    {
      id: 'lagos',
      name: 'Lagos',
      states: ['Lagos'],
      countries: [],
      methods: [
        { id: 'standard', priceKobo: 200_000, minDays: 1, maxDays: 2, enabled: true },
        { id: 'express', priceKobo: 350_000, minDays: 0, maxDays: 1, enabled: true },
        { id: 'overnight', priceKobo: 500_000, minDays: 1, maxDays: 1, enabled: true },
        { id: PICKUP_METHOD_ID, priceKobo: 0, minDays: 0, maxDays: 0, enabled: true },
      ],
      freeShippingThresholdKobo: null,
    },
    {
      id: 'south-west',
      name: 'South-West',
      states: ['Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'],
      countries: [],
      methods: [
        { id: 'standard', priceKobo: 350_000, minDays: 2, maxDays: 4, enabled: true },
        { id: 'express', priceKobo: 550_000, minDays: 1, maxDays: 2, enabled: true },
      ],
      freeShippingThresholdKobo: null,
    },
    {
      id: 'other-states',
      name: 'Other states',
      states: nigerianStates.filter(
        (state) => !['Lagos', 'Ogun', 'Oyo', 'Osun', 'Ondo', 'Ekiti'].includes(state),
      ),
      countries: [],
      methods: [
        { id: 'standard', priceKobo: 500_000, minDays: 3, maxDays: 7, enabled: true },
        { id: 'express', priceKobo: 800_000, minDays: 2, maxDays: 3, enabled: true },
      ],
      freeShippingThresholdKobo: null,
    },
    {
      id: 'international',
      name: 'International',
      states: [],
      countries: checkoutCountries.filter((country) => country !== 'Nigeria'),
      methods: [
        { id: 'standard', priceKobo: 150_000, minDays: 3, maxDays: 5, enabled: true },
        { id: 'express', priceKobo: 300_000, minDays: 1, maxDays: 2, enabled: true },
      ],
      freeShippingThresholdKobo: null,
    },
  ],
  dispatchCutoff: '14:00',
  // Nigeria's fixed public holidays; Eid al-Fitr, Eid al-Adha and the Prophet's birthday move with
  // the moon and are declared late, so the owner adds them when they are announced.
  publicHolidays: ['2026', '2027'].flatMap((year) =>
    ['01-01', '05-01', '06-12', '10-01', '12-25', '12-26'].map((day) => `${year}-${day}`),
  ),
  pickup: { address: '14 Admiralty Way, Lekki Phase 1, Lagos', hours: 'Monday to Saturday, 9am to 5pm' },
  carriers: defaultCarriers,
  taxRates: { ng: 7.5, us: 7, eu: 20, asia: 15, other: 10 },
  pricesIncludeTax: true,
  paymentMethods: { flutterwave: true, creditCard: true, bankTransfer: true },
  cardProvider: 'flutterwave',
  bankAccount: { bankName: 'Zenith Bank', accountNumber: '1012345678', accountName: 'Rossy Fashion Ltd' },
  transferAccountPerOrder: true,
  unpaidOrderHoldHours: 48,
  reviewHoldDays: 7,
  currencyRates: { USD: 1550, EUR: 1700, GBP: 1950 },
  notifications: { emailAlerts: true, smsAlerts: false, alertEmail: '' },
  cardPaymentHoldMinutes: 15,
  maxQuantityPerProduct: 10,
  lowStockThreshold: 5,
  maxUnpaidOrdersPerEmail: 3,
  maxUnpaidOrdersPerAddress: 10,
  staffTwoFactor: 'optional',
  // Every page view: a small shop needs them all for a steady 75th percentile, and the aggregates
  // stay the same size however many come. A busy shop lowers it in Reports.
  vitalsSamplePercent: 100,
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
  deliveryZoneIssues(value).forEach((issue) => context.addIssue({ code: 'custom', ...issue }));
});

/**
 * What keeps a zone layout from pricing every address once: a state in no zone or in two, a
 * country in two, Nigeria listed as a country, a method the shop does not have, or fewer days
 * than the fewest. Each message names what is wrong.
 */
function deliveryZoneIssues(value: ShopSettings): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const zones = value.deliveryZones;
  const zoneIds = new Set<string>();
  zones.forEach((zone, index) => {
    if (zoneIds.has(zone.id))
      issues.push({ path: ['deliveryZones', index, 'id'], message: `Two zones have the id ${zone.id}.` });
    zoneIds.add(zone.id);
  });
  for (const state of nigerianStates) {
    const holding = zones.filter((zone) => zone.states.includes(state)).map((zone) => zone.name);
    if (holding.length === 0)
      issues.push({ path: ['deliveryZones'], message: `${state} is in no delivery zone.` });
    else if (holding.length > 1)
      issues.push({
        path: ['deliveryZones'],
        message: `${state} is in ${holding.length === 2 ? 'two' : holding.length} zones: ${andList(holding)}.`,
      });
  }
  for (const country of checkoutCountries) {
    const holding = zones.filter((zone) => zone.countries.includes(country)).map((zone) => zone.name);
    if (country === 'Nigeria' && holding.length > 0)
      issues.push({
        path: ['deliveryZones'],
        message: `Nigeria is zoned by state: take it out of ${andList(holding)}.`,
      });
    else if (holding.length > 1)
      issues.push({
        path: ['deliveryZones'],
        message: `${country} is in ${holding.length === 2 ? 'two' : holding.length} zones: ${andList(holding)}.`,
      });
  }
  const methodIds = new Set([...value.shippingMethods.map((method) => method.id), PICKUP_METHOD_ID]);
  zones.forEach((zone, zoneIndex) => {
    const seen = new Set<string>();
    zone.methods.forEach((method, methodIndex) => {
      const path = ['deliveryZones', zoneIndex, 'methods', methodIndex];
      if (!methodIds.has(method.id))
        issues.push({
          path: [...path, 'id'],
          message: `${zone.name}: there is no shipping method ${method.id}.`,
        });
      if (seen.has(method.id))
        issues.push({ path: [...path, 'id'], message: `${zone.name} lists ${method.id} twice.` });
      seen.add(method.id);
      if (method.minDays > method.maxDays)
        issues.push({
          path: [...path, 'maxDays'],
          message: `${zone.name}: the most days cannot be fewer than the fewest.`,
        });
    });
    if (zone.states.length === 0 && zone.countries.length === 0)
      issues.push({
        path: ['deliveryZones', zoneIndex, 'states'],
        message: `${zone.name} names no state or country.`,
      });
  });
  return issues;
}

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
    if (next.staffTwoFactor === 'required' && current.staffTwoFactor !== 'required' && actor?.id) {
      // Requiring it of staff while her own is off would lock the owner out of her own admin area.
      const [own] = await tx
        .select({ enabledAt: users.twoFactorEnabledAt })
        .from(users)
        .where(eq(users.id, actor.id));
      if (!own?.enabledAt)
        throw new AppError(
          'CONFLICT',
          'Turn on two-step sign-in for yourself (Profile → Security) before requiring it of your staff.',
        );
    }
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

/**
 * A stored value over the defaults, group by group, so a new setting (or a new value in a group, such
 * as a new tax region) never breaks an old row.
 */
function readStored(value: unknown): ShopSettings {
  if (!isPlainObject(value)) return defaultShopSettings;
  const merged = shopSettingsSchema.safeParse(mergeShopSettings(defaultShopSettings, value));
  return merged.success ? merged.data : defaultShopSettings;
}

/** The shop's details and policy values: what is stored, over the defaults, so a new setting never breaks an old row. */
export async function getShopSettings(db: DbOrTx): Promise<ShopSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'shop'));
  return row ? readStored(row.value) : defaultShopSettings;
}
