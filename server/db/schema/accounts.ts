import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES, USER_TYPES } from '../../../domain/catalog/catalog';
import { createdAt, id, oneOf, requiredRef, tsz, updatedAt } from './helpers';

/** Sign-in identity. Kept apart from `profiles` so personal data can be erased while ids stay. */
export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: tsz('email_verified_at'),
    suspendedAt: tsz('suspended_at'),
    // What the admin who suspended the account wrote (audited too); cleared on reinstatement.
    suspensionReason: text('suspension_reason'),
    deletedAt: tsz('deleted_at'),
    lastSignInAt: tsz('last_sign_in_at'),
    createdAt: createdAt({ listed: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Emails are unique without regard to letter case.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The admin console lists accounts newest first, and its overview counts sign-ups per week.
    index('users_created_at_idx').on(t.createdAt, t.id),
    check('users_email_length', sql`char_length(${t.email}) between 3 and 255`),
    check(
      'users_suspension_reason_check',
      sql`${t.suspensionReason} is null or ${t.suspendedAt} is not null`,
    ),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id),
    fullName: text('full_name'),
    avatarUrl: text('avatar_url'),
    postcode: text('postcode'),
    userType: text('user_type').notNull().default('customer'),
    // The sum and number of the reviews this person received, kept by a trigger on `reviews`
    // (migration 0005) so that ratings are read with the person rather than aggregated per request.
    ratingTotal: integer('rating_total').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('profiles_user_type_check', oneOf(t.userType, USER_TYPES)),
    check('profiles_full_name_length', sql`${t.fullName} is null or char_length(${t.fullName}) <= 100`),
    check(
      'profiles_rating_totals_check',
      sql`${t.reviewCount} >= 0 and ${t.ratingTotal} between ${t.reviewCount} and 5 * ${t.reviewCount}`,
    ),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: requiredRef('user_id', () => users.id),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check('user_roles_role_check', oneOf(t.role, ROLES))],
);

/** Server-side sessions; the cookie holds a random token and only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    createdAt: createdAt(),
    lastSeenAt: tsz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: tsz('idle_expires_at').notNull(),
    absoluteExpiresAt: tsz('absolute_expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens sent by email (verification, password reset, sign-in links); only the hash is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: requiredRef('user_id', () => users.id),
    purpose: text('purpose').notNull(),
    expiresAt: tsz('expires_at').notNull(),
    usedAt: tsz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('email_tokens_purpose_check', oneOf(t.purpose, ['verify_email', 'reset_password', 'sign_in'])),
  ],
);

/**
 * Sign-in throttle counters (decision 0018). One row per scope and key; an attempt reserves its
 * failure here (an atomic upsert) before the password is checked, so parallel guesses are counted.
 * - `account_address` (email + address) and `device` (a trusted device + account): growing delays.
 * - `account` and `address`: caps on guesses from clients the account has never trusted.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: tsz('window_started_at').notNull(),
    lastFailureAt: tsz('last_failure_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check(
      'sign_in_throttles_scope_check',
      oneOf(t.scope, ['account_address', 'device', 'account', 'address']),
    ),
    index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt),
  ],
);

/**
 * Browsers an account has signed in from (a long-lived `tn_device` cookie; only its hash is kept).
 * Their sign-ins skip the caps an attacker can run up, so guessing cannot lock the owner out.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: requiredRef('user_id', () => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: tsz('last_used_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('trusted_devices_user_idx').on(t.userId)],
);

/** The Settings tab's switches, with the spec's defaults. */
export const userSettings = pgTable('user_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  quoteUpdates: boolean('quote_updates').notNull().default(true),
  newMessages: boolean('new_messages').notNull().default(true),
  profileVisible: boolean('profile_visible').notNull().default(true),
  showReviewsPublicly: boolean('show_reviews_publicly').notNull().default(true),
  /** null: not chosen yet; the app follows the device's setting. */
  darkMode: boolean('dark_mode'),
  updatedAt: updatedAt(),
});
