import { sql } from 'drizzle-orm';
import type { TNewsletterSubscription } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { consumeRateLimit, type RateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { newId } from '../../../lib/ids.ts';
import { deliver } from '../../auth/deliver.ts';
import { newsletterSubscriptions } from './newsletter.tables.ts';
import { subscribedEmail } from './newsletter-emails.ts';
import { unsubscribeUrl } from './unsubscribe-links.ts';

/** Anyone may subscribe any address, so each address costs a few mails an hour at most from one place. */
const subscribesPerIp: RateLimit = { name: 'newsletter-ip', limit: 10, windowMs: 60 * 60 * 1000 };

/**
 * POST /v1/subscribe: idempotent. A new address (or one that had unsubscribed) gets the welcome mail; one already
 * subscribed gets nothing more, and the answer is the same either way, so it tells nobody who is on the list.
 * Concurrent first subscriptions meet at the unique index: one inserts, the other does nothing.
 */
export async function subscribeNewsletter(
  ctx: AppContext,
  email: string,
  meta: { ip: string },
): Promise<TNewsletterSubscription> {
  await consumeRateLimit(ctx.rateLimiter, subscribesPerIp, meta.ip);
  const now = ctx.clock.now();
  const welcomeId = await inTransaction(ctx.db, async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscriptions)
      .values({ id: newId(), email, subscribedAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (inserted) return inserted.id;
    const [resubscribed] = await tx
      .update(newsletterSubscriptions)
      .set({ subscribedAt: now, unsubscribedAt: null })
      .where(
        sql`lower(${newsletterSubscriptions.email}) = ${email} and ${newsletterSubscriptions.unsubscribedAt} is not null`,
      )
      .returning({ id: newsletterSubscriptions.id });
    return resubscribed?.id ?? null;
  });
  if (welcomeId) {
    const link = unsubscribeUrl(ctx.config.publicUrl, ctx.authSecret, welcomeId);
    await deliver(() => ctx.mailer.sendEmail(subscribedEmail(ctx.config, email, link)), {
      isRequired: false,
      errorReporter: ctx.errorReporter,
    });
  }
  return { email, isSubscribed: true };
}
