/*
 * Used by: subscribe-newsletter.ts, confirm-newsletter-subscription.ts · Reads and writes no table (its callers wrote
 * the SUBSCRIBED row) · Mails: the welcome, with the unsubscribe link · Tests: newsletter.test.ts. Decision record 46.
 */
import type { AppContext } from '../../../app-context.ts';
import { deliver } from '../../auth/deliver.ts';
import { subscribedEmail } from './newsletter-emails.ts';
import { unsubscribeUrl } from './unsubscribe-links.ts';

/**
 * The welcome mail, sent once each time an address goes on the list (after commit: house rule 7). A failed send is
 * reported, not refused: the subscription stands, and every later newsletter mail carries the unsubscribe link too.
 */
export async function sendWelcomeEmail(ctx: AppContext, email: string, subscriptionId: string): Promise<void> {
  const link = unsubscribeUrl(ctx.config.publicUrl, ctx.authSecret, subscriptionId);
  await deliver(() => ctx.mailer.sendEmail(subscribedEmail(ctx.config, email, link)), {
    isRequired: false,
    errorReporter: ctx.errorReporter,
  });
}
