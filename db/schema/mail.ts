import { index, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail the shop sends: kept here, and also delivered over SMTP when it is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** queued: kept for reading in the admin outbox (no SMTP); sent; failed. */
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('outbox_created_idx').on(table.createdAt), index('outbox_to_idx').on(table.to)],
);
