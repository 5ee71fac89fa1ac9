import { and, eq, inArray } from 'drizzle-orm';
import { cartQuoteInputSchema, type CartLineInput } from '../../contracts/checkout';
import {
  checkoutMessages,
  couponMinimumSpendMessage,
  couponNothingEligibleMessage,
  couponOffer,
  type CheckoutCountry,
} from '../../contracts/checkout-texts';
import { nigerianStateOf, type NigerianState } from '../../contracts/nigeria';
import type { z } from 'zod';
import { AppError } from '../errors';
import { MAX_DB_INTEGER } from '../../contracts/limits';
import { formatWholeNaira } from '../../contracts/money';
import { mediaUrl } from '../../contracts/media';
import type { DbOrTx } from '../../db/client';
import { productImages, products } from '../../db/schema/catalog';
import type { CouponType } from '../../db/schema/orders';
import { variantLabel } from '../../contracts/catalog';
import { chooseVariant, variantsOf, type VariantRow } from '../catalog/variants';
import { getShopSettings, PICKUP_METHOD_ID, type ShopSettings } from '../settings/shop-settings';
import { parseInput } from '../validation';
import { applyCoupon, lineIsEligible, type CouponApplication } from './coupon-discount';
import { categoriesUnder, checkCoupon, couponScope, type Coupon } from './coupons';
import {
  computeTotals,
  destinationName,
  shippingMethodName,
  shippingOptions,
  taxFor,
  type DeliveryOptions,
  type Destination,
  type ShippingOption,
  type Totals,
} from './pricing';

export interface QuotedLine {
  productId: number;
  /** The variant (size × colour) the units come from; null when the line names none the product sells. */
  variantId: number | null;
  sku: string | null;
  name: string;
  imageUrl: string | null;
  unitPriceKobo: number;
  quantity: number;
  color: string | null;
  size: string | null;
  lineTotalKobo: number;
  /** The line's share of the coupon's discount (0 when the coupon takes nothing off it). */
  discountKobo: number;
  /** Units of this line's variant left in stock. */
  stock: number;
  /** The sizes the product comes in, so a line without one can be given one. */
  sizes: string[];
  /** What stops this line being bought as it is: sold out, not enough left, no longer sold. */
  problem: string | null;
  /**
   * 'unavailable': the product is no longer sold; 'option': a size must be chosen; 'unknown-option':
   * the line names a size or colour the product does not sell (a stale cart: the line can only be
   * removed or chosen again); 'stock': its variant is sold out or short; 'limit': the shop's cap.
   */
  problemKind: 'unavailable' | 'option' | 'unknown-option' | 'stock' | 'limit' | null;
}

/** The coupon a quote applied, and what it took off this cart (decision 0064). */
export interface QuotedCoupon {
  id: number;
  code: string;
  type: CouponType;
  /** A percent coupon's percentage; null for the other types. */
  percent: number | null;
  /** A fixed coupon's amount; null for the other types. */
  amountKobo: number | null;
  minimumSpendKobo: number;
  firstOrderOnly: boolean;
  usageLimitPerCustomer: number | null;
  /** "10% off", "₦5,000 off", "Free delivery". */
  offer: string;
  /** What it takes off this cart: the goods' discount, or for free delivery the delivery charge waived. */
  discountKobo: number;
  /** Indexes of the lines it applied to, in the order of `lines`. */
  appliedToLines: number[];
}

export interface CartQuote extends Totals {
  /** The zone the address lies in; null while a Nigerian address names no state. */
  deliveryZone: { id: string; name: string } | null;
  /** The state the quote was priced for (Nigeria), or null. */
  state: NigerianState | null;
  /** No state yet: shipping prices are "from" prices and Place Order would be refused. */
  needsState: boolean;
  lines: QuotedLine[];
  coupon: QuotedCoupon | null;
  couponError: string | null;
  shippingMethod: ShippingOption | null;
  shippingMethods: ShippingOption[];
  /** The free-delivery threshold that applies: the zone's own, or the shop's. */
  freeShippingThresholdKobo: number;
  country: CheckoutCountry;
  /** Every line can be bought as it stands. */
  purchasable: boolean;
  /** The most units of one product an order may hold (the shop's setting). */
  maxQuantityPerProduct: number;
}

