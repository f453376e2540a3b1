import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAccountStatus } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { timestamptz } from '../../db/columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with a social provider. */
    passwordHash: text('password_hash'),
    /**
     * The hash the password had before its last change or reset (never the password): a new password may be neither
     * the current one nor this one, so changing it and back again is refused. Null until a password first changes.
     */
    previousPasswordHash: text('previous_password_hash'),
    status: text('status').$type<TAccountStatus>().notNull(),
    nickname: text('nickname'),
    photoUrl: text('photo_url'),
    backgroundUrl: text('background_url'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    agreedToTermsAt: timestamptz('agreed_to_terms_at'),
    agreedToPrivacyAt: timestamptz('agreed_to_privacy_at'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    /** E.164 phone for SMS two-factor; two-factor is on while `mfaEnabledAt` is set. */
    phoneNumber: text('phone_number'),
    mfaEnabledAt: timestamptz('mfa_enabled_at'),
    /** Set while a deletion request runs its seven days (spec section 4); cleared by a revoke. */
    deleteRequestedAt: timestamptz('delete_requested_at'),
    /** Set when the deletion completed: the row stays (other records point at it) with personal data removed. */
    deletedAt: timestamptz('deleted_at'),
    /** Fourteen days after a Discord disconnect (spec section 9); connecting again is refused until then. */
    discordReconnectLockedUntil: timestamptz('discord_reconnect_locked_until'),
    passwordChangedAt: timestamptz('password_changed_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    // One account per address whatever its case; the same for nicknames.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_nickname_lower_key').on(sql`lower(${table.nickname})`),
    check('users_status_check', sql`${table.status} in ('CREATED', 'EMAIL_VERIFIED', 'ACTIVE')`),
    // The deletion job looks for requests older than seven days; only the few pending ones are indexed.
    index('users_delete_requested_idx')
      .on(table.deleteRequestedAt)
      .where(sql`${table.deleteRequestedAt} is not null and ${table.deletedAt} is null`),
  ],
);

export type TUserRow = typeof users.$inferSelect;

export const profileImageKinds = ['photo', 'background'] as const;
export type TProfileImageKind = (typeof profileImageKinds)[number];

/**
 * Every profile image a user uploaded, by storage key. A profile may only point at its owner's own uploads of the
 * right kind (a background was checked against the background rules, not the photo ones), and deleting an account
 * finds here the files to remove.
 */
export const userUploads = pgTable(
  'user_uploads',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TProfileImageKind>().notNull(),
    url: text('url').notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('user_uploads_user_idx').on(table.userId),
    check('user_uploads_kind_check', isOneOf(table.kind, profileImageKinds)),
  ],
);
