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
import { orders } from './orders';

export const paymentProviders = ['flutterwave', 'sandbox', 'bank-transfer'] as const;
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
