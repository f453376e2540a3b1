import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/**
 * One row per sign-in: the refresh-token family. Revoking it ends every token issued to that sign-in, and the
 * access-token guard checks it, so logout and password changes take effect at once.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    /** Absolute lifetime: rotation never extends it. */
    expiresAt: timestamptz('expires_at').notNull(),
    lastRefreshedAt: timestamptz('last_refreshed_at'),
    /** Set by check-password; sensitive changes need it to be recent. */
    reauthenticatedAt: timestamptz('reauthenticated_at'),
    revokedAt: timestamptz('revoked_at'),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
);

/**
 * Each sign-in that ended (revoked, or deleted while it could still have a valid token) and when, in the database's
 * clock: written by the sessions table's triggers (migration 0036), loaded by every instance when it starts listening
 * for ended sign-ins (ended-sessions.ts, decision record 42). No foreign key: a deleted sign-in's end is kept too. Purged
 * after a day (purge-expired-auth-records.ts).
 */
export const sessionEnds = pgTable(
  'session_ends',
  {
    sessionId: uuid('session_id').primaryKey(),
    endedAt: timestamptz('ended_at').notNull(),
  },
  (table) => [index('session_ends_ended_idx').on(table.endedAt)],
);

/** Every refresh token ever issued, by hash. A token is spent by a conditional update; a second use is reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Single-use keys sent by email: verification (24 hours) and password reset (1 hour). Only hashes are kept. */
export const accountKeys = pgTable(
  'account_keys',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['email_verification', 'password_reset'] }).notNull(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('account_keys_user_idx').on(table.userId, table.purpose)],
);

/**
 * One SMS code and what it is for. A sign-in code is bound to its sign-in attempt through the hash of the mfaToken
 * the login answered with; registration codes carry the phone number being proven.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign_in', 'register', 'disable'] }).notNull(),
    attemptTokenHash: text('attempt_token_hash').unique(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    /**
     * A sign-in whose first factor was a provider that just authenticated the person (Google): finished, it is
     * confirmed for sensitive changes, as it would be without two-factor (startSession's isReauthentication).
     */
    isReauthentication: boolean('is_reauthentication').notNull().default(false),
  },
  (table) => [index('mfa_challenges_user_idx').on(table.userId, table.purpose)],
);
