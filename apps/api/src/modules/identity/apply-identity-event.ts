import { eq } from 'drizzle-orm';
import { withdrawalsPath } from '@cypher/contract';
import type { TIdentityEvent } from '../../adapters/identity/identity-provider.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notify } from '../notifications/notify.ts';
import { transitionIdentityVerification } from './identity-verification-states.ts';
import { identityEvents, identityVerifications } from './identity.tables.ts';

export type TIdentityEventOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * Applies a verified provider event exactly once (house rule 7): the event id row and the attempt's transition
 * commit together. Concurrent deliveries of one event meet at the event id's primary key: one inserts, the others
 * wait for it and find the row (duplicate). An event for no attempt we know, or for one already decided, changes
 * nothing but is still recorded.
 */
export async function applyIdentityEvent(db: Db, event: TIdentityEvent, now: Date): Promise<TIdentityEventOutcome> {
  return inTransaction(db, async (tx) => {
    const [attempt] = await tx
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.providerReference, event.data.providerReference));
    const inserted = await tx
      .insert(identityEvents)
      .values({ eventId: event.id, eventType: event.type, verificationId: attempt?.id ?? null, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: identityEvents.eventId });
    if (inserted.length === 0) return 'duplicate';
    if (!attempt) return 'ignored';
    const moved =
      event.type === 'identity.verified'
        ? await transitionIdentityVerification(tx, attempt.id, {
            to: 'verified',
            now,
            changes: { failureReason: null },
          })
        : await transitionIdentityVerification(tx, attempt.id, {
            to: 'failed',
            now,
            changes: { failureReason: event.data.failureReason ?? 'failed' },
          });
    if (!moved) return 'ignored';
    // The decision comes from the provider, often long after the person left its page: told in the feed, beside
    // their withdrawals, which it opens or keeps closed (session 79's hunt: a failed check was found only by chance).
    await notify(tx, {
      userId: attempt.userId,
      kind: 'WITHDRAWAL',
      ...identityDecisionNotice(event.type === 'identity.verified'),
      linkPath: withdrawalsPath,
      referenceId: attempt.id,
      now,
      supersedesEarlier: true,
    });
    return 'applied';
  });
}

function identityDecisionNotice(isVerified: boolean) {
  return isVerified
    ? {
        stage: 'SUCCESSFUL' as const,
        title: 'Identity verified',
        body: 'Your identity is verified: you can withdraw from your balance.',
      }
    : {
        stage: 'FAILED' as const,
        title: 'Identity check failed',
        body: 'We could not verify your identity, so withdrawals stay closed. Open Withdraw to see why and try again.',
      };
}
