import { and, eq, isNull } from 'drizzle-orm';
import type { TIdentityVerification } from '@cypher/contract';
import type { IdentityProvider } from '../../adapters/identity/identity-provider.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { standingAttempt } from './get-my-identity-verification.ts';
import { identityReturnUrl, identityVerificationView } from './identity-views.ts';
import { identityVerifications, type TIdentityVerificationRow } from './identity.tables.ts';

/**
 * `POST /v1/identity-verifications`: opens an attempt, or answers the one already open (one pending per person,
 * held by a partial unique index: concurrent starts meet there, one inserts and the others read it). A verified
 * person gets their verified attempt back; after a failure a new attempt starts. The intent commits before the
 * provider is called (house rule 7); the call is keyed by the attempt's id, so a repeat answers the same session.
 */
export async function startIdentityVerification(
  deps: { db: Db; clock: Clock; identity: IdentityProvider | null; publicUrl: string },
  userId: string,
): Promise<{ verification: TIdentityVerification; isNew: boolean }> {
  const { db, identity } = deps;
  if (!identity) throw new AppError('IDENTITY_PROVIDER_UNAVAILABLE');
  const { row, isNew } = await openAttempt(db, deps.clock.now(), userId);
  if (row.status !== 'pending' || row.verificationUrl) return { verification: identityVerificationView(row), isNew };

  let session;
  try {
    session = await identity.createVerification({
      verificationId: row.id,
      userId,
      returnUrl: identityReturnUrl(deps.publicUrl, row.id),
    });
  } catch (error) {
    // Nothing was opened at the provider: take the intent back, so the person is not left with an attempt that has
    // no page to upload to (the next try starts afresh).
    await db
      .delete(identityVerifications)
      .where(
        and(
          eq(identityVerifications.id, row.id),
          eq(identityVerifications.status, 'pending'),
          isNull(identityVerifications.providerReference),
        ),
      );
    throw new AppError('IDENTITY_PROVIDER_UNAVAILABLE', { cause: error });
  }
  // Concurrent starts may both get here with the same session: the first records it, the others read it.
  await db
    .update(identityVerifications)
    .set({
      providerReference: session.providerReference,
      verificationUrl: session.verificationUrl,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(identityVerifications.id, row.id), isNull(identityVerifications.providerReference)));
  const [recorded] = await db.select().from(identityVerifications).where(eq(identityVerifications.id, row.id));
  if (!recorded) throw new AppError('IDENTITY_PROVIDER_UNAVAILABLE');
  return { verification: identityVerificationView(recorded), isNew };
}

/** The verified attempt, the open one, or a new pending one; never two pending (the partial unique index). */
async function openAttempt(
  db: Db,
  now: Date,
  userId: string,
): Promise<{ row: TIdentityVerificationRow; isNew: boolean }> {
  // A pending attempt may end between our insert's conflict and the read: then the next round sees why.
  for (let round = 0; round < 3; round += 1) {
    const standing = await standingAttempt(db, userId);
    if (standing && standing.status !== 'failed') return { row: standing, isNew: false };
    const [inserted] = await db
      .insert(identityVerifications)
      .values({ id: newId(), userId, status: 'pending', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { row: inserted, isNew: true };
  }
  throw new AppError('REQUEST_IN_PROGRESS');
}
