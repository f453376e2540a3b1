import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { isOneOf } from '../../../db/checks.ts';
import { timestamptz } from '../../../db/columns.ts';

/**
 * PENDING: someone asked for the address and a confirmation link went to it; not on the list. SUBSCRIBED: its owner
 * confirmed (or subscribed their own verified address signed in); the only state that is on the list. UNSUBSCRIBED:
 * its owner left through a mail's link. Transitions are conditional updates on `status` (subscribe-newsletter.ts,
 * confirm-newsletter-subscription.ts, unsubscribe-newsletter.ts). Decision record 46.
 */
export const newsletterSubscriptionStatuses = ['PENDING', 'SUBSCRIBED', 'UNSUBSCRIBED'] as const;
export type TNewsletterSubscriptionStatus = (typeof newsletterSubscriptionStatuses)[number];

/**
 * Newsletter addresses, by email (no account needed). One row per address whatever its case, so subscribing twice
 * is the same subscription. Only SUBSCRIBED rows are on the list: anything that mails or counts subscribers reads
 * `status = 'SUBSCRIBED'`. A PENDING row nobody confirmed is deleted once its last link has expired
 * (purge-unconfirmed-subscriptions.ts); unsubscribing keeps the row, so a later mail run skips it.
 */
export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    status: text('status').$type<TNewsletterSubscriptionStatus>().notNull(),
    /**
     * When the latest confirmation mail went out: its link's expiry is counted from it, and only that link confirms
     * (an older one names another time), so a link from before an unsubscription cannot put the address back.
     */
    confirmationSentAt: timestamptz('confirmation_sent_at'),
    /** How many confirmation mails went to the address while unconfirmed: each waits twice as long as the one before. */
    confirmationMailsSent: integer('confirmation_mails_sent').notNull().default(0),
    /** When the address last went on the list; null while it never has. */
    subscribedAt: timestamptz('subscribed_at'),
    unsubscribedAt: timestamptz('unsubscribed_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('newsletter_subscriptions_email_lower_key').on(sql`lower(${table.email})`),
    index('newsletter_subscriptions_pending_idx')
      .on(table.confirmationSentAt)
      .where(sql`${table.status} = 'PENDING'`),
    check('newsletter_subscriptions_status_check', isOneOf(table.status, newsletterSubscriptionStatuses)),
  ],
);
