import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { orderLines, orders } from './orders';
import { orderReturns } from './returns';

export const paymentProviders = ['flutterwave', 'paystack', 'sandbox', 'bank-transfer'] as const;
/**
 * 'review': money arrived but not as asked (short, or after the transfer account expired): the shop
 * decides. 'refund_due': money arrived that the order does not take (it was paid already, or
 * cancelled): the shop owes it back.
 */
export const transactionStatuses = ['pending', 'successful', 'failed', 'review', 'refund_due'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** The account a bank-transfer charge opened for one order: pay exactly this amount before it expires. */
export interface TransferAccount {
  bankName: string;
  accountNumber: string;
  accountName: string;
  /** What the shopper must send, in kobo (the order's total). */
  amountKobo: number;
  /** When the account stops accepting money (ISO). */
  expiresAt: string;
  /** The provider's words for the transfer's narration, if any. */
  note: string;
}

/**
 * Every payment attempt: one row per tx_ref the shop hands the provider, and one per bank transfer.
 * A provider transaction is recorded once (unique per provider), however often it is reported: the
 * first one an attempt receives on the attempt's own row, each further transfer into the same account
 * on a row of its own (`attemptId`), so no money the provider reports goes unrecorded.
 */
export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** Our reference for the attempt: unique among attempts, bound to the order. */
    txRef: text('tx_ref').notNull(),
    /**
     * A further transfer into an attempt's account (same tx_ref, its own provider transaction): the
     * attempt it came through. Null for the attempt itself.
     */
    attemptId: integer('attempt_id').references((): AnyPgColumn => paymentTransactions.id, {
      onDelete: 'cascade',
    }),
    /** The provider's transaction id, once it reports one. */
    providerTransactionId: text('provider_transaction_id'),
    flwRef: text('flw_ref'),
    amountKobo: integer('amount_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: transactionStatuses }).notNull().default('pending'),
    paymentType: text('payment_type'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    verified: boolean('verified').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /**
     * Taken through a provider that moves no money (the sandbox, or a provider's test keys), as the
     * provider was when the attempt was opened: its order is a test order.
     */
    testMoney: boolean('test_money').notNull().default(false),
    /** The admin who confirmed a bank transfer or re-verified a payment. */
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull().default(''),
    /** A bank-transfer charge's own account, as the provider gave it (null for card attempts). */
    transferAccount: jsonb('transfer_account').$type<TransferAccount>(),
    /** The amount the provider reports received, once it reports one (may differ from the amount asked). */
    receivedKobo: integer('received_kobo'),
    /**
     * What the shop accepted without receiving it, when staff confirmed a transfer that came short
     * (0 for one that came late but whole); `verifiedBy` is who accepted it.
     */
    shortfallKobo: integer('shortfall_kobo'),
    /** Money of this transaction the shop owes back: all of it ('refund_due'), or what was overpaid. */
    refundDueKobo: integer('refund_due_kobo'),
    /** When that money became owed. */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('payment_transactions_tx_ref_idx')
      .on(table.txRef)
      .where(sql`${table.attemptId} IS NULL`),
    index('payment_transactions_attempt_idx').on(table.attemptId),
    index('payment_transactions_refund_due_idx')
      .on(table.refundDueAt)
      .where(sql`${table.refundDueKobo} > 0`),
    uniqueIndex('payment_transactions_provider_id_idx').on(table.provider, table.providerTransactionId),
    index('payment_transactions_order_idx').on(table.orderId),
    index('payment_transactions_created_idx').on(table.createdAt),
    check(
      'payment_transactions_status_valid',
      sql`${table.status} IN ('pending', 'successful', 'failed', 'review', 'refund_due')`,
    ),
  ],
);

/**
 * The sandbox provider's own ledger: what the test-mode checkout charged. It plays Flutterwave's part
 * when no keys are set, so it lives apart from the shop's own records above.
 */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: serial('id').primaryKey(),
    /**
     * The transaction id the sandbox hands out: random and unguessable, so its verify API cannot be
     * walked. Null only for charges recorded before it existed (found by tx_ref alone).
     */
    transactionId: text('transaction_id'),
    txRef: text('tx_ref').notNull(),
    flwRef: text('flw_ref').notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    currency: text('currency').notNull(),
    /** A bank-transfer charge is 'pending' from the moment its account opens until money arrives. */
    status: text('status', { enum: ['pending', 'successful', 'failed'] }).notNull(),
    message: text('message').notNull(),
    paymentType: text('payment_type').notNull().default('card'),
    /** Only the last four digits of the test card; never the number. */
    card: jsonb('card').$type<{ first_6digits: string; last_4digits: string; type: string }>(),
    customer: jsonb('customer').$type<{ email: string; name: string }>().notNull(),
    /** A bank-transfer charge's account (null for cards). */
    transfer: jsonb('transfer').$type<TransferAccount>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_charges_tx_ref_idx').on(table.txRef),
    uniqueIndex('sandbox_charges_transaction_id_idx').on(table.transactionId),
  ],
);