/** The shopper's words when an order asks for more of one product than the shop allows. */
export function quantityCapMessage(name: string, cap: number): string {
  return `You can order at most ${cap} of ${name} in one order.`;
}

/** The shopper's words when a cart comes to more than one order can hold (its kobo total is an int4 column). */
export const ORDER_TOO_LARGE_MESSAGE = `One order can come to at most ${formatWholeNaira(MAX_DB_INTEGER)}: please split it into smaller orders.`;

interface ProductForSale {
  id: number;
  name: string;
  priceKobo: number;
  status: 'active' | 'archived';
  colors: { name: string }[];
  sizes: string[];
  freeShipping: boolean;
  categoryId: string | null;
  imageUrl: string | null;
  variants: VariantRow[];
}

async function loadProducts(db: DbOrTx, ids: number[]): Promise<Map<number, ProductForSale>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      priceKobo: products.priceKobo,
      status: products.status,
      colors: products.colors,
      sizes: products.sizes,
      freeShipping: products.freeShipping,
      categoryId: products.categoryId,
      imageKey: productImages.key,
      imageWidths: productImages.widths,
    })
    .from(products)
    .leftJoin(productImages, and(eq(productImages.productId, products.id), eq(productImages.position, 0)))
    .where(inArray(products.id, ids));
  const variants = await variantsOf(db, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        ...row,
        imageUrl: row.imageKey ? mediaUrl(row.imageKey, Math.min(...(row.imageWidths ?? [320]))) : null,
        variants: variants.get(row.id) ?? [],
      },
    ]),
  );
}

/** Units asked for, per product, across lines (the shop's cap on one order counts every size together). */
export function quantitiesByProduct(lines: Pick<CartLineInput, 'id' | 'quantity'>[]): Map<number, number> {
  const totals = new Map<number, number>();
  for (const line of lines) totals.set(line.id, (totals.get(line.id) ?? 0) + line.quantity);
  return totals;
}

type LineProblem = Pick<QuotedLine, 'problem' | 'problemKind'>;

/** The shopper's words for a variant with too few units: "Only 1 left in M.", "Sorry, XL / Olive is sold out." */
export function variantStockMessage(
  option: { size: string | null; color: string | null },
  left: number,
): string {
  const label = variantLabel(option);
  if (left <= 0) return label ? `Sorry, ${label} is sold out.` : 'Out of Stock';
  return label ? `Only ${left} left in ${label}.` : `Only ${left} left in stock.`;
}

/** A line without a size for a product sold in several: the shopper has only to choose one. */
function needsSize(product: ProductForSale, line: Pick<CartLineInput, 'selectedSize'>): boolean {
  return !line.selectedSize && product.sizes.filter((size) => size !== '').length > 1;
}

function lineProblem(
  product: ProductForSale | undefined,
  line: Pick<CartLineInput, 'selectedSize'>,
  choice: ReturnType<typeof chooseVariant> | null,
  wanted: { ofVariant: number; ofProduct: number },
  cap: number,
): LineProblem {
  if (!product || product.status !== 'active' || !choice)
    return { problem: 'This item is no longer available.', problemKind: 'unavailable' };
  if (!choice.variant)
    return { problem: choice.problem, problemKind: needsSize(product, line) ? 'option' : 'unknown-option' };
  const variant = choice.variant;
  const option = { size: variant.size || null, color: variant.color || null };
  if (variant.stock <= 0 || wanted.ofVariant > variant.stock)
    return { problem: variantStockMessage(option, variant.stock), problemKind: 'stock' };
  // One order never holds more than the shop's cap of a product, however many are left.
  if (wanted.ofProduct > cap) return { problem: quantityCapMessage(product.name, cap), problemKind: 'limit' };
  return { problem: null, problemKind: null };
}

/** A line the shop does not sell as it stands: it adds nothing to the totals. */
function unsold(line: Pick<QuotedLine, 'problemKind'>): boolean {
  return line.problemKind === 'unavailable' || line.problemKind === 'unknown-option';
}

/**
 * The address a quote prices delivery for: the shipping address's country (else `country`), and in
 * Nigeria its state by its proper name. A state that is none of Nigeria's is a 422 naming it (a rule the API's document cannot state, decision 0030).
 */
