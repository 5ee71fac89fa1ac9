import { z } from 'zod';
import { koboToNaira } from '../../../contracts/money';
import type { OrderSummaryView, OrderView } from '../../../core/orders/order-view';
import type { CartQuote } from '../../../core/orders/quote';
import type { TrackingView } from '../../../core/orders/read-orders';
import { couponTypes } from '../../../db/schema/orders';

const naira = z.number().describe('Naira, at most two decimals');

const shippingOptionDto = z.object({
  id: z.string().describe("A shipping method's id, or 'pickup'"),
  name: z.string(),
  description: z
    .string()
    .describe("Its time in the zone ('1–2 business days'), or where a pickup is collected"),
  price: naira.describe(
    'What this order pays for it (0 when free). With needsState: the lowest across Nigeria\'s zones, a "from" price',
  ),
  priceRange: z
    .object({ min: naira, max: naira })
    .nullable()
    .describe('With needsState: the lowest and highest across the zones; null once the zone is known'),
  minDays: z.number().int().describe('Fewest business days after the day it ships'),
  maxDays: z.number().int(),
  deliveryDates: z
    .object({
      earliest: z.string().describe('YYYY-MM-DD, Lagos'),
      latest: z.string().describe('YYYY-MM-DD, Lagos'),
    })
    .describe(
      'When an order placed now arrives: after the cut-off, Sundays and holidays it ships the next business day',
    ),
  free: z.boolean(),
});

export const cartQuoteDto = z.object({
  lines: z.array(
    z.object({
      productId: z.number(),
      name: z.string(),
      image: z.string().nullable(),
      price: naira,
      quantity: z.number(),
      selectedColor: z.string().nullable(),
      selectedSize: z.string().nullable(),
      lineTotal: naira,
      stock: z.number().describe("Units left of the line's variant (its size and colour)"),
      sku: z
        .string()
        .nullable()
        .describe('The SKU of the variant the line takes; null when it names none the product sells'),
      sizes: z.array(z.string()),
      problem: z.string().nullable(),
      problemKind: z
        .enum(['unavailable', 'option', 'unknown-option', 'stock', 'limit'])
        .nullable()
        .describe(
          "Why the line cannot be bought as it stands: 'unavailable' no longer sold, 'option' a size to choose, 'unknown-option' a size or colour the product does not sell (remove the line), 'stock' sold out or short, 'limit' over the per-order cap",
        ),
    }),
  ),
  subtotal: naira,
  discount: naira,
  shipping: naira,
  tax: naira,
  taxRatePercent: z.number(),
  taxIncluded: z
    .boolean()
    .describe(
      'true: the tax is inside the prices (VAT included) and the total holds it; false: it was added on top',
    ),
  total: naira,
  coupon: z
    .object({
      code: z.string(),
      type: z
        .enum(couponTypes)
        .describe('percent: a percentage off; fixed: an amount off; free_delivery: the delivery is free'),
      percent: z.number().nullable().describe('A percent coupon’s percentage; null for the other types'),
      amount: naira.nullable().describe('A fixed coupon’s amount off; null for the other types'),
      minimumSpend: naira
        .nullable()
        .describe('What the eligible lines must come to before it applies; null for no minimum'),
      offer: z.string().describe('"10% off", "₦5,000 off", "Free delivery"'),
      discount: naira.describe(
        'What it takes off this cart: the goods’ discount (as `discount` above), or for free delivery the delivery charge it waives',
      ),
      appliedToLines: z
        .array(
          z.object({
            line: z.number().int().describe('The line’s index in `lines`'),
            productId: z.number(),
            discount: naira.describe('The line’s share of the discount (0 for free delivery)'),
          }),
        )
        .describe(
          'The lines it applied to: a coupon for chosen categories or products applies to theirs only',
        ),
    })
    .nullable()
    .describe('The coupon applied; null when none was sent or it cannot be used (see couponError)'),
  couponError: z.string().nullable(),
  shippingMethod: shippingOptionDto.nullable(),
  shippingMethods: z.array(shippingOptionDto),
  freeShippingThreshold: naira.describe("The zone's free-delivery threshold, else the shop's"),
  country: z.string(),
  state: z
    .string()
    .nullable()
    .describe('The Nigerian state priced for, by its proper name; null abroad or without one'),
  deliveryZone: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .describe('The delivery zone the address lies in; null while a Nigerian address names no state'),
  needsState: z
    .boolean()
    .describe(
      'A Nigerian address without a state: shipping shows "from" prices and an order would be refused',
    ),
  purchasable: z.boolean(),
  maxQuantityPerProduct: z.number().describe('The most units of one product an order may hold'),
});

