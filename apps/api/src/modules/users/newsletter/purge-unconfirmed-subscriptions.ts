/*
 * Job: purge-unconfirmed-newsletter-subscriptions (hourly, jobs/job-scheduler.ts) · Writes: newsletter_subscriptions
 * (deletes PENDING rows) · Tests: newsletter.test.ts. Decision record 46.
 */
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { CONFIRMATION_LINK_LIFETIME_MS } from './confirmation-links.ts';
import { newsletterSubscriptions } from './newsletter.tables.ts';

/**
 * Deletes the PENDING addresses whose last confirmation link has expired (7 days after it was sent): nobody confirmed,
 * so we keep no address its owner never agreed to give us. They were never on the list, so nothing else changes; the
 * address can be subscribed again as new. Run hourly by the job scheduler; returns how many went.
 */
export async function purgeUnconfirmedSubscriptions(db: Db, now: Date): Promise<number> {
  const sentBefore = new Date(now.getTime() - CONFIRMATION_LINK_LIFETIME_MS);
  const deleted = await db
    .delete(newsletterSubscriptions)
    .where(
      and(eq(newsletterSubscriptions.status, 'PENDING'), lte(newsletterSubscriptions.confirmationSentAt, sentBefore)),
    )
    .returning({ id: newsletterSubscriptions.id });
  return deleted.length;
}