function destinationOf(input: z.output<typeof cartQuoteInputSchema>): Destination {
  const country = input.shippingAddress?.country ?? input.country;
  const typed = input.shippingAddress?.state?.trim() ?? '';
  if (country !== 'Nigeria' || typed === '') return { country, state: null };
  const state = nigerianStateOf(typed);
  if (!state)
    throw new AppError('UNPROCESSABLE', `${typed} is not a Nigerian state.`, {
      'shippingAddress.state': checkoutMessages.chooseState,
    });
  return { country, state };
}

/**
 * The method the quote charges: the one asked for when the zone offers it, else the first. A method
 * the shop has and keeps on, asked for where its zone does not offer it, is a 422 naming both: never
 * a silent swap to another price. (A method the shop does not have or switched off falls back, and
 * Place Order refuses it.)
 */
function chosenMethod(
  settings: ShopSettings,
  delivery: DeliveryOptions,
  destination: Destination,
  asked: string | undefined,
): ShippingOption | null {
  const offered = delivery.options.find((method) => method.id === asked);
  if (offered) return offered;
  const known =
    asked === PICKUP_METHOD_ID ||
    settings.shippingMethods.some((method) => method.id === asked && method.enabled);
  if (asked && known && !delivery.needsState) {
    const message = `${shippingMethodName(settings, asked)} is not offered in ${destinationName(destination)}.`;
    throw new AppError('UNPROCESSABLE', message, { shippingMethod: message });
  }
  return delivery.options[0] ?? null;
}

/** A delivery method made free by a free-delivery coupon; a pickup keeps its own fee, if any. */
function withoutDeliveryCharge(option: ShippingOption): ShippingOption {
  if (option.id === PICKUP_METHOD_ID) return option;
  return {
    ...option,
    priceKobo: 0,
    free: true,
    priceRangeKobo: option.priceRangeKobo ? { min: 0, max: 0 } : null,
  };
}

/** Why a coupon does not apply to this cart, in the shopper's words, naming what it is for. */
async function couponProblem(db: DbOrTx, coupon: Coupon, application: CouponApplication): Promise<string> {
  const scope = await couponScope(db, coupon);
  if (application.problem === 'no-eligible-items') return couponNothingEligibleMessage(scope ?? '');
  return couponMinimumSpendMessage(coupon.minimumSpendKobo, scope);
}

/**
 * Prices a cart from the database: every price, discount, shipping charge and tax comes from
 * here, never from the browser.
 */