function quotedCouponDto(quote: CartQuote): NonNullable<z.infer<typeof cartQuoteDto>['coupon']> {
  const coupon = quote.coupon!;
  return {
    code: coupon.code,
    type: coupon.type,
    percent: coupon.percent,
    amount: coupon.amountKobo === null ? null : koboToNaira(coupon.amountKobo),
    minimumSpend: coupon.minimumSpendKobo > 0 ? koboToNaira(coupon.minimumSpendKobo) : null,
    offer: coupon.offer,
    discount: koboToNaira(coupon.discountKobo),
    appliedToLines: coupon.appliedToLines.map((index) => ({
      line: index,
      productId: quote.lines[index]!.productId,
      discount: koboToNaira(quote.lines[index]!.discountKobo),
    })),
  };
}

export function toCartQuoteDto(quote: CartQuote): z.infer<typeof cartQuoteDto> {
  const option = (method: CartQuote['shippingMethods'][number]) => ({
    id: method.id,
    name: method.name,
    description: method.description,
    price: koboToNaira(method.priceKobo),
    priceRange: method.priceRangeKobo
      ? { min: koboToNaira(method.priceRangeKobo.min), max: koboToNaira(method.priceRangeKobo.max) }
      : null,
    minDays: method.minDays,
    maxDays: method.maxDays,
    deliveryDates: method.deliveryDates,
    free: method.free,
  });
  return {
    lines: quote.lines.map((line) => ({
      productId: line.productId,
      name: line.name,
      image: line.imageUrl,
      price: koboToNaira(line.unitPriceKobo),
      quantity: line.quantity,
      selectedColor: line.color,
      selectedSize: line.size,
      lineTotal: koboToNaira(line.lineTotalKobo),
      stock: line.stock,
      sku: line.sku,
      sizes: line.sizes,
      problem: line.problem,
      problemKind: line.problemKind,
    })),
    subtotal: koboToNaira(quote.subtotalKobo),
    discount: koboToNaira(quote.discountKobo),
    shipping: koboToNaira(quote.shippingKobo),
    tax: koboToNaira(quote.taxKobo),
    taxRatePercent: quote.taxRatePercent,
    taxIncluded: quote.taxIncluded,
    total: koboToNaira(quote.totalKobo),
    coupon: quote.coupon ? quotedCouponDto(quote) : null,
    couponError: quote.couponError,
    shippingMethod: quote.shippingMethod ? option(quote.shippingMethod) : null,
    shippingMethods: quote.shippingMethods.map(option),
    freeShippingThreshold: koboToNaira(quote.freeShippingThresholdKobo),
    country: quote.country,
    state: quote.state,
    deliveryZone: quote.deliveryZone,
    needsState: quote.needsState,
    purchasable: quote.purchasable,
    maxQuantityPerProduct: quote.maxQuantityPerProduct,
  };
}

const orderItemDto = z.object({
  productId: z.number().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  price: naira,
  quantity: z.number(),
  selectedColor: z.string().nullable(),
  selectedSize: z.string().nullable(),
  sku: z
    .string()
    .nullable()
    .describe('The SKU of the size and colour ordered; null on lines older than variants'),
});

const orderEventDto = z.object({ status: z.string(), label: z.string(), note: z.string(), date: z.string() });

const orderRefundDto = z.object({
  amount: naira,
  amountKobo: z.number().int(),
  status: z
    .enum(['pending', 'completed'])
    .describe(
      'pending: on its way (a failed attempt the shop retries reads pending too); completed: given back',
    ),
  reason: z.string(),
  date: z.string().describe('When the refund was made (ISO)'),
  completedAt: z.string().nullable().describe('When the money went back (ISO); null until it has'),
  note: z.string().describe("What comes back, where and when, in the shop's words"),
});

