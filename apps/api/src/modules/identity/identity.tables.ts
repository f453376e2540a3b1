import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { identityVerificationStatuses, type TIdentityVerificationStatus } from '@cypher/contract';
import { isOneOf } from '../../db/checks.ts';
import { users } from '../users/users.tables.ts';
import { timestamptz } from '../../db/columns.ts';

/**
 * One attempt at verifying a person's identity. Recorded (pending) and committed before the provider is called;
 * `status` changes only through transitionIdentityVerification (house rule 6), by the provider's signed webhook.
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').$type<TIdentityVerificationStatus>().notNull(),
    /** Null until the provider has answered createVerification. */
    providerReference: text('provider_reference').unique('identity_verifications_provider_reference_key'),
    verificationUrl: text('verification_url'),
    failureReason: text('failure_reason'),
    createdAt: timestamptz('created_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (table) => [
    check('identity_verifications_status_check', isOneOf(table.status, identityVerificationStatuses)),
    index('identity_verifications_user_created_idx').on(table.userId, table.createdAt),
    // One pending attempt per person: concurrent starts meet here, one inserts, the others find it.
    uniqueIndex('identity_verifications_one_pending_key')
      .on(table.userId)
      .where(sql`${table.status} = 'pending'`),
  ],
);
export type TIdentityVerificationRow = typeof identityVerifications.$inferSelect;

/** Every identity provider event applied, inserted in the same transaction as its effect: the key makes it once. */
export const identityEvents = pgTable('identity_events', {
  eventId: text('event_id').primaryKey(),
  eventType: text('event_type').notNull(),
  verificationId: uuid('verification_id').references(() => identityVerifications.id, { onDelete: 'restrict' }),
  receivedAt: timestamptz('received_at').notNull(),
});
