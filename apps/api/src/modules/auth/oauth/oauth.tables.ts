import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oauthProviders, type TOAuthProvider } from '@cypher/contract';
import { isOneOf } from '../../../db/checks.ts';
import { users } from '../../users/users.tables.ts';
import { timestamptz } from '../../../db/columns.ts';

export const oauthPurposes = ['sign_in', 'connect'] as const;
export type TOAuthPurpose = (typeof oauthPurposes)[number];

/**
 * One authorization round trip in flight, keyed by the hash of its `state`. The PKCE code verifier stays here, on the
 * server, never in the browser: a stolen callback URL (code and state) is useless without it. Spent by one
 * conditional update, so a state works once; ten minutes to come back. A Discord connect binds the signed-in user,
 * so a callback cannot attach a Discord account to someone else's session.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').$type<TOAuthProvider>().notNull(),
    purpose: text('purpose').$type<TOAuthPurpose>().notNull(),
    codeVerifier: text('code_verifier').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [
    index('oauth_states_expires_idx').on(table.expiresAt),
    check('oauth_states_provider_check', isOneOf(table.provider, oauthProviders)),
    check('oauth_states_purpose_check', isOneOf(table.purpose, oauthPurposes)),
    check('oauth_states_connect_user_check', sql`${table.purpose} <> 'connect' or ${table.userId} is not null`),
  ],
);

/**
 * A provider account tied to a user: Google for signing in, Discord for community roles. Matched by the provider's
 * own user id, never by email (an email can change hands; the id cannot). One account of each provider per user,
 * and one user per provider account.
 */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<TOAuthProvider>().notNull(),
    providerUserId: text('provider_user_id').notNull(),
    /** What the provider said at link time: the email (Google) or the username shown on the account page (Discord). */
    email: text('email'),
    displayName: text('display_name'),
    linkedAt: timestamptz('linked_at').notNull(),
  },
  (table) => [
    uniqueIndex('oauth_accounts_provider_user_key').on(table.provider, table.providerUserId),
    uniqueIndex('oauth_accounts_user_provider_key').on(table.userId, table.provider),
    check('oauth_accounts_provider_check', isOneOf(table.provider, oauthProviders)),
  ],
);
export type TOAuthAccountRow = typeof oauthAccounts.$inferSelect;
