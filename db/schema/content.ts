import { sql } from 'drizzle-orm';
import { check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Lowercased and trimmed: one row per address. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('newsletter_subscribers_email_idx').on(table.email)],
);

/** Messages sent from the contact page: stored, listed for admins and e-mailed to the shop. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The order a shopper asks about ('Need Help' on an order), when there is one. */
    orderNumber: text('order_number'),
    status: text('status', { enum: ['new', 'read', 'replied'] })
      .notNull()
      .default('new'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('contact_messages_created_idx').on(table.createdAt),
    check('contact_messages_status_valid', sql`${table.status} IN ('new', 'read', 'replied')`),
  ],
);