/**
 * How a refund gives money back: through the provider that took it ('flutterwave', 'paystack', or the
 * TEST MODE 'sandbox'), or by hand from the shop's own account ('manual': money that came by
 * RC-reference transfer).
 */
export const refundProviders = ['flutterwave', 'paystack', 'sandbox', 'manual'] as const;
export type RefundProvider = (typeof refundProviders)[number];

/**
 * pending: recorded, the provider asked or about to be; completed: the provider (or staff, by hand)
 * gave it back; failed: it did not, and may be retried; needs_attention: the card cannot take it
 * back (Paystack), and staff give the shopper's bank account for the provider to send it there.
 */
export const refundStatuses = ['pending', 'completed', 'failed', 'needs_attention'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * What a refund gives back: money the order took ('order': lines, delivery or an amount of the
 * payment), or money the shop owes back on a transaction beyond what the order took ('owed': an
 * overpaid or late transfer, the transaction's `refundDueKobo`).
 */
export const refundPurposes = ['order', 'owed'] as const;
export type RefundPurpose = (typeof refundPurposes)[number];

/** A shopper's bank account, for a refund made by hand. */
export interface RefundBankDetails {
  accountName: string;
  accountNumber: string;
  bankName: string;
}

/**
 * Every refund: written 'pending' before the provider is called, so a retry or a crash can never give
 * the same money back twice; completed or failed only on the provider's word (or, for a manual refund,
 * the staff member's, with the transfer's reference). A failed refund is retried on the same row.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The payment the money goes back from. */
    paymentTransactionId: integer('payment_transaction_id').references(() => paymentTransactions.id, {
      onDelete: 'set null',
    }),
    /** The return it settles, if any. */
    returnId: integer('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: refundPurposes }).notNull().default('order'),
    provider: text('provider', { enum: refundProviders }).notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    /** The part of the amount that is the delivery charge. */
    shippingKobo: integer('shipping_kobo').notNull().default(0),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    reason: text('reason').notNull(),
    /** The refunded lines' units went back on sale. */
    restock: boolean('restock').notNull().default(false),
    /** The provider's refund id (Flutterwave's `data.id`), once it answers. */
    providerRefundId: text('provider_refund_id'),
    /** The provider's reference, or the manual transfer's reference. */
    providerReference: text('provider_reference'),
    /** Why it failed, in the provider's words. */
    failureReason: text('failure_reason'),
    /** For a manual refund: where the money was sent. */
    bankDetails: jsonb('bank_details').$type<RefundBankDetails>(),
    /** How many times the provider was asked (a retry asks again). */
    attempts: integer('attempts').notNull().default(0),
    /** When the provider was last asked, or the refund last followed. */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff member's e-mail as it was, for the records when the account goes. */
    createdByEmail: text('created_by_email').notNull().default(''),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_order_idx').on(table.orderId),
    index('refunds_created_idx').on(table.createdAt),
    index('refunds_pending_idx')
      .on(table.lastAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    uniqueIndex('refunds_provider_refund_idx').on(table.provider, table.providerRefundId),
    // A return is settled by one refund: a repeat or a retry after a crash finds it, never makes a second.
    uniqueIndex('refunds_one_per_return_idx')
      .on(table.returnId)
      .where(sql`${table.returnId} IS NOT NULL`),
    check('refunds_amount_positive', sql`${table.amountKobo} > 0`),
    check(
      'refunds_shipping_within_amount',
      sql`${table.shippingKobo} >= 0 AND ${table.shippingKobo} <= ${table.amountKobo}`,
    ),
    check(
      'refunds_status_valid',
      sql`${table.status} IN ('pending', 'completed', 'failed', 'needs_attention')`,
    ),
    check(
      'refunds_provider_valid',
      sql`${table.provider} IN ('flutterwave', 'paystack', 'sandbox', 'manual')`,
    ),
    check('refunds_purpose_valid', sql`${table.purpose} IN ('order', 'owed')`),
  ],
);

/** The order lines (and how many of each) a refund gives money back for. */
export const refundLines = pgTable(
  'refund_lines',
  {
    id: serial('id').primaryKey(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    amountKobo: integer('amount_kobo').notNull(),
  },
  (table) => [
    index('refund_lines_refund_idx').on(table.refundId),
    index('refund_lines_line_idx').on(table.orderLineId),
    check('refund_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('refund_lines_amount_non_negative', sql`${table.amountKobo} >= 0`),
  ],
);

/** The TEST MODE sandbox's refunds, as Flutterwave would keep them: its own ledger, apart from the shop's. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: serial('id').primaryKey(),
    /** The refund id the sandbox hands out. */
    refundId: text('refund_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    /** 'completed', 'pending' (completes when next followed), or 'failed'. */
    status: text('status').notNull(),
    /** What a pending refund becomes when next followed. */
    settlesAs: text('settles_as').notNull().default('completed'),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('sandbox_refunds_refund_idx').on(table.refundId),
    index('sandbox_refunds_transaction_idx').on(table.transactionId),
  ],
);
