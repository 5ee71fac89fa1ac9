import { data } from 'react-router';
import { nairaToKobo } from '../../../contracts/money';
import { runCommand } from '../../../core/commands';
import { isAppError } from '../../../core/errors';
import {
  getShopSettings,
  type ShopSettings,
  type ShopSettingsChanges,
} from '../../../core/settings/shop-settings';
import { formText } from '../../lib/action-result.server';
import { listLocations, locationCreateSchema } from '../../../core/inventory/locations';
import {
  commandContext,
  type AdminActionArgs,
  type AdminActionHandler,
  type AdminLoadArgs,
} from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';
import { fromLagosInput, locationMessages, settingsMessages, toLagosInput } from './settings-texts';
import { nairaFieldName, settingsInNaira } from '../../../core/settings/settings-in-naira';
import { isTestMode, paymentSetupOf } from '../../../core/payments/providers';
import { activeCardProvider } from '../../../core/orders/payment-methods';

/** The Settings tab: every setting as the form shows it (money in naira, times in Lagos). */
export async function loadSettingsTab({ context }: AdminLoadArgs) {
  const db = context.services.db;
  const [stored, locations] = await Promise.all([getShopSettings(db), listLocations(db)]);
  const settings = settingsInNaira(stored);
  const { providers } = context.services.payments;
  const setup = paymentSetupOf(providers);
  return {
    ...settings,
    flashSaleEndsAt: settings.flashSaleEndsAt ? toLagosInput(settings.flashSaleEndsAt) : '',
    /** Where stock is kept, in the order online orders take from them (Settings → Locations). */
    locations,
    /** What the shop's keys allow: the card providers with keys, the one taking cards now, TEST MODE. */
    payments: {
      cardProviders: setup.cardProviders,
      activeCardProvider: activeCardProvider(setup.cardProviders, settings.cardProvider),
      transferAccounts: setup.transferAccounts,
      testMode: isTestMode(providers),
    },
  };
}

/**
 * The carriers as the Pickup and carriers panel posts them: `carriers.{i}.id|name|trackingUrl`. A
 * row without a name is left out (the empty row, or a carrier taken out); a new one's id comes from
 * its name. `rows` gives each kept carrier's row on the form, so a refusal lands beside its field.
 */
export function readCarriers(form: FormData): { carriers: ShopSettings['carriers']; rows: number[] } {
  const carriers: ShopSettings['carriers'] = [];
  const rows: number[] = [];
  for (let index = 0; form.has(`carriers.${index}.name`); index++) {
    const name = text(form, `carriers.${index}.name`).trim();
    if (!name) continue;
    rows.push(index);
    const id =
      text(form, `carriers.${index}.id`).trim() ||
      name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^[^a-z]+|-+$/g, '')
        .slice(0, 31);
    carriers.push({ id, name, trackingUrl: text(form, `carriers.${index}.trackingUrl`).trim() });
  }
  return { carriers, rows };
}

/** 'carriers.1.trackingUrl' of the list saved → the same field of the row the form showed it in. */
export const carrierFieldName = (name: string, rows: number[]): string =>
  name.replace(/^carriers\.(\d+)\./, (_, index: string) => `carriers.${rows[Number(index)] ?? index}.`);

/** A typed number: blank or nonsense becomes NaN, which the rules refuse as 'Enter a number'. */
function number(form: FormData, name: string): number {
  const text = formText(form, name)
    .trim()
    .replace(/[,₦\s]/g, '');
  return text === '' ? Number.NaN : Number(text);
}
const kobo = (form: FormData, name: string) => nairaToKobo(number(form, name));
const checked = (form: FormData, name: string) => form.get(name) === 'on';
const text = (form: FormData, name: string) => formText(form, name);

/**
 * The zones as the Delivery panel posts them: `deliveryZones.{i}.…` for each zone in its order, each
 * method's row `….methods.{j}.…` (every method the shop has, ticked or not), states and countries as
 * repeated values. Money in naira here: the shop's rules convert and check it. `rows` gives, for
 * each zone, the form row of each method kept, so a refusal goes beside the field typed in.
 */
export function readDeliveryZones(
  form: FormData,
  current: ShopSettings['deliveryZones'] = [],
): { zones: ShopSettings['deliveryZones']; rows: number[][] } {
  const zones: ShopSettings['deliveryZones'] = [];
  const rows: number[][] = [];
  for (let index = 0; form.has(`deliveryZones.${index}.id`); index++) {
    const prefix = `deliveryZones.${index}`;
    const zoneId = text(form, `${prefix}.id`);
    const before = current.find((zone) => zone.id === zoneId);
    const methods: ShopSettings['deliveryZones'][number]['methods'] = [];
    const kept: number[] = [];
    for (let at = 0; form.has(`${prefix}.methods.${at}.id`); at++) {
      const row = `${prefix}.methods.${at}`;
      const id = text(form, `${row}.id`);
      // A row left unticked for a method the zone never listed adds nothing: a save changes nothing.
      if (!checked(form, `${row}.enabled`) && !before?.methods.some((method) => method.id === id)) continue;
      kept.push(at);
      methods.push({
        id,
        priceKobo: kobo(form, `${row}.price`),
        minDays: number(form, `${row}.minDays`),
        maxDays: number(form, `${row}.maxDays`),
        enabled: checked(form, `${row}.enabled`),
      });
    }
    const threshold = text(form, `${prefix}.freeShippingThreshold`).trim();
    zones.push({
      id: zoneId,
      name: text(form, `${prefix}.name`).trim(),
      states: form.getAll(`${prefix}.states`).map(String) as ShopSettings['deliveryZones'][number]['states'],
      countries: form
        .getAll(`${prefix}.countries`)
        .map(String) as ShopSettings['deliveryZones'][number]['countries'],
      methods,
      freeShippingThresholdKobo: threshold === '' ? null : kobo(form, `${prefix}.freeShippingThreshold`),
    });
    rows.push(kept);
  }
  return { zones, rows };
}

