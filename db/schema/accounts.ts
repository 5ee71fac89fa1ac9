import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles, staffRoles } from '../../contracts/accounts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lowercased and trimmed, so one address is one account. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: roles }).notNull().default('customer'),
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
    /**
     * The second factor's TOTP secret, AES-256-GCM sealed with the shop's key (core/accounts/secret-box.ts);
     * set while enrolling, and in force once `twoFactorEnabledAt` is set.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
    /** The 30-second step of the last code accepted: a code of that step or an earlier one is refused. */
    twoFactorLastStep: integer('two_factor_last_step'),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    index('users_created_idx').on(table.createdAt),
    check('users_role_valid', sql`${table.role} IN ('customer', 'owner', 'manager', 'dispatch', 'support')`),
    index('users_staff_idx')
      .on(table.role)
      .where(sql`${table.role} <> 'customer'`),
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

/** Ten single-use codes given when the second factor is turned on, for a lost phone; only their SHA-256 is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('recovery_codes_user_code_idx').on(table.userId, table.codeHash)],
);

/**
 * Between the password and the code: a sign-in whose password was right, waiting for the second
 * factor. Short-lived, counted (wrong codes end it) and used once.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the challenge token the browser holds; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('sign_in_challenges_token_idx').on(table.tokenHash)],
);

/**
 * An owner's invitation to an address with no account yet: the e-mailed link (48 hours, one use)
 * creates the account with the role.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    /** SHA-256 of the token in the e-mailed link; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedByEmail: text('invited_by_email').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link was followed and the account made. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** When the owner withdrew it (or a newer invitation to the same address replaced it). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('staff_invitations_token_idx').on(table.tokenHash),
    index('staff_invitations_email_idx').on(table.email),
    check('staff_invitations_role_valid', sql`${table.role} IN ('owner', 'manager', 'dispatch', 'support')`),
  ],
);
