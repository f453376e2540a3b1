import { eq } from 'drizzle-orm';
import type { TIdentityEvent } from '../../adapters/identity/identity-provider.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
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
    return moved ? 'applied' : 'ignored';
  });
}
