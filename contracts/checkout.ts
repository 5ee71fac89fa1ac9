import { z } from 'zod';
import { emailField } from './accounts';
import { MAX_AMOUNT_NAIRA, MAX_DB_INTEGER } from './limits';
import { nigerianPhoneOf, nigerianStateOf } from './nigeria';
import {
  checkoutCountries,
  checkoutMessages,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  paymentMethodIds,
} from './checkout-texts';

/**
 * A cart line as the browser sends it: which product, how many, which colour and size.
 * Anything price-like the browser adds is dropped here; the server prices every line.
 */
export const cartLineInputSchema = z.object({
  id: z.coerce.number().int().positive().max(MAX_DB_INTEGER, 'No product has this id'),
  quantity: z.coerce.number().int().min(1).max(MAX_LINE_QUANTITY),
  selectedColor: z.string().trim().max(40).nullish(),
  selectedSize: z.string().trim().max(20).nullish(),
});
export type CartLineInput = z.output<typeof cartLineInputSchema>;

const couponField = z.string().trim().max(40).optional();

export const cartQuoteInputSchema = z.object({
  items: z.array(cartLineInputSchema).min(1, 'Your cart is empty').max(MAX_CART_LINES),
  couponCode: couponField,
  shippingMethod: z.string().trim().max(40).optional(),
  country: z.enum(checkoutCountries).default('Nigeria'),
  /**
   * Where the order goes, as far as delivery prices it: the state (Nigeria) or the country (abroad)
   * picks the delivery zone. Its country wins over `country`. A Nigerian quote without a state
   * answers "from" prices and `needsState`.
   */
  shippingAddress: z
    .object({
      state: z.string().trim().max(80).optional(),
      country: z.enum(checkoutCountries).optional(),
    })
    .optional(),
  /** Known at checkout: lets first-order coupons be checked. */
  email: z.string().trim().max(254).optional(),
});
export type CartQuoteInput = z.input<typeof cartQuoteInputSchema>;

export const couponValidateSchema = z.object({
  code: z.string().trim().min(1, checkoutMessages.invalidCoupon).max(40),
  email: z.string().trim().max(254).optional(),
});

const required = (max: number) => z.string().trim().min(1, checkoutMessages.required).max(max);

export const shippingAddressSchema = z.object({
  firstName: required(60),
  lastName: required(60),
  /** Required unless the order is collected from the shop (placeOrderInputSchema). */
  address: z.string().trim().max(200).default(''),
  city: z.string().trim().max(80).default(''),
  state: z.string().trim().min(1, checkoutMessages.enterState).max(80),
  /** Optional in Nigeria, where few addresses use one; required elsewhere. */
  zipCode: z.string().trim().max(20).default(''),
  country: z.enum(checkoutCountries),
});

/** The order as the browser sends it, before the rules of the destination country are applied. */
export const placeOrderFields = z.object({
  items: cartQuoteInputSchema.shape.items,
  couponCode: couponField,
  shippingMethod: z.string().trim().min(1, checkoutMessages.required).max(40),
  paymentMethod: z.enum(paymentMethodIds),
  email: emailField(checkoutMessages.required),
  phone: z
    .string()
    .trim()
    .min(1, checkoutMessages.required)
    .max(30)
    .regex(/^[+\d][\d ().-]{6,}$/, checkoutMessages.invalidPhone),
  shippingAddress: shippingAddressSchema,
  /** Signed-in shoppers: keep these details on the profile for next time. */
  saveInfo: z.boolean().default(false),
  /**
   * The total the shopper saw, in naira as the quote answers it. When the server's total differs
   * (a price changed since), nothing is placed and the answer is a 409 with the new quote.
   */
  expectedTotal: z
    .number('The total must be a number in naira')
    .min(0, 'The total cannot be negative')
    .max(MAX_AMOUNT_NAIRA, 'The total is larger than any order can be')
    .optional(),
});

/**
 * An order to place. Its street and city may be left out only for pickup at the shop. A Nigerian
 * address names one of the 36 states or the FCT (kept by its proper name however it was typed) and
 * may leave the postal code out; its phone is kept in one form, +234 and the national number. Other countries need a postal code and keep their phone as
 * typed, with its spacing tidied.
 */
export const placeOrderInputSchema = placeOrderFields.transform((input, ctx) => {
  const address = input.shippingAddress;
  // An order collected from the shop goes to no street: its state still names the zone that offers pickup.
  if (input.shippingMethod !== 'pickup') {
    const missing = (['address', 'city'] as const).filter((field) => !address[field]);
    for (const field of missing)
      ctx.addIssue({ code: 'custom', path: ['shippingAddress', field], message: checkoutMessages.required });
    if (missing.length > 0) return z.NEVER;
  }
  if (address.country !== 'Nigeria') {
    if (!address.zipCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['shippingAddress', 'zipCode'],
        message: checkoutMessages.required,
      });
      return z.NEVER;
    }
    return { ...input, phone: input.phone.replace(/\s+/g, ' ') };
  }
  const state = nigerianStateOf(address.state);
  const phone = nigerianPhoneOf(input.phone);
  if (!state) {
    ctx.addIssue({
      code: 'custom',
      path: ['shippingAddress', 'state'],
      message: checkoutMessages.chooseState,
    });
  }
  if (!phone) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: checkoutMessages.invalidNigerianPhone });
  }
  if (!state || !phone) return z.NEVER;
  return { ...input, phone, shippingAddress: { ...address, state } };
});
export type PlaceOrderInput = z.input<typeof placeOrderInputSchema>;

export const trackOrderSchema = z.object({
  orderNumber: z.string().trim().min(1, checkoutMessages.trackNumberRequired).max(30),
  email: z.string().trim().min(1, checkoutMessages.trackEmailRequired).max(254),
});
