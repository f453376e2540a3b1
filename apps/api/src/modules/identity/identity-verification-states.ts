import { and, eq, inArray } from 'drizzle-orm';
import {
  identityVerificationStatuses,
  identityVerificationTransitions,
  type TIdentityVerificationStatus,
} from '@cypher/contract';
import type { Db } from '../../db/client.ts';
import { identityVerifications, type TIdentityVerificationRow } from './identity.tables.ts';

function statesLeadingTo(to: TIdentityVerificationStatus): TIdentityVerificationStatus[] {
  return identityVerificationStatuses.filter((from) => identityVerificationTransitions[from].includes(to));
}

/** `UPDATE identity_verifications SET status = to WHERE id = $1 AND status IN (states leading to it)`: the row, or null. */
export async function transitionIdentityVerification(
  tx: Db,
  id: string,
  move: { to: TIdentityVerificationStatus; now: Date; changes?: Partial<TIdentityVerificationRow> },
): Promise<TIdentityVerificationRow | null> {
  const [row] = await tx
    .update(identityVerifications)
    .set({ ...move.changes, status: move.to, updatedAt: move.now })
    .where(and(eq(identityVerifications.id, id), inArray(identityVerifications.status, statesLeadingTo(move.to))))
    .returning();
  return row ?? null;
}
