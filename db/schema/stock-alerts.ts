import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalog';

/**
 * "Tell me when it's back": a shopper's e-mail waiting for one size and colour of a product to come
 * back into stock (decision 0034). Keyed by the option, not the variant's row, so an owner who saves
 * the grid anew keeps the product's watchers. A trigger on product_variants marks the option's
 * waiting alerts due when its stock goes from 0 to more (db/migrations/0018); the job mails them
 * once and records when.
 */
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
    /** Lower case, as every e-mail the shop keeps. */
    email: text('email').notNull(),
    /** When the shopper asked (again): a waiting alert expires 90 days after it. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the option last came back into stock while this alert waited: the job mails it. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the shopper was e-mailed: the alert is done. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (table) => [
    check('stock_alerts_email_lower', sql`${table.email} = lower(${table.email}) AND ${table.email} <> ''`),
    /** One waiting alert per option and e-mail: a repeat sign-up finds it. */
    uniqueIndex('stock_alerts_waiting_idx')
      .on(table.productId, table.size, table.color, table.email)
      .where(sql`${table.notifiedAt} IS NULL`),
    /** An address's waiting alerts: the cap per e-mail and "stop all my stock alerts". */
    index('stock_alerts_email_idx')
      .on(table.email)
      .where(sql`${table.notifiedAt} IS NULL`),
    /** What the job has to send: few rows, whatever the number waiting. */
    index('stock_alerts_due_idx')
      .on(table.dueAt)
      .where(sql`${table.dueAt} IS NOT NULL AND ${table.notifiedAt} IS NULL`),
    index('stock_alerts_created_idx').on(table.createdAt),
  ],
);
