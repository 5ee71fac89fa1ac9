import { data } from 'react-router';
import { couponCategoryChoices, getCoupon, listCoupons } from '../../../core/orders/manage-coupons';
import { runCommand } from '../../../core/commands';
import { isAppError } from '../../../core/errors';
import { formText } from '../../lib/action-result.server';
import { commandContext, type AdminActionHandler, type AdminLoadArgs } from './admin-tab.server';
import type { AdminActionResult } from './admin-texts';
import { fromLagosInput, toLagosInput } from './settings-texts';

/**
 * The Coupons tab: every coupon, newest first, with its usage; expiry as a Lagos datetime-local value
 * too; and the categories a coupon may be for.
 */
export async function loadCouponsTab({ context }: AdminLoadArgs) {
  const [coupons, categories] = await Promise.all([
    listCoupons(context.services.db),
    couponCategoryChoices(context.services.db),
  ]);
  return {
    coupons: coupons.map((coupon) => ({
      ...coupon,
      expiresAtInput: coupon.expiresAt ? toLagosInput(coupon.expiresAt) : '',
    })),
    categories,
  };
}

/** A typed whole number, null when blank (no limit); nonsense stays NaN for the rules to refuse. */
function optionalNumber(form: FormData, name: string): number | null {
  const text = formText(form, name).trim().replace(/,/g, '');
  return text === '' ? null : Number(text);
}

/** Typed naira ("5,000", "₦5,000.50"), null when blank; nonsense stays NaN for the rules to refuse. */
function optionalNaira(form: FormData, name: string): number | null {
  const text = formText(form, name)
    .trim()
    .replace(/[₦,\s]/g, '');
  return text === '' ? null : Number(text);
}

/** Product numbers typed with commas or spaces between them ("1001, 1002"); nonsense stays NaN. */
function productNumbers(form: FormData): number[] {
  return formText(form, 'productIds')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((text) => Number(text.replace(/^#/, '')));
}

const couponTypeOf = (form: FormData) => {
  const type = formText(form, 'type');
  return type === 'fixed' || type === 'free_delivery' ? type : 'percent';
};

/** The coupon's values as the form posts them (expiry in Lagos time; money in naira). */
function valuesFrom(form: FormData, current?: { expiresAt: string | null; expiresAtInput: string }) {
  const expiry = formText(form, 'expiresAt').trim();
  // An untouched expiry keeps its stored value to the second.
  const expiresAt = !expiry
    ? null
    : current && current.expiresAtInput === expiry
      ? current.expiresAt
      : (fromLagosInput(expiry) ?? expiry);
  // Only the value the chosen type takes is read: the other field may still hold what was typed.
  const type = couponTypeOf(form);
  return {
    type,
    percent: type === 'percent' ? optionalNumber(form, 'percent') : null,
    amount: type === 'fixed' ? optionalNaira(form, 'amount') : null,
    minimumSpend: optionalNaira(form, 'minimumSpend'),
    expiresAt,
    usageLimit: optionalNumber(form, 'usageLimit'),
    usageLimitPerCustomer: optionalNumber(form, 'usageLimitPerCustomer'),
    categoryIds: form.getAll('categoryIds').filter((value): value is string => typeof value === 'string'),
    productIds: productNumbers(form),
    firstOrderOnly: form.get('firstOrderOnly') === 'on',
    description: formText(form, 'description'),
  };
}

/** "10% off", "₦5,000 off", "free delivery": what a coupon gives, inside a sentence. */
const offerWords = (offer: string) => (offer === 'Free delivery' ? 'free delivery' : offer);

function failure(intent: string, error: unknown, fallback: string) {
  if (!isAppError(error)) throw error;
  // A list's item ('productIds.0') is marked on the list's own field.
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(error.fields ?? {})) fields[name.split('.')[0]!] ??= message;
  return data<AdminActionResult>(
    {
      ok: false,
      intent,
      error: Object.keys(fields).length > 1 ? `${fallback} Please correct the marked fields.` : error.message,
      fields,
    },
    { status: error.status },
  );
}

/** Create, edit, and activate or deactivate coupons; each is recorded in the audit log. */
export const couponsActions: Record<string, AdminActionHandler> = {
  'coupon-create': async ({ context, admin, form }) => {
    try {
      const coupon = await runCommand('coupons.create', commandContext(context, admin), {
        code: formText(form, 'code'),
        ...valuesFrom(form),
      });
      return {
        ok: true,
        intent: 'coupon-create',
        message: `Coupon ${coupon.code} created: ${offerWords(coupon.offer)}. Shoppers can use it now.`,
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('coupon-create', error, 'The coupon was not created.');
    }
  },
  'coupon-update': async ({ context, admin, form }) => {
    try {
      const id = Number(formText(form, 'id'));
      const stored = Number.isSafeInteger(id) && id > 0 ? await getCoupon(context.services.db, id) : null;
      const current = stored
        ? {
            expiresAt: stored.expiresAt,
            expiresAtInput: stored.expiresAt ? toLagosInput(stored.expiresAt) : '',
          }
        : undefined;
      const coupon = await runCommand('coupons.update', commandContext(context, admin), {
        id,
        changes: valuesFrom(form, current),
      });
      return {
        ok: true,
        intent: 'coupon-update',
        message: `Coupon ${coupon.code} saved.`,
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('coupon-update', error, 'The coupon was not saved.');
    }
  },
  'coupon-toggle': async ({ context, admin, form }) => {
    try {
      const coupon = await runCommand('coupons.update', commandContext(context, admin), {
        id: formText(form, 'id'),
        changes: { active: formText(form, 'active') === 'true' },
      });
      return {
        ok: true,
        intent: 'coupon-toggle',
        message: coupon.active
          ? `Coupon ${coupon.code} activated.`
          : `Coupon ${coupon.code} deactivated; shoppers can no longer use it.`,
      } satisfies AdminActionResult;
    } catch (error) {
      return failure('coupon-toggle', error, 'The coupon was not changed.');
    }
  },
};