export const orderDto = z.object({
  id: z.string().describe("The order number, 'ORD-10001'"),
  date: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  progress: z.number().describe('Processing 0, Shipped 50, Delivered 100'),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  isTest: z.boolean().describe('Paid in TEST MODE: no money moved'),
  customerEmail: z.string(),
  customerPhone: z.string(),
  shippingAddress: z.object({
    firstName: z.string(),
    lastName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
  }),
  shippingMethod: z.string(),
  subtotal: naira,
  discount: naira,
  shipping: naira,
  tax: naira,
  taxRatePercent: z.number(),
  taxIncluded: z
    .boolean()
    .describe(
      'true: the tax is inside the prices (VAT included) and the total holds it; false: it was added on top',
    ),
  total: naira,
  couponCode: z.string().nullable(),
  bankReference: z.string().nullable(),
  customerBankReference: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z
    .string()
    .nullable()
    .describe("The carrier's tracking page for this parcel; null when the carrier has none"),
  pickupCode: z
    .string()
    .nullable()
    .describe(
      "A pickup order's code, shown at the shop to collect it, once it is ready; only to the order's owner or its link's holder, never to staff",
    ),
  items: z.array(orderItemDto),
  timeline: z.array(orderEventDto),
  refunds: z.array(orderRefundDto).describe('Money given back on the order, oldest first'),
});

const toItem = (item: OrderView['items'][number]) => ({
  productId: item.productId,
  name: item.name,
  image: item.imageUrl,
  price: koboToNaira(item.unitPriceKobo),
  quantity: item.quantity,
  selectedColor: item.color,
  selectedSize: item.size,
  sku: item.sku,
});

const toEvent = (event: OrderView['events'][number]) => ({
  status: event.status,
  label: event.label,
  note: event.note,
  date: event.at,
});

export function toOrderDto(order: OrderView): z.infer<typeof orderDto> {
  return {
    id: order.number,
    date: order.placedAt,
    status: order.status,
    statusLabel: order.statusLabel,
    progress: order.progress,
    paymentMethod: order.paymentMethod,
    paymentStatus: order.paymentStatus,
    isTest: order.isTest,
    customerEmail: order.email,
    customerPhone: order.phone,
    shippingAddress: order.shippingAddress,
    shippingMethod: order.shippingMethodLabel,
    subtotal: koboToNaira(order.subtotalKobo),
    discount: koboToNaira(order.discountKobo),
    shipping: koboToNaira(order.shippingKobo),
    tax: koboToNaira(order.taxKobo),
    taxRatePercent: order.taxRatePercent,
    taxIncluded: order.taxIncluded,
    total: koboToNaira(order.totalKobo),
    couponCode: order.couponCode,
    bankReference: order.bankReference,
    customerBankReference: order.customerBankReference,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    pickupCode: order.pickupCode,
    items: order.items.map(toItem),
    timeline: order.events.map(toEvent),
    refunds: order.refunds.map((refund) => ({ ...refund, amount: koboToNaira(refund.amountKobo) })),
  };
}

/** An order as the shop's staff read it: without the pickup code, which only its shopper holds. */
export const toStaffOrderDto = (order: OrderView) => toOrderDto({ ...order, pickupCode: null });

export const orderSummaryDto = z.object({
  id: z.string(),
  date: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  paymentStatus: z.string(),
  total: naira,
  itemCount: z.number(),
  items: z.array(z.object({ name: z.string(), image: z.string().nullable(), quantity: z.number() })),
});

export function toOrderSummaryDto(order: OrderSummaryView): z.infer<typeof orderSummaryDto> {
  return {
    id: order.number,
    date: order.placedAt,
    status: order.status,
    statusLabel: order.statusLabel,
    paymentStatus: order.paymentStatus,
    total: koboToNaira(order.totalKobo),
    itemCount: order.itemCount,
    items: order.items.map((item) => ({ name: item.name, image: item.imageUrl, quantity: item.quantity })),
  };
}

export const trackingDto = z.object({
  id: z.string(),
  date: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  progress: z.number(),
  destination: z.string(),
  shippingMethod: z.string(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable().describe("The carrier's tracking page; null when it has none"),
  total: naira,
  items: z.array(orderItemDto),
  timeline: z.array(orderEventDto),
});

export function toTrackingDto(view: TrackingView): z.infer<typeof trackingDto> {
  return {
    id: view.number,
    date: view.placedAt,
    status: view.status,
    statusLabel: view.statusLabel,
    progress: view.progress,
    destination: view.destination,
    shippingMethod: view.shippingMethodLabel,
    carrier: view.carrier,
    trackingNumber: view.trackingNumber,
    trackingUrl: view.trackingUrl,
    total: koboToNaira(view.totalKobo),
    items: view.items.map(toItem),
    timeline: view.events.map(toEvent),
  };
}
