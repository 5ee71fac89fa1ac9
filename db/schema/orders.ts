import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products, productVariants } from './catalog';

/** A pickup order goes processing → ready_for_pickup → picked_up instead of shipped → delivered. */
export const orderStatuses = [
  'awaiting_payment',
  'processing',
  'shipped',
  'delivered',
  'ready_for_pickup',
  'picked_up',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentMethods = ['flutterwave', 'paystack', 'credit-card', 'bank-transfer'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const paymentStatuses = ['pending', 'paid', 'failed', 'partially_refunded', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

/** What a coupon takes off (decision 0064): a percentage, a fixed amount, or the delivery charge. */
export const couponTypes = ['percent', 'fixed', 'free_delivery'] as const;
export type CouponType = (typeof couponTypes)[number];

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Stored in capitals; shoppers may type it in any case. */
    code: text('code').notNull(),
    type: text('type', { enum: couponTypes }).notNull().default('percent'),
    /** A percent coupon's percentage, 1 to 100; null for the other types. */
    percent: smallint('percent'),
    /** A fixed coupon's amount off the eligible lines; null for the other types. */
    amountKobo: integer('amount_kobo'),
    /** What the eligible lines must come to before the coupon applies; 0 for no minimum. */
    minimumSpendKobo: integer('minimum_spend_kobo').notNull().default(0),
    active: boolean('active').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** How many orders may use it; null for no limit. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /**
     * How many orders (not cancelled) one customer may use it on: counted by account and by the
     * order's e-mail and phone. Null for no limit.
     */
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    /** The categories it applies to (with those below them), and the products; both empty: every line. */
    categoryIds: text('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productIds: integer('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('coupons_code_idx').on(table.code),
    check(
      'coupons_terms_fit_type',
      sql`(${table.type} = 'percent' AND ${table.percent} IS NOT NULL AND ${table.percent} BETWEEN 1 AND 100 AND ${table.amountKobo} IS NULL) OR (${table.type} = 'fixed' AND ${table.amountKobo} IS NOT NULL AND ${table.amountKobo} > 0 AND ${table.percent} IS NULL) OR (${table.type} = 'free_delivery' AND ${table.percent} IS NULL AND ${table.amountKobo} IS NULL)`,
    ),
    check(
      'coupons_limits_valid',
      sql`${table.minimumSpendKobo} >= 0 AND (${table.usageLimitPerCustomer} IS NULL OR ${table.usageLimitPerCustomer} >= 1)`,
    ),
    check('coupons_code_upper', sql`${table.code} = upper(${table.code})`),
    check(
      'coupons_usage_within_limit',
      sql`${table.usedCount} >= 0 AND (${table.usageLimit} IS NULL OR ${table.usedCount} <= ${table.usageLimit})`,
    ),
  ],
);

/** Order numbers are ORD- followed by this sequence. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** What shoppers see: 'ORD-10001'. */
    number: text('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lowercased and trimmed. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    shippingMethod: text('shipping_method').notNull(),
    shippingMethodLabel: text('shipping_method_label').notNull(),
    paymentMethod: text('payment_method', { enum: paymentMethods }).notNull(),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('pending'),
    status: text('status', { enum: orderStatuses }).notNull(),
    subtotalKobo: integer('subtotal_kobo').notNull(),
    discountKobo: integer('discount_kobo').notNull().default(0),
    shippingKobo: integer('shipping_kobo').notNull(),
    taxKobo: integer('tax_kobo').notNull(),
    totalKobo: integer('total_kobo').notNull(),
    taxRatePercent: numeric('tax_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** True when the tax was inside the prices (VAT included); false when it was added on top. */
    taxIncluded: boolean('tax_included').notNull().default(false),
    /** What a free-delivery coupon waived of the delivery price; the discount on goods is `discountKobo`. */
    deliveryDiscountKobo: integer('delivery_discount_kobo').notNull().default(0),
    couponCode: text('coupon_code'),
    /** The shop's reference for a bank transfer: 'RC' + 8 time digits + 4 random digits. */
    bankReference: text('bank_reference'),
    /** The reference the shopper reports from their bank. */
    customerBankReference: text('customer_bank_reference'),
    /** SHA-256 of the secret in a guest's order link; the secret itself is only e-mailed. */
    accessTokenHash: text('access_token_hash').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request an idempotency key was first used with. */
    requestHash: text('request_hash'),
    /** Unpaid orders keep their stock until then. */
    stockHeldUntil: timestamp('stock_held_until', { withTimezone: true }),
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the order reached its shopper: the returns window counts from here. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * The order used a first-order-only coupon: at most one such order that is not cancelled per
     * e-mail and per account (the unique indexes below), however many checkouts race.
     */
    firstOrderCoupon: boolean('first_order_coupon').notNull().default(false),
    /** Paid in TEST MODE (the sandbox provider): no money moved; left out of revenue and reports. */
    isTest: boolean('is_test').notNull().default(false),
    /** SHA-256 of the address the order was placed from, for the limit on open unpaid orders. */
    clientAddressHash: text('client_address_hash'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** The delivery zone the order was priced in, by its name then; null on orders older than zones. */
    deliveryZone: text('delivery_zone'),
    /** The delivery promised at checkout (Lagos dates); null on older orders. */
    deliveryEarliest: date('delivery_earliest', { mode: 'string' }),
    deliveryLatest: date('delivery_latest', { mode: 'string' }),
    /**
     * What the shop keeps to check the short code a shopper shows to collect a pickup order: its
     * proof (core/orders/pickup-code.ts `pickupCodeProof`, an HMAC under the shop key, hex, upper
     * case), never the code. The order's life (core/orders/lifecycle.ts) compares the proof of what
     * staff type with it, and collects only on the row that still holds it (decision 0060).
     */
    pickupCode: text('pickup_code_hash'),
    /** The code itself, sealed with the shop key for this order: opened only for its shopper's page. */
    pickupCodeSealed: text('pickup_code_sealed'),
    /**
     * The code as orders before migration 0033 kept it, in plain: sealed and proved at start-up
     * (`protectPlainPickupCodes`), then emptied. Never written otherwise.
     */
    plainPickupCode: text('pickup_code'),
    readyForPickupAt: timestamp('ready_for_pickup_at', { withTimezone: true }),
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    /** The carrier's tracking page for the tracking number, as the owner's pattern made it. */
    trackingUrl: text('tracking_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('orders_number_idx').on(table.number),
    uniqueIndex('orders_idempotency_idx').on(table.idempotencyKey),
    index('orders_user_idx').on(table.userId, table.createdAt),
    index('orders_email_idx').on(table.email),
    index('orders_created_idx').on(table.createdAt),
    index('orders_unpaid_hold_idx')
      .on(table.stockHeldUntil)
      .where(sql`${table.status} = 'awaiting_payment' AND ${table.stockReleasedAt} IS NULL`),
    uniqueIndex('orders_first_order_coupon_email_idx')
      .on(table.email)
      .where(sql`${table.firstOrderCoupon} AND ${table.status} <> 'cancelled'`),
    uniqueIndex('orders_first_order_coupon_user_idx')
      .on(table.userId)
      .where(
        sql`${table.firstOrderCoupon} AND ${table.status} <> 'cancelled' AND ${table.userId} IS NOT NULL`,
      ),
    // The per-e-mail limit on open unpaid orders counts these while its lock is held: keep it short.
    index('orders_open_unpaid_email_idx')
      .on(table.email)
      .where(sql`${table.status} = 'awaiting_payment' AND ${table.stockReleasedAt} IS NULL`),
    index('orders_open_unpaid_address_idx')
      .on(table.clientAddressHash)
      .where(sql`${table.status} = 'awaiting_payment' AND ${table.stockReleasedAt} IS NULL`),
    // A coupon's limit per customer counts its orders by e-mail and by phone (and by account, through
    // orders_user_idx) while its locks are held (decision 0064).
    index('orders_coupon_email_idx')
      .on(table.couponCode, table.email)
      .where(sql`${table.couponCode} IS NOT NULL`),
    index('orders_coupon_phone_idx')
      .on(table.couponCode, table.phone)
      .where(sql`${table.couponCode} IS NOT NULL`),
    check('orders_totals_non_negative', sql`${table.totalKobo} >= 0 AND ${table.subtotalKobo} >= 0`),
    check(
      'orders_status_valid',
      sql`${table.status} IN ('awaiting_payment', 'processing', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up', 'cancelled')`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The lead picture's smallest variant, as it was when ordered. */
    imageUrl: text('image_url'),
    unitPriceKobo: integer('unit_price_kobo').notNull(),
    quantity: integer('quantity').notNull(),
    color: text('color'),
    size: text('size'),
    /** The variant the units were taken from, and given back to on a cancellation or release. */
    variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    /** The variant's SKU as it was when ordered. */
    sku: text('sku'),
    /**
     * The line's share of the order's coupon discount (all its units together), as checkout split it
     * over the lines the coupon applied to; null on lines placed before shares were kept (migration
     * 0035), whose share is the line's part of the subtotal.
     */
    discountKobo: integer('discount_kobo'),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    index('order_lines_variant_idx').on(table.variantId),
    index('order_lines_product_idx').on(table.productId),
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: orderStatuses }).notNull(),
    note: text('note').notNull().default(''),
    /** The staff member who made the move (null for the shopper, a payment or the shop's own jobs). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Their name as it was, so the timeline still reads right when the account goes. */
    actorName: text('actor_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.createdAt)],
);
