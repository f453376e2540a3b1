import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from '../../../db/columns.ts';

/**
 * Newsletter subscribers, by email (no account needed). One row per address whatever its case, so subscribing twice
 * is the same subscription; unsubscribing keeps the row with `unsubscribedAt` set, so a later mail run skips it.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    subscribedAt: timestamptz('subscribed_at').notNull(),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [uniqueIndex('newsletter_subscriptions_email_lower_key').on(sql`lower(${table.email})`)],
);