export async function quoteCart(
  db: DbOrTx,
  raw: unknown,
  shopper: { userId?: string | null | undefined; phone?: string | undefined } = {},
  loaded?: { settings?: ShopSettings; now?: Date },
): Promise<CartQuote> {
  const input = parseInput(cartQuoteInputSchema, raw);
  const destination = destinationOf(input);
  const settings = loaded?.settings ?? (await getShopSettings(db));
  const wanted = quantitiesByProduct(input.items);
  const catalog = await loadProducts(db, [...wanted.keys()]);

  const choices = input.items.map((line) => {
    const product = catalog.get(line.id);
    return product && product.status === 'active' ? chooseVariant(product, product.variants, line) : null;
  });
  // Units asked for per variant across lines (the same size and colour twice draws on one stock).
  const wantedOfVariant = new Map<number, number>();
  input.items.forEach((line, index) => {
    const variant = choices[index]?.variant;
    if (variant) wantedOfVariant.set(variant.id, (wantedOfVariant.get(variant.id) ?? 0) + line.quantity);
  });

  const lines: QuotedLine[] = input.items.map((line, index) => {
    const product = catalog.get(line.id);
    const choice = choices[index] ?? null;
    const variant = choice?.variant ?? null;
    const unitPriceKobo = variant?.priceKobo ?? product?.priceKobo ?? 0;
    return {
      productId: line.id,
      variantId: variant?.id ?? null,
      sku: variant?.sku ?? null,
      name: product?.name ?? 'Unavailable item',
      imageUrl: product?.imageUrl ?? null,
      unitPriceKobo,
      quantity: line.quantity,
      color: variant ? variant.color || null : (line.selectedColor ?? null),
      size: variant ? variant.size || null : (line.selectedSize ?? null),
      lineTotalKobo: unitPriceKobo * line.quantity,
      discountKobo: 0,
      stock: variant?.stock ?? 0,
      sizes: product?.sizes ?? [],
      ...lineProblem(
        product,
        line,
        choice,
        {
          ofVariant: (variant && wantedOfVariant.get(variant.id)) || line.quantity,
          ofProduct: wanted.get(line.id) ?? line.quantity,
        },
        settings.maxQuantityPerProduct,
      ),
    };
  });
  // A line that only needs a size or has too few left still shows its price; a line no longer sold
  // (the product, or the size or colour it names) does not.
  const subtotalKobo = lines.reduce((sum, line) => sum + (unsold(line) ? 0 : line.lineTotalKobo), 0);

  let found: Coupon | null = null;
  let applied: CouponApplication | null = null;
  let couponError: string | null = null;
  if (input.couponCode) {
    const check = await checkCoupon(db, input.couponCode, {
      email: input.email,
      userId: shopper.userId,
      phone: shopper.phone,
    });
    if (check.problem || !check.coupon) couponError = check.problem;
    else {
      const coupon = check.coupon;
      const eligibleCategories = await categoriesUnder(db, coupon.categoryIds);
      const application = applyCoupon(
        coupon,
        lines.map((line) => ({
          lineTotalKobo: line.lineTotalKobo,
          counted: !unsold(line),
          eligible: lineIsEligible(coupon, eligibleCategories, {
            productId: line.productId,
            categoryId: catalog.get(line.productId)?.categoryId ?? null,
          }),
        })),
      );
      if (application.problem === null) [found, applied] = [coupon, application];
      else couponError = await couponProblem(db, coupon, application);
    }
  }

  const discountKobo = applied?.discountKobo ?? 0;
  const sold = lines.filter((line) => !unsold(line));
  const everyPieceShipsFree =
    sold.length > 0 && sold.every((line) => catalog.get(line.productId)?.freeShipping === true);
  const priced = shippingOptions(settings, subtotalKobo - discountKobo, {
    everyPieceShipsFree,
    destination,
    now: loaded?.now,
  });
  let delivery = priced;
  let shippingMethod = chosenMethod(settings, priced, destination, input.shippingMethod);
  let deliveryWaivedKobo = 0;
  if (applied?.freeDelivery) {
    if (shippingMethod?.id === PICKUP_METHOD_ID) {
      // Free delivery is for the shop's deliveries: a pickup's own fee, if any, stays.
      [found, applied, couponError] = [null, null, checkoutMessages.couponNotForPickup];
    } else {
      deliveryWaivedKobo = shippingMethod?.priceKobo ?? 0;
      delivery = { ...priced, options: priced.options.map(withoutDeliveryCharge) };
      shippingMethod = delivery.options.find((option) => option.id === shippingMethod?.id) ?? null;
    }
  }
  const totals = computeTotals({
    subtotalKobo,
    discountKobo,
    shipping: shippingMethod,
    ...taxFor(settings, destination.country),
  });
  if (applied) {
    const shares = applied.shares;
    lines.forEach((line, index) => {
      line.discountKobo = shares[index] ?? 0;
    });
  }
  const coupon: QuotedCoupon | null =
    found && applied
      ? {
          id: found.id,
          code: found.code,
          type: found.type,
          percent: found.percent,
          amountKobo: found.amountKobo,
          minimumSpendKobo: found.minimumSpendKobo,
          firstOrderOnly: found.firstOrderOnly,
          usageLimitPerCustomer: found.usageLimitPerCustomer,
          offer: couponOffer(found),
          discountKobo: applied.freeDelivery ? deliveryWaivedKobo : applied.discountKobo,
          appliedToLines: applied.lines,
        }
      : null;
  if (totals.totalKobo > MAX_DB_INTEGER) {
    const line = lines.find((item) => item.problem === null);
    if (line) Object.assign(line, { problem: ORDER_TOO_LARGE_MESSAGE, problemKind: 'limit' });
  }

  return {
    ...totals,
    lines,
    coupon,
    couponError,
    shippingMethod,
    shippingMethods: delivery.options,
    deliveryZone: delivery.zone,
    state: destination.state,
    needsState: delivery.needsState,
    freeShippingThresholdKobo: delivery.freeShippingThresholdKobo,
    country: destination.country,
    purchasable: lines.every((line) => line.problem === null),
    maxQuantityPerProduct: settings.maxQuantityPerProduct,
  };
}
