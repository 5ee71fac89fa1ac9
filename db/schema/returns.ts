import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { productVariants, reviews } from './catalog';
import { orderLines, orders } from './orders';

/**
 * A return's life (core/returns/returns.ts):
 *   requested ─approve─▶ approved ─receive─▶ received ─refund─▶ refunded ─▶ closed
 *       └─decline─▶ declined                      └─exchange─▶ exchanged ─▶ closed
 */
export const returnStatuses = [
  'requested',
  'approved',
  'declined',
  'received',
  'refunded',
  'exchanged',
  'closed',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** What the shopper wants back: her money, or the same piece in another size or colour. */
export const returnResolutions = ['refund', 'exchange'] as const;
export type ReturnResolution = (typeof returnResolutions)[number];

/** Why a piece comes back: the words the shopper chooses from (contracts/returns.ts names them). */
export const returnReasons = [
  'too_small',
  'too_big',
  'not_as_pictured',
  'damaged',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof returnReasons)[number];

/** Return numbers are RET- followed by this sequence. */
export const returnNumberSeq = pgSequence('return_number_seq', { startWith: 10001 });

export const orderReturns = pgTable(
  'order_returns',
  {
    id: serial('id').primaryKey(),
    /** What the shopper and staff read: 'RET-10001'. */
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: returnStatuses }).notNull().default('requested'),
    resolution: text('resolution', { enum: returnResolutions }).notNull(),
    /** The signed-in shopper who asked; null when asked through the order's link. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The shopper's own words (with 'other', or anything she adds). */
    note: text('note').notNull().default(''),
    /** Staff's return instructions (approve) or reason (decline). */
    instructions: text('instructions').notNull().default(''),
    declineReason: text('decline_reason'),
    /** The exchange's shipment: a new parcel of the same order, at no charge. */
    exchangeCarrier: text('exchange_carrier'),
    exchangeTrackingNumber: text('exchange_tracking_number'),
    /** The staff member who made the last move. */
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('order_returns_number_idx').on(table.number),
    index('order_returns_order_idx').on(table.orderId),
    index('order_returns_status_idx').on(table.status, table.createdAt),
    check(
      'order_returns_status_valid',
      sql`${table.status} IN ('requested', 'approved', 'declined', 'received', 'refunded', 'exchanged', 'closed')`,
    ),
    check('order_returns_resolution_valid', sql`${table.resolution} IN ('refund', 'exchange')`),
  ],
);

/** One line of a return: how many units of which order line, why, and (an exchange) for which variant. */
export const returnItems = pgTable(
  'return_items',
  {
    id: serial('id').primaryKey(),
    returnId: integer('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    /** The product and size as ordered, kept for the fit figures when the line's product goes. */
    productId: integer('product_id'),
    size: text('size'),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: returnReasons }).notNull(),
    reasonText: text('reason_text').notNull().default(''),
    /** The variant an exchange sends instead; its units are reserved (taken from stock) when asked. */
    exchangeVariantId: integer('exchange_variant_id').references(() => productVariants.id, {
      onDelete: 'set null',
    }),
    /** The exchange's units are held (taken from stock) until shipped, or given back when declined. */
    exchangeReserved: boolean('exchange_reserved').notNull().default(false),
    /** Set when received: whether the returned units went back on sale (false: damaged). */
    restocked: boolean('restocked'),
  },
  (table) => [
    index('return_items_return_idx').on(table.returnId),
    index('return_items_line_idx').on(table.orderLineId),
    index('return_items_product_idx').on(table.productId, table.reason),
    check('return_items_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'return_items_reason_valid',
      sql`${table.reason} IN ('too_small', 'too_big', 'not_as_pictured', 'damaged', 'changed_mind', 'other')`,
    ),
  ],
);

/**
 * How a piece fitted its reviewer, when she said (the review form's "How did it fit?"): one row per
 * review, apart from the review itself. With the returns' reasons it makes the product page's fit advice.
 */
export const reviewFits = pgTable(
  'review_fits',
  {
    reviewId: integer('review_id')
      .primaryKey()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
    /** 'small' (runs small), 'true' (true to size) or 'large' (runs large). */
    fit: text('fit', { enum: ['small', 'true', 'large'] }).notNull(),
  },
  (table) => [
    index('review_fits_product_idx').on(table.productId),
    check('review_fits_fit_valid', sql`${table.fit} IN ('small', 'true', 'large')`),
  ],
);
