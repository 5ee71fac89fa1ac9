import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per settings group ('shop', 'payments', 'shipping', …); values are validated by core on read and write. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
