import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Every change an administrator makes: who, what, when, and the record before and after. Rows are
 * only ever inserted; the actor's e-mail is kept so the entry still reads right if the account goes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email').notNull(),
    /** 'product.update', 'order.ship', 'settings.update', … */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    /** One line for the log's list: 'Price of Oxford Shirt ₦25,000 → ₦22,000'. */
    summary: text('summary').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
  ],
);

/**
 * First-party traffic: page views counted per day, page and source (the referring site's host,
 * 'direct' or 'internal'). No address, cookie or user is stored.
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day').notNull(),
    path: text('path').notNull(),
    source: text('source').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.path, table.source] }),
    check('page_views_positive', sql`${table.views} >= 0`),
  ],
);

/** One row per successful sign-in, for the reports (sign-ins, returning customers). */
export const signIns = pgTable(
  'sign_ins',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sign_ins_created_idx').on(table.createdAt), index('sign_ins_user_idx').on(table.userId)],
);