/** A refusal's field in the zones, named by the form row it was typed in. */
function zoneFieldName(name: string, rows: number[][]): string {
  return name.replace(
    /^deliveryZones\.(\d+)\.methods\.(\d+)\./,
    (whole, zone: string, method: string) =>
      `deliveryZones.${zone}.methods.${rows[Number(zone)]?.[Number(method)] ?? method}.`,
  );
}

/** The posted form as a change to every setting the form shows. */
export function changesFrom(form: FormData, current: ShopSettings): ShopSettingsChanges {
  const methodIds = current.shippingMethods.map((method) => method.id);
  const flashSale = text(form, 'flashSaleEndsAt').trim();
  // The form shows minutes in Lagos time: an untouched end time keeps its stored value exactly.
  const flashSaleEndsAt = !flashSale
    ? null
    : current.flashSaleEndsAt && toLagosInput(current.flashSaleEndsAt) === flashSale
      ? current.flashSaleEndsAt
      : (fromLagosInput(flashSale) ?? flashSale);
  return {
    paymentMethods: {
      flutterwave: checked(form, 'paymentMethods.flutterwave'),
      creditCard: checked(form, 'paymentMethods.creditCard'),
      bankTransfer: checked(form, 'paymentMethods.bankTransfer'),
    },
    // Offered only when both providers have keys: otherwise the saved choice stays as it is.
    ...(form.has('cardProvider')
      ? { cardProvider: text(form, 'cardProvider') as ShopSettings['cardProvider'] }
      : {}),
    freeShippingThresholdKobo: kobo(form, 'freeShippingThreshold'),
    shippingMethods: methodIds.map((id, index) => ({
      id,
      name: text(form, `shippingMethods.${index}.name`),
      description: text(form, `shippingMethods.${index}.description`),
      priceKobo: kobo(form, `shippingMethods.${index}.price`),
      freeOverThreshold: checked(form, `shippingMethods.${index}.freeOverThreshold`),
      enabled: checked(form, `shippingMethods.${index}.enabled`),
    })),
    // An older form without the Delivery panel leaves the zones as they are.
    ...(form.has('deliveryZones.shown')
      ? { deliveryZones: readDeliveryZones(form, current.deliveryZones).zones }
      : {}),
    ...(form.has('dispatchCutoff') ? { dispatchCutoff: text(form, 'dispatchCutoff').trim() } : {}),
    ...(form.has('pickup.address')
      ? { pickup: { address: text(form, 'pickup.address'), hours: text(form, 'pickup.hours') } }
      : {}),
    ...(form.has('carriers.shown') ? { carriers: readCarriers(form).carriers } : {}),
    ...(form.has('publicHolidays')
      ? {
          publicHolidays: text(form, 'publicHolidays')
            .split(/[\s,]+/)
            .map((day) => day.trim())
            .filter(Boolean),
        }
      : {}),
    // An older form without Nigeria's VAT leaves the rate and the way prices are read as they are.
    ...(form.has('pricesIncludeTax') ? { pricesIncludeTax: text(form, 'pricesIncludeTax') !== 'added' } : {}),
    taxRates: {
      ...(form.has('taxRates.ng') ? { ng: number(form, 'taxRates.ng') } : {}),
      us: number(form, 'taxRates.us'),
      eu: number(form, 'taxRates.eu'),
      asia: number(form, 'taxRates.asia'),
      other: number(form, 'taxRates.other'),
    },
    notifications: {
      emailAlerts: checked(form, 'notifications.emailAlerts'),
      smsAlerts: checked(form, 'notifications.smsAlerts'),
      alertEmail: text(form, 'notifications.alertEmail').trim(),
    },
    name: text(form, 'name'),
    tagline: text(form, 'tagline'),
    supportEmail: text(form, 'supportEmail').trim(),
    supportPhone: text(form, 'supportPhone'),
    whatsappNumber: text(form, 'whatsappNumber').replace(/[\s+]/g, ''),
    address: text(form, 'address'),
    businessHours: text(form, 'businessHours'),
    social: {
      instagram: text(form, 'social.instagram').trim(),
      facebook: text(form, 'social.facebook').trim(),
      x: text(form, 'social.x').trim(),
    },
    bankAccount: {
      bankName: text(form, 'bankAccount.bankName'),
      accountNumber: text(form, 'bankAccount.accountNumber'),
      accountName: text(form, 'bankAccount.accountName'),
    },
    transferAccountPerOrder: checked(form, 'transferAccountPerOrder'),
    returnsDays: number(form, 'returnsDays'),
    warrantyMonths: number(form, 'warrantyMonths'),
    unpaidOrderHoldHours: number(form, 'unpaidOrderHoldHours'),
    reviewHoldDays: number(form, 'reviewHoldDays'),
    cardPaymentHoldMinutes: number(form, 'cardPaymentHoldMinutes'),
    maxQuantityPerProduct: number(form, 'maxQuantityPerProduct'),
    // An older form without the field leaves the shop's low-stock line as it is.
    ...(form.has('lowStockThreshold') ? { lowStockThreshold: number(form, 'lowStockThreshold') } : {}),
    maxUnpaidOrdersPerEmail: number(form, 'maxUnpaidOrdersPerEmail'),
    maxUnpaidOrdersPerAddress: number(form, 'maxUnpaidOrdersPerAddress'),
    staffTwoFactor: form.has('staffTwoFactor')
      ? (text(form, 'staffTwoFactor') as ShopSettings['staffTwoFactor'])
      : current.staffTwoFactor,
    flashSaleEndsAt,
    currencyRates: {
      USD: number(form, 'currencyRates.USD'),
      EUR: number(form, 'currencyRates.EUR'),
      GBP: number(form, 'currencyRates.GBP'),
    },
  };
}

