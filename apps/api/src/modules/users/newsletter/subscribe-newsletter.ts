/*
 * Route: POST /v1/subscribe · Writes: newsletter_subscriptions · Reads: the session's verified address · Mails: the
 * confirmation (or, for a signed-in owner, the welcome) · UI: features/catalog/components/newsletter-form.tsx ·
 * Tests: newsletter.test.ts, newsletter-confirmation-race.test.ts. Decision record 46.
 */
import { and, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TNewsletterSubscribeOutcome } from '@cypher/contract';
import type { AppContext } from '../../../app-context.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { consumeRateLimit, type RateLimit } from '../../../http/rate-limit/rate-limiter.ts';
import { MINUTE_MS } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { deliver } from '../../auth/deliver.ts';
import { confirmationUrl } from './confirmation-links.ts';
import { newsletterSubscriptions } from './newsletter.tables.ts';
import { confirmSubscriptionEmail } from './newsletter-emails.ts';
import { sendWelcomeEmail } from './send-welcome-email.ts';

/** Anyone may subscribe any address, so one place can make only a few mails an hour go out. */
const subscribesPerIp: RateLimit = { name: 'newsletter-ip', limit: 10, windowMs: 60 * 60 * 1000 };

/**
 * The wait before a second confirmation mail to one address, whoever asks from wherever; each later one waits twice as
 * long as the one before (10 minutes, 20, 40, ... about 7 days by the eleventh), so many places asking for one address
 * cannot bury its inbox, not even slowly. Kept on the row (confirmation_sent_at, confirmation_mails_sent), so every API
 * instance sees the same limit; a PENDING row is deleted 7 days after its last mail, which starts it over.
 */
const FIRST_CONFIRMATION_MAIL_WAIT_MS = 10 * MINUTE_MS;
const MAX_CONFIRMATION_MAIL_DOUBLINGS = 16;

const sameAddress = (email: string): SQL => sql`lower(${newsletterSubscriptions.email}) = ${email.toLowerCase()}`;

/**
 * POST /v1/subscribe: idempotent, and the same answer (CONFIRMATION_SENT) whatever the address's state, so it tells
 * nobody who is on the list. A new address, one that unsubscribed, or one still waiting whose last confirmation mail
 * is ten minutes old becomes PENDING and gets a confirmation mail; one on the list, or mailed in the last ten
 * minutes, gets nothing. Only confirming puts it on the list (confirm-newsletter-subscription.ts).
 *
 * A signed-in person subscribing their own verified address is on the list at once (SUBSCRIBED, with the welcome
 * mail): verifying the address already proved they read its mail, and the answer speaks only of their own address.
 *
 * Concurrent requests for one address meet at the unique index and the conditional update: one mail at most.
 */
export async function subscribeNewsletter(
  ctx: AppContext,
  email: string,
  meta: { ip: string; verifiedEmail: string | null },
): Promise<TNewsletterSubscribeOutcome> {
  await consumeRateLimit(ctx.rateLimiter, subscribesPerIp, meta.ip);
  if (meta.verifiedEmail !== null && meta.verifiedEmail.toLowerCase() === email.toLowerCase()) {
    await subscribeOwnVerifiedAddress(ctx, email);
    return { email, status: 'SUBSCRIBED' };
  }
  const now = ctx.clock.now();
  const confirmationDueId = await inTransaction(ctx.db, async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscriptions)
      .values({
        id: newId(),
        email,
        status: 'PENDING',
        confirmationSentAt: now,
        confirmationMailsSent: 1,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (inserted) return inserted.id;
    const { confirmationSentAt, confirmationMailsSent } = newsletterSubscriptions;
    const doublings = sql`least(greatest(${confirmationMailsSent} - 1, 0), ${MAX_CONFIRMATION_MAIL_DOUBLINGS})`;
    const [due] = await tx
      .update(newsletterSubscriptions)
      .set({ status: 'PENDING', confirmationSentAt: now, confirmationMailsSent: sql`${confirmationMailsSent} + 1` })
      .where(
        and(
          sameAddress(email),
          ne(newsletterSubscriptions.status, 'SUBSCRIBED'),
          or(
            sql`${confirmationSentAt} is null`,
            sql`${confirmationSentAt} <= ${now.toISOString()}::timestamptz - ${FIRST_CONFIRMATION_MAIL_WAIT_MS} * interval '1 millisecond' * power(2, ${doublings})`,
          ),
        ),
      )
      .returning({ id: newsletterSubscriptions.id });
    return due?.id ?? null;
  });
  if (confirmationDueId) {
    const link = confirmationUrl(ctx.config.publicUrl, ctx.authSecret, confirmationDueId, now);
    await deliver(() => ctx.mailer.sendEmail(confirmSubscriptionEmail(ctx.config, email, link)), {
      isRequired: false,
      errorReporter: ctx.errorReporter,
    });
  }
  return { email, status: 'CONFIRMATION_SENT' };
}

/** The owner's own verified address goes on the list at once; the welcome goes only when it was not on it yet. */
async function subscribeOwnVerifiedAddress(ctx: AppContext, email: string): Promise<void> {
  const now = ctx.clock.now();
  const welcomeId = await inTransaction(ctx.db, async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscriptions)
      .values({ id: newId(), email, status: 'SUBSCRIBED', subscribedAt: now, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (inserted) return inserted.id;
    const [joined] = await tx
      .update(newsletterSubscriptions)
      .set({ status: 'SUBSCRIBED', subscribedAt: now, unsubscribedAt: null })
      .where(and(sameAddress(email), ne(newsletterSubscriptions.status, 'SUBSCRIBED')))
      .returning({ id: newsletterSubscriptions.id });
    return joined?.id ?? null;
  });
  if (welcomeId) await sendWelcomeEmail(ctx, email, welcomeId);
}
