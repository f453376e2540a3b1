import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { identityVerifications, type TIdentityVerificationRow } from './identity.tables.ts';

/** The attempt a provider's reference names while its outcome is still awaited (the sandbox's hosted page asks). */
export async function pendingAttemptByReference(db: Db, reference: string): Promise<TIdentityVerificationRow | null> {
  const [attempt] = await db
    .select()
    .from(identityVerifications)
    .where(and(eq(identityVerifications.providerReference, reference), eq(identityVerifications.status, 'pending')));
  return attempt ?? null;
}
