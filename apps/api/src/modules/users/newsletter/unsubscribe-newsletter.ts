/*
 * Routes: POST /v1/subscribe/unsubscribe (the page's Unsubscribe button, a mail app's one-click post, any client), GET
 * /v1/subscribe/unsubscribe (the page, which reads only) · Writes: newsletter_subscriptions (to UNSUBSCRIBED) ·
 * Tests: newsletter.test.ts. Decision record 46.
 */
import { eq, sql } from 'drizzle-orm';
import type { TNewsletterSubscription } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { newsletterSubscriptions, type TNewsletterSubscriptionStatus } from './newsletter.tables.ts';
import { subscriptionIdOf } from './unsubscribe-links.ts';

/**
 * The unsubscribe link of every newsletter mail (the welcome is the first). Using it twice is fine, and it also calls
 * off a confirmation asked for since (someone typed the address again); a link that was not made by us, or whose
 * subscription is gone (the account was deleted), answers INVALID_AUTHORIZATION_KEY.
 */
export async function unsubscribeNewsletter(ctx: AppContext, token: string): Promise<TNewsletterSubscription> {
  const subscriptionId = subscriptionIdOf(ctx.authSecret, token);
  if (!subscriptionId) throw new AppError('INVALID_AUTHORIZATION_KEY');
  const [subscription] = await ctx.db
    .update(newsletterSubscriptions)
    .set({
      status: 'UNSUBSCRIBED',
      unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, ${ctx.clock.now()})`,
    })
    .where(eq(newsletterSubscriptions.id, subscriptionId))
    .returning({ email: newsletterSubscriptions.email });
  if (!subscription) throw new AppError('INVALID_AUTHORIZATION_KEY');
  return { email: subscription.email, isSubscribed: false };
}

/**
 * What the unsubscribe link says without changing anything: the link's page (GET), which mail scanners open before
 * people do. Only SUBSCRIBED is on the list; a PENDING address (asked for again since it left) can still be taken
 * off, which calls off the confirmation waiting for it.
 */
export async function checkUnsubscribeLink(
  ctx: AppContext,
  token: string,
): Promise<{ email: string; status: TNewsletterSubscriptionStatus }> {
  const subscriptionId = subscriptionIdOf(ctx.authSecret, token);
  if (!subscriptionId) throw new AppError('INVALID_AUTHORIZATION_KEY');
  const [subscription] = await ctx.db
    .select({ email: newsletterSubscriptions.email, status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, subscriptionId));
  if (!subscription) throw new AppError('INVALID_AUTHORIZATION_KEY');
  return subscription;
}
