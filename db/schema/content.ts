import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Lowercased and trimmed: one row per address. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set by the unsubscribe link in every newsletter mail; subscribing again clears it. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
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

/** Blog posts: drafts until published; shoppers see only published ones. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull(),
    /** Paragraphs separated by blank lines; '## ' starts a heading. Rendered as text, never as HTML. */
    body: text('body').notNull(),
    /** The image's storage key (UPLOAD_DIR), as product images are kept. */
    imageKey: text('image_key'),
    imageAlt: text('image_alt').notNull().default(''),
    author: text('author').notNull(),
    categorySlug: text('category_slug').notNull(),
    categoryName: text('category_name').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('blog_posts_slug_idx').on(table.slug),
    index('blog_posts_published_idx').on(table.status, table.publishedAt),
    check('blog_posts_status_valid', sql`${table.status} IN ('draft', 'published')`),
  ],
);

/**
 * A shopper's notifications: made by something that happened (an order placed, paid, shipped,
 * delivered or cancelled) or by a shop announcement, which is written once per customer.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['order', 'promo', 'info'] }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Where the notification leads: '/orders/ORD-10001', '/sale', … */
    link: text('link'),
    /** The announcement it came from, if any. */
    announcementId: integer('announcement_id').references(() => announcements.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt),
    check('notifications_type_valid', sql`${table.type} IN ('order', 'promo', 'info')`),
  ],
);

/** Announcements written by the shop in /admin and sent to every customer's notifications. */
export const announcements = pgTable('announcements', {
  id: serial('id').primaryKey(),
  type: text('type', { enum: ['promo', 'info'] }).notNull(),
  title: text('title').notNull(),
  message: text('message').notNull(),
  link: text('link'),
  recipients: integer('recipients').notNull().default(0),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
