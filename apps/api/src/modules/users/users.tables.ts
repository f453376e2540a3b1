import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TAccountStatus } from '@cypher/contract';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with a social provider. */
    passwordHash: text('password_hash'),
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
    deleteRequestedAt: timestamptz('delete_requested_at'),
    passwordChangedAt: timestamptz('password_changed_at'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    // One account per address whatever its case; the same for nicknames.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_nickname_lower_key').on(sql`lower(${table.nickname})`),
    check('users_status_check', sql`${table.status} in ('CREATED', 'EMAIL_VERIFIED', 'ACTIVE')`),
  ],
);

export type TUserRow = typeof users.$inferSelect;
