// Accounts and everything that proves who someone is: sign-in methods, sessions, one-time tokens and rate-limit counters.
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, flag, id, instant, updatedAt } from './columns';
import { images } from './files';

export const users = sqliteTable(
  'users',
  {
    id: id(),
    /** Always stored lower-cased, so uniqueness is case-insensitive. */
    email: text('email').notNull(),
    firstname: text('firstname').notNull().default(''),
    lastname: text('lastname').notNull().default(''),
    /** scrypt hash with its parameters; null for accounts that only use OAuth. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: instant('email_verified_at'),
    phone: text('phone'),
    phoneCountry: text('phone_country'),
    phoneVerifiedAt: instant('phone_verified_at'),
    avatarImageId: integer('avatar_image_id').references((): any => images.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('en'),
    currency: text('currency').notNull().default('CHF'),
    isSu: flag('is_su'),
    earlyAccess: flag('early_access'),
    disabledAt: instant('disabled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // users_avatar: "where is this image used" (admin images) and the set-null when an image is deleted.
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_avatar').on(t.avatarImageId)],
);

export const oauthAccounts = sqliteTable(
  'oauth_accounts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** apple | google | facebook */
    provider: text('provider').notNull(),
    /** The provider's stable subject id; accounts are matched on (provider, subject), never on e-mail alone. */
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('oauth_provider_subject').on(t.provider, t.subject), index('oauth_user').on(t.userId)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the random session id carried in the signed cookie; the raw id is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull(),
    /** Absolute expiry; the idle expiry is derived from last_seen_at. */
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    rememberMe: flag('remember_me'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const verificationTokens = sqliteTable(
  'verification_tokens',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** email_verify | password_reset | mobile_code | oauth_state */
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** What the token proves: an e-mail address or a phone number. */
    target: text('target'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('verification_token_hash').on(t.kind, t.tokenHash), index('verification_user_kind').on(t.userId, t.kind)],
);

/** Fixed-window counters; one upsert both counts and reads, so limits hold under concurrency. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: integer('reset_at').notNull(),
});
