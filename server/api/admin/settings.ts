import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_PRICE_NAIRA } from '../../../contracts/limits';
import { nairaToKobo } from '../../../contracts/money';
import { AppError, isAppError } from '../../../core/errors';
import {
  getShopSettings,
  shopSettingsSchema,
  type ShopSettings,
  type ShopSettingsChanges,
} from '../../../core/settings/shop-settings';
import type { CommandContext } from '../../../core/command';
import { runCommand } from '../../../core/commands';
import { staffCommand } from './actor';
import { errorResponses, errorSchema, ruleAnswers } from '../schemas';
import {
  deliveryZoneInKobo,
  nairaFieldName,
  settingsInNaira,
} from '../../../core/settings/settings-in-naira';

// 422: a whole the shop refuses though each value is well formed (no payment method left on).
const adminErrors = { ...errorResponses, 401: errorSchema, 403: errorSchema, ...ruleAnswers };
const shape = shopSettingsSchema.shape;

/** Naira as the API speaks it; stored as kobo. */
const naira = z
  .number('Enter an amount')
  .min(0, 'Enter an amount of ₦0 or more')
  .max(100_000_000, 'Enter an amount below ₦100,000,000');

/** A shipping charge: no more than an item may cost (an order's kobo fits its int4 columns). */
const shippingPrice = z
  .number('Enter an amount')
  .min(0, 'Enter an amount of ₦0 or more')
  .max(MAX_PRICE_NAIRA, 'Enter an amount up to ₦20,000,000');
const shippingMethodDto = z.object({
  ...shape.shippingMethods.element.omit({ priceKobo: true }).shape,
  price: shippingPrice.describe('₦'),
});

const zoneShape = shape.deliveryZones.element.shape;
/** A delivery zone in naira: each method's price, and the zone's own free-delivery threshold (null: the shop's). */
const { freeShippingThresholdKobo: _zoneThreshold, ...zoneFields } = zoneShape;
const deliveryZoneDto = z.object({
  ...zoneFields,
  methods: z
    .array(
      z.object({
        ...zoneShape.methods.element.omit({ priceKobo: true }).shape,
        price: shippingPrice.describe('₦ in this zone'),
      }),
    )
    .min(1)
    .max(11)
    .describe("Each a shippingMethods id or 'pickup', with its price and business days in this zone"),
  freeShippingThreshold: naira
    .nullable()
    .default(null)
    .describe("₦: this zone's free-delivery threshold; null follows the shop's"),
});
const deliveryZonesDto = z
  .array(deliveryZoneDto)
  .min(1)
  .max(40)
  .describe(
    'Every Nigerian state in exactly one zone, each country abroad in at most one; replaced whole. A layout that leaves a state out or puts one in two zones answers 400 naming it.',
  );

const {
  freeShippingThresholdKobo: _threshold,
  shippingMethods: _methods,
  deliveryZones: _zones,
  ...plain
} = shape;

/** The shop's settings as the API shows them: money in naira. */
export const settingsDto = z.object({
  ...plain,
  freeShippingThreshold: naira.describe(
    '₦: orders whose goods reach it ship free by the methods that allow it',
  ),
  shippingMethods: z.array(shippingMethodDto).min(1).max(10),
  deliveryZones: deliveryZonesDto,
});
type SettingsDto = z.infer<typeof settingsDto>;

/** A partial change: any setting, and within a group (tax rates, payment methods, …) only what changes. */
const settingsPatch = z
  .object({
    ...plain,
    social: shape.social.partial(),
    taxRates: shape.taxRates.partial(),
    paymentMethods: shape.paymentMethods.partial(),
    bankAccount: shape.bankAccount.partial(),
    currencyRates: shape.currencyRates.partial(),
    notifications: shape.notifications.partial(),
    pickup: shape.pickup.partial(),
    freeShippingThreshold: naira,
    shippingMethods: z.array(shippingMethodDto).min(1).max(10),
    deliveryZones: deliveryZonesDto,
  })
  .partial()
  .strict();

function toDto(settings: ShopSettings): SettingsDto {
  return settingsInNaira(settings);
}

function fromDto(body: z.infer<typeof settingsPatch>): ShopSettingsChanges {
  const { freeShippingThreshold, shippingMethods, deliveryZones, ...rest } = body;
  return {
    ...rest,
    ...(deliveryZones === undefined ? {} : { deliveryZones: deliveryZones.map(deliveryZoneInKobo) }),
    ...(freeShippingThreshold === undefined
      ? {}
      : { freeShippingThresholdKobo: nairaToKobo(freeShippingThreshold) }),
    ...(shippingMethods === undefined
      ? {}
      : {
          shippingMethods: shippingMethods.map(({ price, ...method }) => ({
            ...method,
            priceKobo: nairaToKobo(price),
          })),
        }),
  };
}

/** Core names money fields in kobo; the API's fields are in naira. */
const apiFieldName = nairaFieldName;

async function save(context: CommandContext, changes: ShopSettingsChanges) {
  try {
    return toDto(await runCommand('settings.save', context, changes));
  } catch (error) {
    if (!isAppError(error) || !error.fields) throw error;
    const fields = Object.fromEntries(
      Object.entries(error.fields).map(([name, message]) => [apiFieldName(name), message]),
    );
    const first = Object.entries(fields)[0];
    throw new AppError(error.code, first ? `${first[0]}: ${first[1]}` : error.message, fields);
  }
}

/** /api/admin/settings: administrators only, checked on the server. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await Promise.resolve();

  app.get(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary:
          "The shop's settings: payment and shipping methods, tax by region, contact details, policies",
        response: { 200: settingsDto, ...adminErrors },
      },
    },
    async () => toDto(await getShopSettings(app.db)),
  );

  app.patch(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change some settings (recorded in the audit log); checkout follows at once',
        description:
          'Only the settings sent change; within a group (taxRates, paymentMethods, …) only the values sent. shippingMethods, deliveryZones and publicHolidays are replaced whole. At least one payment method stays on and at least one shipping method enabled; every Nigerian state lies in exactly one delivery zone (400 naming the state otherwise, and nothing changes).',
        body: settingsPatch,
        response: { 200: settingsDto, ...adminErrors },
      },
    },
    async (request) => save(staffCommand(app.services, request), fromDto(request.body)),
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace all settings (recorded in the audit log)',
        body: settingsDto.strict(),
        response: { 200: settingsDto, ...adminErrors },
      },
    },
    async (request) => save(staffCommand(app.services, request), fromDto(request.body)),
  );
};