/** Core names money in kobo; the form's fields are in naira. */
const formFieldName = nairaFieldName;

/** What a Locations row posts beside `intent`: this, so the one settings intent (and its permission) saves it. */
export const LOCATION_SECTION = 'locations';

/**
 * A location as its row on Settings → Locations posts it: `id` (blank for a new one), name, address,
 * the two ticks, and its order; a blank order leaves it as it is (a new one goes last). A typed order
 * that is not a number reaches core as NaN, which it refuses beside the field.
 */
export function readLocation(form: FormData): { id: number | null; input: Record<string, unknown> } {
  const id = Number.parseInt(text(form, 'id'), 10);
  const position = text(form, 'position').trim();
  return {
    id: Number.isSafeInteger(id) && id > 0 ? id : null,
    input: {
      name: text(form, 'name'),
      address: text(form, 'address'),
      fulfilsOnline: checked(form, 'fulfilsOnline'),
      pickup: checked(form, 'pickup'),
      ...(position === '' ? {} : { position: Number(position) }),
    },
  };
}

const positionRule = locationCreateSchema.shape.position.unwrap();

/** Core's refusal of a field, in the shop's words where zod's own would show ("expected int"). */
export function locationFieldMessages(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, message]) => [
      name,
      name === 'position'
        ? locationMessages.position(positionRule.minValue ?? 0, positionRule.maxValue ?? 1000)
        : message,
    ]),
  );
}

/** Adds or changes one location through core/inventory, which holds every rule of it (decision 0068). */
async function saveLocation({ context, admin, form }: AdminActionArgs) {
  const { id, input } = readLocation(form);
  try {
    const saved =
      id === null
        ? await runCommand('locations.create', commandContext(context, admin), input)
        : await runCommand('locations.update', commandContext(context, admin), { ...input, id });
    return {
      ok: true,
      intent: 'settings-save',
      message: id === null ? locationMessages.added(saved.name) : locationMessages.saved(saved.name),
    } satisfies AdminActionResult;
  } catch (error) {
    if (!isAppError(error)) throw error;
    const fields = locationFieldMessages(error.fields ?? {});
    return data<AdminActionResult>(
      {
        ok: false,
        intent: 'settings-save',
        error: Object.keys(fields).length ? locationMessages.invalid : error.message,
        fields,
      },
      { status: error.status },
    );
  }
}

export const settingsActions: Record<string, AdminActionHandler> = {
  'settings-save': async (args) => {
    if (text(args.form, 'section') === LOCATION_SECTION) return saveLocation(args);
    const { context, admin, form } = args;
    const db = context.services.db;
    const current = await getShopSettings(db);
    try {
      await runCommand('settings.save', commandContext(context, admin), changesFrom(form, current));
      return {
        ok: true,
        intent: 'settings-save',
        message: settingsMessages.saved,
      } satisfies AdminActionResult;
    } catch (error) {
      if (!isAppError(error)) throw error;
      const fields = Object.fromEntries(
        Object.entries(error.fields ?? {}).map(([name, message]) => [
          carrierFieldName(
            zoneFieldName(formFieldName(name), readDeliveryZones(form, current.deliveryZones).rows),
            readCarriers(form).rows,
          ),
          message,
        ]),
      );
      return data<AdminActionResult>(
        {
          ok: false,
          intent: 'settings-save',
          error: Object.keys(fields).length ? settingsMessages.invalid : error.message,
          fields,
        },
        { status: error.status },
      );
    }
  },
};
