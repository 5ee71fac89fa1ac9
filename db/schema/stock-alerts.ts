import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog';

/**
 * "Tell me when it's back": a shopper's e-mail waiting for one size and colour of a product to come
 * back into stock (decision 0034). Keyed by the option, not the variant's row, so an owner who saves
 * the grid anew keeps the product's watchers. A trigger on product_variants marks the option's
 * waiting alerts due when its stock goes from 0 to more (db/migrations/0018); the job mails them
 * once and records when. A sign-up is pending until the link mailed to it is followed (migration
 * 0034): only a confirmed one is mailed when the option is back, and counts toward its list.
 */
/**
 * core/mail/mailbox.ts's mailboxOf in SQL, over the stored address (already trimmed and lower case):
 * the local part up to a +tag that is not its first character, then for gmail.com and googlemail.com
 * without its dots and @gmail.com; an address without @ is its own mailbox. db/migration-0034.test.ts
 * checks the two agree.
 */
const WHOLE = `substring(email from '^(.*)@[^@]*$')`;
const DOMAIN = `substring(email from '@([^@]*)$')`;
const LOCAL = `(CASE WHEN strpos(${WHOLE}, '+') > 1 THEN split_part(${WHOLE}, '+', 1) ELSE ${WHOLE} END)`;
export const MAILBOX_OF_EMAIL =
  `CASE WHEN ${DOMAIN} IN ('gmail.com', 'googlemail.com') ` +
  `THEN coalesce(nullif(replace(${LOCAL}, '.', ''), ''), ${LOCAL}) || '@gmail.com' ` +
  `ELSE coalesce(${LOCAL} || '@' || ${DOMAIN}, email) END`;

export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** As in product_variants: '' when the product offers no size. */
    size: text('size').notNull().default(''),
    /** As in product_variants: the colour's name, '' when the product offers no colour. */
    color: text('color').notNull().default(''),
    /** The address typed, lower case, as every e-mail the shop keeps: the alert is mailed there. */
    email: text('email').notNull(),
    /**
     * The mailbox the address delivers to, made by the database from the address as
     * core/mail/mailbox.ts makes it (no +tag, Gmail's dots folded, googlemail.com read as gmail.com):
     * one alert per option and mailbox, and the limits per mailbox, count by it. Generated, so a row
     * written any way (a restored backup, a tool) has it right.
     */
    mailbox: text('mailbox').generatedAlwaysAs(sql.raw(MAILBOX_OF_EMAIL)).notNull(),
    /**
     * When the shopper asked (again): a pending sign-up expires 48 hours after it, a confirmed alert
     * 90 days after it.
     */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the link mailed to the address was followed (or the signed-in owner of the address asked):
     * null while pending, which a sign-up writes. A row written without it (an alert from before
     * migration 0034, restored from an older backup) is confirmed, as the migration made the shop's.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).defaultNow(),
    /**
     * The SHA-256 of the confirmation link's token (the token itself is only in the mail). Sign-ups
     * of one mailbox made within a day of its confirmation mail share that mail's token.
     */
    tokenHash: text('token_hash'),
    /** When the confirmation mail carrying tokenHash was written: a mailbox gets at most one a day. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** When the option last came back into stock while this alert waited: the job mails it. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the shopper was e-mailed: the alert is done. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    check('stock_alerts_email_lower', sql`${table.email} = lower(${table.email}) AND ${table.email} <> ''`),
    /** One alert per option and mailbox, pending or waiting: a repeat sign-up finds it. */
    uniqueIndex('stock_alerts_waiting_idx')
      .on(table.productId, table.size, table.color, table.mailbox)
      .where(sql`${table.notifiedAt} IS NULL`),
    /** A mailbox's alerts: its caps, its confirmation mail of the day, "stop all my stock alerts". */
    index('stock_alerts_mailbox_idx')
      .on(table.mailbox)
      .where(sql`${table.notifiedAt} IS NULL`),
    /** The sign-ups a confirmation link names. */
    index('stock_alerts_token_idx')
      .on(table.tokenHash)
      .where(sql`${table.tokenHash} IS NOT NULL`),
    /** What the job has to send: few rows, whatever the number waiting or pending. */
    index('stock_alerts_due_idx')
      .on(table.dueAt)
      .where(
        sql`${table.dueAt} IS NOT NULL AND ${table.notifiedAt} IS NULL AND ${table.confirmedAt} IS NOT NULL`,
      ),
    index('stock_alerts_created_idx').on(table.createdAt),
  ],
);
