import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lowercased and trimmed, so one address is one account. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull().default('Nigeria'),
    avatarKey: text('avatar_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** When the shopper proved they read mail at `email` (a link we sent, or a password reset); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for in the profile, waiting for its link to be followed; `email` stays until then. */
    pendingEmail: text('pending_email'),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    index('users_created_idx').on(table.createdAt),
    check('users_role_valid', sql`${table.role} IN ('customer', 'admin')`),
    check('users_status_valid', sql`${table.status} IN ('active', 'inactive')`),
  ],
);

/** A signed-in browser or API client. Revoking a session is deleting its row. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token in the e-mailed link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('password_resets_token_idx').on(table.tokenHash)],
);

/**
 * A link e-mailed to prove an address: at sign-up (the account's own address) or for a profile's new
 * address. Following it once, before it expires, confirms `email` for the account.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to, and the one it confirms. */
    email: text('email').notNull(),
    /**
     * sign-up: finishes a new account (it cannot sign in until then); confirm: an existing account
     * proves its address ("Send the link again"); change: a new address asked for in the profile.
     */
    purpose: text('purpose', { enum: ['sign-up', 'confirm', 'change'] })
      .notNull()
      .default('sign-up'),
    /** SHA-256 of the token in the e-mailed link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('email_verifications_token_idx').on(table.tokenHash),
    index('email_verifications_user_idx').on(table.userId),
  ],
);
