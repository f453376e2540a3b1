/*
 * Routes: POST /v1/subscribe/confirm (the Confirm button of the confirmation page, or any client), GET
 * /v1/subscribe/confirm (the page itself, which reads only) · Writes: newsletter_subscriptions (PENDING -> SUBSCRIBED)
 * · Mails: the welcome · Tests: newsletter.test.ts, newsletter-confirmation-race.test.ts (PostgreSQL). Decision
 * record 46.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TNewsletterSubscription } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { AppError } from '../../../http/app-error.ts';
import { confirmationLinkOf } from './confirmation-links.ts';
import { newsletterSubscriptions } from './newsletter.tables.ts';
import { sendWelcomeEmail } from './send-welcome-email.ts';

/**
 * Confirms the address a confirmation link names: PENDING becomes SUBSCRIBED and the welcome mail goes, once. Using
 * the link again (or two presses at once: the conditional update lets one through) answers the same without a mail.
 * An expired link answers NEWSLETTER_CONFIRMATION_EXPIRED (subscribe again for a new one); a link we did not make,
 * or whose address has since unsubscribed or been erased with its account, INVALID_AUTHORIZATION_KEY.
 */
export async function confirmNewsletterSubscription(ctx: AppContext, token: string): Promise<TNewsletterSubscription> {
  const link = confirmationLinkOf(ctx.authSecret, token);
  if (!link) throw new AppError('INVALID_AUTHORIZATION_KEY');
  const now = ctx.clock.now();
  if (link.expiresAt > now) {
    const [confirmed] = await ctx.db
      .update(newsletterSubscriptions)
      .set({ status: 'SUBSCRIBED', subscribedAt: now, unsubscribedAt: null, confirmationMailsSent: 0 })
      .where(
        and(
          eq(newsletterSubscriptions.id, link.subscriptionId),
          eq(newsletterSubscriptions.status, 'PENDING'),
          // Only the latest mail's link: one sent before an unsubscription (or before a newer request) names another
          // time, so it cannot put the address back on the list.
          eq(sql`floor(extract(epoch from ${newsletterSubscriptions.confirmationSentAt}))`, link.sentAtSeconds),
        ),
      )
      .returning({ email: newsletterSubscriptions.email });
    if (confirmed) {
      await sendWelcomeEmail(ctx, confirmed.email, link.subscriptionId);
      return { email: confirmed.email, isSubscribed: true };
    }
  }
  const answer = await answerWithoutConfirming(ctx, link);
  // Still PENDING after the update found it otherwise: it unsubscribed and was asked for again meanwhile; a fresh
  // link is on its way for that.
  if (!answer.isSubscribed) throw new AppError('INVALID_AUTHORIZATION_KEY');
  return answer;
}

/**
 * What the link says without changing anything: the confirmation page's GET (mail scanners open links before people
 * do, so opening one must not subscribe anybody), and a confirmation that found nothing PENDING. An address already
 * on the list answers subscribed, even through an old link: that is what its owner wants to know.
 */
export async function checkNewsletterConfirmation(ctx: AppContext, token: string): Promise<TNewsletterSubscription> {
  const link = confirmationLinkOf(ctx.authSecret, token);
  if (!link) throw new AppError('INVALID_AUTHORIZATION_KEY');
  return answerWithoutConfirming(ctx, link);
}

async function answerWithoutConfirming(
  ctx: AppContext,
  link: { subscriptionId: string; expiresAt: Date; sentAtSeconds: number },
): Promise<TNewsletterSubscription> {
  const [subscription] = await ctx.db
    .select({
      email: newsletterSubscriptions.email,
      status: newsletterSubscriptions.status,
      confirmationSentAt: newsletterSubscriptions.confirmationSentAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.id, link.subscriptionId));
  if (subscription?.status === 'SUBSCRIBED') return { email: subscription.email, isSubscribed: true };
  if (link.expiresAt <= ctx.clock.now()) throw new AppError('NEWSLETTER_CONFIRMATION_EXPIRED');
  const isLatestLink =
    subscription?.confirmationSentAt != null &&
    Math.floor(subscription.confirmationSentAt.getTime() / 1000) === link.sentAtSeconds;
  if (subscription?.status === 'PENDING' && isLatestLink) return { email: subscription.email, isSubscribed: false };
  // Unsubscribed since, or asked for again with a newer mail: "use the link in the latest email we sent you".
  throw new AppError('INVALID_AUTHORIZATION_KEY');
}
